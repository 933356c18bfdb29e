// The viewer's side of notifications (decision 068): the in-app list and its unread count, read
// marks, preference cells, and the rows an unsubscribe link touches.
import type { Db } from '../../db/database';
import type { SubscriptionPurpose } from '../../db/schema';

export type PreferenceRow = { kind: string; channel: string; enabled: number };

export const inboxRepository = {
  /** One page of the viewer's listed notifications, newest first: `limit` + 1 rows tell whether more follow. */
  page: (db: Db, userId: number, cursor: number | undefined, limit: number) =>
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'title', 'body', 'url', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .where('in_app', '=', 1)
      .$if(cursor !== undefined, (qb) => qb.where('id', '<', cursor ?? 0))
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute(),

  unreadCount: async (db: Db, userId: number): Promise<number> => {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('in_app', '=', 1)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Marks these of the viewer's notifications read; anyone else's ids match nothing. */
  markRead: (db: Db, userId: number, ids: number[], atIso: string) =>
    db
      .updateTable('notifications')
      .set({ read_at: atIso })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute(),

  markAllRead: (db: Db, userId: number, atIso: string) =>
    db
      .updateTable('notifications')
      .set({ read_at: atIso })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute(),

  preferences: (db: Db, userId: number): Promise<PreferenceRow[]> =>
    db
      .selectFrom('notification_preferences')
      .select(['kind', 'channel', 'enabled'])
      .where('user_id', '=', userId)
      .execute(),

  /** Writes the cells as chosen (a repeat overwrites). */
  upsertPreferences: (db: Db, userId: number, cells: PreferenceRow[], atIso: string) =>
    db
      .insertInto('notification_preferences')
      .values(cells.map((cell) => ({ user_id: userId, ...cell, updated_at: atIso })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'channel']).doUpdateSet((eb) => ({
          enabled: eb.ref('excluded.enabled'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute(),

  userEmail: (db: Db, userId: number) =>
    db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst(),

  subscriberEmail: (db: Db, subscriberId: number) =>
    db.selectFrom('subscribers').select(['id', 'email']).where('id', '=', subscriberId).executeTakeFirst(),

  /** Whether the subscriber still has a subscription of this purpose that is not cancelled. */
  isSubscribed: async (db: Db, subscriberId: number, purpose: SubscriptionPurpose): Promise<boolean> => {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('subscriber_id', '=', subscriberId)
      .where('purpose', '=', purpose)
      .where('state', '!=', 'cancelled')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The highest notification id so far (the stream's high-water mark). */
  maxId: async (db: Db): Promise<number> => {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  },

  /** Which of these viewers have listed notifications with an id in (after, upTo]: a range on the key. */
  viewersWithNew: (db: Db, after: number, upTo: number, userIds: number[]) =>
    db
      .selectFrom('notifications')
      .select('user_id')
      .distinct()
      .where('id', '>', after)
      .where('id', '<=', upTo)
      .where('in_app', '=', 1)
      .where('user_id', 'in', userIds)
      .execute(),
};
