// SQL of the named reports (GetSPData, decision 076): one read per report, each a page (limit and
// offset over a total order) and its total. Selects only: nothing here writes.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ActivityKind } from '../../../shared/contract/reports';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

export type PageWindow = { limit: number; offset: number };
type Count = number | string | bigint;
type ActivityLine = {
  kind: ActivityKind;
  at: string;
  eventid: number | null;
  title: string;
  detail: string;
  points: number | null;
  ref: number;
};
const num = (value: Count | null | undefined) => Number(value ?? 0);

/** The total of a query's rows: count(*) over it as a subquery, so grouped queries count their groups. */
async function totalOf<O>(db: Db, query: SelectQueryBuilder<Database, never, O>): Promise<number> {
  const row = await db
    .selectFrom(query.as('counted'))
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .executeTakeFirstOrThrow();
  return num(row.n);
}

export const reportsRepository = {
  /** Shows and special events starting in (now, until); a viewer's private ones only when RSVPed. */
  upcomingShows: async (
    db: Db,
    filter: { types: ('show' | 'specialshow')[]; now: string; until: string; viewerId: number | null },
    page: PageWindow,
  ) => {
    const base = db
      .selectFrom('events as e')
      .where('e.type', 'in', filter.types)
      // Rehearsals' private copies are practice, never in a report (decision 084).
      .where('e.rehearsal_of', 'is', null)
      .where('e.cust_start', '>', filter.now)
      .where('e.cust_start', '<', filter.until)
      .$if(filter.viewerId !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('e.is_public', '=', 1),
            eb.exists(
              eb
                .selectFrom('rsvps as r')
                .select('r.id')
                .whereRef('r.event_id', '=', 'e.id')
                .where('r.user_id', '=', filter.viewerId ?? 0),
            ),
          ]),
        ),
      );
    const [rows, total] = await Promise.all([
      base
        .select(['e.id', 'e.type', 'e.title', 'e.cust_start', 'e.cust_end'])
        .$narrowType<{ type: 'show' | 'specialshow' }>()
        .orderBy('e.cust_start')
        .orderBy('e.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      totalOf(db, base.select('e.id')),
    ]);
    return { rows, total };
  },

  /** Claimed picks of announced giveaways, newest draw first; a viewer sees public giveaways and those they entered. */
  giveawayWinners: async (
    db: Db,
    filter: { eventId?: number; from?: string; before?: string; viewerId: number | null },
    page: PageWindow,
  ) => {
    const base = db
      .selectFrom('giveaway_picks as p')
      .innerJoin('giveaways as g', 'g.event_id', 'p.giveaway_id')
      .innerJoin('events as ev', 'ev.id', 'p.giveaway_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where('p.status', '=', 'claimed')
      .where('g.announced_at', 'is not', null)
      .where('ev.rehearsal_of', 'is', null)
      .$if(filter.eventId !== undefined, (qb) => qb.where('p.giveaway_id', '=', filter.eventId ?? 0))
      .$if(filter.from !== undefined, (qb) => qb.where('p.drawn_at', '>=', filter.from ?? ''))
      .$if(filter.before !== undefined, (qb) => qb.where('p.drawn_at', '<', filter.before ?? ''))
      .$if(filter.viewerId !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('ev.is_public', '=', 1),
            eb.exists(
              eb
                .selectFrom('giveaway_entries as ge')
                .select('ge.id')
                .whereRef('ge.giveaway_id', '=', 'p.giveaway_id')
                .where('ge.user_id', '=', filter.viewerId ?? 0),
            ),
          ]),
        ),
      );
    const [rows, total] = await Promise.all([
      base
        .select(['p.id', 'p.giveaway_id', 'ev.title', 'g.prize', 'u.first_name', 'u.last_name', 'p.drawn_at'])
        .orderBy('p.drawn_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      totalOf(db, base.select('p.id')),
    ]);
    return { rows, total };
  },

  contest: (db: Db, id: number) =>
    db
      .selectFrom('contests')
      .select([
        'id',
        'submit_opens_at',
        'submit_closes_at',
        'vote_opens_at',
        'vote_closes_at',
        'results_fixed_at',
        'show_counts',
      ])
      .where('id', '=', id)
      .executeTakeFirst(),

  /**
   * A contest's approved entries with their votes (voided ones left out). By votes, ties to the
   * earlier entry, when `byVotes`; otherwise by entry alone, so the order says nothing of the counts.
   */
  leaderboard: async (db: Db, contestId: number, byVotes: boolean, page: PageWindow) => {
    const votes = db
      .selectFrom('contest_votes')
      .select(['submission_id', (eb) => eb.fn.countAll<Count>().as('n')])
      .where('contest_id', '=', contestId)
      .where('voided_at', 'is', null)
      .groupBy('submission_id');
    const base = db
      .selectFrom('contest_submissions as s')
      .where('s.contest_id', '=', contestId)
      .where('s.state', '=', 'approved');
    const [rows, total] = await Promise.all([
      base
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin(votes.as('v'), 'v.submission_id', 's.id')
        .select([
          's.id',
          's.caption',
          'u.first_name',
          'u.last_name',
          (eb) => eb.fn.coalesce('v.n', eb.lit(0)).as('votes'),
        ])
        .$if(byVotes, (qb) => qb.orderBy('votes', 'desc'))
        .orderBy('s.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      totalOf(db, base.select('s.id')),
    ]);
    return { rows: rows.map((row) => ({ ...row, votes: num(row.votes) })), total };
  },

  /**
   * One viewer's own lines from six tables, newest first (ties by kind, then the row's id), as one
   * union: every branch is pinned to `userId`, whatever else the caller asked.
   */
  activity: async (db: Db, userId: number, kinds: readonly ActivityKind[], page: PageWindow) => {
    const kind = (value: ActivityKind) => sql.lit<ActivityKind>(value).as('kind');
    const noEvent = sql<number | null>`cast(null as integer)`.as('eventid');
    const noPoints = sql<number | null>`cast(null as integer)`.as('points');
    const rsvps = db
      .selectFrom('rsvps as r')
      .innerJoin('events as e', 'e.id', 'r.event_id')
      .where('r.user_id', '=', userId)
      .select([
        kind('rsvp'),
        'r.created_at as at',
        'r.event_id as eventid',
        'e.title as title',
        'e.type as detail',
        noPoints,
        'r.id as ref',
      ])
      .$castTo<ActivityLine>();
    const checkIns = db
      .selectFrom('live_checkins as c')
      .innerJoin('events as e', 'e.id', 'c.event_id')
      .where('c.user_id', '=', userId)
      .select([
        kind('check_in'),
        'c.created_at as at',
        'c.event_id as eventid',
        'e.title as title',
        'c.reachby as detail',
        noPoints,
        'c.event_id as ref',
      ])
      .$castTo<ActivityLine>();
    const entries = db
      .selectFrom('giveaway_entries as ge')
      .innerJoin('events as e', 'e.id', 'ge.giveaway_id')
      .where('ge.user_id', '=', userId)
      .select([
        kind('giveaway_entry'),
        'ge.created_at as at',
        'ge.giveaway_id as eventid',
        'e.title as title',
        'ge.entry_from as detail',
        noPoints,
        'ge.id as ref',
      ])
      .$castTo<ActivityLine>();
    // A pick is a win while it stands: drawn and waiting for its claim, or claimed.
    const wins = db
      .selectFrom('giveaway_picks as p')
      .innerJoin('events as e', 'e.id', 'p.giveaway_id')
      .innerJoin('giveaways as g', 'g.event_id', 'p.giveaway_id')
      .where('p.user_id', '=', userId)
      .where('p.status', 'in', ['pending', 'claimed'])
      .select([
        kind('giveaway_win'),
        'p.drawn_at as at',
        'p.giveaway_id as eventid',
        'e.title as title',
        'g.prize as detail',
        noPoints,
        'p.id as ref',
      ])
      .$castTo<ActivityLine>();
    const points = db
      .selectFrom('reward_ledger as l')
      .where('l.user_id', '=', userId)
      .select([
        kind('points'),
        'l.created_at as at',
        noEvent,
        'l.reason as title',
        'l.source_id as detail',
        'l.points as points',
        'l.id as ref',
      ])
      .$castTo<ActivityLine>();
    const contestEntries = db
      .selectFrom('contest_submissions as s')
      .innerJoin('contests as ct', 'ct.id', 's.contest_id')
      .where('s.user_id', '=', userId)
      .select([
        kind('contest_entry'),
        's.created_at as at',
        'ct.event_id as eventid',
        'ct.title as title',
        's.state as detail',
        noPoints,
        's.id as ref',
      ])
      .$castTo<ActivityLine>();
    const lines = db
      .selectFrom(
        rsvps.unionAll(checkIns).unionAll(entries).unionAll(wins).unionAll(points).unionAll(contestEntries).as('a'),
      )
      .where('a.kind', 'in', kinds);
    const [rows, total] = await Promise.all([
      lines
        .select(['a.kind', 'a.at', 'a.eventid', 'a.title', 'a.detail', 'a.points'])
        .orderBy('a.at', 'desc')
        .orderBy('a.kind')
        .orderBy('a.ref', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      totalOf(db, lines.select('a.ref')),
    ]);
    return {
      rows: rows.map((row) => ({
        ...row,
        eventid: row.eventid === null ? null : Number(row.eventid),
        points: row.points === null ? null : Number(row.points),
      })),
      total,
    };
  },

  /** Registrations per Los Angeles day and exhibition, days with none left out. */
  registrationsByDay: async (db: Db, filter: { from: string; to: string; exhibitionId?: number }, page: PageWindow) => {
    const grouped = db
      .selectFrom('product_registrations as r')
      .innerJoin('exhibitions as x', 'x.id', 'r.exhibition_id')
      .where('r.day', '>=', filter.from)
      .where('r.day', '<=', filter.to)
      .$if(filter.exhibitionId !== undefined, (qb) => qb.where('r.exhibition_id', '=', filter.exhibitionId ?? 0))
      .select(['r.day', 'r.exhibition_id', 'x.name', (eb) => eb.fn.countAll<Count>().as('registrations')])
      .groupBy(['r.day', 'r.exhibition_id', 'x.name']);
    const [rows, total] = await Promise.all([
      grouped.orderBy('r.day').orderBy('r.exhibition_id').limit(page.limit).offset(page.offset).execute(),
      totalOf(db, grouped),
    ]);
    return { rows: rows.map((row) => ({ ...row, registrations: num(row.registrations) })), total };
  },

  /** Giveaways (of one show, or all) with their entries, social bonuses and claimed winners; latest first. */
  giveawayEntries: async (db: Db, filter: { showId?: number }, page: PageWindow) => {
    const base = db
      .selectFrom('giveaways as g')
      .innerJoin('events as ev', 'ev.id', 'g.event_id')
      .leftJoin('events as sh', 'sh.id', 'g.show_id')
      .where('ev.rehearsal_of', 'is', null)
      .$if(filter.showId !== undefined, (qb) => qb.where('g.show_id', '=', filter.showId ?? 0));
    const [rows, total] = await Promise.all([
      base
        .select((eb) => [
          'g.event_id',
          'ev.title',
          'g.show_id',
          'sh.title as show_title',
          eb
            .selectFrom('giveaway_entries as ge')
            .select((c) => c.fn.countAll<Count>().as('n'))
            .whereRef('ge.giveaway_id', '=', 'g.event_id')
            .as('entries'),
          eb
            .selectFrom('giveaway_social_entries as gs')
            .select((c) => c.fn.countAll<Count>().as('n'))
            .whereRef('gs.giveaway_id', '=', 'g.event_id')
            .as('bonus_entries'),
          eb
            .selectFrom('giveaway_picks as gp')
            .select((c) => c.fn.countAll<Count>().as('n'))
            .whereRef('gp.giveaway_id', '=', 'g.event_id')
            .where('gp.status', '=', 'claimed')
            .as('winners'),
        ])
        .orderBy('ev.cust_start', 'desc')
        .orderBy('g.event_id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      totalOf(db, base.select('g.event_id')),
    ]);
    return {
      rows: rows.map((row) => ({
        ...row,
        entries: num(row.entries),
        bonus_entries: num(row.bonus_entries),
        winners: num(row.winners),
      })),
      total,
    };
  },

  /** Settled ledger rows in [from, before) per reason: lines, viewers, points credited and debited. */
  pointsByReason: async (db: Db, filter: { from: string; before: string }, page: PageWindow) => {
    const grouped = db
      .selectFrom('reward_ledger as l')
      .where('l.state', '=', 'settled')
      // A rehearsal's synthetic viewers earn points of their own, gone when it ends: never counted.
      .where((eb) =>
        eb('l.user_id', 'not in', eb.selectFrom('users').select('id').where('rehearsal_id', 'is not', null)),
      )
      .where('l.created_at', '>=', filter.from)
      .where('l.created_at', '<', filter.before)
      .select((eb) => [
        'l.reason',
        eb.fn.countAll<Count>().as('lines'),
        eb.fn.count<Count>('l.user_id').distinct().as('viewers'),
        eb.fn
          .sum<Count>(eb.case().when('l.points', '>', 0).then(eb.ref('l.points')).else(eb.lit(0)).end())
          .as('credited'),
        eb.fn
          .sum<Count>(
            eb
              .case()
              .when('l.points', '<', 0)
              .then(eb.neg(eb.ref('l.points')))
              .else(eb.lit(0))
              .end(),
          )
          .as('debited'),
      ])
      .groupBy('l.reason');
    const [rows, total] = await Promise.all([
      grouped.orderBy('l.reason').limit(page.limit).offset(page.offset).execute(),
      totalOf(db, grouped),
    ]);
    return {
      rows: rows.map((row) => ({
        reason: row.reason,
        lines: num(row.lines),
        viewers: num(row.viewers),
        credited: num(row.credited),
        debited: num(row.debited),
      })),
      total,
    };
  },
};
