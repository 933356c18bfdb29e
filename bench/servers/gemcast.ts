// Gemcast as it runs in production (one process), on SQLite or on PostgreSQL (BENCH_DATABASE_URL),
// with one registered viewer whose token the bench uses for GET /api/profile_v1, and a contest's
// voters (`pollers`: bulk viewers with sessions) who poll its counts. With METRICS_PORT
// set its metrics are kept and served on a port of their own, as bench/metrics.bench.ts compares.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { serveMetrics } from '../../src/server/platform/metrics';
import { insertViewers } from '../../src/server/testing/bulk-viewers';
import { insertContest, insertSubmission } from '../../src/server/testing/contests';
import { openBenchDatabase } from './bench-database';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-bench-'));
const pgUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  SEED_DEMO: 'false',
  METRICS_PORT: process.env.METRICS_PORT ?? '',
});
const { database, drop } = await openBenchDatabase(dataDir, pgUrl);
const app = await buildApp(config, { database });
const metricsServer = app.metrics ? await serveMetrics(app.metrics, 0, '127.0.0.1') : null;
const stop = async () => {
  metricsServer?.close();
  await database.close();
  await drop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const registered = await app.inject({
  method: 'POST',
  url: '/api/registeruser_v1',
  payload: {
    first_name: 'Bench',
    last_name: 'Viewer',
    email: 'bench@example.com',
    phone: '+15550109999',
    password: 'bench-garnet-spinel-77',
  },
});
const token: unknown = registered.json().data?.[0]?.tokenvalue;
// A show live for the whole run, RSVPed by the bench viewer: what every viewer asks at show start.
const now = Date.now();
const show = await app.ctx.db
  .insertInto('events')
  .values({
    type: 'show',
    title: 'Bench show',
    description: '',
    image: null,
    cust_start: new Date(now - 60_000).toISOString(),
    cust_end: new Date(now + 60 * 60_000).toISOString(),
    is_public: 1,
    platform: 'hls',
    stream_url: null,
    created_at: new Date(now).toISOString(),
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await app.inject({
  method: 'POST',
  url: '/api/rsvpdata_v1',
  headers: { token: String(token) },
  payload: { eventid: show.id },
});
// A photo contest in voting with 24 approved entries, 2,000 votes and 3,000 likes: what the contest
// page polls (contestcounts_v1) every 1.5 s while voting is open.
const nowDate = new Date(now);
const contest = await insertContest(app.ctx.db, nowDate, { title: 'Bench contest' });
// The voters poll the contest in the bench, each with their own likes and vote (decision 126).
const pollers = { tag: 'bench', count: 2000 };
const voters = await insertViewers(app.ctx.db, pollers.count, pollers.tag, nowDate);
const entries: { id: number }[] = [];
for (const entrant of voters.slice(0, 24))
  entries.push(await insertSubmission(app.ctx.db, contest.id, entrant.id, nowDate));
const at = nowDate.toISOString();
for (let start = 0; start < voters.length; start += 500) {
  const chunk = voters.slice(start, start + 500);
  await app.ctx.db
    .insertInto('contest_votes')
    .values(
      chunk.map((v, i) => ({
        contest_id: contest.id,
        submission_id: entries[(start + i) % entries.length]!.id,
        user_id: v.id,
        vote_day: '',
        ip: '',
        network: '',
        visitor: '',
        void_reason: '',
        created_at: at,
        cast_at: at,
      })),
    )
    .execute();
  for (const offset of [0, 7, 13].slice(0, start < 1000 ? 3 : 1))
    await app.ctx.db
      .insertInto('contest_likes')
      .values(
        chunk.map((v, i) => ({
          submission_id: entries[(start + i + offset) % entries.length]!.id,
          user_id: v.id,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
}
await app.listen({ port: 0, host: '127.0.0.1' });
const portOf = (address: ReturnType<typeof app.server.address>) =>
  address && typeof address === 'object' ? address.port : null;
const info = {
  port: portOf(app.server.address()),
  metricsPort: portOf(metricsServer?.address() ?? null),
  token,
  eventId: show.id,
  contestId: contest.id,
  pollers,
};
process.stdout.write(`${JSON.stringify(info)}\n`);
