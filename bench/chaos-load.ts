// The load generator of `npm run chaos`, a process of its own so that killing the server never
// touches it: viewers enter each round's giveaway, spin its wheel, guess and vote, buy coupons with
// points, and chat over the WebSocket, while the runner kills and restarts the server under them.
// Every acknowledged write (a 2xx, or the echo of a chat message carrying our client id) goes to
// the runner over the IPC channel; a request the server could not answer is retried (or counted).
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { bulkToken } from '../src/server/testing/bulk-viewers';
import {
  emptyFailures,
  type Ack,
  type AckKind,
  type FailureKind,
  type LoadInput,
  type LoadMessage,
  type RunnerMessage,
} from './chaos-plan';

const input: LoadInput = JSON.parse(process.env.CHAOS_LOAD ?? '{}');
const { baseUrl, plan } = input;
const failures = emptyFailures();
const refusals = new Set<string>();
let pending: Ack[] = [];
let isStopping = false;
let roundsDone = 0;

const send = (message: LoadMessage) => process.send?.(message);

function ack(record: Ack) {
  pending.push(record);
}
const flusher = setInterval(() => {
  if (!pending.length) return;
  send({ type: 'acks', acks: pending });
  pending = [];
}, 100);

function fail(kind: AckKind, how: FailureKind, detail?: string) {
  failures[kind][how] += 1;
  if (how === 'refused' && detail && refusals.size < 20) refusals.add(`${kind}: ${detail}`);
}

type Answer = { data: Record<string, unknown> } | null;

/**
 * POSTs until the server answers: a network failure or a 5xx is counted and tried again (the server
 * is being killed), unless `once`. A 2xx answers its data[0]; a 409 or 422 after a retry means the
 * first try was stored and its answer lost; any other answer is a refusal, counted, and null.
 */
async function post(kind: AckKind, path: string, token: string, body: unknown, once = false): Promise<Answer> {
  let isRetry = false;
  for (;;) {
    if (isStopping && isRetry) return null;
    let status: number;
    let text: string;
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      text = await res.text();
    } catch {
      fail(kind, 'network');
      if (once) return null;
      isRetry = true;
      await sleep(100);
      continue;
    }
    if (status >= 200 && status < 300) {
      const first: unknown = JSON.parse(text).data?.[0];
      return { data: typeof first === 'object' && first !== null ? { ...first } : {} };
    }
    if (status >= 500) {
      fail(kind, 'server');
      if (once) return null;
      isRetry = true;
      await sleep(100);
      continue;
    }
    if (status === 429) fail(kind, 'limited');
    else if (isRetry && (status === 409 || status === 422)) fail(kind, 'already');
    else fail(kind, 'refused', `${status} ${text.slice(0, 160)}`);
    return null;
  }
}

const numberIn = (data: Record<string, unknown>, field: string): number | null => {
  const value = data[field];
  return typeof value === 'number' ? value : null;
};

async function redeem(viewer: number) {
  const user = plan.viewerIds[viewer] ?? 0;
  // Not retried: a retry after a lost answer would buy a second coupon, which is a new write, not this one.
  const answer = await post(
    'redeem',
    '/api/couponredeem_v1',
    bulkToken(plan.tag, viewer),
    { catalogue_id: plan.catalogueId },
    true,
  );
  const coupon = answer && numberIn(answer.data, 'id');
  if (coupon !== null && coupon !== undefined) ack({ kind: 'redeem', user, coupon, points: plan.couponPoints });
}

/** One viewer's turn in one round: enter, spin, guess, vote (and now and then a coupon). */
async function playRound(round: number, viewer: number) {
  const r = plan.rounds[round];
  if (!r) return;
  const token = bulkToken(plan.tag, viewer);
  const user = plan.viewerIds[viewer] ?? 0;
  if (await post('entry', '/api/giveawaydata_v1', token, { eventid: r.giveaway })) ack({ kind: 'entry', round, user });
  const spin = await post('spin', '/api/spingiveawayinfo', token, { eventId: r.giveaway });
  if (spin)
    ack({
      kind: 'spin',
      round,
      user,
      prize: numberIn(spin.data, 'prize_id'),
      points: numberIn(spin.data, 'points') ?? 0,
    });
  const value = ((viewer * 7 + round * 13) % 500) / 100;
  const guess = await post('guess', '/api/guesscrtdata_v1', token, { questionid: r.question, guess: value });
  if (guess) ack({ kind: 'guess', round, user, value: numberIn(guess.data, 'guess') ?? value });
  const submission = r.submissions[(viewer + round) % r.submissions.length] ?? 0;
  if (await post('vote', '/api/uservotes', token, { submissionid: submission }))
    ack({ kind: 'vote', round, user, submission });
  if (Math.random() < 0.3) await redeem(viewer);
}

/** HTTP workers: the rounds in order, viewer after viewer; once they are done, coupons only. */
async function httpWorker(next: () => { round: number; viewer: number } | null) {
  while (!isStopping) {
    const task = next();
    if (task) await playRound(task.round, task.viewer);
    else await redeem(Math.floor(Math.random() * plan.viewerIds.length));
  }
}

async function chatToken(sessionToken: string): Promise<string | null> {
  try {
    const res = await fetch(`${baseUrl}/api/weavy/token`, {
      headers: { token: sessionToken },
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) return null;
    const token: unknown = (await res.json()).data?.[0]?.token;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
  }
}

/**
 * One chatting viewer (or staff, who skip the rate limit): joins the chat show's room and sends a
 * message every `everyMs`, each with a client id; the room's echo of it is the acknowledgement.
 * A closed socket (the server was killed) is opened again.
 */
async function chatter(sessionToken: string, user: number, everyMs: number) {
  let seq = 0;
  while (!isStopping) {
    const token = await chatToken(sessionToken);
    if (!token) {
      await sleep(200);
      continue;
    }
    await new Promise<void>((resolve) => {
      const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/chat/ws`);
      const waiting = new Map<string, string>();
      let timer: NodeJS.Timeout | undefined;
      const stopTimer = setInterval(() => {
        if (isStopping) socket.close();
      }, 200);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'join', token, room: plan.chatShow })));
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type === 'welcome') {
          const sendOne = () => {
            seq += 1;
            const clientId = `${user}-${seq}-${Date.now()}`;
            const text = `chaos ${clientId}`;
            waiting.set(clientId, text);
            socket.send(JSON.stringify({ type: 'message', text, clientId }));
            timer = setTimeout(sendOne, everyMs * (0.8 + Math.random() * 0.4));
          };
          sendOne();
        } else if (frame.type === 'message' && typeof frame.message?.clientId === 'string') {
          const text = waiting.get(frame.message.clientId);
          if (text !== undefined && frame.message.userId === user) {
            waiting.delete(frame.message.clientId);
            ack({ kind: 'chat', user, id: frame.message.id, text: frame.message.text });
          }
        } else if (frame.type === 'notice' && typeof frame.clientId === 'string') {
          waiting.delete(frame.clientId);
          const isLimit = ['rate_limited', 'slow_mode', 'duplicate'].includes(frame.code);
          fail('chat', isLimit ? 'limited' : 'refused', `${frame.code} ${frame.message}`);
        } else if (frame.type === 'error') {
          fail('chat', frame.code === 'server_error' ? 'server' : 'refused', `${frame.code} ${frame.message}`);
        }
      });
      const done = () => {
        clearTimeout(timer);
        clearInterval(stopTimer);
        for (let i = 0; i < waiting.size; i += 1) fail('chat', 'network');
        waiting.clear();
        resolve();
      };
      socket.on('close', done);
      socket.on('error', () => socket.terminate());
    });
    if (!isStopping) await sleep(200);
  }
}

function tasks() {
  let round = 0;
  let viewer = 0;
  return () => {
    if (round >= plan.rounds.length) return null;
    const task = { round, viewer };
    viewer += 1;
    if (viewer >= plan.viewerIds.length) {
      viewer = 0;
      round += 1;
      roundsDone = round;
    }
    return task;
  };
}

const next = tasks();
const workers = Array.from({ length: input.connections }, () => httpWorker(next));
// Viewers may send 5 messages in 10 s: one every 2.2 s keeps them under it; staff send one every 100 ms.
const chatters = [
  chatter(plan.staffToken, plan.staffId, 100),
  ...Array.from({ length: input.chatters }, (_, n) => chatter(bulkToken(plan.tag, n), plan.viewerIds[n] ?? 0, 2_200)),
];

process.on('message', async (message: RunnerMessage) => {
  if (message.type !== 'stop') return;
  isStopping = true;
  await Promise.all([...workers, ...chatters]);
  clearInterval(flusher);
  if (pending.length) send({ type: 'acks', acks: pending });
  send({ type: 'stopped', failures, roundsDone, refusals: [...refusals] });
  process.disconnect?.();
});
