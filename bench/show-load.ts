// The show-start bench's load generator (decision 094): one forked process playing its share of the
// viewers (viewer n belongs to generator n mod G), so the server's CPU is measured apart from the
// load's. Each viewer arrives at its moment, opens the app page, asks liveevent_v1 and
// checkifrsvpenroll_v1, checks in, opens the watch log and keeps it alive at the app's interval,
// and joins the show's chat as the web client does (weavy/token, then the socket's join frame, a
// ping every 15 s). One in ten sends messages at the room's limit; eight in ten enter the giveaway
// within 30 s of it opening, and half of all viewers spin. HTTP goes over keep-alive agents with a
// bounded number of sockets per server port; each viewer's chat is its own WebSocket.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import { bulkToken } from '../src/server/testing/bulk-viewers';

/** What the bench tells a generator: the servers, the seed's ids and the run's timeline (epoch ms). */
export type LoadJob = {
  generator: number;
  generators: number;
  ports: number[];
  viewers: number;
  tag: string;
  showId: number;
  giveawayId: number;
  slowModeSeconds: number;
  /** Sockets each generator keeps per server port. */
  socketsPerPort: number;
  /** Share of the viewers whose every chat frame is checked (senders are always checked). */
  chatSample: number;
  startAt: number;
  arrivalMs: number;
  openAt: number;
  entryWindowMs: number;
  /** Senders stop here; deliveries still arriving are awaited until endAt. */
  sendUntil: number;
  endAt: number;
};

/** Latencies as counts per 0.1 ms bucket: merged across generators by adding, percentiles exact to 0.1 ms. */
export type Histogram = Record<string, number>;
export type StepReport = { count: number; errors: number; statuses: Record<string, number>; latency: Histogram };
export type SentMessage = { clientId: string; sentUs: number };
export type GeneratorReport = {
  steps: Record<string, StepReport>;
  cpuMicros: number;
  framesReceived: number;
  socketsClosedByServer: Record<string, number>;
  refused: Record<string, number>;
  unanswered: number;
  /**
   * With BENCH_LOOP_DELAY=1, the generator's own event-loop delay in ms, from the go to the report:
   * a frame that arrived meanwhile waited that long to be read, so a chat delivery's tail includes it.
   */
  loopDelayMs: { p50: number; p99: number; max: number } | null;
};
/** `bySending`: the same latencies by the DELIVERY_WINDOW_S window of the run their message was sent in. */
export type ChatCheck = {
  expected: number;
  delivered: number;
  latency: Histogram;
  bySending: Record<string, Histogram>;
  members: number;
};

/** The chat delivery tail is also reported per window of this many seconds, by when a message was sent. */
export const DELIVERY_WINDOW_S = 10;

/** Parent → generator messages, and generator → parent ones. */
export type ToGenerator = { kind: 'go'; job: LoadJob } | { kind: 'check'; accepted: SentMessage[] };
export type FromGenerator =
  | { kind: 'ready' }
  | { kind: 'report'; report: GeneratorReport; accepted: SentMessage[] }
  | { kind: 'checked'; check: ChatCheck };

export const HEARTBEAT_MS = 30_000;
const PING_EVERY_MS = 15_000;
const REQUEST_TIMEOUT_MS = 30_000;
const MARK = 'bench#';

/** Microseconds on CLOCK_MONOTONIC, which every process on the machine shares (see chat.bench.ts). */
export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

export function record(histogram: Histogram, ms: number) {
  const bucket = String(Math.round(ms * 10));
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

export function mergeInto(into: Histogram, from: Histogram) {
  for (const [bucket, n] of Object.entries(from)) into[bucket] = (into[bucket] ?? 0) + n;
}

export function percentile(histogram: Histogram, p: number): number {
  const buckets = Object.entries(histogram)
    .map(([bucket, n]) => [Number(bucket), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [bucket, n] of buckets) {
    seen += n;
    if (seen >= rank) return bucket / 10;
  }
  return 0;
}

/** A fixed pseudo-random number in [0, 1) for viewer n and purpose k: every run gives viewers the same roles. */
export function viewerRandom(n: number, k: number): number {
  let t = (n * 0x9e3779b1 + k * 0x85ebca77) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** What viewer n does: the shares the issue names (10% chat, 80% enter, half of all viewers spin). */
export function rolesOf(n: number) {
  const enters = viewerRandom(n, 1) < 0.8;
  return { sends: viewerRandom(n, 3) < 0.1, enters, spins: enters && viewerRandom(n, 2) < 0.625 };
}

const sleepUntil = (at: number) => delay(Math.max(0, at - Date.now()));

type Tracked = { welcomeUs: number; closedUs: number | null; received: Map<string, number> };

async function generate(job: LoadJob): Promise<void> {
  const cpuStart = process.cpuUsage();
  // Off by default: its timer wakes each generator every 10 ms, and on two shared cores that alone
  // moved the server's p50s from 1–3 ms to 2–10 ms and chat delivery's p99 from 285 to 495–542 ms.
  const loopDelay = process.env.BENCH_LOOP_DELAY === '1' ? monitorEventLoopDelay({ resolution: 10 }) : null;
  loopDelay?.enable();
  const agents = job.ports.map(
    (port) => [port, new http.Agent({ keepAlive: true, maxSockets: job.socketsPerPort })] as const,
  );
  const agentOf = new Map(agents);
  const steps: Record<string, StepReport> = {};
  const stepOf = (name: string) => (steps[name] ??= { count: 0, errors: 0, statuses: {}, latency: {} });
  const tracked: Tracked[] = [];
  const accepted: SentMessage[] = [];
  const sentAt = new Map<string, number>();
  const refused: Record<string, number> = {};
  const socketsClosedByServer: Record<string, number> = {};
  const sockets = new Set<WebSocket>();
  /** Sockets opening or joined but not yet welcomed: at the end, each is a join that failed. */
  const unwelcomed = new Set<WebSocket>();
  let framesReceived = 0;
  let ending = false;

  /** One call; its latency and status go to `name`. Resolves with the body when `keepBody`, else ''. */
  function call(
    name: string,
    port: number,
    method: 'GET' | 'POST',
    path: string,
    token: string,
    options: { body?: unknown; keepBody?: boolean; page?: boolean } = {},
  ): Promise<{ ok: boolean; body: string }> {
    const step = stepOf(name);
    const started = performance.now();
    const payload = options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
    const headers: http.OutgoingHttpHeaders = options.page
      ? { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
      : { accept: 'application/json', token };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve) => {
      const done = (status: number | string, body: string) => {
        const ok = typeof status === 'number' && status >= 200 && status < 300;
        step.count += 1;
        step.statuses[status] = (step.statuses[status] ?? 0) + 1;
        if (!ok) step.errors += 1;
        record(step.latency, performance.now() - started);
        resolve({ ok, body });
      };
      const request = http.request(
        { host: '127.0.0.1', port, method, path, headers, agent: agentOf.get(port), timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          if (options.keepBody) response.on('data', (chunk: Buffer) => chunks.push(chunk));
          else response.resume();
          response.on('end', () => done(response.statusCode ?? 0, Buffer.concat(chunks).toString()));
          response.on('error', () => done('reset', ''));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) => done(error.message === 'timeout' ? 'timeout' : 'network', ''));
      request.end(payload ?? undefined);
    });
  }

  /** The chat as the web client joins it: a token, the socket, the join frame, the welcome. */
  async function joinChat(n: number, port: number, token: string, sends: boolean) {
    const answer = await call('chat token (weavy/token)', port, 'GET', '/api/weavy/token', token, { keepBody: true });
    if (!answer.ok) return;
    const chatToken: unknown = JSON.parse(answer.body).data?.[0]?.token;
    const chatPort = job.ports[(n + 1) % job.ports.length] ?? port;
    // As the browser opens it: from the site's own origin, with the chat token in its cookie.
    const socket = new WebSocket(`ws://127.0.0.1:${chatPort}/api/chat/ws`, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
      origin: `http://127.0.0.1:${chatPort}`,
      headers: { cookie: `weavyInfo=${String(chatToken)}` },
    });
    const started = performance.now();
    sockets.add(socket);
    const checked = sends || viewerRandom(n, 5) < job.chatSample;
    const mine: Tracked | null = checked ? { welcomeUs: 0, closedUs: null, received: new Map() } : null;
    const connect = stepOf('chat socket (connect)');
    const join = stepOf('chat join (join → welcome)');
    let welcomed = false;
    unwelcomed.add(socket);
    let joinedAt = 0;
    socket.on('open', () => {
      connect.count += 1;
      connect.statuses[101] = (connect.statuses[101] ?? 0) + 1;
      record(connect.latency, performance.now() - started);
      joinedAt = performance.now();
      socket.send(JSON.stringify({ type: 'join', token: chatToken, room: job.showId }));
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      sockets.delete(socket);
      unwelcomed.delete(socket);
      if (ending) return;
      socketsClosedByServer[code] = (socketsClosedByServer[code] ?? 0) + 1;
      if (mine) mine.closedUs = nowUs();
      if (!welcomed) {
        join.count += 1;
        join.errors += 1;
        join.statuses[`closed ${code}`] = (join.statuses[`closed ${code}`] ?? 0) + 1;
      }
    });
    socket.on('message', (data: Buffer) => {
      framesReceived += 1;
      if (!welcomed) {
        if (!data.includes('"welcome"')) return;
        welcomed = true;
        unwelcomed.delete(socket);
        join.count += 1;
        join.statuses[200] = (join.statuses[200] ?? 0) + 1;
        record(join.latency, performance.now() - joinedAt);
        if (mine) {
          mine.welcomeUs = nowUs();
          tracked.push(mine);
        }
        if (sends) void chatter(n, socket);
        const pinger = setInterval(() => {
          if (ending || socket.readyState !== WebSocket.OPEN) return clearInterval(pinger);
          socket.send('{"type":"ping"}');
        }, PING_EVERY_MS);
        return;
      }
      if (!mine) return;
      const frame: {
        type: string;
        message?: { clientId?: string; text?: string };
        clientId?: string;
        code?: string;
      } = JSON.parse(data.toString());
      if (frame.type === 'message' && frame.message?.clientId) {
        const at = nowUs();
        mine.received.set(frame.message.clientId, at);
        const sent = sentAt.get(frame.message.clientId);
        if (sent !== undefined) {
          sentAt.delete(frame.message.clientId);
          accepted.push({ clientId: frame.message.clientId, sentUs: sent });
        }
      } else if (frame.type === 'notice' && frame.clientId && sentAt.has(frame.clientId)) {
        sentAt.delete(frame.clientId);
        refused[frame.code ?? 'notice'] = (refused[frame.code ?? 'notice'] ?? 0) + 1;
      }
    });
  }

  /** A talkative viewer: a message as often as the room allows (slow mode, else the rate limit), until sendUntil. */
  async function chatter(n: number, socket: WebSocket) {
    const everyMs = Math.max(job.slowModeSeconds * 1000, 10_000 / 5) + 250;
    await delay(viewerRandom(n, 6) * everyMs);
    for (let seq = 0; Date.now() < job.sendUntil && socket.readyState === WebSocket.OPEN; seq++) {
      const clientId = `${n}.${seq}`;
      const us = nowUs();
      sentAt.set(clientId, us);
      socket.send(
        JSON.stringify({
          type: 'message',
          text: `${MARK}${us} ${clientId} Is that the cornflower blue one? It glows under the lights!`,
          clientId,
        }),
      );
      await delay(everyMs);
    }
  }

  async function viewer(n: number) {
    const { sends, enters, spins } = rolesOf(n);
    const port = job.ports[n % job.ports.length] ?? 0;
    const token = bulkToken(job.tag, n);
    await sleepUntil(job.startAt + (n / job.viewers) * job.arrivalMs);
    const show = job.showId;
    await call('app page (GET /live)', port, 'GET', '/live', token, { page: true });
    await call('liveevent_v1', port, 'GET', '/api/liveevent_v1?type=show', token);
    await call('checkifrsvpenroll_v1', port, 'GET', `/api/checkifrsvpenroll_v1?eventid=${show}&type=show`, token);
    await call('check in (iamatlive_v1)', port, 'GET', `/api/iamatlive_v1?eventid=${show}&reachby=web`, token);
    const watch = (step: 'start' | 'heartbeat') =>
      call(
        `watch log ${step}`,
        port,
        'GET',
        `/api/userlivelog?eventid=${show}&watch_stream=${step}&reachby=web`,
        token,
      );
    await watch('start');
    const beats = (async () => {
      for (let at = Date.now() + HEARTBEAT_MS; at < job.endAt; at += HEARTBEAT_MS) {
        await sleepUntil(at);
        await watch('heartbeat');
      }
    })();
    const chat = joinChat(n, port, token, sends);
    const giveaway = (async () => {
      if (!enters) return;
      await sleepUntil(job.openAt + viewerRandom(n, 4) ** 2 * job.entryWindowMs);
      const body = { eventid: job.giveawayId, entry_from: 'live' };
      const entered = await call('giveaway entry (giveawaydata_new)', port, 'POST', '/api/giveawaydata_new', token, {
        body,
      });
      if (!spins || !entered.ok) return;
      const id = job.giveawayId;
      await call('spin check (CheckIfGiveawaySpin)', port, 'GET', `/api/CheckIfGiveawaySpin?eventId=${id}`, token);
      await call('spin (spingiveawayinfo)', port, 'POST', '/api/spingiveawayinfo', token, { body: { eventId: id } });
    })();
    await Promise.all([beats, chat, giveaway]);
  }

  const mine = Array.from({ length: job.viewers }, (_, n) => n).filter((n) => n % job.generators === job.generator);
  await Promise.all(mine.map(viewer));
  await sleepUntil(job.endAt);
  const unanswered = sentAt.size;
  if (unwelcomed.size) {
    const join = stepOf('chat join (join → welcome)');
    join.count += unwelcomed.size;
    join.errors += unwelcomed.size;
    join.statuses['not welcomed by the end'] = unwelcomed.size;
  }
  const cpu = process.cpuUsage(cpuStart);
  const report: GeneratorReport = {
    steps,
    cpuMicros: cpu.user + cpu.system,
    framesReceived,
    socketsClosedByServer,
    refused,
    unanswered,
    loopDelayMs: loopDelay && {
      p50: loopDelay.percentile(50) / 1e6,
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
    },
  };
  loopDelay?.disable();
  process.send?.({ kind: 'report', report, accepted } satisfies FromGenerator);

  // Every accepted message, from every generator, against what each checked member received.
  process.once('message', (message: ToGenerator) => {
    if (message.kind !== 'check') return;
    ending = true;
    let expected = 0;
    let delivered = 0;
    const latency: Histogram = {};
    const bySending: Record<string, Histogram> = {};
    // nowUs is the monotonic clock, job.startAt the wall clock's: the offset between them, taken now.
    const wallUsAtZero = Date.now() * 1000 - nowUs();
    for (const member of tracked) {
      for (const { clientId, sentUs } of message.accepted) {
        if (sentUs <= member.welcomeUs || (member.closedUs !== null && sentUs >= member.closedUs)) continue;
        expected += 1;
        const at = member.received.get(clientId);
        if (at === undefined) continue;
        delivered += 1;
        const ms = (at - sentUs) / 1000;
        record(latency, ms);
        const window = Math.floor(((sentUs + wallUsAtZero) / 1000 - job.startAt) / (DELIVERY_WINDOW_S * 1000));
        record((bySending[String(window)] ??= {}), ms);
      }
    }
    for (const socket of sockets) socket.terminate();
    for (const [, agent] of agents) agent.destroy();
    const check: ChatCheck = { expected, delivered, latency, bySending, members: tracked.length };
    process.send?.({ kind: 'checked', check } satisfies FromGenerator, () => process.exit(0));
  });
}

// Forked by the bench (show.bench.ts imports the helpers above too, and is not forked).
if (process.send) {
  process.once('message', (message: ToGenerator) => {
    if (message.kind === 'go') void generate(message.job);
  });
  process.send({ kind: 'ready' } satisfies FromGenerator);
}
