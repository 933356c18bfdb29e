// The push_subscriptions table's SQL (decision 071): a device stored by its endpoint, moved to the
// viewer who subscribes it last, removed by its viewer or when its push service says it is gone.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PushSubscriptionsTable } from '../../db/schema';

export const pushRepository = {
  /** Stores the device, or takes over the row with the same endpoint (keys, viewer and all). */
  upsert: (db: Db, row: Insertable<PushSubscriptionsTable>) =>
    db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: row.user_id,
          p256dh: row.p256dh,
          auth: row.auth,
          expiration_time: row.expiration_time,
          user_agent: row.user_agent,
        }),
      )
      .returning(['endpoint', 'created_at', 'expiration_time'])
      .executeTakeFirstOrThrow(),

  /** Removes the device when it is this viewer's; answers how many rows went (0 or 1). */
  removeOwn: async (db: Db, userId: number, endpoint: string) =>
    Number(
      (
        await db
          .deleteFrom('push_subscriptions')
          .where('user_id', '=', userId)
          .where('endpoint', '=', endpoint)
          .executeTakeFirst()
      ).numDeletedRows,
    ),

  /** Every device of these viewers (a batch of deliveries' viewers), oldest first. */
  devicesOf: (db: Db, userIds: readonly number[]) =>
    userIds.length
      ? db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).orderBy('id').execute()
      : Promise.resolve([]),

  /** A device the push service reported gone (404/410). */
  remove: (db: Db, id: number) => db.deleteFrom('push_subscriptions').where('id', '=', id).execute(),

  markSuccess: (db: Db, id: number, atIso: string) =>
    db.updateTable('push_subscriptions').set({ last_success_at: atIso }).where('id', '=', id).execute(),
};
