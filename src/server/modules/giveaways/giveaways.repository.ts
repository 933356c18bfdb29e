// SQL for giveaways: details (with the seed commitment), entries, social bonuses, banner clicks and
// the announced winners. Unique constraints decide every race; callers own the transactions.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { EventsTable, GiveawayEntriesTable, GiveawaysTable } from '../../db/schema';

export type GiveawayRow = { event: Selectable<EventsTable>; details: Selectable<GiveawaysTable> };
export type NewEntry = Insertable<GiveawayEntriesTable>;
type When = 'upcoming' | 'live' | 'past' | 'all';

/** A giveaway's details with its show's title and its counts, as `overviews` reads them. */
export type GiveawayOverview = Awaited<ReturnType<typeof giveawaysRepository.overviews>>[number];

export const giveawaysRepository = {
  details: (db: Db, eventId: number) =>
    db.selectFrom('giveaways').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

  /** Creates the details row (and so the commitment) unless another request just did. */
  insertDetails: (db: Db, row: Insertable<GiveawaysTable>) =>
    db
      .insertInto('giveaways')
      .values(row)
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returningAll()
      .executeTakeFirst(),

  updateDetails: (db: Db, eventId: number, patch: Updateable<GiveawaysTable>) =>
    db.updateTable('giveaways').set(patch).where('event_id', '=', eventId).returningAll().executeTakeFirst(),

  /**
   * Each giveaway's details, its show's title and its counts (entrants, bonuses, banner clicks,
   * picks) in one read, however many giveaways are asked for (at least one).
   */
  overviews: async (db: Db, eventIds: readonly number[]) => {
    const rows = await db
      .selectFrom('giveaways as g')
      .leftJoin('events as show', 'show.id', 'g.show_id')
      .selectAll('g')
      .select('show.title as show_title')
      .select((eb) => [
        eb
          .selectFrom('giveaway_entries as e')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('e.giveaway_id', '=', 'g.event_id')
          .as('entrants'),
        eb
          .selectFrom('giveaway_social_entries as s')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('s.giveaway_id', '=', 'g.event_id')
          .as('bonuses'),
        eb
          .selectFrom('giveaway_banner_clicks as b')
          .select((c) => c.fn.sum<number | string | null>('b.clicks').as('n'))
          .whereRef('b.giveaway_id', '=', 'g.event_id')
          .as('banner_clicks'),
        eb
          .selectFrom('giveaway_picks as p')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('p.giveaway_id', '=', 'g.event_id')
          .as('picks'),
      ])
      .where('g.event_id', 'in', eventIds)
      .execute();
    // PostgreSQL answers counts as text, SQLite as numbers; an empty sum is null.
    return rows.map((row) => ({
      ...row,
      entrants: Number(row.entrants ?? 0),
      bonuses: Number(row.bonuses ?? 0),
      banner_clicks: Number(row.banner_clicks ?? 0),
      picks: Number(row.picks ?? 0),
    }));
  },

  /** Giveaway events (with their details) for staff, newest opening first. */
  staffList: (db: Db, when: When, nowIso: string) => {
    let query = db
      .selectFrom('events')
      .innerJoin('giveaways', 'giveaways.event_id', 'events.id')
      .selectAll('events')
      .where('type', '=', 'giveaway');
    if (when === 'upcoming') query = query.where('cust_start', '>', nowIso);
    if (when === 'live') query = query.where('cust_start', '<=', nowIso).where('cust_end', '>', nowIso);
    if (when === 'past') query = query.where('cust_end', '<=', nowIso);
    return query.orderBy('cust_start', 'desc').orderBy('id', 'desc').limit(200).execute();
  },

  /** Inserts an entry; undefined when the viewer already has one (the unique constraint said so). */
  insertEntry: (db: Db, row: NewEntry) =>
    db
      .insertInto('giveaway_entries')
      .values(row)
      .onConflict((oc) => oc.columns(['giveaway_id', 'user_id']).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst(),

  /** Inserts many entries in one statement (one commit); returns the rows that were new. */
  insertEntries: (db: Db, rows: NewEntry[]) =>
    db
      .insertInto('giveaway_entries')
      .values(rows)
      .onConflict((oc) => oc.columns(['giveaway_id', 'user_id']).doNothing())
      .returning(['id', 'giveaway_id', 'user_id', 'created_at'])
      .execute(),

  entryOf: (db: Db, giveawayId: number, userId: number) =>
    db
      .selectFrom('giveaway_entries')
      .selectAll()
      .where('giveaway_id', '=', giveawayId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  socialOf: (db: Db, giveawayId: number, userId: number) =>
    db
      .selectFrom('giveaway_social_entries')
      .select(['click_type', 'created_at'])
      .where('giveaway_id', '=', giveawayId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('click_type')
      .execute(),

  /** Adds a social bonus; undefined when that click type was already credited. */
  insertSocial: (db: Db, row: { giveaway_id: number; user_id: number; click_type: string; created_at: string }) =>
    db
      .insertInto('giveaway_social_entries')
      .values(row)
      .onConflict((oc) => oc.columns(['giveaway_id', 'user_id', 'click_type']).doNothing())
      .returning('click_type')
      .executeTakeFirst(),

  countBannerClick: (db: Db, giveawayId: number, day: string) =>
    db
      .insertInto('giveaway_banner_clicks')
      .values({ giveaway_id: giveawayId, day, clicks: 1 })
      .onConflict((oc) =>
        oc
          .columns(['giveaway_id', 'day'])
          .doUpdateSet((eb) => ({ clicks: eb('giveaway_banner_clicks.clicks', '+', 1) })),
      )
      .execute(),

  /** Every entry with its weight (1 + social bonuses) and who made it, by entry id. */
  entriesWithWeights: (db: Db, giveawayId: number) =>
    db
      .selectFrom('giveaway_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select([
        'e.id as entry_id',
        'e.user_id',
        'e.entry_from',
        'e.whatnot_username',
        'e.created_at',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.phone',
      ])
      .select((eb) =>
        eb
          .selectFrom('giveaway_social_entries as s')
          .select((s) => s.fn.countAll<string>().as('n'))
          .whereRef('s.giveaway_id', '=', 'e.giveaway_id')
          .whereRef('s.user_id', '=', 'e.user_id')
          .as('bonuses'),
      )
      .where('e.giveaway_id', '=', giveawayId)
      .orderBy('e.id')
      .execute(),

  socialByGiveaway: (db: Db, giveawayId: number) =>
    db
      .selectFrom('giveaway_social_entries')
      .select(['user_id', 'click_type'])
      .where('giveaway_id', '=', giveawayId)
      .orderBy('created_at')
      .orderBy('click_type')
      .execute(),

  usersByIds: (db: Db, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email', 'phone'])
          .where('id', 'in', ids)
          .execute()
      : Promise.resolve([]),

  /** Claimed picks of announced giveaways: of the giveaways listed, or of every public giveaway of a show. */
  announcedWinners: (db: Db, filter: { giveawayIds: readonly number[] } | { showId: number }) => {
    let query = db
      .selectFrom('giveaway_picks as p')
      .innerJoin('giveaways as g', 'g.event_id', 'p.giveaway_id')
      .innerJoin('events as ev', 'ev.id', 'p.giveaway_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.giveaway_id', 'ev.title', 'u.first_name', 'u.last_name', 'p.entry_id', 'p.drawn_at'])
      .where('p.status', '=', 'claimed')
      .where('g.announced_at', 'is not', null);
    query =
      'giveawayIds' in filter
        ? query.where('p.giveaway_id', 'in', filter.giveawayIds)
        : query.where('g.show_id', '=', filter.showId).where('ev.is_public', '=', 1);
    return query.orderBy('p.giveaway_id').orderBy('p.sequence').execute();
  },
};
