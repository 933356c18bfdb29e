// A rehearsal's scripted audience (decision 084): in-process timers that make each synthetic viewer
// check in, keep watching, chat, enter, spin and guess through the same services real viewers use.
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { UserRow } from '../../db/schema';
import type { Clock, Random } from '../../platform/clock';
import type { ChatHub } from '../chat/chat.hub';
import { displayName, roomKey, type ChatService } from '../chat/chat.service';
import type { GiveawayService } from '../giveaways/giveaways.service';
import type { SpinService } from '../giveaways/spin.service';
import type { GuessingService } from '../guessing/guessing.service';
import type { LiveService } from '../live/live.service';
import { AUDIENCE_PHRASES, AUDIENCE_REACHBY } from './rehearsal-phrases';
import { rehearsalRepository as repo } from './rehearsal.repository';

/**
 * The script's pace. Each tick of `tickMs` real milliseconds moves the script on by `tickMs * speed`;
 * the script's times (check in within 20 s, chat every 30–120 s) are in script milliseconds.
 */
export type AudiencePace = { tickMs: number; speed: number };
export const REALISTIC_PACE: AudiencePace = { tickMs: 1_000, speed: 1 };

const SECOND = 1_000;
export const SCRIPT = {
  checkInWithinMs: 20 * SECOND,
  heartbeatMs: 30 * SECOND,
  chatMinMs: 30 * SECOND,
  chatMaxMs: 120 * SECOND,
  /** Between two actions of one viewer (enter, spin, guess): a viewer reads before pressing. */
  actMinMs: 4 * SECOND,
  actMaxMs: 25 * SECOND,
} as const;

export type AudienceServices = {
  db: Db;
  clock: Clock;
  random: Random;
  live: Pick<LiveService, 'checkIn' | 'log'>;
  chat: Pick<ChatService, 'resolveRoom' | 'send'>;
  hub: Pick<ChatHub, 'toRoom' | 'slowModeOf'>;
  giveaways: Pick<GiveawayService, 'enter'>;
  spins: Pick<SpinService, 'spin'>;
  guessing: Pick<GuessingService, 'guess'>;
  onError: (error: unknown) => void;
};

type Viewer = {
  user: UserRow;
  reachby: string;
  checkInAt: number;
  checkedIn: boolean;
  nextHeartbeat: number;
  nextChat: number;
  nextAct: number;
  entered: Set<number>;
  spun: Set<number>;
  guessed: Set<number>;
};

type Stage = Awaited<ReturnType<typeof repo.stage>>;

/** A number near the answer but never equal: off by 3–25 % (at least one), with the answer's decimals. */
export function plausibleGuess(answer: number, random: Pick<Random, 'int'>): number {
  const decimals = Math.min(2, (String(answer).split('.')[1] ?? '').length);
  const step = 10 ** -decimals;
  const spread = Math.max(step, (Math.abs(answer) * (3 + random.int(23))) / 100);
  const sign = random.int(2) === 0 ? -1 : 1;
  const guess = Number((answer + sign * spread).toFixed(decimals));
  return guess === answer ? Number((answer + step).toFixed(decimals)) : guess;
}

export type Audience = { stop: () => Promise<void> };

export function startAudience(
  services: AudienceServices,
  eventId: number,
  users: UserRow[],
  pace: AudiencePace,
): Audience {
  const { random } = services;
  const between = (min: number, max: number) => min + random.int(Math.max(1, max - min));
  let scriptMs = 0;
  const viewers: Viewer[] = users.map((user) => {
    const checkInAt = random.int(SCRIPT.checkInWithinMs);
    return {
      user,
      reachby: AUDIENCE_REACHBY[random.int(AUDIENCE_REACHBY.length)] ?? 'web',
      checkInAt,
      checkedIn: false,
      nextHeartbeat: checkInAt + SCRIPT.heartbeatMs,
      // The first line comes a little after arriving; then every 30–120 s.
      nextChat: checkInAt + between(2 * SECOND, SCRIPT.chatMaxMs / 2),
      nextAct: checkInAt + between(SCRIPT.actMinMs, SCRIPT.actMaxMs),
      entered: new Set(),
      spun: new Set(),
      guessed: new Set(),
    };
  });

  /** Each call may refuse (a giveaway just closed, a room paused): the viewer simply moves on. */
  async function attempt(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof AppError)) services.onError(error);
    }
  }

  async function chat(viewer: Viewer, stage: Stage) {
    if (stage.paused) return;
    const room = await services.chat.resolveRoom(eventId);
    if (!room) return;
    const text = AUDIENCE_PHRASES[random.int(AUDIENCE_PHRASES.length)] ?? AUDIENCE_PHRASES[0];
    const author = { id: viewer.user.id, name: displayName(viewer.user), isStaff: false };
    const sent = await services.chat.send(author, room, text, services.hub.slowModeOf(room.key));
    if (sent.ok) services.hub.toRoom(roomKey(eventId), { type: 'message', message: sent.message });
  }

  /** One thing at a time, as a person would: enter, then spin, then guess. */
  async function act(viewer: Viewer, stage: Stage) {
    const giveaway = stage.giveaways.find((g) => !viewer.entered.has(g.event_id));
    if (giveaway) {
      viewer.entered.add(giveaway.event_id);
      const code = giveaway.access_code ?? undefined;
      return attempt(() =>
        services.giveaways.enter(viewer.user, { eventid: giveaway.event_id, code, entry_from: 'live' }, '127.0.0.1'),
      );
    }
    if (stage.wheels.has(eventId) && !viewer.spun.has(eventId)) {
      viewer.spun.add(eventId);
      return attempt(() => services.spins.spin(viewer.user, 'rsvp', eventId));
    }
    const wheel = [...viewer.entered].find((id) => stage.wheels.has(id) && !viewer.spun.has(id));
    if (wheel !== undefined) {
      viewer.spun.add(wheel);
      return attempt(() => services.spins.spin(viewer.user, 'giveaway', wheel));
    }
    const question = stage.questions.find((q) => !viewer.guessed.has(q.id));
    if (question) {
      viewer.guessed.add(question.id);
      return attempt(() =>
        services.guessing.guess(viewer.user, question.id, plausibleGuess(Number(question.answer), random)),
      );
    }
    return undefined;
  }

  async function step(viewer: Viewer, stage: Stage) {
    if (!viewer.checkedIn) {
      if (scriptMs < viewer.checkInAt) return;
      viewer.checkedIn = true;
      await attempt(async () => {
        await services.live.checkIn(viewer.user, eventId, viewer.reachby);
        await services.live.log(viewer.user, eventId, 'start', viewer.reachby);
      });
      return;
    }
    if (scriptMs >= viewer.nextHeartbeat) {
      viewer.nextHeartbeat = scriptMs + between(SCRIPT.heartbeatMs - 5 * SECOND, SCRIPT.heartbeatMs + 5 * SECOND);
      await attempt(() => services.live.log(viewer.user, eventId, 'heartbeat', viewer.reachby));
    }
    if (scriptMs >= viewer.nextChat) {
      viewer.nextChat = scriptMs + between(SCRIPT.chatMinMs, SCRIPT.chatMaxMs);
      await attempt(() => chat(viewer, stage));
    }
    if (scriptMs >= viewer.nextAct) {
      viewer.nextAct = scriptMs + between(SCRIPT.actMinMs, SCRIPT.actMaxMs);
      await act(viewer, stage);
    }
  }

  let stopped = false;
  let running: Promise<void> | null = null;
  async function tick() {
    const stage = await repo.stage(services.db, eventId, roomKey(eventId), services.clock.now().toISOString());
    for (const viewer of viewers) {
      if (stopped) return;
      await step(viewer, stage);
    }
  }
  // A tick that takes longer than the interval is not overlapped: the next waits for it.
  const timer = setInterval(() => {
    scriptMs += pace.tickMs * pace.speed;
    if (running || stopped) return;
    running = tick()
      .catch((error: unknown) => services.onError(error))
      .finally(() => {
        running = null;
      });
  }, pace.tickMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
