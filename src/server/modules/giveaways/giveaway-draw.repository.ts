// SQL for the draw: picks (one per sequence number, so a racing second draw fails on the unique key),
// their claims and forfeits, the audit log, and who holds a win in a show's giveaways.
import { sql, type Insertable } from 'kysely';
import { compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';
import type { GiveawayAuditTable, GiveawayPicksTable } from '../../db/schema';

type PickStatus = GiveawayPicksTable['status'];
type ShowWinner = { show_id: number | null; user_id: number };

/**
 * A drawn viewer counts as a winner while their pick waits for its claim or once it is claimed.
 * Written into the SQL as literals: the compiled read's only parameter is the show.
 */
const WINNING_STATUSES = (['pending', 'claimed'] satisfies PickStatus[]).map((status) => sql.lit(status));

/** The viewers holding a win in a show's giveaways, one row per show and viewer, in viewer order. */
const winnersQuery = (db: Db) =>
  db
    .selectFrom('giveaway_picks')
    .innerJoin('giveaways', 'giveaways.event_id', 'giveaway_picks.giveaway_id')
    .select(['giveaways.show_id', 'giveaway_picks.user_id'])
    .distinct()
    .where('giveaway_picks.status', 'in', WINNING_STATUSES);

/** One show's winners, read by every chat join on SQLite: compiled once. */
const winnersOfOneShow = compiledRead<ShowWinner, [showId: number]>((db) =>
  winnersQuery(db).where('giveaways.show_id', '=', 0).orderBy('giveaway_picks.user_id'),
);

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

  /** The viewers holding a win in any giveaway of the show. */
  winnersOfShow: winnersOfOneShow,

  /** As winnersOfShow, for several shows at once: by show, then viewer. */
  winnersOfShows: (db: Db, showIds: readonly number[]) =>
    winnersQuery(db)
      .where('giveaways.show_id', 'in', showIds)
      .orderBy('giveaways.show_id')
      .orderBy('giveaway_picks.user_id')
      .execute(),

  /** The show a giveaway belongs to; null for a giveaway of no show, or no such giveaway. */
  showOf: async (db: Db, giveawayId: number) =>
    (await db.selectFrom('giveaways').select('show_id').where('event_id', '=', giveawayId).executeTakeFirst())
      ?.show_id ?? null,

  /** The giveaways (by id) with what a follower of the draw sees of them, and their entrant counts. */
  drawOverviews: (db: Db, giveawayIds: readonly number[]) =>
    giveawayIds.length
      ? db
          .selectFrom('giveaways as g')
          .innerJoin('events as e', 'e.id', 'g.event_id')
          .select([
            'g.event_id',
            'e.title',
            'g.prize',
            'g.show_id',
            'g.claim_mode',
            'g.winner_count',
            'g.seed',
            'g.seed_hash',
            'g.seed_revealed_at',
          ])
          .select((eb) =>
            eb
              .selectFrom('giveaway_entries as n')
              .select((c) => c.fn.countAll<number | string>().as('n'))
              .whereRef('n.giveaway_id', '=', 'g.event_id')
              .as('entrants'),
          )
          .where('g.event_id', 'in', giveawayIds)
          .orderBy('g.event_id')
          .execute()
      : Promise.resolve([]),

  /** The giveaways of a show, by id. */
  /** A show's giveaways, with whether each is public (a private one is for those who may see it). */
  giveawaysOfShow: (db: Db, showId: number) =>
    db
      .selectFrom('giveaways as g')
      .innerJoin('events as ev', 'ev.id', 'g.event_id')
      .select(['ev.id', 'ev.type', 'ev.is_public'])
      .where('g.show_id', '=', showId)
      .orderBy('ev.id')
      .execute(),

  /** The picks of these giveaways with the winner's name and the entry's place in the published list. */
  drawPicks: (db: Db, giveawayIds: readonly number[]) =>
    giveawayIds.length
      ? db
          .selectFrom('giveaway_picks as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select(['p.id', 'p.giveaway_id', 'p.sequence', 'p.status', 'p.claim_by', 'u.first_name', 'u.last_name'])
          .select((eb) =>
            eb
              .selectFrom('giveaway_entries as n')
              .select((c) => c.fn.countAll<number | string>().as('n'))
              .whereRef('n.giveaway_id', '=', 'p.giveaway_id')
              .whereRef('n.id', '<=', 'p.entry_id')
              .as('entry_number'),
          )
          .where('p.giveaway_id', 'in', giveawayIds)
          .orderBy('p.giveaway_id')
          .orderBy('p.sequence')
          .execute()
      : Promise.resolve([]),

  /**
   * A viewer's place in the published entry list of each of these giveaways they entered: the
   * entries of the giveaway with an id up to theirs (the list is sorted by entry id).
   */
  entryNumbersOf: (db: Db, userId: number, giveawayIds: readonly number[]) =>
    giveawayIds.length
      ? db
          .selectFrom('giveaway_entries as mine')
          .select('mine.giveaway_id')
          .select((eb) =>
            eb
              .selectFrom('giveaway_entries as n')
              .select((c) => c.fn.countAll<number | string>().as('n'))
              .whereRef('n.giveaway_id', '=', 'mine.giveaway_id')
              .whereRef('n.id', '<=', 'mine.id')
              .as('entry_number'),
          )
          .where('mine.user_id', '=', userId)
          .where('mine.giveaway_id', 'in', giveawayIds)
          .execute()
      : Promise.resolve([]),

  /** The number of entries in a giveaway and the place of one entry among them. */
  entryStanding: (db: Db, giveawayId: number, entryId: number) =>
    db
      .selectFrom('giveaway_entries')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('entrants'),
        eb.fn.sum<number | string | null>(eb.case().when('id', '<=', entryId).then(1).else(0).end()).as('entry_number'),
      ])
      .where('giveaway_id', '=', giveawayId)
      .executeTakeFirstOrThrow(),

  audit: (db: Db, row: Insertable<GiveawayAuditTable>) => db.insertInto('giveaway_audit').values(row).execute(),

  auditLog: (db: Db, giveawayId: number) =>
    db.selectFrom('giveaway_audit').selectAll().where('giveaway_id', '=', giveawayId).orderBy('id').execute(),
};
