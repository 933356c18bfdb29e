// Giveaway-entry surge: POST /api/giveawaydata_v1 by distinct viewers at 100 connections, a
// fixed number of entries (BENCH_ENTRIES, default 40,000) after a warm-up on another giveaway.
// Prints entries per second and p99, then kills the server without warning (SIGKILL) and counts
// the stored entries straight from the database: every acknowledged (200) entry must be there,
// and nothing else. Targets: at least 4,000 entries/s and p99 under 100 ms on each engine.
// Run alone with `npx tsx bench/giveaway-surge.ts`; `npm run bench` runs it after the reads.
// The same harness runs the guess surge (bench/guess-surge.ts): a `SurgeKind` names the server, the
// call, its body and the table to count.
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openSqlite } from '../src/server/db/sqlite-engine';
import { bulkToken } from '../src/server/testing/bulk-viewers';
import { serverInfo } from './server-info';

const CONNECTIONS = 100;
const TARGET_PER_SECOND = 4_000;
const TARGET_P99_MS = 100;

type SurgeServer = {
  port: number;
  viewers: number;
  warmups: number;
  warmTag: string;
  surgeTag: string;
  sqliteFile?: string;
  pgSchema?: string;
} & Record<string, unknown>;

export type SurgeResult = {
  engine: string;
  perSecond: number;
  p99: number;
  acknowledged: number;
  stored: number;
  failed: number;
};

/** What a surge sends and where its rows are counted. */
export type SurgeKind = {
  /** The bench server to start (prints one JSON line: port, tags, ids, where the data lives). */
  script: string;
  path: string;
  /** 'entries', 'guesses': what the line counts. */
  unit: string;
  /** The server's id of the measured target and of the warm-up one. */
  target: (info: SurgeServer) => number;
  warmup: (info: SurgeServer) => number;
  /** The body of the n-th request against `id`. */
  body: (id: number, n: number) => unknown;
  /** The table and column that hold the target's rows. */
  table: string;
  column: string;
  /** The rate and p99 it must reach; the entry surge's when not given. */
  targets?: { perSecond: number; p99Ms: number };
};

export const ENTRY_SURGE: SurgeKind = {
  script: 'bench/servers/giveaway.ts',
  path: '/api/giveawaydata_v1',
  unit: 'entries',
  target: (info) => Number(info.giveaway),
  warmup: (info) => Number(info.warmupGiveaway),
  body: (eventid) => ({ eventid }),
  table: 'giveaway_entries',
  column: 'giveaway_id',
};

async function launch(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; info: SurgeServer }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, info: await serverInfo<SurgeServer>(child, script) };
}

/** `amount` requests, one per viewer of `tag`, counting the 200s as they are acknowledged. */
async function surge(kind: SurgeKind, port: number, id: number, tag: string, amount: number) {
  let next = 0;
  let acknowledged = 0;
  let firstSentAt = 0;
  let lastAnsweredAt = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${kind.path}`,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next;
          next += 1;
          if (n === 0) firstSentAt = performance.now();
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', token: bulkToken(tag, n) },
            body: JSON.stringify(kind.body(id, n)),
          };
        },
        onResponse: (status) => {
          lastAnsweredAt = performance.now();
          if (status === 200) acknowledged += 1;
        },
      },
    ],
  });
  // autocannon finishes (and reports its duration) only at its next whole-second tick, so 40,000
  // entries in 9.1 s read as 10.03 s: the time from the first request to the last answer is used.
  return { result, acknowledged, sent: next, seconds: (lastAnsweredAt - firstSentAt) / 1000 };
}

async function countStored(kind: SurgeKind, info: SurgeServer, pgUrl: string | undefined): Promise<number> {
  if (info.sqliteFile) {
    // A fresh connection after the kill: what survived is what the WAL holds on disk.
    const db = openSqlite(info.sqliteFile);
    const [row] = db
      .prepare(`select count(*) as n from ${kind.table} where ${kind.column} = ?`)
      .all([kind.target(info)]);
    db.close();
    return typeof row === 'object' && row !== null && 'n' in row ? Number(row.n) : -1;
  }
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from ${info.pgSchema}.${kind.table} where ${kind.column} = $1`,
      [kind.target(info)],
    );
    return Number(rows[0]?.n ?? -1);
  } finally {
    await client.query(`drop schema if exists ${info.pgSchema} cascade`);
    await client.end();
  }
}

/** A read on the same server just before the surge, so a busy machine shows in both numbers. */
async function referenceRead(port: number, token: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/profile_v1`,
    connections: CONNECTIONS,
    duration: 3,
    headers: { token },
  });
  return Math.round(result.requests.average);
}

export async function runSurge(kind: SurgeKind, engine: 'SQLite' | 'PostgreSQL', pgUrl?: string): Promise<SurgeResult> {
  const { child, info } = await launch(kind.script, { BENCH_DATABASE_URL: pgUrl ?? '' });
  await surge(kind, info.port, kind.warmup(info), info.warmTag, info.warmups);
  const reads = await referenceRead(info.port, bulkToken(info.warmTag, 0));
  const { result, acknowledged, sent, seconds } = await surge(
    kind,
    info.port,
    kind.target(info),
    info.surgeTag,
    info.viewers,
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  const stored = await countStored(kind, info, pgUrl);
  const perSecond = Math.round(result['2xx'] / seconds);
  const failed = result.non2xx + result.errors + result.timeouts;
  const targets = kind.targets ?? { perSecond: TARGET_PER_SECOND, p99Ms: TARGET_P99_MS };
  const meets = perSecond >= targets.perSecond && result.latency.p99 < targets.p99Ms;
  const title = `POST ${kind.path} surge (${engine})`;
  console.log(
    `${title.padEnd(44)} ${String(perSecond).padStart(6)} ${kind.unit}/s   p99 ${String(result.latency.p99).padStart(4)} ms   sent ${sent}, acknowledged ${acknowledged}, stored after kill -9 ${stored}` +
      `   ${stored === acknowledged ? 'stored = acknowledged' : 'STORED != ACKNOWLEDGED'}${failed ? `, ${failed} failed` : ''}   ${meets ? 'meets target' : 'BELOW TARGET'}`,
  );
  console.log(
    `${''.padEnd(44)} (GET /api/profile_v1 on the same server just before: ${reads} req/s; ${kind.unit} at ${(perSecond / reads).toFixed(2)} of that)`,
  );
  return { engine, perSecond, p99: result.latency.p99, acknowledged, stored, failed };
}

export async function runEntrySurges(pgUrl: string, postgresUp: boolean): Promise<SurgeResult[]> {
  console.log(
    `\nGiveaway-entry surge: distinct viewers, ${CONNECTIONS} connections, each entry durable before its 200 (targets ≥ ${TARGET_PER_SECOND}/s, p99 < ${TARGET_P99_MS} ms):`,
  );
  const results = [await runSurge(ENTRY_SURGE, 'SQLite')];
  if (postgresUp) results.push(await runSurge(ENTRY_SURGE, 'PostgreSQL', pgUrl));
  else console.log('PostgreSQL not reachable: surge skipped (set BENCH_DATABASE_URL).');
  return results;
}

/** The PostgreSQL a bench run alone uses (BENCH_DATABASE_URL, TEST_DATABASE_URL, else the local one) and whether it answers. */
export async function benchPostgres(): Promise<{ pgUrl: string; postgresUp: boolean }> {
  const pgUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 1000 });
  const postgresUp = await client.connect().then(
    () => client.end().then(() => true),
    () => false,
  );
  return { pgUrl, postgresUp };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { pgUrl, postgresUp } = await benchPostgres();
  await runEntrySurges(pgUrl, postgresUp);
}
