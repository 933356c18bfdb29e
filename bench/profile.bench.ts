// `npm run bench`: authenticated GET /api/profile_v1, liveevent_v1 and checkifrsvpenroll_v1 (the hot
// calls of decision 096) and contestcounts_v1 (a contest of 24 entries and 2,000 votes), on SQLite
// and PostgreSQL when reachable, in the default configuration (LOG_LEVEL=info), against two servers
// measured in the same run with autocannon (100 connections, BENCH_SECONDS each): a bare Node http
// server, and the reference, bare Fastify answering one read from a SQLite file in WAL mode as the
// server keeps its own (decision 115; its in-memory form is measured once too). For each it prints
// req/s, p99 and the server's CPU time per request from /proc (noise on a shared machine moves it
// far less than req/s); the reference is measured again just before each call, and each hot call's ratios
// to that measurement are printed with PASS/FAIL; it asserts nothing.
// Then the giveaway-entry surge (bench/giveaway-surge.ts): durable entries by distinct viewers,
// checked against what is stored after the server is killed; then the guess and check-in surges
// beside it (bench/guess-surge.ts); "show live now" for 20,000 RSVPs and subscribers
// (bench/show-live.bench.ts); last the producer console's CPU per open console at 5,000 viewers
// (bench/console.bench.ts). BENCH_HOT_ONLY=1 stops after the hot calls.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { processCpuUs } from './machine-cpu';
import { postgresReachable } from './postgres-reachable';
import { runEntrySurges } from './giveaway-surge';
import { runCheckInSurges, runGuessSurges } from './guess-surge';
import { runConsoleBench } from './console.bench';
import { runShowLiveBench } from './show-live.bench';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
/** Decision 096: each hot call's req/s against the reference's, per engine, and its CPU efficiency. */
const TARGETS = { SQLite: 0.8, PostgreSQL: 0.6, cpuEfficiency: 0.8 } as const;
const HOT_CALLS = ['profile_v1', 'liveevent_v1', 'checkifrsvpenroll_v1'];

type Started = { child: ChildProcess; port: number; token?: string; eventId?: number; contestId?: number };
type Row = { title: string; engine?: 'SQLite' | 'PostgreSQL'; rps: number; p99: number; cpuUs: number; bad: number };
/** A call's row beside the reference measured just before it on the same machine. */
type Paired = Row & { reference: Row };

function startServer(script: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    // The server's own line names its port; the others are its log (requests made while setting up).
    lines.on('line', (line) => {
      if (!line.startsWith('{"port"')) return;
      const info: { port: number; token?: string; eventId?: number; contestId?: number } = JSON.parse(line);
      // The rest is the server's request log: read and dropped, as a log collector's pipe would.
      lines.close();
      child.stdout!.resume();
      resolve({ child, ...info });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(title: string, server: Started, path: string, headers: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${server.port}${path}`;
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const cpuBefore = processCpuUs(server.child.pid ?? 0);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpuUs = (processCpuUs(server.child.pid ?? 0) - cpuBefore) / Math.max(1, result.requests.total);
  const bad = result.non2xx + result.errors;
  const row: Row = { title, rps: Math.round(result.requests.average), p99: result.latency.p99, cpuUs, bad };
  console.log(
    `${title.padEnd(40)} ${String(row.rps).padStart(8)} req/s   p99 ${String(row.p99).padStart(4)} ms   CPU ${cpuUs.toFixed(1).padStart(6)} µs/req${bad ? `   (${bad} errors or non-2xx!)` : ''}`,
  );
  return row;
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

// The reference runs beside every call, measured just before it: on a shared machine the load moves
// within minutes, so each call is compared with the reference of its own minute.
const referenceServer = await startServer('bench/servers/fastify-sqlite.ts');

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
  for (const [call, path] of Object.entries(paths)) {
    const reference = await load('  reference: Fastify + 1 SQLite file read', referenceServer, '/');
    results.push({ ...(await load(`GET /api/${call} (${engine})`, server, path, headers)), engine, reference });
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

console.log(
  `\nAgainst the reference measured just before each call (bare node:http at the start: ${baseline.rps} req/s, ${baseline.cpuUs.toFixed(1)} µs/req;` +
    ` the reference on an in-memory database at the start: ${memoryReference.rps} req/s, ${memoryReference.cpuUs.toFixed(1)} µs/req).` +
    `\nTargets: req/s ≥ ${TARGETS.SQLite} of it on SQLite and ≥ ${TARGETS.PostgreSQL} on PostgreSQL; CPU efficiency (its µs/req ÷ the call's) ≥ ${TARGETS.cpuEfficiency}:`,
);
console.log(`  ${'call'.padEnd(40)} reference req/s, µs/req   req/s ratio   CPU efficiency`);
for (const r of results) {
  const ratio = r.rps / r.reference.rps;
  const efficiency = r.reference.cpuUs / r.cpuUs;
  const isHot = HOT_CALLS.some((call) => r.title.includes(`/${call} `));
  const target = r.engine ? TARGETS[r.engine] : 0;
  const verdict = !isHot
    ? ''
    : `${ratio >= target ? 'PASS' : 'FAIL'} req/s, ${efficiency >= TARGETS.cpuEfficiency ? 'PASS' : 'FAIL'} CPU`;
  const referenceFigures = `${r.reference.rps}, ${r.reference.cpuUs.toFixed(1)}`;
  console.log(
    `  ${r.title.padEnd(40)} ${referenceFigures.padStart(23)}   ${ratio.toFixed(2).padStart(11)}   ${efficiency.toFixed(2).padStart(14)}   ${verdict}`,
  );
}

if (process.env.BENCH_HOT_ONLY) process.exit(0);
await runEntrySurges(pgUrl, postgresUp);
await runGuessSurges(pgUrl, postgresUp);
await runCheckInSurges(pgUrl, postgresUp);
await runShowLiveBench(pgUrl, postgresUp);
await runConsoleBench(pgUrl, postgresUp);
