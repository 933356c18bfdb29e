// The public event reads of spec §7: lists by type and time bucket (eventlist_v1), one event
// (eventdata_v1) and what is live now (liveevent_v1), all timed by the server clock (DESIGN principle 4).
import type { z } from 'zod';
import type { EventListQuery, EventRecord, LiveEventQuery } from '../../../shared/contract/events';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { createEventAccess, type Caller } from '../event-access/event-access.service';
import { toEventRecord } from './event-record';
import { eventsRepository } from './events.repository';
import type { LiveLookup } from './live-lookup';

export function createEventsService(ctx: AppContext, liveLookup: Pick<LiveLookup, 'current'>) {
  const { db, clock, config } = ctx;
  const access = createEventAccess(ctx);
  return {
    /** Soonest first for upcoming and live, newest first for past and all; public events only. */
    async list({ type, on, limit }: z.output<typeof EventListQuery>): Promise<EventRecord[]> {
      const now = clock.now();
      const rows = await eventsRepository.list(db, type, on, now.toISOString(), limit);
      return rows.map((row) => toEventRecord(row, now, config.mediaBaseUrl));
    },

    /** One event by id; a private one only for a caller who may see it, and as missing to anyone else (decision 051). */
    async one(id: number, caller: Caller): Promise<EventRecord> {
      const row = await access.visible(id, await eventsRepository.byId(db, id), caller, MESSAGES.eventNotFound);
      return toEventRecord(row, clock.now(), config.mediaBaseUrl);
    },

    /** The event of the type live now, or null when none is. */
    async live(type: z.output<typeof LiveEventQuery>['type']): Promise<EventRecord | null> {
      const row = await liveLookup.current(type);
      return row ? toEventRecord(row, clock.now(), config.mediaBaseUrl) : null;
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
