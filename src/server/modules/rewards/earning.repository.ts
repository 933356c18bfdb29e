// SQL for earning rules and the facts the earning hooks read: the rules (reward_rules), staff's
// changes to them (reward_rule_changes), watch logs and which shows' watch points are credited.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { RewardRuleChangesTable, RewardRulesTable } from '../../db/schema';

/** Where the check-in credits' last run stopped: the last check-in it saw. */
export type CheckInCursor = { created_at: string; event_id: number; user_id: number };

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

  /** Who referred a viewer: the account behind the invite code they registered with, if any. */
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

  /** Shows that ended in (fromIso, untilIso], have a watch log and whose watch points are not credited yet. */
  /** Giveaway entries after `afterId` made since `sinceIso`, oldest first: the entry credits' work list. */
  /**
   * Check-ins after `after` in (created_at, event_id, user_id) order, none older than `sinceIso`,
   * with the viewer's inviter (the index live_checkins_created of migration 022 serves it).
   */
  checkInsAfter: (db: Db, after: CheckInCursor, sinceIso: string, limit: number) =>
    db
      .selectFrom('live_checkins')
      .innerJoin('users', 'users.id', 'live_checkins.user_id')
      .select(['live_checkins.created_at', 'live_checkins.event_id', 'live_checkins.user_id', 'users.invited_by'])
      .where('live_checkins.created_at', '>=', sinceIso)
      .where((eb) =>
        eb(
          eb.refTuple('live_checkins.created_at', 'live_checkins.event_id', 'live_checkins.user_id'),
          '>',
          eb.tuple(after.created_at, after.event_id, after.user_id),
        ),
      )
      .orderBy('live_checkins.created_at')
      .orderBy('live_checkins.event_id')
      .orderBy('live_checkins.user_id')
      .limit(limit)
      .execute(),

  entriesAfter: (db: Db, afterId: number, sinceIso: string, limit: number) =>
    db
      .selectFrom('giveaway_entries')
      .select(['id', 'user_id', 'giveaway_id'])
      .where('id', '>', afterId)
      .where('created_at', '>=', sinceIso)
      .orderBy('id')
      .limit(limit)
      .execute(),

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
