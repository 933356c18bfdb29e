// Pure rules of the live page: how the viewer came (reachby, from the address), which open
// giveaways 'Today's Giveaway' offers, how the viewer count reads, and how often the watch log hears from us.
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

type Timed = Pick<EventRecord, 'id' | 'cust_start' | 'status'> & {
  /** The show staff linked the giveaway to (giveawayinfo_v1); absent or null when not linked. */
  show_id?: number | null;
};

/**
 * The giveaways 'Today's Giveaway' offers during a show: every giveaway open now, except one staff
 * linked to another show. Those linked to this show come first, then those that opened during
 * the show in the order they opened, then the ones opened before it, the most recent first. Empty
 * when none is open (the button is not drawn).
 */
export function showGiveaways<T extends Timed>(
  show: Pick<EventRecord, 'id' | 'cust_start'>,
  giveaways: readonly T[],
): T[] {
  const open = giveaways.filter(
    (giveaway) => giveaway.status === 'live' && (giveaway.show_id == null || giveaway.show_id === show.id),
  );
  const showStart = new Date(show.cust_start).getTime();
  const openedAt = (giveaway: T) => new Date(giveaway.cust_start).getTime();
  const rank = (giveaway: T) => (giveaway.show_id === show.id ? 0 : openedAt(giveaway) >= showStart ? 1 : 2);
  return [...open].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    const byTime = rank(a) === 2 ? openedAt(b) - openedAt(a) : openedAt(a) - openedAt(b);
    return byTime || a.id - b.id;
  });
}

/** The one viewer count of the live page (decision 043): the watch log's viewers, from presence. */
export function viewerCountText(viewers: number): string {
  return viewers === 1 ? '1 viewer watching now' : `${viewers.toLocaleString('en-US')} viewers watching now`;
}

/** How long a reaction floats over the player (the float-up animation is 2.4 s). */
export const FLOAT_MS = 2600;
/** At most this many reactions float at once; a burst drops the oldest. */
export const MAX_FLOATING = 16;

/**
 * Where a floating reaction rises: its distance from the player's right edge, in percent. Keys
 * that follow each other land in different lanes, so a burst spreads out instead of stacking.
 */
export function reactionLane(key: number): number {
  const lanes = [4, 13, 8, 17, 2, 11, 6, 15];
  return lanes[Math.abs(key) % lanes.length] ?? 4;
}
