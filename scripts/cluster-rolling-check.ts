// `npm run cluster:rolling-check`: a rolling restart under load fails no request (decision 093).
// Starts `npm run cluster` (3 processes, nginx on port 3400) on a database of its own, puts
// autocannon on nginx (reads and a write), sends the cluster SIGHUP a few seconds in, keeps the load on until a few
// seconds after the restart is done and prints the tally. Exits 1 if any request failed, or if the
// restart had not finished within ROLLING_MAX_SECONDS.
// PostgreSQL and Redis: DATABASE_URL's server (a database gemcast_rolling_<random> is made there
// and dropped after) and REDIS_URL, defaulting to the local ones.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { READY_PATH } from '../src/server/cluster/backend';

const NGINX_PORT = 3400;
const BASE_PORT = 3401;
/** Load before the SIGHUP, and after the restart is done. */
const LEAD_MS = 3_000;
const CONNECTIONS = 10;
const RATE = Number(process.env.ROLLING_RATE || 200);
const TAIL_MS = 5_000;
const PAGE_VIEW = JSON.stringify({ session_id: randomUUID(), path: '/live', title: 'Live' });
const maxSeconds = Number(process.env.ROLLING_MAX_SECONDS || 300);
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const tag = randomBytes(4).toString('hex');
const database = `gemcast_rolling_${tag}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-rolling-'));

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

await admin(`create database ${database}`);
const cluster = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], {
  env: {
    ...process.env,
    PORT: String(NGINX_PORT),
    HOST: '127.0.0.1',
    CLUSTER_BASE_PORT: String(BASE_PORT),
    CLUSTER_PROCESSES: '3',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `rolling-${tag}:`,
    LOG_LEVEL: 'warn',
    // No demo: a restart then takes only the migration check; the page and the API still answer.
    SEED_DEMO: 'false',
    // Every request comes from 127.0.0.1 through nginx: the per-address limits are for the open internet.
    PER_IP_LIMIT_SCALE: '10000',
    ANALYTICS_PER_MINUTE: '1000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const clusterExited = new Promise((resolve) => cluster.once('exit', resolve));
const lines = createInterface({ input: cluster.stdout });
const waiters: { text: string; resolve: () => void }[] = [];
const checkStarted = Date.now();
lines.on('line', (line) => {
  console.log(`${((Date.now() - checkStarted) / 1000).toFixed(1).padStart(6)} s  ${line}`);
  for (const waiter of waiters.filter((w) => line.includes(w.text))) {
    waiters.splice(waiters.indexOf(waiter), 1);
    waiter.resolve();
  }
});
const printed = (text: string) => new Promise<void>((resolve) => waiters.push({ text, resolve }));

let failed = 1;
try {
  await Promise.race([
    printed('Gemcast cluster is ready'),
    clusterExited.then(() => Promise.reject(new Error('the cluster exited before it was ready'))),
  ]);
  let restartedAt: number | null = null;
  const started = Date.now();
  const requestErrors: string[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const load = autocannon(
      {
        url: `http://127.0.0.1:${NGINX_PORT}`,
        connections: CONNECTIONS,
        // A steady rate, not as fast as it can: the check is about failures, and a restarting
        // backend on a busy machine must get the CPU to start.
        overallRate: RATE,
        duration: maxSeconds,
        // Reads a visitor makes at a show's start (the live show, the schedule and the page itself),
        // and a write (a page view is stored), which nginx never sends twice.
        requests: [
          { method: 'GET', path: READY_PATH },
          { method: 'GET', path: '/api/eventlist_v1?type=show' },
          { method: 'GET', path: '/' },
          { method: 'POST', path: '/api/pageview', headers: { 'content-type': 'application/json' }, body: PAGE_VIEW },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    load.on('reqError', (error: Error) => {
      if (requestErrors.length < 5)
        requestErrors.push(`${((Date.now() - checkStarted) / 1000).toFixed(1)} s: ${error.message}`);
    });
    void printed('Rolling restart done').then(() => {
      restartedAt = Date.now();
      setTimeout(() => load.stop(), TAIL_MS);
    });
    setTimeout(() => cluster.kill('SIGHUP'), LEAD_MS);
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}: ${stat.count ?? 0}`)
    .join(', ');
  const ranFor = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\nRolling restart under load: ${result.requests.total} requests in ${ranFor} s through nginx ` +
      `(3 processes, ${CONNECTIONS} connections, ${RATE} requests/s); status codes ${codes}; ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}: ${failures} failed.`,
  );
  for (const line of requestErrors) console.log(`  request error at ${line}`);
  if (restartedAt === null) console.log(`The rolling restart had not finished after ${maxSeconds} s.`);
  else console.log(`The rolling restart took ${((restartedAt - started - LEAD_MS) / 1000).toFixed(1)} s.`);
  // What nginx said of the backends (a failed request is explained here: refused, reset, closed).
  const nginxErrors = existsSync(path.join(dataDir, 'nginx', 'error.log'))
    ? readFileSync(path.join(dataDir, 'nginx', 'error.log'), 'utf8')
        .split('\n')
        .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line))
    : [];
  if (nginxErrors.length) console.log(`nginx logged ${nginxErrors.length} errors; the first:`);
  for (const line of nginxErrors.slice(0, 5)) console.log(`  ${line}`);
  failed = failures > 0 || restartedAt === null ? 1 : 0;
} finally {
  cluster.kill('SIGTERM');
  await clusterExited;
  await admin(`drop database if exists ${database} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed);
