import { expect, it } from 'vitest';
import { describeEachEngine } from '../testing/harness';
import { MAX_COMPILED_COUNT, compiledPerCount, compiledRead, compiledStatement } from './compiled';
import type { Db } from './database';

describeEachEngine('statements compiled once (decisions 100 and 115)', (t) => {
  it('builds a write once, and runs it with fresh values on the database and in its transactions', async () => {
    const viewer = await t().createViewer();
    let builds = 0;
    const rename = compiledStatement<never, [firstName: string, id: number]>((db) => {
      builds += 1;
      return db.updateTable('users').set({ first_name: '' }).where('id', '=', 0);
    });
    const firstName = async () =>
      (await t().db.selectFrom('users').select('first_name').where('id', '=', viewer.id).executeTakeFirstOrThrow())
        .first_name;

    expect((await rename(t().db, 'Garnet', viewer.id)).numAffectedRows).toBe(1n);
    expect(await firstName()).toBe('Garnet');
    for (const name of ['Beryl', 'Topaz'])
      await t()
        .db.transaction()
        .execute(async (trx) => {
          expect((await rename(trx, name, viewer.id)).numAffectedRows).toBe(1n);
        });
    expect(await firstName()).toBe('Topaz');
    // A rolled-back transaction's write is undone like any other.
    await expect(
      t()
        .db.transaction()
        .execute(async (trx) => {
          await rename(trx, 'Onyx', viewer.id);
          throw new Error('undo');
        }),
    ).rejects.toThrow('undo');
    expect(await firstName()).toBe('Topaz');
    expect((await rename(t().db, 'Jet', 99_999_999)).numAffectedRows).toBe(0n);
    expect(builds).toBe(1);
  });

  it('refuses a call with the wrong number of values before anything runs', async () => {
    const viewer = await t().createViewer();
    const rename = compiledStatement<never, unknown[]>((db) =>
      db.updateTable('users').set({ first_name: '' }).where('id', '=', 0),
    );
    await expect(rename(t().db, 'Garnet')).rejects.toThrow('the query takes 2 parameters, not 1');
    const stored = await t().db.selectFrom('users').select('first_name').where('id', '=', viewer.id).executeTakeFirst();
    expect(stored?.first_name).toBe(viewer.first_name);
  });

  it('builds a read once however many transactions read it', async () => {
    const viewer = await t().createViewer();
    let builds = 0;
    const nameOf = compiledRead<{ first_name: string }, [id: number]>((db: Db) => {
      builds += 1;
      return db.selectFrom('users').select('first_name').where('id', '=', 0);
    });
    for (let i = 0; i < 3; i += 1)
      await t()
        .db.transaction()
        .execute(async (trx) => {
          expect(await nameOf(trx, viewer.id)).toEqual([{ first_name: viewer.first_name }]);
        });
    expect(await nameOf(t().db, viewer.id)).toEqual([{ first_name: viewer.first_name }]);
    expect(builds).toBe(1);
  });

  it('builds a statement once per count of items, and each runs with its own values', async () => {
    const viewers = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    const built: number[] = [];
    const namesOf = compiledPerCount<{ first_name: string }>((db, count) => {
      built.push(count);
      return db
        .selectFrom('users')
        .select('first_name')
        .where(
          'id',
          'in',
          Array.from({ length: count }, () => 0),
        )
        .orderBy('id');
    });
    const ids = viewers.map((v) => v.id);
    const names = async (db: Db, some: number[]) =>
      (await namesOf(db, some.length, some)).rows.map((r) => r.first_name);
    expect(await names(t().db, ids)).toEqual(viewers.map((v) => v.first_name));
    expect(await names(t().db, [ids[2]!])).toEqual([viewers[2]!.first_name]);
    await t()
      .db.transaction()
      .execute(async (trx) => {
        expect(await names(trx, [ids[0]!, ids[1]!, 99_999_999])).toEqual([
          viewers[0]!.first_name,
          viewers[1]!.first_name,
        ]);
        expect(await names(trx, [ids[1]!])).toEqual([viewers[1]!.first_name]);
      });
    expect(built).toEqual([3, 1]);
    await expect(namesOf(t().db, 2, [ids[0]])).rejects.toThrow('the query for 2 takes 2 parameters, not 1');
    // A count above the bound is built every time, and still runs.
    const many = Array.from({ length: MAX_COMPILED_COUNT + 1 }, (_, i) => (i === 0 ? ids[0]! : -i));
    expect(await names(t().db, many)).toEqual([viewers[0]!.first_name]);
    expect(await names(t().db, many)).toEqual([viewers[0]!.first_name]);
    expect(built).toEqual([3, 1, 2, MAX_COMPILED_COUNT + 1, MAX_COMPILED_COUNT + 1]);
  });
});
