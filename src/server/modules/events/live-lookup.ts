// What is live now, asked by every viewer at show start: answered from memory for up to a second
// per type, and forgotten at once when staff change an event in this process (other processes
// catch up within the second).
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { EventsTable } from '../../db/schema';
import { eventsRepository } from './events.repository';

const FRESH_MS = 1000;
type LiveType = 'show' | 'giveaway';

export function createLiveLookup(ctx: AppContext) {
  // `endsAt` is the row's end in ms, worked out once: the hit is checked on every request.
  const cache = new Map<LiveType, { row: Selectable<EventsTable> | undefined; endsAt: number; until: number }>();
  return {
    async current(type: LiveType): Promise<Selectable<EventsTable> | undefined> {
      const nowMs = ctx.clock.now().getTime();
      const hit = cache.get(type);
      if (hit && hit.until > nowMs && hit.endsAt > nowMs) return hit.row;
      const [row] = await eventsRepository.list(ctx.db, type, 'live', new Date(nowMs).toISOString(), 1);
      cache.set(type, { row, endsAt: row ? Date.parse(row.cust_end) : Infinity, until: nowMs + FRESH_MS });
      return row;
    },
    invalidate(): void {
      cache.clear();
    },
  };
}
export type LiveLookup = ReturnType<typeof createLiveLookup>;
