// Live presence: check-ins with how the viewer came, the watch log that turns heartbeats into
// watched seconds, the live viewer count, staff watch statistics and the Agora RTC token. A private
// show is as missing to a viewer who may not see it (decision 051).
import agora from 'agora-token';
import type { Insertable, Selectable } from 'kysely';
import type { Presence, RtcToken, Stream, WatchStats } from '../../../shared/contract/live';
import { isLive } from '../../../shared/countdown';
import { MESSAGES, SPEC_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { createGroupedTransactions } from '../../db/grouped-transactions';
import { createGroupedWriter, groupsInFlightFor } from '../../db/grouped-writer';
import type { LiveCheckinsTable, UserRow, WatchLogsTable } from '../../db/schema';
import { AppError, notFound, unauthorized, unavailable } from '../../http/errors';
import { createEventAccess, type Caller } from '../event-access/event-access.service';
import { eventsRepository } from '../events/events.repository';
import { liveRepository, viewingKey, type Viewing } from './live.repository';

/**
 * A group of heartbeats' watch logs (decision 116): each viewing's row as the group's pieces leave it
 * (null before its start), and which of them were started or moved, for the group to write.
 */
type WatchGroup = { rows: Map<string, Selectable<WatchLogsTable> | null>; started: Set<string>; moved: Set<string> };

/** A viewer counts as watching while heartbeats arrive at least this often. */
export const PRESENCE_WINDOW_MS = 90_000;
/** How long a read viewer count is answered again (moved by this process's own changes meanwhile). */
const COUNT_FRESH_MS = 1_000;
const TOKEN_TTL_S = 3600;
// agora-token is CommonJS without named exports that Node's ESM loader can see.
const { RtcRole, RtcTokenBuilder } = agora;

export function createLiveService(ctx: AppContext) {
  const { db, clock } = ctx;
  const access = createEventAccess(ctx);
  const keyOf = (row: { event_id: number; user_id: number }) => `${row.event_id}:${row.user_id}`;
  const checkIns = createGroupedWriter({
    insertMany: (rows: Insertable<LiveCheckinsTable>[]) => liveRepository.insertCheckIns(db, rows),
    insertOne: async (row: Insertable<LiveCheckinsTable>) =>
      (await liveRepository.insertCheckIns(db, [row])).length > 0 || undefined,
    keyOfRow: keyOf,
    keyOfStored: keyOf,
    written: () => true,
    groupsInFlight: groupsInFlightFor(ctx.dialect),
  });
  // Heartbeats that arrive together share a commit: at a show start they come by the thousand. A
  // group reads its watch logs in one statement, its pieces move them in memory, and the group writes
  // them in two more. Each heartbeat used to make a read and a write of its own, each a round trip on
  // PostgreSQL (decision 116).
  const watchLogs = createGroupedTransactions(db, {
    groupsInFlight: groupsInFlightFor(ctx.dialect),
    prepare: async (trx, viewings: Viewing[]): Promise<WatchGroup> => ({
      rows: await liveRepository.lockWatchLogs(trx, ctx.dialect, viewings),
      started: new Set(),
      moved: new Set(),
    }),
    finish: (trx, group) => {
      const rowsOf = (keys: Iterable<string>) => [...keys].flatMap((key) => group.rows.get(key) ?? []);
      // A row started and moved in one group is written once, as it ends. One that another process
      // started meanwhile stands, and this process's count is one high until its next read.
      const moved = [...group.moved].filter((key) => !group.started.has(key));
      return liveRepository.writeWatchLogs(trx, rowsOf(group.started), rowsOf(moved));
    },
  });

  /** The event for a viewer's own call; a private one only if they may see it. */
  async function eventFor(user: UserRow, eventId: number) {
    const event = await eventsRepository.byId(db, eventId);
    if (!event || !(await access.seenBy(event, user))) throw notFound(MESSAGES.eventNotFound);
    return event;
  }

  async function liveEvent(user: UserRow, eventId: number) {
    const event = await eventFor(user, eventId);
    if (!isLive(new Date(event.cust_start), new Date(event.cust_end), clock.now()))
      throw new AppError(422, MESSAGES.notLiveNow);
    return event;
  }

  /**
   * The viewer count of each show as last read, moved since by this process's own watch-log changes
   * (decision 106). Counting is a scan of the show's watch log, and every check-in and heartbeat
   * answers the count: at a show start that was one scan of thousands of rows per call.
   */
  const counts = new Map<number, { viewers: Promise<number>; readAt: number }>();

  /** Viewers whose last heartbeat is inside the presence window, read again once the count is a second old. */
  function viewersNow(eventId: number): Promise<number> {
    const now = clock.now().getTime();
    const kept = counts.get(eventId);
    // Either way: a test's clock may be moved back as well as on.
    if (kept && Math.abs(now - kept.readAt) < COUNT_FRESH_MS) return kept.viewers;
    const viewers = liveRepository.watchingSince(db, eventId, new Date(now - PRESENCE_WINDOW_MS).toISOString());
    counts.set(eventId, { viewers, readAt: now });
    viewers.catch(() => counts.delete(eventId));
    return viewers;
  }

  /** Moves a kept count by a change this process made: a viewer who came into the count, or left it. */
  function moveCount(eventId: number, by: number) {
    const kept = counts.get(eventId);
    if (kept && by) kept.viewers = kept.viewers.then((n) => Math.max(0, n + by));
  }

  /** Whether a watch-log row is in the count at `nowMs`. */
  const counted = (row: { watching: number; last_seen_at: string } | undefined, nowMs: number) =>
    !!row?.watching && new Date(row.last_seen_at).getTime() > nowMs - PRESENCE_WINDOW_MS;

  async function presence(eventId: number, userId: number): Promise<Presence> {
    const [mine, viewers] = await Promise.all([liveRepository.watchLog(db, eventId, userId), viewersNow(eventId)]);
    return { eventid: eventId, viewers, watched_seconds: mine?.seconds ?? 0 };
  }

  return {
    async checkIn(user: UserRow, eventId: number, reachby: string): Promise<Presence> {
      await liveEvent(user, eventId);
      // Answered once committed; a repeat changes nothing. The points follow from the check-ins
      // table (startActivityCredits), so a show start's check-ins share commits like entries do.
      await checkIns.write({ event_id: eventId, user_id: user.id, reachby, created_at: clock.now().toISOString() });
      return presence(eventId, user.id);
    },

    /** start and heartbeat need the show to be live; stop is always accepted. */
    async log(
      user: UserRow,
      eventId: number,
      step: 'start' | 'heartbeat' | 'stop',
      reachby: string,
    ): Promise<Presence> {
      if (step === 'stop') await eventFor(user, eventId);
      else await liveEvent(user, eventId);
      const now = clock.now();
      // The change to the count, and the seconds the row holds once committed: the answer needs no
      // second read of the row.
      const key = viewingKey({ eventId, userId: user.id });
      const { moved, seconds } = await watchLogs.run({ eventId, userId: user.id }, async (_trx, group) => {
        const row = group.rows.get(key);
        if (!row) {
          if (step === 'stop') return { moved: 0, seconds: 0 };
          const nowIso = now.toISOString();
          group.rows.set(key, {
            event_id: eventId,
            user_id: user.id,
            reachby,
            seconds: 0,
            watching: 1,
            started_at: nowIso,
            last_seen_at: nowIso,
          });
          group.started.add(key);
          return { moved: 1, seconds: 0 };
        }
        // Time since the last sign of life counts, capped so a closed laptop does not.
        const gapMs = Math.max(0, Math.min(now.getTime() - new Date(row.last_seen_at).getTime(), PRESENCE_WINDOW_MS));
        const earned = step !== 'start' && row.watching ? Math.round(gapMs / 1000) : 0;
        group.rows.set(key, {
          ...row,
          seconds: row.seconds + earned,
          watching: step === 'stop' ? 0 : 1,
          last_seen_at: now.toISOString(),
        });
        group.moved.add(key);
        return { moved: Number(step !== 'stop') - Number(counted(row, now.getTime())), seconds: row.seconds + earned };
      });
      moveCount(eventId, moved);
      return { eventid: eventId, viewers: await viewersNow(eventId), watched_seconds: seconds };
    },

    async stats(eventId: number): Promise<WatchStats> {
      if (!(await eventsRepository.byId(db, eventId))) throw notFound(MESSAGES.eventNotFound);
      const { watchers, seconds } = await liveRepository.watchTotals(db, eventId);
      const byReachby = await liveRepository.checkInsByReach(db, eventId);
      const minutes = seconds / 60;
      return {
        rsvps: await liveRepository.countFor(db, 'rsvps', eventId),
        checkins: await liveRepository.countFor(db, 'live_checkins', eventId),
        viewers_now: await viewersNow(eventId),
        watchers,
        total_watch_minutes: Math.round(minutes * 10) / 10,
        average_watch_minutes: watchers ? Math.round((minutes / watchers) * 10) / 10 : 0,
        by_reachby: byReachby,
      };
    },

    /**
     * What the player plays: the live stream to a signed-in viewer while the show is on air, the
     * replay to anyone once it has ended; before the start there is nothing to play yet.
     */
    async stream(eventId: number, caller: Caller): Promise<Stream> {
      const event = await access.visible(
        eventId,
        await eventsRepository.byId(db, eventId),
        caller,
        MESSAGES.eventNotFound,
      );
      const now = clock.now();
      if (isLive(new Date(event.cust_start), new Date(event.cust_end), now)) {
        if (!(await caller.user())) throw unauthorized();
        return { eventid: event.id, kind: 'live', platform: event.platform, source: event.stream_url ?? '' };
      }
      if (now.getTime() <= new Date(event.cust_start).getTime()) throw new AppError(422, MESSAGES.notLiveNow);
      return { eventid: event.id, kind: 'replay', platform: event.platform, source: event.replay_url ?? '' };
    },

    /** An audience token for the Agora show live now; 503 'Failed to get token' when Agora is not configured. */
    async rtcToken(user: UserRow): Promise<RtcToken> {
      const { agoraAppId, agoraCertificate } = ctx.config;
      if (!agoraAppId || !agoraCertificate) throw unavailable(SPEC_MESSAGES.tokenFallback);
      const now = clock.now();
      const [live] = (await eventsRepository.list(db, 'show', 'live', now.toISOString(), 10)).filter(
        (e) => e.platform === 'agora' && e.stream_url,
      );
      if (!live?.stream_url) throw notFound(MESSAGES.nothingOnAgora);
      const token = RtcTokenBuilder.buildTokenWithUid(
        agoraAppId,
        agoraCertificate,
        live.stream_url,
        user.id,
        RtcRole.SUBSCRIBER,
        TOKEN_TTL_S,
        TOKEN_TTL_S,
      );
      return {
        token,
        appId: agoraAppId,
        channel: live.stream_url,
        uid: user.id,
        expiresAt: new Date(now.getTime() + TOKEN_TTL_S * 1000).toISOString(),
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
