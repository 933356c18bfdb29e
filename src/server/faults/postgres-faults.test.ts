// Faults of PostgreSQL under a running app (decision 092), on a private cluster on port 25432 that
// the test stops and starts: a restart answers 503 for its duration and never hangs, and the app
// recovers by itself; a read-only database answers writes 503 while reads go on; an app started
// before its database waits for it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthedUser } from '../../shared/contract/user';
import { MESSAGES } from '../../shared/messages';
import { openDatabase } from '../db/database';
import { createTestApp, type TestApp } from '../testing/harness';
import { startLoad, tally, type Call } from '../testing/fault-load';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../testing/private-postgres';

// Below Linux's ephemeral ports (32768–60999), which any client socket may hold as its local end: on
// 55432 the cluster once found its port already in use.
const PORT = 25432;
const BOUND_MS = 5_000;
const SECOND = 1000;

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);
const hasBinaries = postgresBinaries() !== null;
if (isPostgresRun && !hasBinaries)
  console.log('PostgreSQL fault tests skipped: no initdb in /usr/lib/postgresql/*/bin to start a private cluster.');

describe.skipIf(!isPostgresRun || !hasBinaries)('PostgreSQL faults [postgres, private cluster]', () => {
  let cluster: PrivatePostgres | null = null;
  let t: TestApp | null = null;

  beforeAll(async () => {
    cluster = await startPrivatePostgres(PORT);
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.destroy();
  });

  /** An app on the private cluster with `viewers` signed in and a show live now. */
  async function appWithLiveShow(viewerCount: number) {
    if (!cluster) throw new Error('the private cluster did not start');
    await t?.close();
    t = await createTestApp('postgres', {}, { database: openDatabase({ kind: 'postgres', url: cluster.url }) });
    const app = t;
    await sql`truncate live_checkins, watch_logs, users cascade`.execute(app.db);
    const viewers: AuthedUser[] = [];
    for (let i = 0; i < viewerCount; i += 1) viewers.push(await app.createViewer());
    const show = await app.createEvent({ cust_start: new Date(app.clock.now().getTime() - 60 * SECOND).toISOString() });
    let next = 0;
    /** Viewers whose check-in was answered 200: each must be stored. */
    const acknowledged = new Set<number>();
    const viewer = () => viewers[(next += 1) % viewers.length];
    const calls: Call[] = [
      {
        // The clock moves on so the live lookup's and the session cache's second-long memories
        // expire and the read really reaches the database.
        name: 'liveevent_v1',
        send: () => {
          app.clock.advance(300);
          return app.get('/api/liveevent_v1', { query: { type: 'show' } });
        },
      },
      {
        name: 'iamatlive_v2 (grouped write)',
        send: async () => {
          const checkingIn = viewer();
          const answer = await app.post(
            '/api/iamatlive_v2',
            { eventid: show.id, reachby: 'email' },
            { token: checkingIn?.tokenvalue },
          );
          if (answer.http === 200 && checkingIn) acknowledged.add(checkingIn.id);
          return answer;
        },
      },
      {
        name: 'userlivelog (transaction)',
        send: () =>
          app.get('/api/userlivelog', {
            token: viewer()?.tokenvalue,
            query: { eventid: String(show.id), watch_stream: 'start' },
          }),
      },
    ];
    const storedCheckIns = async () =>
      new Set(
        (await app.db.selectFrom('live_checkins').select('user_id').where('event_id', '=', show.id).execute()).map(
          (row) => row.user_id,
        ),
      );
    return { app, calls, acknowledged, storedCheckIns };
  }

  it(
    'answers 503 while PostgreSQL restarts, never hangs nor 500s, and recovers without an app restart',
    {
      timeout: 40_000,
    },
    async () => {
      const { calls, acknowledged, storedCheckIns } = await appWithLiveShow(12);
      const load = startLoad(calls, { boundMs: BOUND_MS });
      try {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await cluster?.stop();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await cluster?.start();
        const restartedAt = Date.now();
        const recoveredMs = await load.recovered(restartedAt);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await load.stop();
        console.log(tally('PG restart', load.outcomes, recoveredMs));

        const answers = load.outcomes;
        expect(answers.filter((o) => o.http === 'hung' || o.http === 'threw')).toEqual([]);
        expect(answers.filter((o) => o.http !== 200 && o.http !== 503)).toEqual([]);
        const refusals = answers.filter((o) => o.http === 503);
        expect(refusals.length).toBeGreaterThan(0);
        expect(new Set(refusals.map((o) => o.message))).toEqual(new Set([MESSAGES.unavailable]));
        // Every check-in answered 200 was stored.
        expect(acknowledged.size).toBeGreaterThan(0);
        const stored = await storedCheckIns();
        expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
      } finally {
        await load.stop();
      }
    },
  );

  it(
    'answers writes 503 "cannot save" while the database is read-only, keeps reading, and writes again after',
    {
      timeout: 40_000,
    },
    async () => {
      const { calls, acknowledged, storedCheckIns } = await appWithLiveShow(4);
      const [read, write] = calls;
      if (!read || !write) throw new Error('calls missing');
      const admin = openDatabase({ kind: 'postgres', url: cluster?.url ?? '', poolSize: 1 });
      try {
        // As an operator would on a full disk: new transactions are read-only. The app's pooled
        // connections took the setting when they opened, so they are ended to pick it up.
        await sql`alter database postgres set default_transaction_read_only = on`.execute(admin.db);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = 'postgres'`.execute(
          admin.db,
        );
        const load = startLoad([read, write], { boundMs: BOUND_MS });
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await sql`alter database postgres reset default_transaction_read_only`.execute(admin.db);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = 'postgres'`.execute(
          admin.db,
        );
        const liftedAt = Date.now();
        const recoveredMs = await load.recovered(liftedAt);
        await load.stop();
        console.log(tally('PG read-only', load.outcomes, recoveredMs));

        const stored = await storedCheckIns();
        const during = load.outcomes.filter((o) => o.startedAt < liftedAt);
        expect(load.outcomes.filter((o) => o.http !== 200 && o.http !== 503)).toEqual([]);
        const writesRefused = during.filter((o) => o.call === write.name && o.http === 503);
        expect(writesRefused.length).toBeGreaterThan(0);
        expect(new Set(writesRefused.map((o) => o.message))).toContain(MESSAGES.cannotSave);
        expect(during.filter((o) => o.call === read.name && o.http === 200).length).toBeGreaterThan(0);
        expect([...acknowledged].filter((id) => !new Set(stored).has(id))).toEqual([]);
      } finally {
        await admin.close();
      }
    },
  );

  it('waits for a database that is still starting, then serves', async () => {
    if (!cluster) throw new Error('the private cluster did not start');
    await t?.close();
    t = null;
    await cluster.stop();
    const startedAt = Date.now();
    const building = createTestApp('postgres', {}, { database: openDatabase({ kind: 'postgres', url: cluster.url }) });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await cluster.start();
    t = await building;
    console.log(`PG down at start: the app waited ${((Date.now() - startedAt) / 1000).toFixed(1)} s and started`);
    expect((await t.get('/api/liveevent_v1', { query: { type: 'show' } })).http).toBe(200);
  });
});
