import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { CONSOLE_MESSAGES } from '../../../shared/contract/console';
import type { StaffGuessQuestion } from '../../../shared/contract/guessing';
import type { UserRow } from '../../db/schema';
import { memoryPubSub } from '../../platform/pubsub';
import { createTestApp, describeEachEngine, type TestApp } from '../../testing/harness';
import { createChatHub } from '../chat/chat.hub';
import { createChatService } from '../chat/chat.service';
import { createLiveLookup } from '../events/live-lookup';
import { createGiveaway } from '../giveaways/giveaway-factories';
import { createGiveawayService } from '../giveaways/giveaways.service';
import { createSpinService } from '../giveaways/spin.service';
import { createGuessingService } from '../guessing/guessing.service';
import { createLiveService } from '../live/live.service';
import { createRewardsService } from '../rewards/rewards.service';
import { plausibleGuess, startAudience, type AudiencePace } from './rehearsal-audience';
import { createRehearsalService, DRIVER_BEAT_MS, DRIVER_STALE_MS, SYNTHETIC_DOMAIN } from './rehearsal.service';

const MINUTE = 60_000;
/** Two script seconds every 10 ms: the 20 s check-in phase takes about 100 ms. */
const FAST: AudiencePace = { tickMs: 10, speed: 200 };

type Started = { rehearsal_id: number; eventid: number };
type Ended = { rehearsal_id: number; source_event_id: number };

/** A rehearsal service of the test's own, over the app's database, whose audience runs at `pace`. */
function rehearsalsFor(t: TestApp, pace: AudiencePace = FAST) {
  const ctx = t.app.ctx;
  const hub = createChatHub(memoryPubSub());
  return createRehearsalService(
    ctx,
    {
      live: createLiveService(ctx),
      chat: createChatService(ctx),
      hub,
      giveaways: createGiveawayService(ctx, createLiveLookup(ctx)),
      spins: createSpinService(ctx),
      guessing: createGuessingService(ctx, createRewardsService(ctx), () => undefined),
    },
    pace,
  );
}

/** A show an hour from now with a giveaway open for its first half hour, a wheel and a rundown. */
async function plannedShow(t: TestApp, staffToken: string) {
  const start = t.clock.now().getTime() + 60 * MINUTE;
  const show = await t.createEvent({
    title: 'Sapphire Night',
    cust_start: new Date(start).toISOString(),
    cust_end: new Date(start + 90 * MINUTE).toISOString(),
  });
  const giveaway = await createGiveaway(t, staffToken, {
    show_id: show.id,
    cust_start: new Date(start).toISOString(),
    cust_end: new Date(start + 30 * MINUTE).toISOString(),
  });
  await t.db
    .insertInto('spin_prizes')
    .values([
      { event_id: show.id, position: 0, label: '50 points', weight: 3, points: 50, image: null },
      { event_id: show.id, position: 1, label: 'Polishing cloth', weight: 1, points: 0, image: null },
    ])
    .execute();
  const nowIso = t.clock.now().toISOString();
  await t.db
    .insertInto('rundown_segments')
    .values([
      { event_id: show.id, position: 1, title: 'Welcome', planned_minutes: 5, notes: 'Say hello', created_at: nowIso },
      {
        event_id: show.id,
        position: 2,
        title: 'Giveaway',
        planned_minutes: 10,
        notes: '',
        giveaway_id: giveaway.id,
        created_at: nowIso,
      },
    ])
    .execute();
  return { show, giveaway };
}

async function staffRow(t: TestApp, id: number): Promise<UserRow> {
  return t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every row of every table of the database, each table's rows as sorted JSON. */
async function everyRow(t: TestApp): Promise<Record<string, string[]>> {
  // The test app's own tables only: on PostgreSQL its schema (the search path's first). Kysely's
  // introspection reads every schema's, and fails when another test file drops its schema meanwhile.
  const listed =
    t.engine === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const tables = (await listed.execute(t.db)).rows.map((row) => row.name).sort();
  expect(tables).toContain('rehearsals');
  const snapshot: Record<string, string[]> = {};
  // The audit log keeps the staff's own calls of the rehearsal (start, end) by design (decision 088):
  // it is append-only, so those rows outlive the rehearsal. Every other table must be as it was.
  for (const table of tables.filter((name) => name !== 'audit_log')) {
    const rows = await t.db
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    // A staff session passing its second factor again before the draw is the staff member's, not the rehearsal's.
    const kept = table === 'sessions' ? rows.map((row) => ({ ...row, second_factor_at: null })) : rows;
    snapshot[table] = kept.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

async function count(t: TestApp, table: 'live_checkins' | 'chat_messages' | 'spins' | 'guesses', eventId?: number) {
  const query =
    table === 'guesses'
      ? t.db.selectFrom('guesses').select((eb) => eb.fn.countAll<string | number>().as('n'))
      : t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('event_id', '=', eventId ?? 0);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function entries(t: TestApp, giveawayId: number) {
  const row = await t.db
    .selectFrom('giveaway_entries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('giveaway_id', '=', giveawayId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachEngine('rehearsals', (app) => {
  it('runs 50 synthetic viewers who move the counters, and leaves no row behind once it ends', async () => {
    const t = app();
    const staff = await t.createStaff();
    const { show } = await plannedShow(t, staff.tokenvalue);
    await t.app.mailIdle();
    const before = await everyRow(t);

    const rehearsals = rehearsalsFor(t);
    const started = await rehearsals.start(await staffRow(t, staff.id), show.id, { viewers: 50 });
    const copyId = started.eventid;
    const copiedGiveaway = await t.db
      .selectFrom('giveaways')
      .select('event_id')
      .where('show_id', '=', copyId)
      .executeTakeFirstOrThrow();

    // Check in, chat, enter and spin: the copy's counters rise.
    await vi.waitFor(
      async () => {
        expect(await count(t, 'live_checkins', copyId)).toBe(50);
        expect(await entries(t, copiedGiveaway.event_id)).toBe(50);
        expect(await count(t, 'spins', copyId)).toBe(50);
        expect(await count(t, 'chat_messages', copyId)).toBeGreaterThanOrEqual(50);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await createLiveService(t.app.ctx).stats(copyId)).viewers_now).toBe(50);

    // Staff ask a question on the copy; the audience guesses near the answer, never on it.
    const opened = await t.post<StaffGuessQuestion>(
      '/api/staff/guessing',
      {
        eventid: copyId,
        question: 'Carat weight of this sapphire?',
        unit: 'ct',
        answer: 2.35,
        closes_at: new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString(),
      },
      { token: staff.tokenvalue },
    );
    expect(opened.http, opened.body.message).toBe(200);
    const questionId = opened.body.data[0]?.id ?? 0;
    await vi.waitFor(async () => expect(await count(t, 'guesses')).toBe(50), { timeout: 20_000, interval: 100 });
    const values = await t.db.selectFrom('guesses').select('value').execute();
    expect(values.every((g) => g.value !== 2.35 && Math.abs(g.value - 2.35) < 1)).toBe(true);
    for (const step of ['close', 'reveal'])
      expect((await t.post(`/api/staff/guessing/${questionId}/${step}`, {}, { token: staff.tokenvalue })).http).toBe(
        200,
      );

    // The copy's giveaway closes and staff draw it.
    t.clock.advance(31 * MINUTE);
    await t.passSecondFactor(staff.id); // a draw asks for a second factor from the last 10 minutes
    const drawn = await t.post(`/api/staff/giveaways/${copiedGiveaway.event_id}/draw`, undefined, {
      token: staff.tokenvalue,
    });
    expect(drawn.http, drawn.body.message).toBe(200);
    expect(await t.db.selectFrom('reward_ledger').select('id').execute()).not.toHaveLength(0);
    // Nothing of it reached the notification outbox: the winner is synthetic and the giveaway a rehearsal's.
    expect(await t.db.selectFrom('notifications').select('id').execute()).toHaveLength(0);

    expect(await rehearsals.end(copyId)).toEqual({ rehearsal_id: started.rehearsal_id, source_event_id: show.id });
    expect(rehearsals.driving()).toEqual([]);
    await t.app.mailIdle();
    expect(await everyRow(t)).toEqual(before);
  }, 60_000);

  it('starts a rehearsal over HTTP: a private live copy with the rundown, giveaways and wheel, and its viewers', async () => {
    const t = app();
    const staff = await t.createStaff();
    const { show, giveaway } = await plannedShow(t, staff.tokenvalue);
    const res = await t.post<Started>(`/api/staff/console/${show.id}/rehearsal`, {}, { token: staff.tokenvalue });
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.message).toBe(CONSOLE_MESSAGES.rehearsalStarted);
    const started = res.body.data[0];
    if (!started) throw new Error('no rehearsal');

    const copy = await t.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', started.eventid)
      .executeTakeFirstOrThrow();
    expect(copy).toMatchObject({
      type: 'show',
      title: 'Rehearsal: Sapphire Night',
      is_public: 0,
      rehearsal_of: show.id,
      cust_start: new Date(t.clock.now().getTime() - 1_000).toISOString(),
      cust_end: new Date(t.clock.now().getTime() - 1_000 + 90 * MINUTE).toISOString(),
      platform: show.platform,
    });
    const copiedGiveaways = await t.db
      .selectFrom('giveaways as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .selectAll()
      .where('g.show_id', '=', copy.id)
      .execute();
    const original = await t.db
      .selectFrom('giveaways')
      .selectAll()
      .where('event_id', '=', giveaway.id)
      .executeTakeFirstOrThrow();
    expect(copiedGiveaways).toHaveLength(1);
    const [copied] = copiedGiveaways;
    expect(copied).toMatchObject({ is_public: 0, rehearsal_of: giveaway.id, prize: original.prize });
    expect(copied?.seed).not.toBe(original.seed);
    expect(copied?.seed_hash).not.toBe(original.seed_hash);
    expect(copied?.cust_start).toBe(copy.cust_start);

    const segments = await t.db
      .selectFrom('rundown_segments')
      .select(['position', 'title', 'giveaway_id'])
      .where('event_id', '=', copy.id)
      .orderBy('position')
      .execute();
    expect(segments).toEqual([
      { position: 1, title: 'Welcome', giveaway_id: null },
      { position: 2, title: 'Giveaway', giveaway_id: copied?.event_id },
    ]);
    const prizes = await t.db.selectFrom('spin_prizes').select('label').where('event_id', '=', copy.id).execute();
    expect(prizes.map((p) => p.label).sort()).toEqual(['50 points', 'Polishing cloth']);

    const viewers = await t.db
      .selectFrom('users')
      .select(['email', 'is_staff', 'password_hash'])
      .where('rehearsal_id', '=', started.rehearsal_id)
      .execute();
    expect(viewers).toHaveLength(50);
    expect(viewers.every((v) => v.email.endsWith(`@${SYNTHETIC_DOMAIN}`) && !v.is_staff && !v.password_hash)).toBe(
      true,
    );

    // A second rehearsal of the same show is refused while this one runs.
    const again = await t.post(`/api/staff/console/${show.id}/rehearsal`, { viewers: 3 }, { token: staff.tokenvalue });
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(CONSOLE_MESSAGES.rehearsalRunning);

    const ended = await t.post<Ended>(`/api/staff/console/${copy.id}/rehearsal/end`, undefined, {
      token: staff.tokenvalue,
    });
    expect(ended.http, ended.body.message).toBe(200);
    expect(ended.body.data[0]).toEqual({ rehearsal_id: started.rehearsal_id, source_event_id: show.id });
    expect(await t.db.selectFrom('users').select('id').where('rehearsal_id', 'is not', null).execute()).toEqual([]);
    expect(await t.db.selectFrom('events').select('id').where('rehearsal_of', 'is not', null).execute()).toEqual([]);

    const twice = await t.post(`/api/staff/console/${copy.id}/rehearsal/end`, undefined, { token: staff.tokenvalue });
    expect(twice.http).toBe(404);
  });

  it('refuses bad viewers, unknown events and giveaways, and callers who are not staff, changing nothing', async () => {
    const t = app();
    const staff = await t.createStaff();
    const viewer = await t.createViewer();
    const { show, giveaway } = await plannedShow(t, staff.tokenvalue);
    const before = await everyRow(t);
    const start = (eventId: number, body: unknown, token?: string) =>
      t.post(`/api/staff/console/${eventId}/rehearsal`, body, token ? { token } : {});

    for (const viewers of [0, 501, 2.5, 'fifty']) {
      const res = await start(show.id, { viewers }, staff.tokenvalue);
      expect(res.http, String(viewers)).toBe(400);
    }
    expect((await start(show.id, { viewers: 0 }, staff.tokenvalue)).body.message).toBe(
      'Synthetic viewers are a whole number from 1 to 500.',
    );
    expect((await start(show.id, {})).http).toBe(401);
    expect((await start(show.id, {}, viewer.tokenvalue)).http).toBe(403);
    const missing = await start(999_999, {}, staff.tokenvalue);
    expect([missing.http, missing.body.message]).toEqual([404, CONSOLE_MESSAGES.notFound]);
    const notAShow = await start(giveaway.id, {}, staff.tokenvalue);
    expect([notAShow.http, notAShow.body.message]).toEqual([404, CONSOLE_MESSAGES.notAShow]);

    const end = (eventId: number, token?: string) =>
      t.post(`/api/staff/console/${eventId}/rehearsal/end`, undefined, token ? { token } : {});
    expect((await end(show.id)).http).toBe(401);
    expect((await end(show.id, viewer.tokenvalue)).http).toBe(403);
    const real = await end(show.id, staff.tokenvalue);
    expect([real.http, real.body.message]).toEqual([400, CONSOLE_MESSAGES.notRehearsal]);
    expect((await end(999_999, staff.tokenvalue)).http).toBe(404);
    expect(await everyRow(t)).toEqual(before);
  });

  it('keeps the audience quiet while staff pause the chat, and chatting again once they lift it', async () => {
    const t = app();
    const staff = await t.createStaff();
    const { show } = await plannedShow(t, staff.tokenvalue);
    // The service's own audience idles (a tick an hour); the one under test is started by hand.
    const rehearsals = rehearsalsFor(t, { tickMs: 60 * MINUTE, speed: 1 });
    const started = await rehearsals.start(await staffRow(t, staff.id), show.id, { viewers: 10 });
    const copyId = started.eventid;
    await t.db
      .insertInto('chat_rooms')
      .values({ room: `show:${copyId}`, slow_mode_seconds: 0, pinned_message_id: null, paused: 1, updated_at: '' })
      .execute();
    const ctx = t.app.ctx;
    const users = await t.db.selectFrom('users').selectAll().where('rehearsal_id', '=', started.rehearsal_id).execute();
    const audience = startAudience(
      {
        db: t.db,
        clock: ctx.clock,
        random: ctx.random,
        live: createLiveService(ctx),
        chat: createChatService(ctx),
        hub: createChatHub(memoryPubSub()),
        giveaways: createGiveawayService(ctx, createLiveLookup(ctx)),
        spins: createSpinService(ctx),
        guessing: createGuessingService(ctx, createRewardsService(ctx), () => undefined),
        onError: (error) => {
          throw error;
        },
      },
      copyId,
      users,
      FAST,
    );
    // Long enough for every viewer to have arrived and had two turns to chat.
    await vi.waitFor(async () => expect(await count(t, 'spins', copyId)).toBe(10), { timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await count(t, 'chat_messages', copyId)).toBe(0);

    await t.db.updateTable('chat_rooms').set({ paused: 0 }).where('room', '=', `show:${copyId}`).execute();
    await vi.waitFor(async () => expect(await count(t, 'chat_messages', copyId)).toBeGreaterThan(0), {
      timeout: 20_000,
    });
    await audience.stop();
    await rehearsals.end(copyId);
  }, 60_000);

  it('ends at start-up a rehearsal whose audience is gone with the process that drove it', async () => {
    const t = app();
    const staff = await t.createStaff();
    const { show } = await plannedShow(t, staff.tokenvalue);
    const before = await everyRow(t);
    const crashed = rehearsalsFor(t);
    await crashed.start(await staffRow(t, staff.id), show.id, { viewers: 5 });
    await crashed.stopAll();

    const restarted = rehearsalsFor(t);
    expect(await restarted.endLeftOver()).toBe(1);
    expect(await everyRow(t)).toEqual(before);
  });

  it('leaves a rehearsal another live process drives, and ends it once that process stops saying so', async () => {
    const t = app();
    const staff = await t.createStaff();
    const { show } = await plannedShow(t, staff.tokenvalue);
    const before = await everyRow(t);
    const driver = rehearsalsFor(t);
    await driver.start(await staffRow(t, staff.id), show.id, { viewers: 5 });
    const starting = rehearsalsFor(t);
    expect(await starting.endLeftOver()).toBe(0);
    t.clock.advance(DRIVER_STALE_MS - 1_000);
    await driver.beat();
    t.clock.advance(DRIVER_STALE_MS - 1_000);
    expect(await starting.endLeftOver()).toBe(0);
    // The driver died without a word: after DRIVER_STALE_MS without a stamp, any process ends it…
    t.clock.advance(2_000);
    expect(await starting.endLeftOver()).toBe(1);
    expect(await everyRow(t)).toEqual(before);
    // …and a driver that was only slow finds its row gone and stops its audience.
    await driver.beat();
    expect(driver.driving()).toEqual([]);
  });

  it('ends a left-over rehearsal when PostgreSQL breaks a deadlock with its driver’s last write by ending the purge', async (test) => {
    const t = app();
    // SQLite takes one writer at a time: the two sides below cannot both hold rows there.
    if (t.engine !== 'postgres') test.skip();
    const staff = await t.createStaff();
    const { show } = await plannedShow(t, staff.tokenvalue);
    const before = await everyRow(t);
    const slow = rehearsalsFor(t);
    const started = await slow.start(await staffRow(t, staff.id), show.id, { viewers: 2 });
    await slow.stopAll();
    const viewer = await t.db
      .selectFrom('users')
      .select('id')
      .where('rehearsal_id', '=', started.rehearsal_id)
      .executeTakeFirstOrThrow();

    // The slow driver's last write locks the rows it points at as a foreign key does: the show's
    // copy first, then its viewer, which the purge locks (deleting it) before it reaches the copy.
    let blocked = false;
    let holdsCopy = () => {};
    const copyHeld = new Promise<void>((resolve) => (holdsCopy = resolve));
    // Its own deadlock check comes late, so the purge's finds the cycle; on a machine too busy for
    // that, PostgreSQL ends this write instead, and the purge finishes either way.
    const write = t.db
      .transaction()
      .execute(async (trx) => {
        await sql`set local deadlock_timeout = '5s'`.execute(trx);
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select id from events where id = ${started.eventid} for key share`.execute(trx);
        holdsCopy();
        // Waits until the purge waits on this transaction, which then asks for a row the purge holds.
        await vi.waitFor(
          async () => {
            const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where ${rows[0]!.pid}::int = any(pg_blocking_pids(pid))`.execute(t.db);
            if (waiting.rows[0]!.n === 0) throw new Error('the purge is not waiting yet');
          },
          { timeout: 10_000, interval: 20 },
        );
        blocked = true;
        await sql`select id from users where id = ${viewer.id} for key share`.execute(trx);
      })
      .catch(() => undefined);

    await copyHeld;
    const ending = rehearsalsFor(t);
    expect(await ending.endLeftOver()).toBe(1);
    await write;
    expect(blocked).toBe(true);
    expect(await everyRow(t)).toEqual(before);
  });

  it('ends a rehearsal whose driving process crashed at a running process’s next beat, not only at a start', async () => {
    // The running process is an app of its own, built with its beat on a fake timer.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await createTestApp(app().engine);
    // Its audience would tick at each advance of the fake timers: slowed past the test's length.
    const crashed = rehearsalsFor(t, { tickMs: 60 * MINUTE, speed: 1 });
    try {
      const staff = await t.createStaff();
      const { show } = await plannedShow(t, staff.tokenvalue);
      const before = await everyRow(t);
      await crashed.start(await staffRow(t, staff.id), show.id, { viewers: 5 });
      // The driver stamped it when it started, then never again: it crashed.
      t.clock.advance(DRIVER_STALE_MS + 1_000);
      vi.advanceTimersByTime(DRIVER_BEAT_MS);
      await expect.poll(() => t.db.selectFrom('rehearsals').selectAll().execute()).toEqual([]);
      expect(await everyRow(t)).toEqual(before);
    } finally {
      await crashed.stopAll();
      vi.useRealTimers();
      await t.close();
    }
  });
});

it('guesses near the answer, never on it, with its decimals', () => {
  let n = 0;
  const random = { int: (max: number) => n++ % max };
  for (const answer of [2.35, 12, 0, 1000, -4.5]) {
    for (let i = 0; i < 30; i += 1) {
      const guess = plausibleGuess(answer, random);
      expect(guess).not.toBe(answer);
      expect(Math.abs(guess - answer)).toBeLessThanOrEqual(Math.max(1, Math.abs(answer) * 0.26));
    }
  }
});
