// SQL for the draw: picks (one per sequence number, so a racing second draw fails on the unique key),
// their claims and forfeits, the audit log, and who holds a win in a show's giveaways.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { GiveawayAuditTable, GiveawayPicksTable } from '../../db/schema';

export const giveawayDrawRepository = {
  picks: (db: Db, giveawayId: number) =>
    db.selectFrom('giveaway_picks').selectAll().where('giveaway_id', '=', giveawayId).orderBy('sequence').execute(),

  hasPicks: async (db: Db, giveawayId: number) =>
    Boolean(
      await db
        .selectFrom('giveaway_picks')
        .select('id')
        .where('giveaway_id', '=', giveawayId)
        .limit(1)
        .executeTakeFirst(),
    ),

  insertPick: (db: Db, row: Insertable<GiveawayPicksTable>) =>
    db.insertInto('giveaway_picks').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Moves a pick from one status to another; undefined if it was not in `from` (someone got there first). */
  resolvePick: (
    db: Db,
    pickId: number,
    from: GiveawayPicksTable['status'],
    to: GiveawayPicksTable['status'],
    staffId: number,
    atIso: string,
  ) =>
    db
      .updateTable('giveaway_picks')
      .set({ status: to, resolved_by: staffId, resolved_at: atIso })
      .where('id', '=', pickId)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst(),

  /** A giveaway of the same show that this viewer has won (or is waiting to claim), other than `giveawayId`. */
  wonInShow: (db: Db, showId: number, userId: number, giveawayId: number) =>
    db
      .selectFrom('giveaway_picks as p')
      .innerJoin('giveaways as g', 'g.event_id', 'p.giveaway_id')
      .select('p.giveaway_id')
      .where('g.show_id', '=', showId)
      .where('p.user_id', '=', userId)
      .where('p.giveaway_id', '!=', giveawayId)
      .where('p.status', 'in', ['pending', 'claimed'])
      .limit(1)
      .executeTakeFirst(),

  /** The viewers drawn in any giveaway of the show whose picks are in one of `statuses`. */
  winnerIdsOfShow: async (db: Db, showId: number, statuses: readonly GiveawayPicksTable['status'][]) =>
    (
      await db
        .selectFrom('giveaway_picks')
        .innerJoin('giveaways', 'giveaways.event_id', 'giveaway_picks.giveaway_id')
        .select('giveaway_picks.user_id')
        .distinct()
        .where('giveaways.show_id', '=', showId)
        .where('giveaway_picks.status', 'in', statuses)
        .orderBy('giveaway_picks.user_id')
        .execute()
    ).map((row) => row.user_id),

  /** The show a giveaway belongs to; null for a giveaway of no show, or no such giveaway. */
  showOf: async (db: Db, giveawayId: number) =>
    (await db.selectFrom('giveaways').select('show_id').where('event_id', '=', giveawayId).executeTakeFirst())
      ?.show_id ?? null,

  audit: (db: Db, row: Insertable<GiveawayAuditTable>) => db.insertInto('giveaway_audit').values(row).execute(),

  auditLog: (db: Db, giveawayId: number) =>
    db.selectFrom('giveaway_audit').selectAll().where('giveaway_id', '=', giveawayId).orderBy('id').execute(),
};
