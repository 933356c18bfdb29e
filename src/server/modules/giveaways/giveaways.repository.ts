// SQL for giveaways: details (with the seed commitment), entries, social bonuses, banner clicks,
// picks and the audit log. Unique constraints decide every race; callers own the transactions.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { EventsTable, GiveawayAuditTable, GiveawayEntriesTable, GiveawayPicksTable, GiveawaysTable } from '../../db/schema';

export type GiveawayRow = { event: Selectable<EventsTable>; details: Selectable<GiveawaysTable> };
export type NewEntry = Insertable<GiveawayEntriesTable>;
type When = 'upcoming' | 'live' | 'past' | 'all';

export const giveawaysRepository = {
  details: (db: Db, eventId: number) => db.selectFrom('giveaways').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

  /** Creates the details row (and so the commitment) unless another request just did. */
  insertDetails: (db: Db, row: Insertable<GiveawaysTable>) =>
    db
      .insertInto('giveaways')
      .values(row)
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returningAll()
      .executeTakeFirst(),

  updateDetails: (db: Db, eventId: number, patch: Updateable<GiveawaysTable>) => db.updateTable('giveaways').set(patch).where('event_id', '=', eventId).returningAll().executeTakeFirst(),

  /** Giveaway events for staff, newest opening first. */
  staffList: (db: Db, when: When, nowIso: string) => {
    let query = db.selectFrom('events').selectAll().where('type', '=', 'giveaway');
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
    db.selectFrom('giveaway_entries').selectAll().where('giveaway_id', '=', giveawayId).where('user_id', '=', userId).executeTakeFirst(),

  socialOf: (db: Db, giveawayId: number, userId: number) =>
    db.selectFrom('giveaway_social_entries').select(['click_type', 'created_at']).where('giveaway_id', '=', giveawayId).where('user_id', '=', userId).orderBy('created_at').orderBy('click_type').execute(),

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
      .onConflict((oc) => oc.columns(['giveaway_id', 'day']).doUpdateSet((eb) => ({ clicks: eb('giveaway_banner_clicks.clicks', '+', 1) })))
      .execute(),

  async counts(db: Db, giveawayId: number): Promise<{ entrants: number; bonuses: number; bannerClicks: number }> {
    const [entrants, bonuses, clicks] = await Promise.all([
      db.selectFrom('giveaway_entries').select((eb) => eb.fn.countAll<string>().as('n')).where('giveaway_id', '=', giveawayId).executeTakeFirst(),
      db.selectFrom('giveaway_social_entries').select((eb) => eb.fn.countAll<string>().as('n')).where('giveaway_id', '=', giveawayId).executeTakeFirst(),
      db.selectFrom('giveaway_banner_clicks').select((eb) => eb.fn.sum<string>('clicks').as('n')).where('giveaway_id', '=', giveawayId).executeTakeFirst(),
    ]);
    return { entrants: Number(entrants?.n ?? 0), bonuses: Number(bonuses?.n ?? 0), bannerClicks: Number(clicks?.n ?? 0) };
  },

  /** Every entry with its weight (1 + social bonuses) and who made it, by entry id. */
  entriesWithWeights: (db: Db, giveawayId: number) =>
    db
      .selectFrom('giveaway_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.id as entry_id', 'e.user_id', 'e.entry_from', 'e.whatnot_username', 'e.created_at', 'u.first_name', 'u.last_name', 'u.email', 'u.phone'])
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
    db.selectFrom('giveaway_social_entries').select(['user_id', 'click_type']).where('giveaway_id', '=', giveawayId).orderBy('created_at').orderBy('click_type').execute(),

  picks: (db: Db, giveawayId: number) => db.selectFrom('giveaway_picks').selectAll().where('giveaway_id', '=', giveawayId).orderBy('sequence').execute(),

  insertPick: (db: Db, row: Insertable<GiveawayPicksTable>) => db.insertInto('giveaway_picks').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Moves a pick from one status to another; undefined if it was not in `from` (someone got there first). */
  resolvePick: (db: Db, pickId: number, from: GiveawayPicksTable['status'], to: GiveawayPicksTable['status'], staffId: number, atIso: string) =>
    db.updateTable('giveaway_picks').set({ status: to, resolved_by: staffId, resolved_at: atIso }).where('id', '=', pickId).where('status', '=', from).returningAll().executeTakeFirst(),

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

  audit: (db: Db, row: Insertable<GiveawayAuditTable>) => db.insertInto('giveaway_audit').values(row).execute(),

  auditLog: (db: Db, giveawayId: number) => db.selectFrom('giveaway_audit').selectAll().where('giveaway_id', '=', giveawayId).orderBy('id').execute(),

  usersByIds: (db: Db, ids: number[]) =>
    ids.length ? db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'phone']).where('id', 'in', ids).execute() : Promise.resolve([]),

  /** Claimed picks of announced giveaways: one giveaway, or every giveaway of a show. */
  announcedWinners: (db: Db, filter: { giveawayId: number } | { showId: number }) => {
    let query = db
      .selectFrom('giveaway_picks as p')
      .innerJoin('giveaways as g', 'g.event_id', 'p.giveaway_id')
      .innerJoin('events as ev', 'ev.id', 'p.giveaway_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.giveaway_id', 'ev.title', 'u.first_name', 'u.last_name', 'p.entry_id', 'p.drawn_at'])
      .where('p.status', '=', 'claimed')
      .where('g.announced_at', 'is not', null);
    query = 'giveawayId' in filter ? query.where('p.giveaway_id', '=', filter.giveawayId) : query.where('g.show_id', '=', filter.showId).where('ev.is_public', '=', 1);
    return query.orderBy('p.giveaway_id').orderBy('p.sequence').execute();
  },
};
