// The write journal sees every table a statement changes, and nothing for a no-op update or a
// rolled-back transaction, on both engines (it is what the property test of every call relies on).
import { expect, it } from 'vitest';
import { describeEachEngine } from './harness';
import { installWriteJournal } from './write-journal';

describeEachEngine('the write journal', (t) => {
  it('names the tables written since it was last asked, once each', async () => {
    const journal = await installWriteJournal(t().db, t().engine);
    expect(await journal.writtenSince()).toEqual([]);
    await t().createViewer();
    const written = await journal.writtenSince();
    expect(written).toContain('users');
    expect(written).toContain('sessions');
    expect(new Set(written).size).toBe(written.length);
    expect(await journal.writtenSince()).toEqual([]);
  });

  it('counts an update only when it changes a value, and a delete', async () => {
    const viewer = await t().createViewer();
    const journal = await installWriteJournal(t().db, t().engine);
    const users = t().db.updateTable('users').where('id', '=', viewer.id);
    await users.set({ first_name: 'Viewer' }).execute();
    expect(await journal.writtenSince()).toEqual([]);
    await users.set({ first_name: 'Garnet' }).execute();
    expect(await journal.writtenSince()).toEqual(['users']);
    await t().db.deleteFrom('sessions').where('user_id', '=', viewer.id).execute();
    expect(await journal.writtenSince()).toEqual(['sessions']);
  });

  it('keeps no entry for a transaction that rolled back', async () => {
    const viewer = await t().createViewer();
    const journal = await installWriteJournal(t().db, t().engine);
    await expect(
      t()
        .db.transaction()
        .execute(async (trx) => {
          await trx.updateTable('users').set({ first_name: 'Beryl' }).where('id', '=', viewer.id).execute();
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    expect(await journal.writtenSince()).toEqual([]);
  });
});
