// SQL for earning rules and the facts the earning hooks read: the rules (reward_rules), staff's
// changes to them (reward_rule_changes), watch logs, which shows' watch points are credited, and
// the entries and check-ins still to credit with where those runs got to (activity_credit_marks).
import { sql, type Insertable, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { RewardRuleChangesTable, RewardRulesTable } from '../../db/schema';

/** A check-in's place in (created_at, event_id, user_id) order: where a check-in credits run starts or stops. */
export type CheckInCursor = { created_at: string; event_id: number; user_id: number };

/** The one row of activity_credit_marks. */
const ACTIVITY_MARKS = 'activity_credits';

/**
 * No ledger row of `reason` for this viewer and source: one look through the ledger's key
 * (reward_ledger_once), so a credits run passes over what is credited inside its query.
 */
const noCredit = (reason: string, userId: RawBuilder<number>, sourceId: RawBuilder<string>) =>
  sql<SqlBool>`not exists (select 1 from reward_ledger r
    where r.user_id = ${userId} and r.reason = ${reason} and r.source_id = ${sourceId})`;

export const earningRepository = {
  rule: (db: Db, rule: string) => db.selectFrom('reward_rules').selectAll().where('rule', '=', rule).executeTakeFirst(),

  /** Writes the rule, adding its row if it is missing. */
  setRule: (db: Db, row: RewardRulesTable) =>
    db
      .insertInto('reward_rules')
      .values(row)
      .onConflict((oc) =>
        oc.column('rule').doUpdateSet({
          points: row.points,
          daily_cap: row.daily_cap,
          show_cap: row.show_cap,
          enabled: row.enabled,
          updated_at: row.updated_at,
          updated_by: row.updated_by,
        }),
      )
      .execute(),

  logChange: (db: Db, row: Insertable<RewardRuleChangesTable>) =>
    db.insertInto('reward_rule_changes').values(row).execute(),

  /** Seconds the server saw each viewer of the show present (heartbeats; decision 043). */
  watchedSeconds: (db: Db, eventId: number) =>
    db.selectFrom('watch_logs').select(['user_id', 'seconds']).where('event_id', '=', eventId).execute(),

  /** Marks the show's watch points credited; false when another process already did. */
  markWatchSettled: async (db: Db, eventId: number, viewers: number, settledAt: string) =>
    (
      await db
        .insertInto('reward_watch_settled')
        .values({ event_id: eventId, viewers, settled_at: settledAt })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .execute()
    ).length > 0,

  /** The newest check-in in (created_at, event_id, user_id) order: where a check-in credits' run stops. */
  lastCheckIn: async (db: Db): Promise<CheckInCursor | undefined> =>
    db
      .selectFrom('live_checkins')
      .select(['created_at', 'event_id', 'user_id'])
      .orderBy('created_at', 'desc')
      .orderBy('event_id', 'desc')
      .orderBy('user_id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /**
   * Check-ins after `after` and up to `upto` in (created_at, event_id, user_id) order, none older
   * than `sinceIso`, whose credit is not in the ledger, with the viewer's inviter (the index
   * live_checkins_created of migration 022 walks them; the ledger's key answers each look). A start
   * after a crash so passes over a day of credited check-ins inside one query, not a transaction each.
   */
  uncreditedCheckIns: (db: Db, after: CheckInCursor, upto: CheckInCursor, sinceIso: string, limit: number) =>
    db
      .selectFrom('live_checkins as c')
      .innerJoin('users', 'users.id', 'c.user_id')
      .select(['c.created_at', 'c.event_id', 'c.user_id', 'users.invited_by'])
      .where('c.created_at', '>=', sinceIso)
      .where((eb) =>
        eb.and([
          eb(
            eb.refTuple('c.created_at', 'c.event_id', 'c.user_id'),
            '>',
            eb.tuple(after.created_at, after.event_id, after.user_id),
          ),
          eb(
            eb.refTuple('c.created_at', 'c.event_id', 'c.user_id'),
            '<=',
            eb.tuple(upto.created_at, upto.event_id, upto.user_id),
          ),
        ]),
      )
      .where(noCredit('checkin', sql.ref('c.user_id'), sql`'event:' || c.event_id`))
      .orderBy('c.created_at')
      .orderBy('c.event_id')
      .orderBy('c.user_id')
      .limit(limit)
      .execute(),

  /** The newest giveaway entry's id (0 with none): where an entry credits' run stops. */
  lastEntryId: async (db: Db) =>
    Number(
      (
        await db
          .selectFrom('giveaway_entries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    ),

  /**
   * Giveaway entries in (afterId, uptoId] made since `sinceIso` whose credit is not in the ledger,
   * oldest first: the entry credits' work list. The ledger's key (reward_ledger_once) answers each
   * look, so a start after a crash passes over a day of credited entries inside one query, not a
   * transaction per entry. An entry the daily cap refused has no credit, and the next start looks again.
   */
  uncreditedEntries: (db: Db, afterId: number, uptoId: number, sinceIso: string, limit: number) =>
    db
      .selectFrom('giveaway_entries as e')
      .select(['e.id', 'e.user_id', 'e.giveaway_id'])
      .where('e.id', '>', afterId)
      .where('e.id', '<=', uptoId)
      .where('e.created_at', '>=', sinceIso)
      .where(noCredit('giveaway_entry', sql.ref('e.user_id'), sql`'giveaway:' || e.giveaway_id`))
      .orderBy('e.id')
      .limit(limit)
      .execute(),

  /**
   * Where the entry and check-in credits runs have got to, as kept (decision 103): JSON; and when a
   * process last took the run's turn (decision 118). Undefined before the first run kept its marks.
   */
  activityMarks: (db: Db) =>
    db
      .selectFrom('activity_credit_marks')
      .select(['marks', 'turn_at'])
      .where('name', '=', ACTIVITY_MARKS)
      .executeTakeFirst(),

  /**
   * Takes the credits run's turn (decision 118): moves `turn_at` from what this process read to
   * `nowIso`. False when another process took the turn in between.
   */
  takeActivityTurn: async (db: Db, readTurnAt: string, nowIso: string) =>
    (
      await db
        .updateTable('activity_credit_marks')
        .set({ turn_at: nowIso })
        .where('name', '=', ACTIVITY_MARKS)
        .where('turn_at', '=', readTurnAt)
        .executeTakeFirst()
    ).numUpdatedRows === 1n,

  /** Keeps where the credits runs have got to; the last process to write wins (decision 103). */
  keepActivityMarks: (db: Db, marks: string, nowIso: string) =>
    db
      .insertInto('activity_credit_marks')
      .values({ name: ACTIVITY_MARKS, marks, updated_at: nowIso })
      .onConflict((oc) => oc.column('name').doUpdateSet({ marks, updated_at: nowIso }))
      .execute(),

  /** Shows that ended in (fromIso, untilIso], have a watch log and whose watch points are not credited yet. */
  endedUnsettled: async (db: Db, fromIso: string, untilIso: string) =>
    (
      await db
        .selectFrom('events')
        .leftJoin('reward_watch_settled', 'reward_watch_settled.event_id', 'events.id')
        .select('events.id')
        .where('events.cust_end', '>', fromIso)
        .where('events.cust_end', '<=', untilIso)
        .where('reward_watch_settled.event_id', 'is', null)
        .where((eb) =>
          eb.exists(
            eb.selectFrom('watch_logs').select('watch_logs.event_id').whereRef('watch_logs.event_id', '=', 'events.id'),
          ),
        )
        .orderBy('events.cust_end')
        .execute()
    ).map((row) => row.id),
};
