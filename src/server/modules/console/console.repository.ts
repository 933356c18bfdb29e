// SQL for the producer console (decision 080): the rundown, what is on air, the on-air log, the
// viewers-over-time samples, the call-back list and the counters one tick reads in one round trip.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { RundownSegmentsTable } from '../../db/schema';

export type SegmentRow = Selectable<RundownSegmentsTable>;

export const consoleRepository = {
  rehearsalOf: (db: Db, eventId: number) =>
    db
      .selectFrom('rehearsals')
      .select(['id', 'source_event_id', 'viewers'])
      .where('event_id', '=', eventId)
      .executeTakeFirst(),

  liveState: (db: Db, eventId: number) =>
    db.selectFrom('show_live_state').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

  /** The show's on-air row, made empty the first time anyone acts. */
  ensureLiveState: (db: Db, eventId: number, at: string) =>
    db
      .insertInto('show_live_state')
      .values({ event_id: eventId, current_segment_id: null, piece_id: null, went_live_at: null, updated_at: at })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute(),

  setLiveState: (
    db: Db,
    eventId: number,
    patch: { piece_id?: number | null; went_live_at?: string; current_segment_id?: number | null },
    at: string,
  ) =>
    db
      .updateTable('show_live_state')
      .set({ ...patch, updated_at: at })
      .where('event_id', '=', eventId)
      .execute(),

  /**
   * Moves the current segment from `from` to `to` only if it is still `from`: of two presses at once
   * one changes the row and the other finds nothing to change (PostgreSQL re-reads the row after the
   * first commits; SQLite runs one writer at a time). Answers whether this call moved it.
   */
  moveCurrent: async (db: Db, eventId: number, from: number | null, to: number, at: string) => {
    const result = await db
      .updateTable('show_live_state')
      .set({ current_segment_id: to, updated_at: at })
      .where('event_id', '=', eventId)
      .where('current_segment_id', from === null ? 'is' : '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Leaves the show with no current segment if `segmentId` was it. */
  clearCurrent: (db: Db, eventId: number, segmentId: number, at: string) =>
    db
      .updateTable('show_live_state')
      .set({ current_segment_id: null, updated_at: at })
      .where('event_id', '=', eventId)
      .where('current_segment_id', '=', segmentId)
      .execute(),

  /** The show a giveaway belongs to (null when none, undefined when it is no giveaway). */
  showOfGiveaway: async (db: Db, giveawayId: number) =>
    (
      await db
        .selectFrom('giveaways')
        .innerJoin('events', 'events.id', 'giveaways.event_id')
        .select('giveaways.show_id')
        .where('giveaways.event_id', '=', giveawayId)
        .where('events.type', '=', 'giveaway')
        .executeTakeFirst()
    )?.show_id,

  segments: (db: Db, eventId: number) =>
    db
      .selectFrom('rundown_segments')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('position')
      .orderBy('id')
      .execute(),

  segment: (db: Db, eventId: number, id: number) =>
    db
      .selectFrom('rundown_segments')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('id', '=', id)
      .executeTakeFirst(),

  insertSegment: (db: Db, row: Insertable<RundownSegmentsTable>) =>
    db.insertInto('rundown_segments').values(row).returning('id').executeTakeFirstOrThrow(),

  updateSegment: (db: Db, id: number, patch: Updateable<RundownSegmentsTable>) =>
    db.updateTable('rundown_segments').set(patch).where('id', '=', id).execute(),

  deleteSegment: (db: Db, id: number) => db.deleteFrom('rundown_segments').where('id', '=', id).execute(),

  /** Ends whichever segment of the show is running. */
  endRunning: (db: Db, eventId: number, at: string) =>
    db
      .updateTable('rundown_segments')
      .set({ ended_at: at })
      .where('event_id', '=', eventId)
      .where('started_at', 'is not', null)
      .where('ended_at', 'is', null)
      .execute(),

  pieces: (db: Db, ids: number[]) =>
    ids.length ? db.selectFrom('pieces').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),

  piece: (db: Db, id: number) => db.selectFrom('pieces').selectAll().where('id', '=', id).executeTakeFirst(),

  insertShowing: (db: Db, eventId: number, pieceId: number, at: string) =>
    db.insertInto('piece_showings').values({ event_id: eventId, piece_id: pieceId, shown_at: at }).execute(),

  /** Giveaways of the show: linked to it, or carried by one of its segments. */
  giveawayIds: async (db: Db, showId: number) => {
    const rows = await db
      .selectFrom('events')
      .innerJoin('giveaways', 'giveaways.event_id', 'events.id')
      .select('events.id')
      .where('events.type', '=', 'giveaway')
      .where((eb) =>
        eb.or([
          eb('giveaways.show_id', '=', showId),
          eb(
            'events.id',
            'in',
            eb
              .selectFrom('rundown_segments')
              .select('giveaway_id')
              .where('event_id', '=', showId)
              .where('giveaway_id', 'is not', null)
              .$narrowType<{ giveaway_id: number }>(),
          ),
        ]),
      )
      .orderBy('events.cust_start')
      .orderBy('events.id')
      .execute();
    return rows.map((r) => r.id);
  },

  insertAction: (
    db: Db,
    row: { event_id: number; staff_id: number | null; action: string; detail: string; created_at: string },
  ) => db.insertInto('console_actions').values(row).execute(),

  /** The newest `limit` log lines with who took each, newest first. */
  log: (db: Db, eventId: number, limit: number) =>
    db
      .selectFrom('console_actions')
      .leftJoin('users', 'users.id', 'console_actions.staff_id')
      .select([
        'console_actions.id',
        'console_actions.action',
        'console_actions.detail',
        'console_actions.created_at',
        'users.first_name',
        'users.last_name',
      ])
      .where('console_actions.event_id', '=', eventId)
      .orderBy('console_actions.id', 'desc')
      .limit(limit)
      .execute(),

  marks: (db: Db, eventId: number, actions: readonly string[]) =>
    db
      .selectFrom('console_actions')
      .select(['created_at', 'action', 'detail'])
      .where('event_id', '=', eventId)
      .where('action', 'in', [...actions])
      .orderBy('id')
      .execute(),

  samples: (db: Db, eventId: number) =>
    db.selectFrom('viewer_samples').select(['at', 'viewers']).where('event_id', '=', eventId).orderBy('at').execute(),

  /** One sample per show and 15-second step: a second process writing the same step changes nothing. */
  insertSample: (db: Db, eventId: number, at: string, viewers: number) =>
    db
      .insertInto('viewer_samples')
      .values({ event_id: eventId, at, viewers })
      .onConflict((oc) => oc.columns(['event_id', 'at']).doNothing())
      .execute(),

  /**
   * Every counter of a tick in one statement: viewers watching since `presenceSince`, the peak
   * sample, check-ins, RSVPs, entries of the show's giveaways, spins, chat messages since
   * `minuteAgo`, how many ever watched and the newest sign of life.
   */
  counters: async (db: Db, eventId: number, room: string, presenceSince: string, minuteAgo: string) => {
    const count = sql<string>`count(*)`;
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('watch_logs')
          .select(count.as('n'))
          .where('event_id', '=', eventId)
          .where('watching', '=', 1)
          .where('last_seen_at', '>', presenceSince)
          .as('viewers_now'),
        eb
          .selectFrom('viewer_samples')
          .select((s) => s.fn.max('viewers').as('n'))
          .where('event_id', '=', eventId)
          .as('viewers_peak'),
        eb.selectFrom('live_checkins').select(count.as('n')).where('event_id', '=', eventId).as('checkins'),
        eb.selectFrom('rsvps').select(count.as('n')).where('event_id', '=', eventId).as('rsvps'),
        eb
          .selectFrom('giveaway_entries')
          .select(count.as('n'))
          .where('giveaway_id', 'in', eb.selectFrom('giveaways').select('event_id').where('show_id', '=', eventId))
          .as('entries'),
        eb.selectFrom('spins').select(count.as('n')).where('event_id', '=', eventId).as('spins'),
        eb
          .selectFrom('chat_messages')
          .select(count.as('n'))
          .where('room', '=', room)
          .where('created_at', '>', minuteAgo)
          .as('messages'),
        eb.selectFrom('watch_logs').select(count.as('n')).where('event_id', '=', eventId).as('watchers'),
        eb
          .selectFrom('watch_logs')
          .select((s) => s.fn.max('last_seen_at').as('n'))
          .where('event_id', '=', eventId)
          .as('last_seen'),
      ])
      .executeTakeFirstOrThrow();
    const n = (value: string | number | null) => Number(value ?? 0);
    return {
      viewersNow: n(row.viewers_now),
      viewersPeak: n(row.viewers_peak),
      checkins: n(row.checkins),
      rsvps: n(row.rsvps),
      entries: n(row.entries),
      spins: n(row.spins),
      messages: n(row.messages),
      watchers: n(row.watchers),
      lastSeen: row.last_seen === null ? null : String(row.last_seen),
    };
  },

  /** Winners of the show's giveaways who have not claimed yet, with the deadline. */
  pendingPicks: (db: Db, showId: number) =>
    db
      .selectFrom('giveaway_picks')
      .innerJoin('giveaways', 'giveaways.event_id', 'giveaway_picks.giveaway_id')
      .innerJoin('users', 'users.id', 'giveaway_picks.user_id')
      .select([
        'giveaway_picks.id',
        'giveaway_picks.drawn_at',
        'giveaway_picks.claim_by',
        'giveaways.prize',
        'users.first_name',
        'users.last_name',
      ])
      .where('giveaways.show_id', '=', showId)
      .where('giveaway_picks.status', '=', 'pending')
      .where('giveaway_picks.claim_by', 'is not', null)
      .orderBy('giveaway_picks.id')
      .execute(),

  interest: (db: Db, eventId: number) =>
    db
      .selectFrom('piece_interest')
      .innerJoin('pieces', 'pieces.id', 'piece_interest.piece_id')
      .leftJoin('users as staff', 'staff.id', 'piece_interest.called_back_by')
      .select([
        'piece_interest.id',
        'piece_interest.piece_id',
        'pieces.name as piece_name',
        'piece_interest.name',
        'piece_interest.email',
        'piece_interest.phone',
        'piece_interest.created_at',
        'piece_interest.called_back_at',
        'staff.first_name as staff_first_name',
        'staff.last_name as staff_last_name',
      ])
      .where('piece_interest.event_id', '=', eventId)
      .orderBy('piece_interest.id')
      .execute(),

  interestOne: (db: Db, eventId: number, id: number) =>
    db
      .selectFrom('piece_interest')
      .select(['id', 'name', 'called_back_at'])
      .where('event_id', '=', eventId)
      .where('id', '=', id)
      .executeTakeFirst(),

  markCalledBack: (db: Db, id: number, staffId: number, at: string) =>
    db
      .updateTable('piece_interest')
      .set({ called_back_at: at, called_back_by: staffId })
      .where('id', '=', id)
      .execute(),

  /** The show's chat room settings (paused, slow mode). */
  room: (db: Db, room: string) =>
    db.selectFrom('chat_rooms').select(['paused', 'slow_mode_seconds']).where('room', '=', room).executeTakeFirst(),
};
