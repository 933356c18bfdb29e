// Who may see a private event (decision 051), and a private giveaway's access code with its limits on
// wrong codes. Every call that reads or acts on an event by id asks here before it answers.
//
// A private event (is_public 0) is seen by staff, by a viewer who took part (entered the giveaway,
// RSVPed to the show) and, for a giveaway, by whoever gives its access code. Anyone else gets the
// answer a missing id gets, so a private id cannot be told from an unused one. Wrong codes count per
// viewer and per address for each event id (missing ids too, for the same reason); past the limit
// every code is refused with 429 until the window ends, and the giveaway's audit log says so once.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditAction } from '../../../shared/contract/giveaways-staff';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import type { AppContext } from '../../context';
import type { EventsTable, UserRow } from '../../db/schema';
import { notFound, tooMany } from '../../http/errors';
import { eventAccessRepository } from './event-access.repository';

export const WRONG_CODE_WINDOW_MS = 15 * 60_000;
/** Wrong codes one signed-in viewer may give for one event in a window. */
export const WRONG_CODES_PER_VIEWER = 10;
/** Wrong codes one address may give for one event in a window, times PER_IP_LIMIT_SCALE (a booth's shared Wi-Fi). */
export const WRONG_CODES_PER_IP = 50;

export type AccessUser = Pick<UserRow, 'id' | 'is_staff' | 'first_name' | 'last_name' | 'email'>;

/** Who is asking: their address, the code they gave, and their account (looked up only for a private event). */
export type Caller = {
  ip: string;
  code?: string;
  user: () => Promise<AccessUser | null>;
};

type EventLike = Pick<Selectable<EventsTable>, 'id' | 'type' | 'is_public'>;

export const isPrivate = (event: Pick<EventLike, 'is_public'>) => event.is_public === 0;

/** Codes match without regard to case, in constant time. */
export function sameCode(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given.trim().toUpperCase()).digest();
  const b = createHash('sha256').update(expected.trim().toUpperCase()).digest();
  return timingSafeEqual(a, b);
}

const WINDOW_MINUTES = WRONG_CODE_WINDOW_MS / 60_000;
const PAUSED: AuditAction = 'code-limit';
const fullName = (u: Pick<UserRow, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();

export function createEventAccess(ctx: AppContext) {
  const { db, limiter, clock } = ctx;
  const perIp = WRONG_CODES_PER_IP * ctx.config.perIpLimitScale;

  type Counter = { key: string; limit: number; pausedLine: (limit: number) => string };
  function countersOf(eventId: number, user: AccessUser | null, ip: string): Counter[] {
    const forAddress: Counter = {
      key: `access-code:ip:${eventId}:${ip}`,
      limit: perIp,
      pausedLine: (limit) =>
        `Paused access-code tries from the address ${ip}: ${limit} wrong codes within ${WINDOW_MINUTES} minutes. Codes from that address are refused for up to ${WINDOW_MINUTES} minutes.`,
    };
    if (!user) return [forAddress];
    const forViewer: Counter = {
      key: `access-code:viewer:${eventId}:${user.id}`,
      limit: WRONG_CODES_PER_VIEWER,
      pausedLine: (limit) =>
        `Paused access-code tries for the viewer ${fullName(user)} (${user.email}, user ${user.id}): ${limit} wrong codes within ${WINDOW_MINUTES} minutes. Their codes are refused for up to ${WINDOW_MINUTES} minutes.`,
    };
    return [forViewer, forAddress];
  }

  /** The giveaway's log gets one line when a counter reaches its limit: once per window, however many tries follow. */
  async function notePause(giveawayId: number, line: string) {
    try {
      await eventAccessRepository.audit(db, {
        giveaway_id: giveawayId,
        pick_id: null,
        action: PAUSED,
        actor_id: null,
        actor_name: 'system',
        detail: line,
        created_at: clock.now().toISOString(),
      });
    } catch (error) {
      ctx.log.error({ err: error, giveawayId }, 'writing the wrong-code audit line failed');
    }
  }

  /**
   * Whether `given` is the code `stored`. While the viewer or the address is over its limit for this
   * event the answer is 429, even for the right code; a wrong code counts.
   */
  async function checkCode(
    eventId: number,
    event: EventLike | undefined,
    stored: string | null,
    given: string,
    user: AccessUser | null,
    ip: string,
  ): Promise<boolean> {
    const counters = countersOf(eventId, user, ip);
    const tallies = await Promise.all(counters.map((c) => limiter.peek(c.key)));
    const paused = tallies.find((tally, i) => tally.count >= (counters[i]?.limit ?? 0));
    if (paused) throw tooMany(GIVEAWAY_MESSAGES.codeTriesPaused, paused.retryAfterSeconds);
    if (stored && sameCode(given, stored)) return true;
    for (const counter of counters) {
      const hit = await limiter.hit(counter.key, counter.limit, WRONG_CODE_WINDOW_MS);
      if (hit.count === counter.limit && event?.type === 'giveaway')
        await notePause(event.id, counter.pausedLine(counter.limit));
    }
    return false;
  }

  /** Staff, and viewers who took part: an entry in the giveaway, an RSVP to the show or special event. */
  async function tookPart(event: EventLike, user: Pick<UserRow, 'id' | 'is_staff'> | null): Promise<boolean> {
    if (!user) return false;
    if (user.is_staff === 1) return true;
    return event.type === 'giveaway'
      ? eventAccessRepository.hasEntry(db, event.id, user.id)
      : eventAccessRepository.hasRsvp(db, event.id, user.id);
  }

  return {
    checkCode,

    /** Whether this signed-in person sees the event without a code (every public event; a private one: staff and those who took part). */
    seenBy: async (event: EventLike, user: Pick<UserRow, 'id' | 'is_staff'> | null): Promise<boolean> =>
      !isPrivate(event) || tookPart(event, user),

    /**
     * The event when the caller may see it; otherwise not found with `missing`, the message of an
     * unknown id. A code the caller gave is checked (and a wrong one counted) only when nothing
     * else lets them in.
     */
    async visible<E extends EventLike>(id: number, event: E | undefined, caller: Caller, missing: string): Promise<E> {
      if (event && !isPrivate(event)) return event;
      if (!event && caller.code === undefined) throw notFound(missing);
      const user = await caller.user();
      if (event && (await tookPart(event, user))) return event;
      if (caller.code !== undefined) {
        const stored = event?.type === 'giveaway' ? await eventAccessRepository.accessCode(db, event.id) : null;
        if ((await checkCode(id, event, stored, caller.code, user, caller.ip)) && event) return event;
      }
      throw notFound(missing);
    },
  };
}
export type EventAccess = ReturnType<typeof createEventAccess>;
