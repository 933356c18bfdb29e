// Migration 026 rebuilds the notifications table on SQLite (to drop NOT NULL from user_id): the
// notifications and deliveries already there survive it with their ids and their link.
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { insertViewers } from '../testing/bulk-viewers';
import { migrate, MIGRATIONS, openDatabase, type DatabaseHandle, type MigrationTables } from './database';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

/** A database as it stood just before `name`: the migrations before it applied and recorded. */
async function migratedUpTo(name: string): Promise<DatabaseHandle> {
  const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
  handles.push(handle);
  const db = handle.db.withTables<MigrationTables>();
  await db.schema
    .createTable('kysely_migration')
    .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
    .execute();
  for (const [migration, up] of Object.entries(MIGRATIONS)) {
    if (migration >= name) break;
    await up(handle.db as unknown as Kysely<unknown>, 'sqlite');
    await db.insertInto('kysely_migration').values({ name: migration, timestamp: '2026-06-01T00:00:00Z' }).execute();
  }
  return handle;
}

describe('migration 026 on SQLite with existing data', () => {
  it('keeps every notification and delivery with its id, and new rows carry on after them', async () => {
    const handle = await migratedUpTo('026-notification-recipients');
    const { db } = handle;
    const [a, b] = await insertViewers(db, 2, 'mig', new Date('2026-06-01T00:00:00Z'));
    const notification = (id: number, userId: number, subject: string) => ({
      id,
      user_id: userId,
      kind: 'show_starting',
      subject,
      title: `Starting soon: ${subject}`,
      body: 'Soon.',
      url: '/live',
      data: '{"event_id":1}',
      created_at: '2026-06-01T00:00:00.000Z',
      read_at: subject === 'show:2' ? '2026-06-01T01:00:00.000Z' : null,
    });
    await sql`insert into notifications (id, user_id, kind, subject, title, body, url, data, created_at, read_at)
      values ${sql.join(
        [notification(5, a!.id, 'show:1'), notification(9, b!.id, 'show:2')].map(
          (n) =>
            sql`(${n.id}, ${n.user_id}, ${n.kind}, ${n.subject}, ${n.title}, ${n.body}, ${n.url}, ${n.data}, ${n.created_at}, ${n.read_at})`,
        ),
      )}`.execute(db);
    await sql`insert into notification_deliveries (id, notification_id, channel, state, attempts, next_attempt_at, sent_at)
      values (3, 5, 'email', 'sent', 1, '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:05.000Z'),
             (4, 9, 'email', 'pending', 0, '2026-06-01T00:00:00.000Z', null)`.execute(db);
    const deliveriesBefore = await db.selectFrom('notification_deliveries').selectAll().orderBy('id').execute();

    await migrate(handle);

    const after = await db.selectFrom('notifications').selectAll().orderBy('id').execute();
    expect(after).toEqual([
      { ...notification(5, a!.id, 'show:1'), subscriber_id: null, expires_at: null, in_app: 1 },
      { ...notification(9, b!.id, 'show:2'), subscriber_id: null, expires_at: null, in_app: 1 },
    ]);
    expect(await db.selectFrom('notification_deliveries').selectAll().orderBy('id').execute()).toEqual(
      deliveriesBefore,
    );
    expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);

    // New rows follow the old ids; the deliveries still point at the (renamed) notifications.
    const added = await db
      .insertInto('notifications')
      .values({ ...notification(0, a!.id, 'show:3'), id: undefined })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(10);
    await db.deleteFrom('notifications').where('id', '=', 9).execute();
    expect((await db.selectFrom('notification_deliveries').select('id').execute()).map((row) => row.id)).toEqual([3]);
    // A viewer's repeat of a kind and subject is still refused.
    await expect(
      db
        .insertInto('notifications')
        .values({ ...notification(0, a!.id, 'show:1'), id: undefined })
        .execute(),
    ).rejects.toThrow();
  });
});
