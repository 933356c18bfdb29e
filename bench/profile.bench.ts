// `npm run bench`: requests per second and p99 latency of authenticated GET /api/profile_v1,
// liveevent_v1, checkifrsvpenroll_v1 and contestcounts_v1 (a contest of 24 entries and 2,000
// votes), on SQLite and PostgreSQL when reachable, against a bare Node http server, measured in the same
// run with autocannon (100 connections, 10 s each). Prints the ratios; asserts nothing. Then the
// giveaway-entry surge (bench/giveaway-surge.ts): durable entries by distinct viewers, checked
// against what is stored after the server is killed; then the guess and check-in surges beside it
// (bench/guess-surge.ts); "show live now" for 20,000 RSVPs and subscribers (bench/show-live.bench.ts); last
// the producer console's CPU per open console at 5,000 viewers (bench/console.bench.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { runEntrySurges } from './giveaway-surge';
import { runCheckInSurges, runGuessSurges } from './guess-surge';
import { runConsoleBench } from './console.bench';
import { runShowLiveBench } from './show-live.bench';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const TARGET_RATIO = 0.4;
const SHOW_START_RATIO = 0.5;
/** contestcounts_v1 answers a whole gallery's counts and the caller's own vote and likes (decision 062). */
const CONTEST_COUNTS_RATIO = 0.1;

type Started = { child: ChildProcess; port: number; token?: string; eventId?: number; contestId?: number };

function startServer(script: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const info: { port: number; token?: string; eventId?: number; contestId?: number } = JSON.parse(line);
      resolve({ child, ...info });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(title: string, port: number, path: string, headers: Record<string, string> = {}) {
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  const bad = result.non2xx + result.errors;
  const row = { title, rps: Math.round(result.requests.average), p99: result.latency.p99, bad };
  console.log(
    `${title.padEnd(40)} ${String(row.rps).padStart(8)} req/s   p99 ${String(row.p99).padStart(4)} ms${bad ? `   (${bad} errors or non-2xx!)` : ''}`,
  );
  return row;
}

async function stop(server: Started) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

console.log(
  `Gemcast bench: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per target, on ${process.platform} / Node ${process.version}\n`,
);
const bare = await startServer('bench/servers/bare.ts');
const baseline = await load('bare node:http (constant JSON)', bare.port, '/');
await stop(bare);

const results = [];
const reference = await startServer('bench/servers/fastify-sqlite.ts');
results.push(await load('reference: Fastify + 1 SQLite read', reference.port, '/'));
await stop(reference);

async function gemcastCalls(engine: string, server: Started) {
  const headers = { token: server.token ?? '' };
  results.push(await load(`GET /api/profile_v1 (${engine})`, server.port, '/api/profile_v1', headers));
  results.push(await load(`GET /api/liveevent_v1 (${engine})`, server.port, '/api/liveevent_v1?type=show', headers));
  results.push(
    await load(
      `GET /api/checkifrsvpenroll_v1 (${engine})`,
      server.port,
      `/api/checkifrsvpenroll_v1?eventid=${server.eventId}&type=show`,
      headers,
    ),
  );
  results.push(
    await load(
      `GET /api/contestcounts_v1 (${engine})`,
      server.port,
      `/api/contestcounts_v1?contestid=${server.contestId}`,
      headers,
    ),
  );
}

const sqlite = await startServer('bench/servers/gemcast.ts');
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

console.log(
  '\nRatio to the bare server (targets on SQLite: profile_v1 0.40; liveevent_v1 and checkifrsvpenroll_v1 0.50, p99 < 25 ms; contestcounts_v1 0.10, p99 < 25 ms):',
);
for (const r of results) {
  const ratio = r.rps / baseline.rps;
  const target = r.title.includes('profile_v1')
    ? TARGET_RATIO
    : r.title.includes('contestcounts_v1')
      ? CONTEST_COUNTS_RATIO
      : SHOW_START_RATIO;
  const meets = ratio >= target && (r.title.includes('profile_v1') || r.p99 < 25);
  const verdict =
    r.title.startsWith('GET') && r.title.includes('SQLite') ? (meets ? 'meets target' : 'BELOW TARGET') : '';
  console.log(`  ${r.title.padEnd(40)} ${ratio.toFixed(2)}  ${verdict}`);
}

await runEntrySurges(pgUrl, postgresUp);
await runGuessSurges(pgUrl, postgresUp);
await runCheckInSurges(pgUrl, postgresUp);
await runShowLiveBench(pgUrl, postgresUp);
await runConsoleBench(pgUrl, postgresUp);
