// The outbox's SQL (decision 066): notifications and their deliveries written with on-conflict-do-
// nothing in the caller's transaction, and the worker's claim, sent marks and retry schedule.
import type { Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { NotificationDeliveriesTable, NotificationsTable } from '../../db/schema';

export const notificationsRepository = {
  /** Adds the notifications not already there (same viewer, kind and subject): the rest are kept as they are. */
  insertNotifications: (db: Db, rows: Insertable<NotificationsTable>[]) =>
    db
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'subject']).doNothing())
      .returning(['id', 'user_id'])
      .execute(),

  /** The ids of one kind and subject's notifications for these viewers, new or old, with each one's viewer. */
  viewerIdsFor: (db: Db, kind: string, subject: string, userIds: number[]) =>
    db
      .selectFrom('notifications')
      .select(['id', 'user_id'])
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .where('user_id', 'in', userIds)
      .execute(),

  /** Which of these accounts are a rehearsal's synthetic viewers (decision 084): told nothing. */
  syntheticAmong: async (db: Db, userIds: number[]) =>
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', userIds)
        .where('rehearsal_id', 'is not', null)
        .execute()
    ).map((row) => row.id),

  /** Whether the event is a rehearsal's private copy (decision 084): nothing about it is sent. */
  isRehearsalEvent: async (db: Db, eventId: number) =>
    Boolean(
      await db
        .selectFrom('events')
        .select('id')
        .where('id', '=', eventId)
        .where('rehearsal_of', 'is not', null)
        .executeTakeFirst(),
    ),

  /** The stored preference cells of these viewers for one kind (decision 068): one query per chunk. */
  choicesFor: (db: Db, kind: string, userIds: number[]) =>
    db
      .selectFrom('notification_preferences')
      .select(['user_id', 'channel', 'enabled'])
      .where('kind', '=', kind)
      .where('user_id', 'in', userIds)
      .execute(),

  /** notifySubscribers' rows: the same, keyed by subscriber instead of viewer. */
  insertSubscriberNotifications: (db: Db, rows: Insertable<NotificationsTable>[]) =>
    db
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['subscriber_id', 'kind', 'subject']).doNothing())
      .returning('id')
      .execute(),

  /** The ids of one kind and subject's notifications for these subscribers, new or old. */
  idsForSubscribers: (db: Db, kind: string, subject: string, subscriberIds: number[]) =>
    db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .where('subscriber_id', 'in', subscriberIds)
      .execute(),

  insertDeliveries: (db: Db, rows: Insertable<NotificationDeliveriesTable>[]) =>
    db
      .insertInto('notification_deliveries')
      .values(rows)
      .onConflict((oc) => oc.columns(['notification_id', 'channel']).doNothing())
      .execute(),

  /**
   * Claims up to `limit` deliveries that are due (pending and past next_attempt_at, or left sending
   * past their lease) in one statement: state 'sending', the lease set, the attempt counted. Each
   * kind of due delivery is read off the claim index in claim order (migration 037), at most `limit`
   * of each, and the first `limit` of both are claimed: written as one `or`, both engines fetched
   * every due delivery and sorted them all on every claim (decision 105). The lease branch reads the
   * 'sending' rows, which are only what workers hold now or left behind. On PostgreSQL each branch locks its rows and
   * skips those another worker holds; SQLite has a single writer, so the statement is atomic there.
   */
  claimDue: (db: Db, dialect: Dialect, nowIso: string, leaseUntilIso: string, limit: number) => {
    const firstDue = (state: 'pending' | 'sending', dueColumn: 'next_attempt_at' | 'locked_until') =>
      db
        .selectFrom('notification_deliveries')
        .select(['id', 'next_attempt_at'])
        .where('state', '=', state)
        .where(dueColumn, '<=', nowIso)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
    const due = db
      .selectFrom(firstDue('pending', 'next_attempt_at').as('pending'))
      .selectAll()
      .unionAll(db.selectFrom(firstDue('sending', 'locked_until').as('lease_over')).selectAll());
    return db
      .updateTable('notification_deliveries')
      .set((eb) => ({ state: 'sending', locked_until: leaseUntilIso, attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        db.selectFrom(due.as('due')).select('id').orderBy('next_attempt_at').orderBy('id').limit(limit),
      )
      .returning(['id', 'notification_id', 'channel', 'attempts'])
      .execute();
  },

  /**
   * The claimed deliveries' notifications with their recipient's address and name: the viewer's, or
   * the e-mail subscriber's (decision 069). A recipient that is gone answers nulls.
   */
  notificationsWithViewers: (db: Db, ids: number[]) =>
    db
      .selectFrom('notifications')
      .leftJoin('users', 'users.id', 'notifications.user_id')
      .leftJoin('subscribers', 'subscribers.id', 'notifications.subscriber_id')
      .selectAll('notifications')
      .select((eb) => [
        eb.fn.coalesce('users.email', 'subscribers.email').as('email'),
        eb.fn.coalesce('users.first_name', 'subscribers.name').as('first_name'),
      ])
      .where('notifications.id', 'in', ids)
      .execute(),

  /**
   * Marks claimed deliveries sent, those of one attempt number together (a batch's are usually all
   * first attempts). The claim's attempt number guards each: a worker whose lease ran out and whose
   * delivery another worker took over does not write over the newer claim.
   */
  markSent: (db: Db, ids: number[], attempt: number, sentAtIso: string) =>
    db
      .updateTable('notification_deliveries')
      .set({ state: 'sent', sent_at: sentAtIso, locked_until: null, last_error: null })
      .where('id', 'in', ids)
      .where('state', '=', 'sending')
      .where('attempts', '=', attempt)
      .execute(),

  /** A failed attempt: back to pending at `nextAttemptIso`, or 'failed' for good when that is null. */
  markFailed: (db: Db, id: number, attempt: number, error: string, nextAttemptIso: string | null) =>
    db
      .updateTable('notification_deliveries')
      .set(
        nextAttemptIso
          ? { state: 'pending', next_attempt_at: nextAttemptIso, locked_until: null, last_error: error }
          : { state: 'failed', locked_until: null, last_error: error },
      )
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .where('attempts', '=', attempt)
      .execute(),

  /**
   * Gives claimed deliveries back untried (a batch that ran out of time, decision 105): pending
   * again and due as they were, without the attempt the claim counted. Guarded like the marks.
   */
  release: (db: Db, ids: number[], attempt: number) =>
    db
      .updateTable('notification_deliveries')
      .set((eb) => ({ state: 'pending', locked_until: null, attempts: eb('attempts', '-', 1) }))
      .where('id', 'in', ids)
      .where('state', '=', 'sending')
      .where('attempts', '=', attempt)
      .execute(),

  /** Deliveries not yet sent (pending or being sent), per channel: the outbox depth in the metrics (decision 091). */
  backlogByChannel: (db: Db) =>
    db
      .selectFrom('notification_deliveries')
      .select(['channel', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('state', 'in', ['pending', 'sending'])
      .groupBy('channel')
      .execute(),
};
