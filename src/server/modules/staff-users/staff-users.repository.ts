// SQL for staff user management (decision 089): the search, a viewer's activity and sessions,
// the rows of the data export, and the erasure's writes. Every function takes the db or a
// transaction, so the caller owns the transaction.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, UserUpdate } from '../../db/schema';
import { ACTIVITY_ROWS } from '../../../shared/contract/staff-users';

export type SearchFilter = {
  /** Lower-cased text to find in names and e-mail addresses, or '' for everyone. */
  text: string;
  /** The phone number as registration stores it, when the text reads as one. */
  phone: string | null;
  /** Four or more digits to find inside stored phone numbers, when the text has them. */
  digits: string | null;
  filter: 'all' | 'staff' | 'deactivated';
  limit: number;
  offset: number;
};

/** `like` pattern for text found anywhere, with the wildcard characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function likeLower(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

function searchQuery(db: Db, filter: SearchFilter) {
  let query = db.selectFrom('users').where('rehearsal_id', 'is', null);
  if (filter.filter === 'staff') query = query.where('is_staff', '=', 1);
  if (filter.filter === 'deactivated') query = query.where('deactivated_at', 'is not', null);
  if (filter.text) {
    const pattern = containing(filter.text);
    const phone = filter.phone;
    const digits = filter.digits;
    query = query.where((eb) =>
      eb.or([
        likeLower('first_name', pattern),
        likeLower('last_name', pattern),
        likeLower('nickname', pattern),
        likeLower('email', pattern),
        sql<SqlBool>`lower(first_name || ' ' || last_name) like ${pattern} escape '\\'`,
        ...(phone ? [eb('phone', '=', phone)] : []),
        ...(digits ? [sql<SqlBool>`phone like ${containing(digits)} escape '\\'`] : []),
      ]),
    );
  }
  return query;
}

const SUMMARY_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'nickname',
  'email',
  'phone',
  'is_staff',
  'isactive',
  'deactivated_at',
  'erased_at',
  'created_at',
] as const;

/** Tables whose rows about a viewer the export copies whole, with the columns it leaves out. */
const EXPORTED: [table: keyof Database, column: string, omit: string[]][] = [
  ['registration_info', 'user_id', []],
  ['rsvps', 'user_id', []],
  ['quiz_answers', 'user_id', []],
  ['live_checkins', 'user_id', []],
  ['watch_logs', 'user_id', []],
  ['giveaway_entries', 'user_id', []],
  ['giveaway_social_entries', 'user_id', []],
  ['giveaway_picks', 'user_id', []],
  ['spins', 'user_id', []],
  ['reward_ledger', 'user_id', ['created_by']],
  ['coupons', 'user_id', []],
  ['coupon_yearly_claims', 'user_id', []],
  ['chat_messages', 'user_id', ['deleted_by']],
  ['chat_reports', 'reporter_id', ['resolved_by']],
  ['chat_sanctions', 'user_id', ['created_by', 'lifted_by']],
  ['chat_hidden_users', 'viewer_id', []],
  ['guesses', 'user_id', []],
  ['contest_submissions', 'user_id', []],
  ['contest_votes', 'user_id', []],
  ['contest_likes', 'user_id', []],
  ['piece_interest', 'user_id', []],
  ['notifications', 'user_id', []],
  ['notification_preferences', 'user_id', []],
  ['push_subscriptions', 'user_id', ['endpoint', 'p256dh', 'auth']],
  ['product_registrations', 'user_id', ['receipt_photo', 'verified_by']],
  ['sign_in_devices', 'user_id', ['device_key']],
];

export const staffUsersRepository = {
  async search(db: Db, filter: SearchFilter) {
    const rows = await searchQuery(db, filter)
      .select(SUMMARY_COLUMNS)
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const count = await searchQuery(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  },

  nameOf: (db: Db, id: number) =>
    db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', id).executeTakeFirst(),

  staffCount: async (db: Db) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('is_staff', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Sets the flag only when the row still has the other value, so a repeat or a race changes nothing twice. */
  setStaff: async (db: Db, id: number, isStaff: boolean, updatedAt: string) => {
    const result = await db
      .updateTable('users')
      .set({ is_staff: isStaff ? 1 : 0, updated_at: updatedAt })
      .where('id', '=', id)
      .where('is_staff', '=', isStaff ? 0 : 1)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  update: async (db: Db, id: number, patch: UserUpdate) => {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  },

  async activity(db: Db, userId: number) {
    const count = async (table: 'rsvps' | 'live_checkins' | 'giveaway_entries' | 'chat_sanctions') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rsvps = await db
      .selectFrom('rsvps')
      .innerJoin('events', 'events.id', 'rsvps.event_id')
      .select(['rsvps.event_id', 'events.title', 'rsvps.rsvp_type', 'rsvps.created_at'])
      .where('rsvps.user_id', '=', userId)
      .orderBy('rsvps.created_at', 'desc')
      .limit(ACTIVITY_ROWS)
      .execute();
    const checkins = await db
      .selectFrom('live_checkins')
      .innerJoin('events', 'events.id', 'live_checkins.event_id')
      .select(['live_checkins.event_id', 'events.title', 'live_checkins.reachby', 'live_checkins.created_at'])
      .where('live_checkins.user_id', '=', userId)
      .orderBy('live_checkins.created_at', 'desc')
      .limit(ACTIVITY_ROWS)
      .execute();
    const entries = await db
      .selectFrom('giveaway_entries')
      .innerJoin('events', 'events.id', 'giveaway_entries.giveaway_id')
      .select([
        'giveaway_entries.giveaway_id',
        'events.title',
        'giveaway_entries.entry_from',
        'giveaway_entries.created_at',
      ])
      .where('giveaway_entries.user_id', '=', userId)
      .orderBy('giveaway_entries.id', 'desc')
      .limit(ACTIVITY_ROWS)
      .execute();
    const wins = await db
      .selectFrom('giveaway_picks')
      .innerJoin('events', 'events.id', 'giveaway_picks.giveaway_id')
      .select(['giveaway_picks.giveaway_id', 'events.title', 'giveaway_picks.status', 'giveaway_picks.drawn_at'])
      .where('giveaway_picks.user_id', '=', userId)
      .orderBy('giveaway_picks.id', 'desc')
      .execute();
    const sanctions = await db
      .selectFrom('chat_sanctions')
      .select(['kind', 'room', 'until', 'created_at', 'lifted_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(ACTIVITY_ROWS)
      .execute();
    return {
      rsvps: { total: await count('rsvps'), rows: rsvps },
      checkins: { total: await count('live_checkins'), rows: checkins },
      entries: { total: await count('giveaway_entries'), rows: entries },
      wins: { total: wins.length, rows: wins.slice(0, ACTIVITY_ROWS) },
      sanctions: { total: await count('chat_sanctions'), rows: sanctions },
    };
  },

  sessions: (db: Db, userId: number, nowIso: string) =>
    db
      .selectFrom('sessions')
      .select(['id', 'token_hash', 'created_at', 'expires_at', 'second_factor_at', 'second_factor_method'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .orderBy('id', 'desc')
      .execute(),

  /** The ended session's token hash (for the caches), or undefined when there was none. */
  deleteSession: (db: Db, userId: number, sessionId: number) =>
    db
      .deleteFrom('sessions')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .returning(['id', 'token_hash'])
      .executeTakeFirst(),

  deleteSessions: (db: Db, userId: number) => db.deleteFrom('sessions').where('user_id', '=', userId).execute(),

  /** Every row of the export's tables about the viewer, by table name, oldest first. */
  async exportRows(db: Db, userId: number) {
    const tables: Record<string, Record<string, unknown>[]> = {};
    for (const [table, column, omit] of EXPORTED) {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(
        column,
      )} = ${userId}`.execute(db);
      tables[table] = result.rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key))),
      );
    }
    const subscribers = await db.selectFrom('subscribers').selectAll().where('user_id', '=', userId).execute();
    const subscriberIds = subscribers.map((s) => s.id);
    tables.subscribers = subscribers;
    tables.subscriptions = subscriberIds.length
      ? await db.selectFrom('subscriptions').selectAll().where('subscriber_id', 'in', subscriberIds).execute()
      : [];
    tables.consent_records = subscriberIds.length
      ? await db.selectFrom('consent_records').selectAll().where('subscriber_id', 'in', subscriberIds).execute()
      : [];
    tables.passkeys = await db
      .selectFrom('passkeys')
      .select(['name', 'device_type', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .execute();
    tables.sessions = await db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'second_factor_at', 'second_factor_method'])
      .where('user_id', '=', userId)
      .execute();
    return tables;
  },

  /**
   * The erasure's deletions and anonymisations beside the user row (decision 089): what only
   * identifies or reaches the person goes; what proves a draw, a ledger or a consent stays, by id.
   */
  async eraseAround(db: Db, userId: number, oldEmail: string, erasedEmail: string, nowIso: string) {
    for (const table of [
      'sessions',
      'passkeys',
      'staff_totp',
      'recovery_codes',
      'webauthn_challenges',
      'push_subscriptions',
      'notification_preferences',
      'sign_in_devices',
      'registration_info',
      'chat_hidden_users',
    ] as const) {
      if (table === 'chat_hidden_users') await db.deleteFrom(table).where('viewer_id', '=', userId).execute();
      else await db.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    const notificationIds = db.selectFrom('notifications').select('id').where('user_id', '=', userId);
    await db.deleteFrom('notification_deliveries').where('notification_id', 'in', notificationIds).execute();
    await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
    await db.deleteFrom('one_time_codes').where('email', '=', oldEmail).execute();
    // What they wrote in chat goes; the row stays so reports and moderation records keep their subject.
    await db
      .updateTable('chat_messages')
      .set({ text: '', deleted_at: nowIso })
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    await db.updateTable('chat_messages').set({ text: '' }).where('user_id', '=', userId).execute();
    await db.updateTable('chat_reports').set({ reason: '' }).where('reporter_id', '=', userId).execute();
    await db
      .updateTable('product_registrations')
      .set({ name: '', email: erasedEmail, phone: '' })
      .where('user_id', '=', userId)
      .execute();
    const subscriberIds = db.selectFrom('subscribers').select('id').where('user_id', '=', userId);
    await db
      .updateTable('subscriptions')
      .set({ state: 'cancelled', cancelled_at: nowIso })
      .where('subscriber_id', 'in', subscriberIds)
      .where('state', '!=', 'cancelled')
      .execute();
    await db
      .deleteFrom('subscription_confirmations')
      .where('subscriber_id', 'in', db.selectFrom('subscribers').select('id').where('user_id', '=', userId))
      .execute();
    await db.updateTable('subscribers').set({ email: erasedEmail, name: '' }).where('user_id', '=', userId).execute();
  },
};
