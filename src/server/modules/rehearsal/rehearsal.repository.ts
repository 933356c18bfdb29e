// SQL of rehearsals (decision 084): the show and what of it is copied, the private copy and its
// synthetic viewers, what the scripted audience reads each tick, and the purge of every row it made.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { NewUser, RehearsalsTable, RundownSegmentsTable, SpinPrizesTable } from '../../db/schema';

export const rehearsalRepository = {
  event: (db: Db, id: number) => db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst(),

  bySource: (db: Db, sourceEventId: number) =>
    db.selectFrom('rehearsals').selectAll().where('source_event_id', '=', sourceEventId).executeTakeFirst(),

  byCopy: (db: Db, eventId: number) =>
    db.selectFrom('rehearsals').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

  all: (db: Db) => db.selectFrom('rehearsals').selectAll().orderBy('id').execute(),

  /** The show's giveaways with their events, to copy. */
  giveawaysOf: (db: Db, showId: number) =>
    db
      .selectFrom('giveaways as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select([
        'e.id',
        'e.title',
        'e.description',
        'e.image',
        'e.cust_start',
        'e.cust_end',
        'g.prize',
        'g.prize_image',
        'g.tnc',
        'g.tnc_prices',
        'g.winner_count',
        'g.claim_mode',
      ])
      .where('g.show_id', '=', showId)
      .orderBy('e.id')
      .execute(),

  segmentsOf: (db: Db, eventId: number) =>
    db.selectFrom('rundown_segments').selectAll().where('event_id', '=', eventId).orderBy('position').execute(),

  spinPrizesOf: (db: Db, eventId: number) =>
    db.selectFrom('spin_prizes').selectAll().where('event_id', '=', eventId).orderBy('position').execute(),

  insertSegments: (db: Db, rows: Insertable<RundownSegmentsTable>[]) =>
    rows.length ? db.insertInto('rundown_segments').values(rows).execute() : Promise.resolve([]),

  insertSpinPrizes: (db: Db, rows: Insertable<SpinPrizesTable>[]) =>
    rows.length ? db.insertInto('spin_prizes').values(rows).execute() : Promise.resolve([]),

  insertRehearsal: (db: Db, row: Insertable<RehearsalsTable>) =>
    db.insertInto('rehearsals').values(row).returning('id').executeTakeFirstOrThrow(),

  /** Stamps the rehearsals this process drives; answers those still there (another process may have ended one). */
  markDriven: async (db: Db, ids: number[], at: string | null) =>
    ids.length
      ? (
          await db
            .updateTable('rehearsals')
            .set({ driver_seen_at: at })
            .where('id', 'in', ids)
            .returning('id')
            .execute()
        ).map((row) => row.id)
      : [],

  /**
   * Takes a rehearsal whose driver went quiet (no stamp, or none since `staleBefore`) to end it, in
   * the ending's transaction: false when its driver stamped it since, or another process took it
   * first (on PostgreSQL the row's lock makes this wait for that process, then find the row gone).
   */
  claimLeftOver: async (trx: Db, id: number, staleBefore: string, at: string) =>
    (await trx
      .updateTable('rehearsals')
      .set({ driver_seen_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('driver_seen_at', 'is', null), eb('driver_seen_at', '<', staleBefore)]))
      .returning('id')
      .executeTakeFirst()) !== undefined,

  insertUsers: (db: Db, rows: NewUser[]) => db.insertInto('users').values(rows).execute(),

  /** Every synthetic viewer as the services take a user. */
  viewersOf: (db: Db, rehearsalId: number) =>
    db.selectFrom('users').selectAll().where('rehearsal_id', '=', rehearsalId).orderBy('id').execute(),

  insertRsvps: (db: Db, eventId: number, userIds: number[], createdAt: string) =>
    userIds.length
      ? db
          .insertInto('rsvps')
          .values(userIds.map((user_id) => ({ user_id, event_id: eventId, rsvp_type: 'new', created_at: createdAt })))
          .execute()
      : Promise.resolve([]),

  /** What the audience can act on now: the copy's open giveaways, the wheels, open questions, the pause. */
  async stage(db: Db, eventId: number, roomKey: string, nowIso: string) {
    const [giveaways, wheels, questions, room] = await Promise.all([
      db
        .selectFrom('giveaways as g')
        .innerJoin('events as e', 'e.id', 'g.event_id')
        .select(['g.event_id', 'g.access_code'])
        .where('g.show_id', '=', eventId)
        .where('e.cust_start', '<=', nowIso)
        .where('e.cust_end', '>', nowIso)
        .orderBy('g.event_id')
        .execute(),
      db
        .selectFrom('spin_prizes')
        .select('event_id')
        .distinct()
        .where((eb) =>
          eb.or([
            eb('event_id', '=', eventId),
            eb('event_id', 'in', eb.selectFrom('giveaways').select('event_id').where('show_id', '=', eventId)),
          ]),
        )
        .execute(),
      db
        .selectFrom('guess_questions')
        .select(['id', 'answer'])
        .where('event_id', '=', eventId)
        .where('state', '=', 'open')
        .where('closes_at', '>', nowIso)
        .orderBy('id')
        .execute(),
      db.selectFrom('chat_rooms').select('paused').where('room', '=', roomKey).executeTakeFirst(),
    ]);
    return {
      giveaways,
      wheels: new Set(wheels.map((w) => w.event_id)),
      questions,
      paused: room?.paused === 1,
    };
  },

  /**
   * Deletes every row the rehearsal made, children first (several keys do not cascade): rows of its
   * events (the copy and the giveaways made for it), of its chat room, and of its synthetic viewers;
   * then the viewers, the events and the rehearsal itself. Run it in one transaction.
   */
  async purge(trx: Db, rehearsalId: number, copyId: number) {
    const room = `show:${copyId}`;
    const giveawayIds = (
      await trx.selectFrom('giveaways').select('event_id').where('show_id', '=', copyId).execute()
    ).map((g) => g.event_id);
    const eventIds = [copyId, ...giveawayIds];
    const viewerIds = (
      await trx.selectFrom('users').select('id').where('rehearsal_id', '=', rehearsalId).execute()
    ).map((u) => u.id);
    const users = viewerIds.length ? viewerIds : [0];
    const messageIds = trx
      .selectFrom('chat_messages')
      .select('id')
      .where((eb) => eb.or([eb('room', '=', room), eb('user_id', 'in', users)]));
    const questionIds = trx.selectFrom('guess_questions').select('id').where('event_id', '=', copyId);
    const notifications = trx
      .selectFrom('notifications')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('user_id', 'in', users),
          eb(
            'subject',
            'in',
            eventIds.map((id) => `show:${id}`),
          ),
          ...giveawayIds.map((id) => eb('subject', 'like', `giveaway:${id}:%`)),
          eb('subject', 'like', `chat:${room}:%`),
        ]),
      );
    await trx.deleteFrom('notification_deliveries').where('notification_id', 'in', notifications).execute();
    await trx.deleteFrom('notifications').where('id', 'in', notifications).execute();

    await trx
      .deleteFrom('guess_winners')
      .where((eb) => eb.or([eb('question_id', 'in', questionIds), eb('user_id', 'in', users)]))
      .execute();
    await trx
      .deleteFrom('guesses')
      .where((eb) => eb.or([eb('question_id', 'in', questionIds), eb('user_id', 'in', users)]))
      .execute();
    await trx.deleteFrom('guess_questions').where('event_id', '=', copyId).execute();

    await trx
      .deleteFrom('chat_reports')
      .where((eb) => eb.or([eb('message_id', 'in', messageIds), eb('reporter_id', 'in', users)]))
      .execute();
    await trx
      .deleteFrom('chat_moderation')
      .where((eb) =>
        eb.or([eb('room', '=', room), eb('target_user_id', 'in', users), eb('message_id', 'in', messageIds)]),
      )
      .execute();
    await trx.deleteFrom('chat_rooms').where('room', '=', room).execute();
    await trx
      .deleteFrom('chat_hidden_users')
      .where((eb) => eb.or([eb('viewer_id', 'in', users), eb('hidden_user_id', 'in', users)]))
      .execute();
    await trx
      .deleteFrom('chat_sanctions')
      .where((eb) => eb.or([eb('room', '=', room), eb('user_id', 'in', users)]))
      .execute();
    await trx
      .deleteFrom('chat_messages')
      .where((eb) => eb.or([eb('room', '=', room), eb('user_id', 'in', users)]))
      .execute();

    // The console's rows go before the giveaways their segments point at.
    await trx.deleteFrom('show_live_state').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('rundown_segments').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('console_actions').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('viewer_samples').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('piece_showings').where('event_id', 'in', eventIds).execute();
    await trx
      .deleteFrom('piece_interest')
      .where((eb) => eb.or([eb('event_id', 'in', eventIds), eb('user_id', 'in', users)]))
      .execute();

    await trx.deleteFrom('giveaway_picks').where('giveaway_id', 'in', eventIds).execute();
    await trx.deleteFrom('giveaway_picks').where('user_id', 'in', users).execute();
    await trx.deleteFrom('giveaway_audit').where('giveaway_id', 'in', eventIds).execute();
    await trx.deleteFrom('giveaway_social_entries').where('giveaway_id', 'in', eventIds).execute();
    await trx.deleteFrom('giveaway_social_entries').where('user_id', 'in', users).execute();
    await trx.deleteFrom('giveaway_entries').where('giveaway_id', 'in', eventIds).execute();
    await trx.deleteFrom('giveaway_entries').where('user_id', 'in', users).execute();
    await trx.deleteFrom('giveaway_banner_clicks').where('giveaway_id', 'in', eventIds).execute();
    await trx
      .deleteFrom('spins')
      .where((eb) => eb.or([eb('event_id', 'in', eventIds), eb('user_id', 'in', users)]))
      .execute();
    await trx.deleteFrom('spin_prizes').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('giveaways').where('event_id', 'in', eventIds).execute();

    await trx.deleteFrom('rsvps').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('rsvps').where('user_id', 'in', users).execute();
    await trx.deleteFrom('reminders_sent').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('reminders_sent').where('user_id', 'in', users).execute();
    await trx.deleteFrom('live_checkins').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('live_checkins').where('user_id', 'in', users).execute();
    await trx.deleteFrom('watch_logs').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('watch_logs').where('user_id', 'in', users).execute();
    await trx.deleteFrom('quiz_answers').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('quiz_answers').where('user_id', 'in', users).execute();
    await trx.deleteFrom('event_questions').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('show_live_announced').where('event_id', 'in', eventIds).execute();
    await trx.deleteFrom('reward_watch_settled').where('event_id', 'in', eventIds).execute();

    // The synthetic viewers' own rows: points, coupons, sessions, choices, analytics.
    const coupons = trx.selectFrom('coupons').select('id').where('user_id', 'in', users);
    await trx.deleteFrom('coupon_events').where('coupon_id', 'in', coupons).execute();
    await trx.deleteFrom('coupon_yearly_claims').where('user_id', 'in', users).execute();
    await trx.deleteFrom('coupons').where('user_id', 'in', users).execute();
    await trx.deleteFrom('reward_points').where('user_id', 'in', users).execute();
    await trx.deleteFrom('sessions').where('user_id', 'in', users).execute();
    await trx.deleteFrom('sign_in_devices').where('user_id', 'in', users).execute();
    await trx.deleteFrom('registration_info').where('user_id', 'in', users).execute();
    await trx.deleteFrom('notification_preferences').where('user_id', 'in', users).execute();
    await trx.deleteFrom('push_subscriptions').where('user_id', 'in', users).execute();
    await trx.deleteFrom('submission_digests').where('user_id', 'in', users).execute();
    await trx.deleteFrom('visits').where('user_id', 'in', users).execute();
    await trx.deleteFrom('page_views').where('user_id', 'in', users).execute();
    await trx.deleteFrom('analytics_events').where('user_id', 'in', users).execute();
    await trx.deleteFrom('page_times').where('user_id', 'in', users).execute();

    await trx.deleteFrom('rehearsals').where('id', '=', rehearsalId).execute();
    // The reward ledger and its heads are append-only while their viewer exists (migration 015):
    // they go with the synthetic viewers, by the foreign keys' cascade.
    await trx.deleteFrom('users').where('rehearsal_id', '=', rehearsalId).execute();
    await trx
      .deleteFrom('events')
      .where('id', 'in', giveawayIds.length ? giveawayIds : [0])
      .execute();
    await trx.deleteFrom('events').where('id', '=', copyId).execute();
  },
};
