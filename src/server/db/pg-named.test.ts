import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sessionsRepository } from '../modules/auth/auth.repository';
import { chatRepository } from '../modules/chat/chat.repository';
import { eventsRepository } from '../modules/events/events.repository';
import { spinRepository } from '../modules/giveaways/spin.repository';
import { createRewardsService } from '../modules/rewards/rewards.service';
import { liveRepository } from '../modules/live/live.repository';
import { describeEachEngine } from '../testing/harness';
import { MAX_NAMED_PARAMETERS, nameable, statementNamer } from './pg-named';

describe('which statements run under a name on PostgreSQL (decision 113)', () => {
  it('names reads and writes with a few parameters that name their columns', () => {
    expect(nameable('select "id" from "rsvps" where "user_id" = $1 and "event_id" = $2', 2)).toBe(true);
    expect(nameable('insert into "chat_messages" ("room", "text") values ($1, $2) returning "id"', 2)).toBe(true);
    expect(nameable('WITH moved AS (update "t" set "n" = $1 returning "id") select "id" from moved', 1)).toBe(true);
    // `*` would break once a migration adds a column; no parameters: the simple protocol, never planned again.
    expect(nameable('select * from "events" where "id" = $1', 1)).toBe(false);
    expect(nameable('select "id" from "events"', 0)).toBe(false);
    expect(nameable('begin', 0)).toBe(false);
    expect(nameable('alter table "t" add column "c" text default $1', 1)).toBe(false);
    expect(nameable('select "id" from "t" where "id" in ($1)', MAX_NAMED_PARAMETERS + 1)).toBe(false);
  });

  it('gives a text the same name every time, and names no more than its limit', () => {
    const nameOf = statementNamer(2);
    const a = 'select "id" from "a" where "id" = $1';
    const b = 'select "id" from "b" where "id" = $1';
    const c = 'select "id" from "c" where "id" = $1';
    expect([nameOf(a, 1), nameOf(b, 1), nameOf(a, 1), nameOf(c, 1), nameOf(b, 1)]).toEqual([
      'gc_0',
      'gc_1',
      'gc_0',
      null,
      'gc_1',
    ]);
    expect(nameOf('select * from "a" where "id" = $1', 1)).toBe(null);
  });
});

describeEachEngine('named statements', (t) => {
  it('prepares a statement once per connection and keeps working after a migration adds a column', async (test) => {
    if (t().engine !== 'postgres') test.skip();
    const viewer = await t().createViewer({ first_name: 'Ruby' });
    const nameOfViewer = () =>
      t().db.selectFrom('users').select(['first_name']).where('id', '=', viewer.id).executeTakeFirstOrThrow();
    const prepared = await t()
      .db.transaction()
      .execute(async (trx) => {
        for (let i = 0; i < 3; i++)
          await trx.selectFrom('users').select(['first_name']).where('id', '=', viewer.id).execute();
        await trx.selectFrom('users').selectAll().where('id', '=', viewer.id).execute();
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements
          where statement like '%from "users" where "id" = $1'`.execute(trx);
        return rows;
      });
    expect(prepared).toEqual([
      { name: expect.stringMatching(/^gc_\d+$/), statement: expect.stringContaining('"first_name"') },
    ]);

    expect(await nameOfViewer()).toEqual({ first_name: 'Ruby' });
    await sql`alter table users add column shoe_size integer`.execute(t().db);
    // Every pooled connection, including those that prepared the read before the change.
    const reads = await Promise.all(Array.from({ length: 8 }, nameOfViewer));
    expect(reads).toEqual(Array.from({ length: 8 }, () => ({ first_name: 'Ruby' })));
    expect(await t().db.selectFrom('users').selectAll().where('id', '=', viewer.id).executeTakeFirst()).toMatchObject({
      first_name: 'Ruby',
      shoe_size: null,
    });
    await sql`alter table users drop column shoe_size`.execute(t().db);
  });

  it("runs the reads and a spin's writes, which every viewer makes at a show start, under a name: they list their columns", async (test) => {
    if (t().engine !== 'postgres') test.skip();
    const nowIso = t().clock.now().toISOString();
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const prepared = await t()
      .db.transaction()
      .execute(async (trx) => {
        // In a transaction each read runs alone on the transaction's connection (decision 111).
        await sessionsRepository.userByTokenHash(trx, 'no-such-hash', nowIso);
        await eventsRepository.byId(trx, 1);
        await liveRepository.watchLog(trx, 1, 1);
        await chatRepository.roomSettings(trx, 'show:1');
        await spinRepository.prizes(trx, 1);
        await spinRepository.spinOf(trx, 1, 1, 'rsvp');
        // A spin's writes: the spin, and the points it credits to the ledger.
        await spinRepository.insertSpins(trx, [
          {
            event_id: show.id,
            user_id: viewer.id,
            kind: 'rsvp',
            prize_id: null,
            label: 'A pearl',
            points: 5,
            created_at: nowIso,
          },
        ]);
        await createRewardsService(t().app.ctx).credit(viewer.id, 5, 'spin', `spin:${show.id}:rsvp`, { trx });
        const { rows } = await sql<{ statement: string }>`
          select statement from pg_prepared_statements where name like 'gc\_%' order by statement`.execute(trx);
        return rows.map((row) => row.statement.match(/ (?:from|into) "(\w+)"/)?.[1]);
      });
    // The connection may hold other tests' statements too.
    expect(prepared).toEqual(
      expect.arrayContaining([
        'chat_rooms',
        'events',
        'sessions',
        'spin_prizes',
        'spins',
        'watch_logs',
        'reward_ledger',
      ]),
    );
    expect(prepared.filter((table) => table === 'spins')).toHaveLength(2);
  });
});
