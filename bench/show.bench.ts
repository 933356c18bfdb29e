// `npm run bench:show` (decision 094): a show start. BENCH_VIEWERS viewers (default 5,000) arrive over
// BENCH_ARRIVAL_S (default 60 s) and do what the live page does (bench/show-load.ts, in
// LOADGEN_PROCESSES forked processes, default 2, at nice BENCH_GENERATOR_NICE, default 10: decision
// 119): the page, liveevent_v1, checkifrsvpenroll_v1, the check-in, the watch log and its
// heartbeats, the chat (one in ten talking at the room's limit), the giveaway opening half-way
// through the arrivals (eight in ten enter within 30 s) and half of them spinning. Gemcast runs as
// in production (src/server/main.ts) in 1 process on SQLite, 1 process on PostgreSQL + Redis and 3
// processes on PostgreSQL + Redis (no nginx: the generators spread viewers round-robin over the
// ports); BENCH_SETUPS picks among sqlite, pg1, pg2 (2 processes, not run by default) and pg3.
// Prints per step the count, rate, p50/p99 and errors, chat messages lost, the chat delivery p99 of
// each 10 s of the run (by when the message was sent), the servers' CPU and peak RSS, where the
// whole machine's CPU went (machine-cpu.ts, decision 118), and a bare Node server's rate from the
// same run.
// BENCH_FIND_MAX=1 searches each setup's largest V that holds (every p99 < 250 ms, nothing failed,
// nothing lost); BENCH_PROFILE=1 runs the servers with --cpu-prof and prints where their main
// threads' time went, summed over the processes; BENCH_PG_WAITS=1 samples what each PostgreSQL
// setup's backends wait for (pg-waits.ts);
// BENCH_LOOP_DELAY=1 has each load generator sample its own event-loop delay (which costs the
// server some of the shared cores: off by default); BENCH_KEEP_DATA=1 keeps each run's data
// directory with the servers' logs.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { printProfile } from './cpu-profile';
import { describeMachine, machineCpu, processCpuMs, type MachineCpu } from './machine-cpu';
import { samplePgWaits, type PgWaitSampler } from './pg-waits';
import type { ShowSeed } from './servers/show-seed';
import {
  DELIVERY_WINDOW_S,
  mergeInto,
  nowUs,
  percentile,
  type ChatCheck,
  type FromGenerator,
  type GeneratorReport,
  type Histogram,
  type LoadJob,
  type SentMessage,
  type StepReport,
  type ToGenerator,
} from './show-load';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5_000);
const ARRIVAL_S = Number(process.env.BENCH_ARRIVAL_S ?? 60);
/** When the giveaway opens, counted from the first arrival: half-way through the arrivals unless set. */
const OPEN_AT_S = Number(process.env.BENCH_GIVEAWAY_AT_S ?? ARRIVAL_S / 2);
const ENTRY_WINDOW_S = Number(process.env.BENCH_ENTRY_S ?? 30);
/** Viewers stay this long after the last arrival or entry, heartbeats and chat going on. */
const HOLD_S = Number(process.env.BENCH_HOLD_S ?? 10);
/** Senders stop this long before the end, so every message has time to arrive. */
const DRAIN_MS = 5_000;
const GENERATORS = Number(process.env.LOADGEN_PROCESSES ?? 2);
/**
 * The generators' niceness (decision 119): they stand for thousands of viewers' own devices, so when
 * they and the servers both wait for a core, the servers (and PostgreSQL, left at 0) go first.
 */
const GENERATOR_NICE = Number(process.env.BENCH_GENERATOR_NICE ?? 10);
const SOCKETS_PER_PORT = Number(process.env.BENCH_SOCKETS_PER_PORT ?? 64);
const CHAT_SAMPLE = Number(process.env.BENCH_CHAT_SAMPLE ?? 0.1);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3500);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * A logical database of the shared Redis of our own, for the rate limiter's keys. Pub/sub ignores the
 * logical database: the seed's high ids keep our chat rooms and viewers apart there (show-seed.ts).
 */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
/** The production default: the request log's cost is part of what a viewer's call costs. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const TARGET_P99_MS = 250;
const BARE_SECONDS = 5;

type Setup = { key: string; name: string; engine: 'sqlite' | 'postgres'; processes: number };
/** `pg2` is not run by default: one process per core of a 2-core machine, beside the issue's 3 (decision 118). */
const ALL_SETUPS: Setup[] = [
  { key: 'sqlite', name: '1 process, SQLite', engine: 'sqlite', processes: 1 },
  { key: 'pg1', name: '1 process, PostgreSQL + Redis', engine: 'postgres', processes: 1 },
  { key: 'pg2', name: '2 processes, PostgreSQL + Redis', engine: 'postgres', processes: 2 },
  { key: 'pg3', name: '3 processes, PostgreSQL + Redis', engine: 'postgres', processes: 3 },
];
const chosen = (process.env.BENCH_SETUPS ?? 'sqlite,pg1,pg3').split(',');
const SETUPS = ALL_SETUPS.filter((setup) => chosen.includes(setup.key));

type Row = { step: string; count: number; perSecond: number; p50: number; p99: number; errors: number; note: string };
/** The servers' CPU and wait for a CPU over the run, per process, and the machine's 1-minute load before → after. */
type Usage = { cpuMs: number[]; waitedMs: number[]; load: string; machine: [MachineCpu, MachineCpu] };
type RunResult = {
  setup: Setup;
  viewers: number;
  rows: Row[];
  lost: number;
  holds: boolean;
  failures: string[];
};

/** Every process this run started, ended with it even when it fails. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

function firstJsonLine<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

/** The same-run yardstick: bench/servers/bare.ts under autocannon (100 connections). */
async function bareFigure(): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/bare.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const { port } = await firstJsonLine<{ port: number }>(child, 'the bare server');
  const url = `http://127.0.0.1:${port}/`;
  await autocannon({ url, connections: 100, duration: 1 });
  const result = await autocannon({ url, connections: 100, duration: BARE_SECONDS });
  await stop(child);
  return Math.round(result.requests.average);
}

/** How long the process's main thread (the event loop) waited for a CPU while runnable, in ms: the machine's contention. */
function waitedMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1] ?? 0) / 1e6;
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

let sourcePage: string | null = null;
process.on('exit', () => sourcePage && rmSync(sourcePage, { recursive: true, force: true }));

/** The built web app if there is one, else the source page (the server fills in the same early answers). */
function webDir(): string {
  if (process.env.WEB_DIR) return process.env.WEB_DIR;
  if (existsSync('dist/web/index.html')) return path.resolve('dist/web');
  if (!sourcePage) {
    sourcePage = mkdtempSync(path.join(tmpdir(), 'gemcast-show-web-'));
    copyFileSync('index.html', path.join(sourcePage, 'index.html'));
  }
  return sourcePage;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitUp(port: number, server: ChildProcess) {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    if (server.exitCode !== null) throw new Error(`a server exited with ${server.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/siteconfig`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await sleep(250);
  }
  throw new Error(`the server on ${port} did not come up`);
}

/**
 * A few rounds of the viewer's reads and a chat join as the staff member, on each server: a show
 * starts on servers that have been up a while, not on code that has never run.
 */
async function warmUp(port: number, seed: ShowSeed) {
  const base = `http://127.0.0.1:${port}`;
  const headers = { token: seed.staffToken };
  for (let round = 0; round < 20; round++) {
    await Promise.all([
      fetch(`${base}/live`, { headers: { 'accept-encoding': 'gzip, br' } }).then((r) => r.arrayBuffer()),
      fetch(`${base}/api/liveevent_v1?type=show`, { headers }).then((r) => r.arrayBuffer()),
      fetch(`${base}/api/checkifrsvpenroll_v1?eventid=${seed.showId}&type=show`, { headers }).then((r) =>
        r.arrayBuffer(),
      ),
      fetch(`${base}/api/profile_v1`, { headers }).then((r) => r.arrayBuffer()),
    ]);
  }
  const answer = await fetch(`${base}/api/weavy/token`, { headers }).then((r) => r.json());
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/chat/ws`);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () =>
      socket.send(JSON.stringify({ type: 'join', token: answer.data[0].token, room: seed.showId })),
    );
    socket.once('message', () => resolve());
  });
  socket.terminate();
}

function startGenerator(): Promise<ChildProcess> {
  const child = fork('bench/show-load.ts', [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  children.add(child);
  if (GENERATOR_NICE && child.pid) setPriority(child.pid, GENERATOR_NICE);
  return new Promise((resolve, reject) => {
    child.once('message', (message: FromGenerator) => (message.kind === 'ready' ? resolve(child) : reject()));
    child.once('exit', (code) => reject(new Error(`a load generator exited with ${code}`)));
  });
}

function nextMessage(child: ChildProcess): Promise<FromGenerator> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a load generator exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (message: FromGenerator) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

async function runShow(setup: Setup, viewers: number, profile: boolean): Promise<RunResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-show-bench-'));
  const database = setup.engine === 'postgres' ? `gemcast_showbench_${randomBytes(4).toString('hex')}` : null;
  const databaseUrl = database ? PG_ADMIN_URL.replace(/\/[^/]*$/, `/${database}`) : null;
  if (database) await admin(`create database ${database}`);
  const profileDir = profile ? path.join(dataDir, 'profile') : null;
  const servers: ChildProcess[] = [];
  const generators: ChildProcess[] = [];
  const window = { fromUs: 0, toUs: 0 };
  try {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, REDIS_URL: REDIS_URL } : { DATABASE_URL: '', REDIS_URL: '' }),
    };
    const seeder = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/show-seed.ts'], {
      env: { ...env, BENCH_VIEWERS: String(viewers) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(seeder);
    const seed = await firstJsonLine<ShowSeed>(seeder, 'the seed');
    await new Promise((resolve) => (seeder.exitCode === null ? seeder.once('exit', resolve) : resolve(null)));
    children.delete(seeder);

    const ports = Array.from({ length: setup.processes }, (_, i) => PORT_BASE + 1 + i);
    const serverEnv = {
      ...env,
      HOST: '127.0.0.1',
      LOG_LEVEL,
      SEED_DEMO: 'false',
      // Every process signs and checks chat tokens with the same key, as behind a load balancer.
      APP_SECRET: randomBytes(32).toString('hex'),
      // Every synthetic viewer comes from 127.0.0.1: the cap on chat sockets per address (decision 053) is lifted.
      CHAT_SOCKETS_PER_IP: '1000000',
      WEB_DIR: webDir(),
    };
    for (const [i, port] of ports.entries()) {
      const log = openSync(path.join(dataDir, `server-${i}.log`), 'a');
      const server = spawn(
        process.execPath,
        [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), '--import', 'tsx', 'src/server/main.ts'],
        { env: { ...serverEnv, PORT: String(port) }, stdio: ['ignore', log, 'inherit'] },
      );
      children.add(server);
      servers.push(server);
    }
    await Promise.all(ports.map((port, i) => waitUp(port, servers[i]!)));
    for (const port of ports) await warmUp(port, seed);
    generators.push(...(await Promise.all(Array.from({ length: GENERATORS }, startGenerator))));

    const startAt = Date.now() + 1_500;
    const openAt = startAt + OPEN_AT_S * 1000;
    const endAt = Math.max(startAt + ARRIVAL_S * 1000, openAt + ENTRY_WINDOW_S * 1000) + HOLD_S * 1000;
    // The producer moves the show on air as the first viewers arrive (the server announces it within
    // its 15 s pass and mails the RSVPs meanwhile, as at a real show start) and the giveaway to a
    // known moment of it.
    const schedule = async (what: string, start: number) => {
      const answer = await fetch(`http://127.0.0.1:${ports[0]}/api/staff/${what}`, {
        method: 'POST',
        headers: { token: seed.staffToken, 'content-type': 'application/json' },
        body: JSON.stringify({
          cust_start: new Date(start).toISOString(),
          cust_end: new Date(start + 3 * 60 * 60_000).toISOString(),
        }),
      });
      if (!answer.ok) throw new Error(`scheduling ${what} answered ${answer.status}: ${await answer.text()}`);
    };
    await schedule(`events/${seed.showId}`, startAt);
    await schedule(`giveaways/${seed.giveawayId}`, openAt);
    for (const [generator, child] of generators.entries()) {
      const job: LoadJob = {
        generator,
        generators: GENERATORS,
        ports,
        viewers,
        tag: seed.tag,
        showId: seed.showId,
        giveawayId: seed.giveawayId,
        slowModeSeconds: seed.slowModeSeconds,
        socketsPerPort: SOCKETS_PER_PORT,
        chatSample: CHAT_SAMPLE,
        startAt,
        arrivalMs: ARRIVAL_S * 1000,
        openAt,
        entryWindowMs: ENTRY_WINDOW_S * 1000,
        sendUntil: endAt - DRAIN_MS,
        endAt,
      };
      child.send({ kind: 'go', job } satisfies ToGenerator);
    }
    const reports = generators.map(nextMessage);
    await sleep(startAt - Date.now());
    window.fromUs = nowUs();
    const pgWaits: PgWaitSampler | null =
      database && process.env.BENCH_PG_WAITS === '1' ? await samplePgWaits(PG_ADMIN_URL, database) : null;
    const pids = servers.map((server) => server.pid ?? 0);
    const cpuBefore = pids.map(processCpuMs);
    const waitedBefore = pids.map(waitedMs);
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    const machineBefore = machineCpu();
    const rssPeak = pids.map(rssKb);
    const sampler = setInterval(
      () => pids.forEach((pid, i) => (rssPeak[i] = Math.max(rssPeak[i] ?? 0, rssKb(pid)))),
      500,
    );
    const collected = await Promise.all(reports);
    window.toUs = nowUs();
    const waits = (await pgWaits?.stop()) ?? [];
    const machineAfter = machineCpu();
    const runSeconds = (Math.max(Date.now(), endAt) - startAt) / 1000;
    const usage: Usage = {
      machine: [machineBefore, machineAfter],
      cpuMs: pids.map((pid, i) => processCpuMs(pid) - (cpuBefore[i] ?? 0)),
      waitedMs: pids.map((pid, i) => waitedMs(pid) - (waitedBefore[i] ?? 0)),
      load: `${loadBefore} → ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
    };
    clearInterval(sampler);

    const generatorReports: GeneratorReport[] = [];
    const accepted: SentMessage[] = [];
    for (const message of collected) {
      if (message.kind !== 'report') throw new Error('a load generator did not report');
      generatorReports.push(message.report);
      accepted.push(...message.accepted);
    }
    const checks = generators.map(nextMessage);
    for (const child of generators) child.send({ kind: 'check', accepted } satisfies ToGenerator);
    const chat: ChatCheck[] = [];
    for (const message of await Promise.all(checks)) if (message.kind === 'checked') chat.push(message.check);

    const result = report(setup, viewers, runSeconds, generatorReports, chat, accepted.length, usage, rssPeak);
    for (const line of waits) console.log(line);
    return result;
  } finally {
    // The servers write their profiles as they exit.
    await Promise.all([...generators, ...servers].map(stop));
    if (database) await admin(`drop database if exists ${database} with (force)`);
    if (profileDir) printProfile(profileDir, window.fromUs, window.toUs);
    if (process.env.BENCH_KEEP_DATA === '1')
      console.log(`  kept: ${dataDir} (the servers' logs, one request line each)`);
    else if (!profileDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  setup: Setup,
  viewers: number,
  runSeconds: number,
  generators: GeneratorReport[],
  chat: ChatCheck[],
  messages: number,
  usage: Usage,
  rssPeak: number[],
): RunResult {
  const cpuUsed = usage.cpuMs;
  const steps = new Map<string, StepReport>();
  for (const g of generators)
    for (const [name, step] of Object.entries(g.steps)) {
      const into = steps.get(name) ?? { count: 0, errors: 0, statuses: {}, latency: {} };
      into.count += step.count;
      into.errors += step.errors;
      for (const [status, n] of Object.entries(step.statuses)) into.statuses[status] = (into.statuses[status] ?? 0) + n;
      mergeInto(into.latency, step.latency);
      steps.set(name, into);
    }
  const rows: Row[] = [...steps].map(([step, s]) => ({
    step,
    count: s.count,
    perSecond: s.count / runSeconds,
    p50: percentile(s.latency, 50),
    p99: percentile(s.latency, 99),
    errors: s.errors,
    note: s.errors
      ? Object.entries(s.statuses)
          .filter(([status]) => !/^2\d\d$/.test(status))
          .map(([status, n]) => `${status} × ${n}`)
          .join(', ')
      : '',
  }));
  const delivery: Histogram = {};
  for (const c of chat) mergeInto(delivery, c.latency);
  const expected = chat.reduce((n, c) => n + c.expected, 0);
  const delivered = chat.reduce((n, c) => n + c.delivered, 0);
  const members = chat.reduce((n, c) => n + c.members, 0);
  const lost = expected - delivered;
  rows.push({
    step: 'chat delivery (send → member)',
    count: delivered,
    perSecond: delivered / runSeconds,
    p50: percentile(delivery, 50),
    p99: percentile(delivery, 99),
    errors: lost,
    note: `${messages} messages; ${lost} of ${expected} deliveries to ${members} checked members lost`,
  });
  const refused: Record<string, number> = {};
  const closed: Record<string, number> = {};
  for (const g of generators) {
    for (const [code, n] of Object.entries(g.refused)) refused[code] = (refused[code] ?? 0) + n;
    for (const [code, n] of Object.entries(g.socketsClosedByServer)) closed[code] = (closed[code] ?? 0) + n;
  }
  const unanswered = generators.reduce((n, g) => n + g.unanswered, 0);

  const httpRequests = rows
    .filter((r) => !r.step.startsWith('chat delivery') && !r.step.startsWith('chat join'))
    .reduce((n, r) => n + r.count, 0);
  const serverCpu = cpuUsed.reduce((a, b) => a + b, 0);
  const generatorCpu = generators.reduce((n, g) => n + g.cpuMicros, 0) / 1000;
  const frames = generators.reduce((n, g) => n + g.framesReceived, 0);
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([code, n]) => `${code} × ${n}`)
      .join(', ') || 'none';

  console.log(
    `\n${setup.name}: ${viewers} viewers over ${ARRIVAL_S} s, giveaway opening at ${OPEN_AT_S} s, ${runSeconds.toFixed(1)} s in all`,
  );
  console.log(
    `  ${'step'.padEnd(36)} ${'count'.padStart(7)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const r of rows)
    console.log(
      `  ${r.step.padEnd(36)} ${String(r.count).padStart(7)} ${r.perSecond.toFixed(1).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}${r.note ? `  (${r.note})` : ''}`,
    );
  // When the chat tail came: a tail from the giveaway's opening tells another story than one all along.
  const windows = new Map<number, Histogram>();
  for (const c of chat)
    for (const [window, histogram] of Object.entries(c.bySending)) {
      const into = windows.get(Number(window)) ?? {};
      mergeInto(into, histogram);
      windows.set(Number(window), into);
    }
  const byWindow = [...windows]
    .sort(([a], [b]) => a - b)
    .map(([w, h]) => `${w * DELIVERY_WINDOW_S}–${(w + 1) * DELIVERY_WINDOW_S} s ${percentile(h, 99).toFixed(0)}`);
  console.log(`  chat delivery p99 (ms) by when the message was sent, from the first arrival: ${byWindow.join(' · ')}`);
  const perProcess = cpuUsed.map((ms, i) => `${(ms / 1000).toFixed(1)} s / ${Math.round((rssPeak[i] ?? 0) / 1024)} MB`);
  console.log(
    `  server: CPU ${(serverCpu / 1000).toFixed(1)} s over ${runSeconds.toFixed(1)} s (${((serverCpu / 1000 / runSeconds) * 100).toFixed(0)}% of a core), ` +
      `${(serverCpu / Math.max(1, httpRequests)).toFixed(2)} ms CPU per HTTP request (chat included); per process CPU / peak RSS: ${perProcess.join(', ')}`,
  );
  const waited = usage.waitedMs.reduce((a, b) => a + b, 0);
  console.log(
    `  machine: load average ${usage.load}; the servers' event loops waited ${(waited / 1000).toFixed(1)} s for a CPU while runnable (other processes on the machine)`,
  );
  console.log(describeMachine(...usage.machine, runSeconds, serverCpu, generatorCpu));
  console.log(
    `  load generators (${generators.length}): CPU ${(generatorCpu / 1000).toFixed(1)} s (${((generatorCpu / 1000 / runSeconds) * 100).toFixed(0)}% of a core); ` +
      `chat frames received ${frames}; messages refused: ${list(refused)}; unanswered: ${unanswered}; sockets closed by the server: ${list(closed)}`,
  );
  // What the generators' own loops add to a delivery's (and a response's) measured time (BENCH_LOOP_DELAY=1).
  const delays = generators.flatMap((g) => (g.loopDelayMs ? [g.loopDelayMs] : []));
  if (delays.length)
    console.log(
      `  load generators' event-loop delay (p50 / p99 / max ms): ${delays
        .map((d) => `${d.p50.toFixed(0)} / ${d.p99.toFixed(0)} / ${d.max.toFixed(0)}`)
        .join(', ')}`,
    );
  const failures = [
    ...rows.filter((r) => r.p99 >= TARGET_P99_MS).map((r) => `${r.step} p99 ${r.p99.toFixed(0)} ms`),
    ...rows
      .filter((r) => r.errors > 0)
      .map((r) => `${r.step} ${r.errors} ${r.step.startsWith('chat delivery') ? 'lost' : 'errors'}`),
    ...(Object.keys(refused).length || unanswered ? [`chat: ${list(refused)} refused, ${unanswered} unanswered`] : []),
    ...(Object.keys(closed).length ? [`sockets closed by the server: ${list(closed)}`] : []),
  ];
  const holds = failures.length === 0;
  console.log(
    `  ${holds ? `holds: every step p99 < ${TARGET_P99_MS} ms, no errors, nothing lost` : `DOES NOT HOLD: ${failures.join('; ')}`}`,
  );
  return { setup, viewers, rows, lost, holds, failures };
}

/** The largest V that holds: doubling from BENCH_VIEWERS until it fails, then halving the gap to within 15%. */
async function findMax(setup: Setup): Promise<number> {
  let holds = 0;
  let fails = Infinity;
  let v = VIEWERS;
  const cap = Number(process.env.BENCH_MAX_VIEWERS ?? 40_000);
  while (fails / Math.max(holds, 1) > 1.15 && v <= cap) {
    const result = await runShow(setup, v, false);
    if (result.holds) holds = v;
    else fails = v;
    v = fails === Infinity ? v * 2 : holds === 0 ? Math.round(v / 2) : Math.round((holds + fails) / 2 / 100) * 100;
    if (v < 100) break;
  }
  console.log(`\n${setup.name}: holds ${holds} viewers${fails === Infinity ? ` (the most tried)` : `, not ${fails}`}`);
  return holds;
}

console.log(
  `Gemcast show-start bench on ${process.platform} / Node ${process.version}, ${GENERATORS} load-generator processes (nice ${GENERATOR_NICE}) × ${SOCKETS_PER_PORT} sockets per server port; chat checked on ${CHAT_SAMPLE * 100}% of members and every sender`,
);
console.log(
  'Several processes: no nginx in front; each viewer’s calls go to one port and its chat socket to the next, round-robin.',
);
const bare = await bareFigure();
console.log(
  `Bare node:http server (bench/servers/bare.ts), same run: ${bare} req/s (autocannon, 100 connections, ${BARE_SECONDS} s)`,
);

if (process.env.BENCH_FIND_MAX === '1') {
  const found: string[] = [];
  for (const setup of SETUPS) found.push(`${setup.name}: ${await findMax(setup)}`);
  console.log(`\nLargest V that holds here: ${found.join('; ')} (bare server ${bare} req/s)`);
  if (SETUPS.some((s) => s.engine === 'sqlite') && process.env.BENCH_PROFILE === '1') {
    const sqliteMax = Number(found[0]?.split(': ')[1] ?? VIEWERS);
    console.log(`\nProfile of the 1-process SQLite server at ${sqliteMax} viewers:`);
    await runShow(ALL_SETUPS[0]!, sqliteMax, true);
  }
} else {
  for (const setup of SETUPS) await runShow(setup, VIEWERS, process.env.BENCH_PROFILE === '1');
  console.log(`\nBare node:http server, same run: ${bare} req/s`);
}
process.exit(0);
