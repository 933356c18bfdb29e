// SQL for chat: messages per room, room settings, sanctions (mutes and bans) and the moderation
// log. Every function takes the db or a transaction, so the caller owns the transaction.
import { everyColumn } from '../../db/columns';
import { compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';
import type { ChatModerationTable, ChatRoomsTable, ChatSanctionsTable } from '../../db/schema';
import type { Insertable, Selectable } from 'kysely';
import { turnBatchedRead, turnBatchedRows } from '../../db/turn-batch';

type SanctionRow = { user_id: number; kind: ChatSanctionsTable['kind']; until: string | null };

/** Asked on every chat message sent and every join: compiled once. */
const sanctionsOf = compiledRead<SanctionRow, [userId: number, nowIso: string]>((db) =>
  db
    .selectFrom('chat_sanctions')
    .select(['user_id', 'kind', 'until'])
    .where('user_id', '=', 0)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', '')])),
);

/** On PostgreSQL, the sanction checks of one turn share a query (decision 111), as of the turn's first. */
const sanctionsBatched = turnBatchedRows<Db, { userId: number; nowIso: string }, SanctionRow>({
  key: (ask) => String(ask.userId),
  keyOfRow: (row) => String(row.user_id),
  one: (db, ask) => sanctionsOf(db, ask.userId, ask.nowIso),
  many: (db, asks, first) =>
    db
      .selectFrom('chat_sanctions')
      .select(['user_id', 'kind', 'until'])
      .where(
        'user_id',
        'in',
        asks.map((ask) => ask.userId),
      )
      .where('lifted_at', 'is', null)
      .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', first.nowIso)]))
      .execute(),
});

/** What a join needs of the session and its user; the session's id keys a turn's batch. */
const sessionUserColumns = [
  'sessions.id as session_id',
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.nickname',
  'users.is_staff',
  'sessions.second_factor_at',
] as const;

type SessionUserRow = {
  session_id: number;
  id: number;
  first_name: string;
  last_name: string;
  nickname: string;
  is_staff: number;
  second_factor_at: string | null;
};
type SessionUser = Omit<SessionUserRow, 'session_id'>;
type SessionAsk = { sessionId: number; userId: number; nowIso: string };

/** Asked on every join (the chat token names the session): compiled once. */
const userOfSession = compiledRead<SessionUserRow, [sessionId: number, userId: number, nowIso: string]>((db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(sessionUserColumns)
    .where('sessions.id', '=', 0)
    .where('sessions.user_id', '=', 0)
    .where('sessions.expires_at', '>', ''),
);

/** On PostgreSQL, the joins of one turn read their sessions in one query (decision 111). */
const sessionUsersBatched = turnBatchedRows<Db, SessionAsk, SessionUserRow>({
  key: (ask) => `${ask.sessionId}:${ask.userId}`,
  keyOfRow: (row) => `${row.session_id}:${row.id}`,
  one: (db, ask) => userOfSession(db, ask.sessionId, ask.userId, ask.nowIso),
  many: (db, asks, first) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(sessionUserColumns)
      .where(
        'sessions.id',
        'in',
        asks.map((ask) => ask.sessionId),
      )
      .where('sessions.expires_at', '>', first.nowIso)
      .execute(),
});

/** A room's columns, named so its reads run as named statements on PostgreSQL (decision 113). */
const ROOM_COLUMNS = everyColumn<ChatRoomsTable>()([
  'room',
  'slow_mode_seconds',
  'pinned_message_id',
  'updated_at',
  'paused',
]);

const roomOf = compiledRead<Selectable<ChatRoomsTable>, [room: string]>((db) =>
  db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('room', '=', ''),
);

/** A room's settings, read by every join: on PostgreSQL, a turn's joins share one query (decision 111). */
const roomSettingsBatched = turnBatchedRead<Db, string, Selectable<ChatRoomsTable>>({
  keyOf: (row) => row.room,
  one: async (db, room) => (await roomOf(db, room))[0],
  many: (db, rooms) => db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('room', 'in', rooms).execute(),
});

const sessionIdOf = compiledRead<{ id: number; token_hash: string }, [tokenHash: string]>((db) =>
  db.selectFrom('sessions').select(['id', 'token_hash']).where('token_hash', '=', ''),
);

/** The session behind a chat token's request, read by every viewer's first token: batched as above. */
const sessionIdBatched = turnBatchedRead<Db, string, { id: number; token_hash: string }>({
  keyOf: (row) => row.token_hash,
  one: async (db, tokenHash) => (await sessionIdOf(db, tokenHash))[0],
  many: (db, tokenHashes) =>
    db.selectFrom('sessions').select(['id', 'token_hash']).where('token_hash', 'in', tokenHashes).execute(),
});

type SanctionKind = ChatSanctionsTable['kind'];

const messageColumns = [
  'chat_messages.id',
  'chat_messages.room',
  'chat_messages.user_id',
  'chat_messages.text',
  'chat_messages.created_at',
  'chat_messages.deleted_at',
  'chat_messages.kind',
] as const;
const authorColumns = ['users.first_name', 'users.last_name', 'users.nickname', 'users.is_staff'] as const;

export const chatRepository = {
  insertMessage: (
    db: Db,
    row: {
      room: string;
      event_id: number | null;
      user_id: number;
      text: string;
      created_at: string;
      kind?: 'message' | 'announcement';
    },
  ) => db.insertInto('chat_messages').values(row).returning('id').executeTakeFirstOrThrow(),

  /** Marks every message of the room still shown as deleted by `staffId`; answers how many. */
  clearRoom: async (db: Db, room: string, staffId: number, at: string) =>
    Number(
      (
        await db
          .updateTable('chat_messages')
          .set({ deleted_at: at, deleted_by: staffId })
          .where('room', '=', room)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  /**
   * The newest `limit` messages of a room (deleted ones included, flagged), newest first.
   * The room is matched as a range of one value, and the order names it, so that only the
   * (room, id) index gives that order. With `room = ?` PostgreSQL drops the room from the order and
   * may walk the primary key backwards instead, filtering by room: it assumes a room's messages are
   * spread evenly over the ids, and reads every newer message of other rooms when they are not
   * (95,000 rows and 15 ms for a 50-message welcome, decision 104).
   */
  recent: (db: Db, room: string, limit: number) =>
    db
      .selectFrom('chat_messages')
      .innerJoin('users', 'users.id', 'chat_messages.user_id')
      .select([...messageColumns, ...authorColumns])
      .where('chat_messages.room', '>=', room)
      .where('chat_messages.room', '<=', room)
      .orderBy('chat_messages.room', 'desc')
      .orderBy('chat_messages.id', 'desc')
      .limit(limit)
      .execute(),

  messageById: (db: Db, id: number) =>
    db
      .selectFrom('chat_messages')
      .innerJoin('users', 'users.id', 'chat_messages.user_id')
      .select([...messageColumns, ...authorColumns])
      .where('chat_messages.id', '=', id)
      .executeTakeFirst(),

  markDeleted: (db: Db, id: number, staffId: number, at: string) =>
    db
      .updateTable('chat_messages')
      .set({ deleted_at: at, deleted_by: staffId })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  roomSettings: (db: Db, room: string) => roomSettingsBatched(db, room),

  saveRoomSettings: (
    db: Db,
    room: string,
    patch: { slow_mode_seconds?: number; pinned_message_id?: number | null; paused?: number },
    at: string,
  ) =>
    db
      .insertInto('chat_rooms')
      .values({
        room,
        slow_mode_seconds: patch.slow_mode_seconds ?? 0,
        pinned_message_id: patch.pinned_message_id ?? null,
        paused: patch.paused ?? 0,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('room').doUpdateSet({ ...patch, updated_at: at }))
      .execute(),

  /** Mutes and bans in force at `nowIso`. */
  activeSanctions: (db: Db, userId: number, nowIso: string) => sanctionsBatched(db, { userId, nowIso }),

  insertSanction: (
    db: Db,
    row: {
      user_id: number;
      kind: SanctionKind;
      until: string | null;
      created_by: number;
      created_at: string;
      room: string | null;
    },
  ) =>
    db
      .insertInto('chat_sanctions')
      .values({ ...row, lifted_at: null, lifted_by: null })
      .execute(),

  liftSanctions: (db: Db, userId: number, kind: SanctionKind, staffId: number, at: string) =>
    db
      .updateTable('chat_sanctions')
      .set({ lifted_at: at, lifted_by: staffId })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('lifted_at', 'is', null)
      .execute(),

  /** Every mute and ban in force at `nowIso`, newest first, with the viewer and the staff member who gave it. */
  sanctionsInForce: (db: Db, nowIso: string, limit: number) =>
    db
      .selectFrom('chat_sanctions')
      .innerJoin('users as viewer', 'viewer.id', 'chat_sanctions.user_id')
      .leftJoin('users as staff', 'staff.id', 'chat_sanctions.created_by')
      .select([
        'chat_sanctions.id',
        'chat_sanctions.kind',
        'chat_sanctions.user_id',
        'chat_sanctions.room',
        'chat_sanctions.until',
        'chat_sanctions.created_at',
        'viewer.first_name',
        'viewer.last_name',
        'viewer.nickname',
        'viewer.email',
        'staff.first_name as staff_first_name',
        'staff.last_name as staff_last_name',
        'staff.nickname as staff_nickname',
      ])
      .where('chat_sanctions.lifted_at', 'is', null)
      .where((eb) => eb.or([eb('chat_sanctions.until', 'is', null), eb('chat_sanctions.until', '>', nowIso)]))
      .orderBy('chat_sanctions.id', 'desc')
      .limit(limit)
      .execute(),

  /**
   * Who may be mentioned in a room (decision 070): the authors of its last `recent` messages, with
   * their names as chat shows them. A mention names someone in the conversation.
   */
  roomAuthors: (db: Db, room: string, recent: number) =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.nickname'])
      .where('users.id', 'in', (eb) =>
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('chat_messages')
              .select('user_id')
              .where('room', '=', room)
              .orderBy('id', 'desc')
              .limit(recent)
              .as('latest'),
          )
          .select('latest.user_id'),
      )
      .execute(),

  /** The messages of `ids` that are still shown (not deleted by staff), with whether their author is muted or banned now. */
  shownMessages: (db: Db, ids: number[], nowIso: string) =>
    db
      .selectFrom('chat_messages')
      .select(['chat_messages.id', 'chat_messages.user_id'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('chat_sanctions')
              .select('chat_sanctions.id')
              .whereRef('chat_sanctions.user_id', '=', 'chat_messages.user_id')
              .where('chat_sanctions.lifted_at', 'is', null)
              .where((w) => w.or([w('chat_sanctions.until', 'is', null), w('chat_sanctions.until', '>', nowIso)])),
          )
          .as('sanctioned'),
      )
      .where('chat_messages.id', 'in', ids)
      .where('chat_messages.deleted_at', 'is', null)
      .execute(),

  /** Pairs (viewer, author) where the viewer chose not to see the author, among `authorIds`. */
  hiddenAuthors: (db: Db, authorIds: number[]) =>
    db
      .selectFrom('chat_hidden_users')
      .select(['viewer_id', 'hidden_user_id'])
      .where('hidden_user_id', 'in', authorIds)
      .execute(),

  eventTitles: (db: Db, ids: number[]) =>
    ids.length ? db.selectFrom('events').select(['id', 'title']).where('id', 'in', ids).execute() : Promise.resolve([]),

  logAction: (db: Db, row: Insertable<ChatModerationTable>) => db.insertInto('chat_moderation').values(row).execute(),

  moderationLog: (db: Db, limit: number) =>
    db
      .selectFrom('chat_moderation')
      .innerJoin('users', 'users.id', 'chat_moderation.staff_id')
      .leftJoin('users as target', 'target.id', 'chat_moderation.target_user_id')
      .select([
        'chat_moderation.id',
        'chat_moderation.room',
        'chat_moderation.action',
        'chat_moderation.staff_id',
        'chat_moderation.target_user_id',
        'chat_moderation.message_id',
        'chat_moderation.detail',
        'chat_moderation.created_at',
        ...authorColumns,
        'target.first_name as target_first_name',
        'target.last_name as target_last_name',
        'target.nickname as target_nickname',
      ])
      .orderBy('chat_moderation.id', 'desc')
      .limit(limit)
      .execute(),

  /** The user behind a live session (the chat token names both), or nothing once it has ended. */
  sessionUser: async (db: Db, sessionId: number, userId: number, nowIso: string): Promise<SessionUser | undefined> => {
    const [row] = await sessionUsersBatched(db, { sessionId, userId, nowIso });
    if (!row) return undefined;
    const { session_id: _sessionId, ...user } = row;
    return user;
  },

  sessionIdByHash: (db: Db, tokenHash: string) => sessionIdBatched(db, tokenHash),

  author: (db: Db, userId: number) =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'nickname', 'is_staff'])
      .where('id', '=', userId)
      .executeTakeFirst(),
};

export type MessageRow = Awaited<ReturnType<typeof chatRepository.recent>>[number];
export type AuthorRow = { first_name: string; last_name: string; nickname: string; is_staff: number };
