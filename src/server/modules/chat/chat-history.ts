// The recent history of each room as this process last read it, shared by the joins that follow
// (decision 104), and not shared again once this process hears of a change to the room's messages.
import type { Clock } from '../../platform/clock';

/**
 * The longest one read is shared. A change of an author's name or staff mark sends no room event,
 * so it shows in the welcome at most this late.
 */
export const HISTORY_SHARED_MS = 5_000;

type Entry<Rows> = {
  /** The room's version when the read began. */
  version: number;
  rows: Promise<Rows>;
  expiresAt: number;
};

/**
 * Why a shared history cannot lose or duplicate a message. A joining socket enters its room (its
 * frames held in `pending`) before it asks for the history. A message is committed before its frame
 * is published, and every process hears every room's frames, so for each message one of these holds:
 * - its frame reached this process before the read began: the read sees the committed row;
 * - its frame arrived after the read began but before this join asked: the arrival bumped the
 *   room's version, the read is not shared, and this join reads afresh and sees the row;
 * - its frame arrives after this join asked, so after the socket entered: it reaches the socket
 *   live (through `pending`).
 * A message both read and delivered live is sent once: the hub skips a live message whose id the
 * welcome's history carried (`shown`). Deletes and clears invalidate the same way, and a delete
 * applied twice changes nothing on the client.
 */
export function createHistoryCache<Rows>(clock: Clock, sharedMs = HISTORY_SHARED_MS) {
  const entries = new Map<string, Entry<Rows>>();
  /** Per room, how many changes this process has heard of since its entry was made. */
  const versions = new Map<string, number>();
  let sweptAt = 0;

  /** Drops what expired, at most once per `sharedMs`, so rooms no one joins any more are not kept. */
  function sweep(now: number) {
    if (now - sweptAt < sharedMs) return;
    sweptAt = now;
    for (const [room, entry] of entries) if (entry.expiresAt <= now) entries.delete(room);
    for (const room of versions.keys()) if (!entries.has(room)) versions.delete(room);
  }

  function forget(room: string) {
    // A room with no entry has nothing read or being read to keep from being shared.
    if (entries.has(room)) versions.set(room, (versions.get(room) ?? 0) + 1);
  }

  return {
    /**
     * The room's rows from a read that began after the last change this process heard of and less
     * than `sharedMs` ago, or from a new read by `load` (which the joins after it share, even while it
     * is in flight). The rows are shared: callers must not change them.
     */
    read(room: string, load: () => Promise<Rows>): Promise<Rows> {
      const now = clock.now().getTime();
      sweep(now);
      const version = versions.get(room) ?? 0;
      const entry = entries.get(room);
      if (entry && entry.version === version && now < entry.expiresAt) return entry.rows;
      const fresh: Entry<Rows> = { version, rows: load(), expiresAt: now + sharedMs };
      entries.set(room, fresh);
      // A failed read is not shared: the next join reads again.
      fresh.rows.catch(() => {
        if (entries.get(room) === fresh) entries.delete(room);
      });
      return fresh.rows;
    },

    /** The room's stored messages changed (one stored, deleted, cleared): reads begun before are not shared. */
    forget,

    /** Every room's, as when pub/sub was away and frames may have been missed. */
    forgetEveryRoom() {
      for (const room of entries.keys()) forget(room);
    },
  };
}
