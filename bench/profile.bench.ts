// `npm run bench`: authenticated GET /api/profile_v1, liveevent_v1 and checkifrsvpenroll_v1 (the hot
// calls of decision 096) and contestcounts_v1 (a contest of 24 entries and 2,000 votes, polled by its
// 2,000 voters in turn, each with their own likes and vote, as a contest page is), on SQLite
// and PostgreSQL when reachable, in the default configuration (LOG_LEVEL=info), against two servers
// measured in the same run with autocannon (100 connections, BENCH_SECONDS each): a bare Node http
// server, and the reference, bare Fastify answering one read from a SQLite file in WAL mode as the
// server keeps its own (decision 115; its in-memory form is measured once too). For each it prints
// req/s, p99 and the server's CPU time per request from /proc (noise on a shared machine moves it
// far less than req/s). Each call and the reference are measured in turn, in slices of SLICE_S seconds
// (decision 122): on a shared machine the load drifts within a minute, and slices in turn put the
// same drift on both. Each hot call's ratios to the reference of its own slices are printed with
// PASS/FAIL; it asserts nothing.
// Then the giveaway-entry surge (bench/giveaway-surge.ts): durable entries by distinct viewers,
// checked against what is stored after the server is killed; then the guess and check-in surges
// beside it (bench/guess-surge.ts); "show live now" for 20,000 RSVPs and subscribers
// (bench/show-live.bench.ts); last the producer console's CPU per open console at 5,000 viewers
// (bench/console.bench.ts). BENCH_HOT_ONLY=1 stops after the hot calls.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { bulkToken } from '../src/server/testing/bulk-viewers';
import { processCpuUs } from './machine-cpu';
import { serverInfo } from './server-info';
import { postgresReachable } from './postgres-reachable';
import { runEntrySurges } from './giveaway-surge';
import { runCheckInSurges, runGuessSurges } from './guess-surge';
import { runConsoleBench } from './console.bench';
import { runShowLiveBench } from './show-live.bench';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** A hot call and the reference take turns in slices this long, DURATION_S seconds each in all (decision 122). */
const SLICE_S = 2;
const CONNECTIONS = 100;
/** Decision 096: each hot call's req/s against the reference's, per engine, and its CPU efficiency. */
const TARGETS = { SQLite: 0.8, PostgreSQL: 0.6, cpuEfficiency: 0.8 } as const;
const HOT_CALLS = ['profile_v1', 'liveevent_v1', 'checkifrsvpenroll_v1'];

/** Bulk viewers of a server (`insertViewers`), by their tag and how many. */
type Pollers = { tag: string; count: number };
type Started = {
  child: ChildProcess;
  port: number;
  token?: string;
  eventId?: number;
  contestId?: number;
  pollers?: Pollers;
};
type Row = { title: string; engine?: 'SQLite' | 'PostgreSQL'; rps: number; p99: number; cpuUs: number; bad: number };
/** A call's row beside the reference and the per-turn reference measured in turn with it. */
type Paired = Row & { reference: Row; perTurnReference: Row };

async function startServer(script: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, ...(await serverInfo<Omit<Started, 'child'>>(child, script)) };
}

/** One target under load: its address, and what a slice of it measured so far. */
type Target = {
  title: string;
  server: Started;
  url: string;
  headers: Record<string, string>;
  /** A call polled by many viewers: each request is the next bulk viewer's (decision 126). */
  pollers?: Pollers;
};
type Tally = { requests: number; seconds: number; cpuUs: number; bad: number; p99s: number[] };

function targetOf(title: string, server: Started, path: string, headers: Record<string, string> = {}): Target {
  return { title, server, url: `http://127.0.0.1:${server.port}${path}`, headers };
}

/** autocannon's options for what a target's requests carry: its headers, or each poller's token in turn. */
function requestsOf(target: Target): Pick<autocannon.Options, 'headers' | 'requests'> {
  const pollers = target.pollers;
  if (!pollers) return { headers: target.headers };
  let next = 0;
  const asNext = (request: autocannon.Request) => ({
    ...request,
    headers: { ...request.headers, token: bulkToken(pollers.tag, next++ % pollers.count) },
  });
  return { requests: [{ setupRequest: asNext }] };
}

async function warm(target: Target) {
  await autocannon({ url: target.url, connections: CONNECTIONS, duration: 2, ...requestsOf(target) });
}

async function slice(target: Target, seconds: number, tally: Tally) {
  const pid = target.server.child.pid ?? 0;
  const cpuBefore = processCpuUs(pid);
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    ...requestsOf(target),
  });
  tally.cpuUs += processCpuUs(pid) - cpuBefore;
  tally.requests += result.requests.total;
  tally.seconds += seconds;
  tally.bad += result.non2xx + result.errors;
  tally.p99s.push(result.latency.p99);
}

const emptyTally = (): Tally => ({ requests: 0, seconds: 0, cpuUs: 0, bad: 0, p99s: [] });

function rowOf(title: string, tally: Tally): Row {
  const p99s = [...tally.p99s].sort((a, b) => a - b);
  return {
    title,
    rps: Math.round(tally.requests / tally.seconds),
    p99: p99s[Math.floor(p99s.length / 2)] ?? 0,
    cpuUs: tally.cpuUs / Math.max(1, tally.requests),
    bad: tally.bad,
  };
}

function printRow(row: Row): void {
  console.log(
    `${row.title.padEnd(40)} ${String(row.rps).padStart(8)} req/s   p99 ${String(row.p99).padStart(4)} ms   CPU ${row.cpuUs.toFixed(1).padStart(6)} µs/req${row.bad ? `   (${row.bad} errors or non-2xx!)` : ''}`,
  );
}

/** One target alone, for DURATION_S seconds after a warm-up. */
async function load(title: string, server: Started, path: string) {
  const target = targetOf(title, server, path);
  await warm(target);
  const tally = emptyTally();
  await slice(target, DURATION_S, tally);
  const row = rowOf(title, tally);
  printRow(row);
  return row;
}

/**
 * Targets in turn, SLICE_S seconds at a time, DURATION_S seconds each in all; the order turns each
 * round. Each row's p99 is the median of its slices'.
 */
async function loadInTurn(targets: Target[]): Promise<Row[]> {
  for (const target of targets) await warm(target);
  const tallies = targets.map(emptyTally);
  const rounds = Math.max(1, Math.round(DURATION_S / SLICE_S));
  for (let round = 0; round < rounds; round += 1)
    for (let k = 0; k < targets.length; k += 1) {
      const i = (round + k) % targets.length;
      await slice(targets[i]!, SLICE_S, tallies[i]!);
    }
  return targets.map((target, i) => rowOf(target.title, tallies[i]!));
}

async function stop(server: Started) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

console.log(
  `Gemcast bench: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per target, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}, on ${process.platform} / Node ${process.version}\n`,
);
const bare = await startServer('bench/servers/bare.ts');
const baseline = await load('bare node:http (constant JSON)', bare, '/');
await stop(bare);
// The reference as it was before decision 115, for comparison only: its read takes no file locks.
const memoryReferenceServer = await startServer('bench/servers/fastify-sqlite.ts', { REFERENCE_STORAGE: 'memory' });
const memoryReference = await load('Fastify + 1 in-memory SQLite read', memoryReferenceServer, '/');
await stop(memoryReferenceServer);

// The reference runs beside every call, measured in turn with it: on a shared machine the load moves
// within a minute, so each call is compared with the reference of its own seconds.
const referenceServer = await startServer('bench/servers/fastify-sqlite.ts');
// Like for like, printed beside the ratios and judged by nothing: the same reference with Gemcast's
// per-turn writes (decision 121), which spare a reader on this machine a wake-up per answer.
const perTurnReferenceServer = await startServer('bench/servers/fastify-sqlite.ts', { REFERENCE_WRITES: 'per-turn' });

const results: Paired[] = [];
async function gemcastCalls(engine: 'SQLite' | 'PostgreSQL', server: Started) {
  const headers = { token: server.token ?? '' };
  const paths = {
    profile_v1: '/api/profile_v1',
    liveevent_v1: '/api/liveevent_v1?type=show',
    checkifrsvpenroll_v1: `/api/checkifrsvpenroll_v1?eventid=${server.eventId}&type=show`,
    contestcounts_v1: `/api/contestcounts_v1?contestid=${server.contestId}`,
  };
  // Every call once before any is measured: the first one measured had paid for the server's start
  // (JIT, and collecting what setting up the bench data left behind).
  for (const path of Object.values(paths))
    await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, connections: CONNECTIONS, duration: 2, headers });
  const reference = targetOf('  reference: Fastify + 1 SQLite file read', referenceServer, '/');
  const perTurnReference = targetOf('  the reference, written per turn', perTurnReferenceServer, '/');
  for (const [call, path] of Object.entries(paths)) {
    const target = targetOf(`GET /api/${call} (${engine})`, server, path, headers);
    // A contest page is polled by every viewer on it, each with their own likes and vote.
    if (call === 'contestcounts_v1' && server.pollers) target.pollers = server.pollers;
    const [referenceRow, perTurnRow, row] = await loadInTurn([reference, perTurnReference, target]);
    // The call first, then the two references of its own slices beneath it.
    for (const printed of [row, referenceRow, perTurnRow]) printRow(printed!);
    results.push({ ...row!, engine, reference: referenceRow!, perTurnReference: perTurnRow! });
  }
}

// BENCH_DATABASE_URL may be set for the PostgreSQL half: the SQLite server is told to ignore it.
const sqlite = await startServer('bench/servers/gemcast.ts', { BENCH_DATABASE_URL: '' });
await gemcastCalls('SQLite', sqlite);
await stop(sqlite);

const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresUp = await postgresReachable(pgUrl);
if (postgresUp) {
  const postgres = await startServer('bench/servers/gemcast.ts', { BENCH_DATABASE_URL: pgUrl });
  await gemcastCalls('PostgreSQL', postgres);
  await stop(postgres);
} else {
  console.log('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL).');
}

await stop(referenceServer);
await stop(perTurnReferenceServer);

console.log(
  `\nAgainst the reference measured in turn with each call, in ${SLICE_S}-second slices (bare node:http at the start: ${baseline.rps} req/s, ${baseline.cpuUs.toFixed(1)} µs/req;` +
    ` the reference on an in-memory database at the start: ${memoryReference.rps} req/s, ${memoryReference.cpuUs.toFixed(1)} µs/req).` +
    `\nTargets: req/s ≥ ${TARGETS.SQLite} of it on SQLite and ≥ ${TARGETS.PostgreSQL} on PostgreSQL; CPU efficiency (its µs/req ÷ the call's) ≥ ${TARGETS.cpuEfficiency}.` +
    `\nLike for like (not judged): the CPU efficiency against the reference written per turn, as Gemcast writes.`,
);
console.log(`  ${'call'.padEnd(40)} reference req/s, µs/req   req/s ratio   CPU efficiency   like for like`);
for (const r of results) {
  const ratio = r.rps / r.reference.rps;
  const efficiency = r.reference.cpuUs / r.cpuUs;
  const likeForLike = r.perTurnReference.cpuUs / r.cpuUs;
  const isHot = HOT_CALLS.some((call) => r.title.includes(`/${call} `));
  const target = r.engine ? TARGETS[r.engine] : 0;
  const verdict = !isHot
    ? ''
    : `${ratio >= target ? 'PASS' : 'FAIL'} req/s, ${efficiency >= TARGETS.cpuEfficiency ? 'PASS' : 'FAIL'} CPU`;
  const referenceFigures = `${r.reference.rps}, ${r.reference.cpuUs.toFixed(1)}`;
  console.log(
    `  ${r.title.padEnd(40)} ${referenceFigures.padStart(23)}   ${ratio.toFixed(2).padStart(11)}   ${efficiency.toFixed(2).padStart(14)}   ${likeForLike.toFixed(2).padStart(13)}   ${verdict}`,
  );
}

if (process.env.BENCH_HOT_ONLY) process.exit(0);
await runEntrySurges(pgUrl, postgresUp);
await runGuessSurges(pgUrl, postgresUp);
await runCheckInSurges(pgUrl, postgresUp);
await runShowLiveBench(pgUrl, postgresUp);
await runConsoleBench(pgUrl, postgresUp);
