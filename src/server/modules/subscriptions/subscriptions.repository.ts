// The SQL of subscriptions (decision 072): subscribers by address, their subscriptions' states, the
// append-only consent records and the confirmation links (kept as hashes). Every function takes the
// caller's db or transaction.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ConsentRecordsTable, SubscriptionPurpose } from '../../db/schema';

export type ScopedPurpose = { purpose: SubscriptionPurpose; scope: string };

export const subscriptionsRepository = {
  subscriberByEmail: (db: Db, email: string) =>
    db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst(),

  subscriberByUser: (db: Db, userId: number) =>
    db.selectFrom('subscribers').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  /** Adds the subscriber if the address is new; answers the row either way. */
  async ensureSubscriber(db: Db, email: string, name: string, userId: number | null, at: string) {
    await db
      .insertInto('subscribers')
      .values({ email, name, user_id: userId, created_at: at })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const row = await db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const updates = {
      ...(name && !row.name ? { name } : {}),
      ...(userId !== null && row.user_id === null ? { user_id: userId } : {}),
    };
    if (Object.keys(updates).length === 0) return row;
    await db.updateTable('subscribers').set(updates).where('id', '=', row.id).execute();
    return { ...row, ...updates };
  },

  /** Links the subscriber with this address (if any, and not yet linked) to the viewer. */
  linkUser: (db: Db, email: string, userId: number) =>
    db
      .updateTable('subscribers')
      .set({ user_id: userId })
      .where('email', '=', email)
      .where('user_id', 'is', null)
      .execute(),

  subscriberById: (db: Db, id: number) =>
    db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The subscriber's subscriptions with their show's title, cancelled ones left out. */
  liveSubscriptionsWithTitles: (db: Db, subscriberId: number) =>
    db
      .selectFrom('subscriptions')
      .leftJoin('events', 'events.id', 'subscriptions.event_id')
      .select([
        'subscriptions.purpose',
        'subscriptions.scope',
        'subscriptions.event_id',
        'subscriptions.state',
        'events.title',
      ])
      .where('subscriptions.subscriber_id', '=', subscriberId)
      .where('subscriptions.state', '!=', 'cancelled')
      .orderBy('subscriptions.id')
      .execute(),

  subscriptionsOf: (db: Db, subscriberId: number) =>
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('subscriber_id', '=', subscriberId)
      .orderBy('purpose')
      .orderBy('scope')
      .execute(),

  /** Makes these pending unless already pending or confirmed (a cancelled one starts again). */
  async requestSubscriptions(
    db: Db,
    subscriberId: number,
    wanted: (ScopedPurpose & { eventId: number | null })[],
    at: string,
  ) {
    if (!wanted.length) return;
    await db
      .insertInto('subscriptions')
      .values(
        wanted.map((w) => ({
          subscriber_id: subscriberId,
          purpose: w.purpose,
          scope: w.scope,
          event_id: w.eventId,
          state: 'pending' as const,
          requested_at: at,
          confirmed_at: null,
          cancelled_at: null,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['subscriber_id', 'purpose', 'scope'])
          .doUpdateSet({ state: 'pending', requested_at: at, confirmed_at: null, cancelled_at: null })
          .where('subscriptions.state', '=', 'cancelled'),
      )
      .execute();
  },

  /** Confirms those of these that are pending; answers the ones it confirmed. */
  async confirmPending(db: Db, subscriberId: number, confirms: ScopedPurpose[], at: string) {
    const confirmed: ScopedPurpose[] = [];
    for (const c of confirms) {
      const result = await db
        .updateTable('subscriptions')
        .set({ state: 'confirmed', confirmed_at: at })
        .where('subscriber_id', '=', subscriberId)
        .where('purpose', '=', c.purpose)
        .where('scope', '=', c.scope)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) confirmed.push(c);
    }
    return confirmed;
  },

  /** Cancels the subscriber's live (pending or confirmed) subscriptions of a purpose, or of one scope of it; answers their scopes. */
  async cancel(db: Db, subscriberId: number, purpose: SubscriptionPurpose, at: string, scope?: string) {
    let query = db
      .updateTable('subscriptions')
      .set({ state: 'cancelled', confirmed_at: null, cancelled_at: at })
      .where('subscriber_id', '=', subscriberId)
      .where('purpose', '=', purpose)
      .where('state', '!=', 'cancelled');
    if (scope !== undefined) query = query.where('scope', '=', scope);
    const rows = await query.returning('scope').execute();
    return rows.map((r) => r.scope);
  },

  /** The subscriber's links not yet used (to void those a withdrawal makes stale). */
  unusedConfirmations: (db: Db, subscriberId: number) =>
    db
      .selectFrom('subscription_confirmations')
      .select(['id', 'confirms'])
      .where('subscriber_id', '=', subscriberId)
      .where('used_at', 'is', null)
      .execute(),

  voidConfirmations: async (db: Db, ids: number[], at: string) => {
    if (ids.length)
      await db.updateTable('subscription_confirmations').set({ used_at: at }).where('id', 'in', ids).execute();
  },

  addConsentRecords: async (db: Db, rows: Insertable<ConsentRecordsTable>[]) => {
    if (rows.length) await db.insertInto('consent_records').values(rows).execute();
  },

  consentRecordsOf: (db: Db, subscriberId: number) =>
    db
      .selectFrom('consent_records')
      .select(['id', 'purpose', 'scope', 'action', 'text_version', 'text', 'how', 'at'])
      .where('subscriber_id', '=', subscriberId)
      .orderBy('id')
      .execute(),

  addConfirmation: (
    db: Db,
    row: { token_hash: string; subscriber_id: number; confirms: string; created_at: string; expires_at: string },
  ) =>
    db
      .insertInto('subscription_confirmations')
      .values({ ...row, used_at: null })
      .execute(),

  confirmationByHash: (db: Db, tokenHash: string) =>
    db.selectFrom('subscription_confirmations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

  /** Marks the link used unless it already was; false when another request used it first. */
  async useConfirmation(db: Db, id: number, at: string) {
    const result = await db
      .updateTable('subscription_confirmations')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The confirmed show-alert subscribers for a show (every show, or this one), each once. */
  showAlertSubscribers: (db: Db, eventId: number) =>
    db
      .selectFrom('subscriptions')
      .innerJoin('subscribers', 'subscribers.id', 'subscriptions.subscriber_id')
      .select(['subscribers.id', 'subscribers.user_id'])
      .distinct()
      .where('subscriptions.purpose', '=', 'show_alerts')
      .where('subscriptions.state', '=', 'confirmed')
      .where('subscriptions.scope', 'in', ['all', `show:${eventId}`])
      .execute(),
};
