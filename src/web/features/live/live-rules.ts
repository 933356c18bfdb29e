// Pure rules of the live page: how the viewer came (reachby, from the address), which open
// giveaway the 'Today's Giveaway' button leads to, and how often the watch log hears from us.
import type { EventRecord } from '../../../shared/contract/events';

/** Seconds between watch-log heartbeats; the server counts a viewer for 90 s after each one. */
export const HEARTBEAT_MS = 30_000;

const REACHBY = /^[a-z0-9_-]{1,30}$/;

/**
 * How the viewer came, for the check-in and the watch log: ?reachby=… wins, then the {platform}
 * of /live/{platform} (links shared on Facebook or in an e-mail point there), else 'web'.
 */
export function reachbyFrom(platformParam: string | undefined, reachbyParam: string | null): string {
  for (const candidate of [reachbyParam, platformParam]) {
    const value = candidate?.trim().toLowerCase();
    if (value && REACHBY.test(value)) return value;
  }
  return 'web';
}

type Timed = Pick<EventRecord, 'id' | 'cust_start' | 'status'>;

/**
 * The giveaway that belongs to the show on air: among the giveaways open now, the first one that
 * opened during the show; failing that, the one that opened most recently. Null when none is open.
 */
export function todaysGiveaway<T extends Timed>(
  show: Pick<EventRecord, 'cust_start'>,
  giveaways: readonly T[],
): T | null {
  const open = giveaways.filter((giveaway) => giveaway.status === 'live');
  const showStart = new Date(show.cust_start).getTime();
  const openedAt = (giveaway: T) => new Date(giveaway.cust_start).getTime();
  const duringShow = open
    .filter((giveaway) => openedAt(giveaway) >= showStart)
    .sort((a, b) => openedAt(a) - openedAt(b) || a.id - b.id);
  if (duringShow[0]) return duringShow[0];
  return [...open].sort((a, b) => openedAt(b) - openedAt(a) || a.id - b.id)[0] ?? null;
}
