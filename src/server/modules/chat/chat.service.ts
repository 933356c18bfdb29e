// Chat rules: the short-lived chat token, rooms (the lobby and one per show) and when they are
// open, what a viewer sees on joining, sending with its limits, and staff moderation, all stored.
// A private show's room is for those who may see the show (decision 051).
import { STAFF_SESSION_HOURS, secondFactorFresh } from '../../../shared/second-factor';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  REACTIONS,
  chatText,
  mutedText,
  type ChatInfo,
  type ChatMessage,
  type ChatRoomInfo,
  type ChatSanction,
  type ChatToken,
  type ModerationAction,
  type NoticeCode,
  type RoomRef,
  type SanctionKind,
} from '../../../shared/contract/chat';
import type { AppContext } from '../../context';
import type { ChatModerationTable, UserRow } from '../../db/schema';
import { createEventAccess } from '../event-access/event-access.service';
import { eventsRepository } from '../events/events.repository';
import { showWinners } from '../giveaways/show-winners';
import { createHistoryCache } from './chat-history';
import { chatRepository, type AuthorRow, type MessageRow } from './chat.repository';

/** A chat token lives 15 minutes; without `refresh` the same token is handed out for 5 minutes. */
export const CHAT_TOKEN_TTL_MS = 15 * 60_000;
const TOKEN_BUCKET_MS = 5 * 60_000;
/** A show's room stays open for posting this long after the show ends. */
export const ROOM_AFTERGLOW_MS = 24 * 60 * 60_000;
const TOKEN_PREFIX = 'ct1';

/** `sessionId`: the login session behind the socket's chat token, so ending that session closes it. */
export type ChatUser = { id: number; name: string; isStaff: boolean; sessionId?: number };

export type Room = {
  key: string;
  ref: RoomRef;
  eventId: number | null;
  title: string;
  /** Posting closes at this instant (ms); null for the lobby. */
  closesAt: number | null;
};

export type Refusal = { code: NoticeCode; message: string; retryAfterSeconds?: number };
/** Lifting a mute or ban: done, no such viewer, or nothing of that kind in force. */
export type LiftResult =
  { ok: true; message: string } | { ok: false; reason: 'not_found' | 'not_in_force'; message: string };

export type SendResult =
  { ok: true; message: ChatMessage } | { ok: false; refusal: Refusal } | { ok: false; banned: true };

/** What staff see on their own name and what viewers see on others': a nickname, else first name and initial. */
export function displayName(row: Pick<AuthorRow, 'first_name' | 'last_name' | 'nickname'>): string {
  if (row.nickname.trim()) return row.nickname.trim();
  const initial = row.last_name.trim().charAt(0);
  return initial ? `${row.first_name} ${initial}.` : row.first_name;
}

/** The chat name of a joined account, or null when the join found none (a deleted account). */
function joinedName(first: string | null, last: string | null, nickname: string | null): string | null {
  return first === null ? null : displayName({ first_name: first, last_name: last ?? '', nickname: nickname ?? '' });
}

export function roomKey(ref: RoomRef): string {
  return ref === 'lobby' ? 'lobby' : `show:${ref}`;
}

export function roomRefOf(key: string): RoomRef {
  return key === 'lobby' ? 'lobby' : Number(key.slice('show:'.length));
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    room: roomRefOf(row.room),
    userId: row.user_id,
    name: displayName(row),
    isStaff: row.is_staff === 1,
    text: row.text,
    createdAt: row.created_at,
    ...(row.kind === 'announcement' ? { kind: 'announcement' as const } : {}),
  };
}

export function createChatService(ctx: AppContext) {
  const { db, clock, limiter } = ctx;
  const access = createEventAccess(ctx);
  const key = createHmac('sha256', ctx.config.appSecret).update('gemcast chat token').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const nowIso = () => clock.now().toISOString();
  /** Each room's last `keepSize` messages, oldest first, shared by the joins of a few seconds (decision 104). */
  const recentHistory = createHistoryCache<readonly MessageRow[]>(clock);

  async function sanctionsOf(userId: number): Promise<{ banned: boolean; mutedUntil: string | null }> {
    const rows = await chatRepository.activeSanctions(db, userId, nowIso());
    const mutes = rows.filter((r) => r.kind === 'mute' && r.until).map((r) => r.until ?? '');
    return { banned: rows.some((r) => r.kind === 'ban'), mutedUntil: mutes.sort().at(-1) ?? null };
  }

  function isOpen(room: Room): boolean {
    return room.closesAt === null || clock.now().getTime() < room.closesAt;
  }

  async function roomInfo(room: Room): Promise<ChatRoomInfo> {
    const settings = await chatRepository.roomSettings(db, room.key);
    return {
      room: room.ref,
      title: room.title,
      isOpen: isOpen(room),
      slowModeSeconds: settings?.slow_mode_seconds ?? 0,
      paused: settings?.paused === 1,
    };
  }

  async function log(
    staff: ChatUser,
    action: ChatModerationTable['action'],
    fields: { room?: string | null; target?: number | null; message?: number | null; detail?: string },
  ) {
    await chatRepository.logAction(db, {
      room: fields.room ?? null,
      action,
      staff_id: staff.id,
      target_user_id: fields.target ?? null,
      message_id: fields.message ?? null,
      detail: fields.detail ?? '',
      created_at: nowIso(),
    });
  }

  async function viewerTarget(userId: number): Promise<{ ok: true; name: string } | { ok: false; refusal: Refusal }> {
    const target = await chatRepository.author(db, userId);
    if (!target) return { ok: false, refusal: { code: 'moderated', message: CHAT_MESSAGES.userNotFound } };
    if (target.is_staff)
      return { ok: false, refusal: { code: 'moderated', message: CHAT_MESSAGES.cannotModerateStaff } };
    return { ok: true, name: displayName(target) };
  }

  return {
    sanctionsOf,
    isOpen,
    roomInfo,

    /**
     * This process heard of a change to a room's stored messages through pub/sub (another process's,
     * or its own coming back), or, with null, of changes that may touch any room (frames missed while
     * pub/sub was away, an erased account): the next join reads that history again.
     */
    forgetHistory(roomKey: string | null) {
      if (roomKey === null) recentHistory.forgetEveryRoom();
      else recentHistory.forget(roomKey);
    },

    /** A signed token naming the viewer and their login session, so logging out ends chat access too. */
    async issueToken(user: UserRow, sessionTokenHash: string, refresh: boolean): Promise<ChatToken> {
      const session = await chatRepository.sessionIdByHash(db, sessionTokenHash);
      if (!session) throw new Error('the session behind this request is gone');
      const now = clock.now().getTime();
      const expires = refresh
        ? now + CHAT_TOKEN_TTL_MS
        : Math.floor(now / TOKEN_BUCKET_MS) * TOKEN_BUCKET_MS + CHAT_TOKEN_TTL_MS;
      // A refreshed token carries a random nonce, so it differs even from one expiring at the same second.
      const nonce = refresh ? ctx.random.bytes(6).toString('hex') : '0';
      const payload = `${TOKEN_PREFIX}.${user.id}.${session.id}.${Math.floor(expires / 1000)}.${nonce}`;
      return {
        token: `${payload}.${sign(payload)}`,
        expiresAt: new Date(Math.floor(expires / 1000) * 1000).toISOString(),
        memberId: `gemcast-${user.id}`,
      };
    },

    /** The viewer a chat token names while it is unexpired and its login session lives; else null. */
    async verifyToken(token: string): Promise<ChatUser | null> {
      const parts = token.split('.');
      if (parts.length !== 6 || parts[0] !== TOKEN_PREFIX) return null;
      const [, uid, sid, exp, , signature = ''] = parts;
      const expected = Buffer.from(sign(parts.slice(0, 5).join('.')));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(exp) * 1000 <= clock.now().getTime()) return null;
      const row = await chatRepository.sessionUser(db, Number(sid), Number(uid), nowIso());
      if (!row) return null;
      // Staff moderate only from a session that passed the second factor (decision 085).
      const staff =
        row.is_staff === 1 &&
        secondFactorFresh(row.second_factor_at, clock.now().getTime(), STAFF_SESSION_HOURS * 3_600_000);
      return { id: row.id, name: displayName(row), isStaff: staff, sessionId: Number(sid) };
    },

    async info(user: UserRow, rooms: Room[]): Promise<ChatInfo> {
      return {
        url: '/api/chat/ws',
        memberId: `gemcast-${user.id}`,
        isStaff: user.is_staff === 1,
        rooms: await Promise.all(rooms.map(roomInfo)),
        limits: {
          messageChars: CHAT_LIMITS.messageChars,
          ratePerWindow: CHAT_LIMITS.ratePerWindow,
          rateWindowSeconds: CHAT_LIMITS.rateWindowMs / 1000,
        },
        reactions: [...REACTIONS],
      };
    },

    /** Whether a viewer may hear a giveaway's draw: a private giveaway's is for those who may see it. */
    async mayFollowGiveaway(giveawayId: number, viewer: ChatUser): Promise<boolean> {
      const event = await eventsRepository.byId(db, giveawayId);
      return !event || access.seenBy(event, { id: viewer.id, is_staff: viewer.isStaff ? 1 : 0 });
    },

    /**
     * The lobby, or the room of a show (shows and special shows; giveaways have none). With `viewer`,
     * a private show's room is found only for those who may see the show.
     */
    async resolveRoom(ref: RoomRef, viewer?: ChatUser): Promise<Room | null> {
      if (ref === 'lobby') return { key: 'lobby', ref, eventId: null, title: 'Lobby', closesAt: null };
      const event = await eventsRepository.byId(db, ref);
      if (!event || event.type === 'giveaway') return null;
      if (viewer && !(await access.seenBy(event, { id: viewer.id, is_staff: viewer.isStaff ? 1 : 0 }))) return null;
      return {
        key: roomKey(ref),
        ref,
        eventId: event.id,
        title: event.title,
        closesAt: new Date(event.cust_end).getTime() + ROOM_AFTERGLOW_MS,
      };
    },

    /**
     * What a joining client lacks. Without lastSeenId: the last 50 messages. With it: the messages
     * after it (reset when too many were missed), plus the recent ids staff deleted meanwhile.
     */
    async snapshot(room: Room, lastSeenId: number | undefined) {
      const rows = await recentHistory.read(room.key, async () =>
        (await chatRepository.recent(db, room.key, CHAT_LIMITS.keepSize)).reverse(),
      );
      const live = rows.filter((r) => !r.deleted_at);
      const oldest = rows[0]?.id ?? 0;
      const reset = lastSeenId === undefined || (rows.length === CHAT_LIMITS.keepSize && lastSeenId < oldest);
      const history = reset ? live.slice(-CHAT_LIMITS.historySize) : live.filter((r) => r.id > lastSeenId);
      const settings = await chatRepository.roomSettings(db, room.key);
      const pinnedRow = settings?.pinned_message_id
        ? await chatRepository.messageById(db, settings.pinned_message_id)
        : undefined;
      const winners = room.eventId === null ? null : await showWinners(db, { showId: room.eventId });
      return {
        history: history.map(toMessage),
        reset,
        deleted: rows.filter((r) => r.deleted_at).map((r) => r.id),
        pinned: pinnedRow && !pinnedRow.deleted_at ? toMessage(pinnedRow) : null,
        slowModeSeconds: settings?.slow_mode_seconds ?? 0,
        paused: settings?.paused === 1,
        winners: winners?.userIds ?? [],
      };
    },

    /** After staff changed a giveaway's picks: the room of its show and that show's winners now (null without a show). */
    async winnersAfterChange(giveawayId: number): Promise<{ roomKey: string; userIds: number[] } | null> {
      const winners = await showWinners(db, { giveawayId });
      return winners && { roomKey: roomKey(winners.showId), userIds: winners.userIds };
    },

    /**
     * Stores a message after every check a viewer can fail; staff skip slow mode, the rate limit and
     * a pause (decision 080).
     */
    async send(user: ChatUser, room: Room, text: string, slowModeSeconds: number, paused = false): Promise<SendResult> {
      if (!text) return { ok: false, refusal: { code: 'empty', message: CHAT_MESSAGES.empty } };
      if ([...text].length > CHAT_LIMITS.messageChars)
        return { ok: false, refusal: { code: 'too_long', message: CHAT_MESSAGES.tooLong } };
      const sanctions = await sanctionsOf(user.id);
      if (sanctions.banned) return { ok: false, banned: true };
      if (sanctions.mutedUntil)
        return { ok: false, refusal: { code: 'muted', message: mutedText(sanctions.mutedUntil) } };
      if (!isOpen(room)) return { ok: false, refusal: { code: 'room_closed', message: CHAT_MESSAGES.roomClosed } };
      if (!user.isStaff && paused) return { ok: false, refusal: { code: 'paused', message: CHAT_MESSAGES.paused } };
      if (!user.isStaff) {
        if (slowModeSeconds > 0) {
          const slow = await limiter.hit(`chat:slow:${room.key}:${user.id}`, 1, slowModeSeconds * 1000);
          if (!slow.allowed)
            return {
              ok: false,
              refusal: {
                code: 'slow_mode',
                message: chatText(CHAT_MESSAGES.slowMode, { seconds: slowModeSeconds }),
                retryAfterSeconds: slow.retryAfterSeconds,
              },
            };
        }
        const rate = await limiter.hit(`chat:rate:${user.id}`, CHAT_LIMITS.ratePerWindow, CHAT_LIMITS.rateWindowMs);
        if (!rate.allowed)
          return {
            ok: false,
            refusal: {
              code: 'rate_limited',
              message: CHAT_MESSAGES.rateLimited,
              retryAfterSeconds: rate.retryAfterSeconds,
            },
          };
      }
      const digest = createHash('sha256')
        .update(text.toLowerCase().replace(/\s+/g, ' '))
        .digest('base64url')
        .slice(0, 22);
      const repeat = await limiter.hit(`chat:dup:${room.key}:${user.id}:${digest}`, 1, CHAT_LIMITS.duplicateWindowMs);
      if (!repeat.allowed) return { ok: false, refusal: { code: 'duplicate', message: CHAT_MESSAGES.duplicate } };
      const createdAt = nowIso();
      const { id } = await chatRepository.insertMessage(db, {
        room: room.key,
        event_id: room.eventId,
        user_id: user.id,
        text,
        created_at: createdAt,
      });
      // At once, not only when the message's frame comes back through pub/sub.
      recentHistory.forget(room.key);
      return {
        ok: true,
        message: { id, room: room.ref, userId: user.id, name: user.name, isStaff: user.isStaff, text, createdAt },
      };
    },

    /** Reactions are not stored; a muted or banned viewer cannot send them, nor more than five in five seconds. */
    async mayReact(user: ChatUser): Promise<boolean> {
      const sanctions = await sanctionsOf(user.id);
      if (sanctions.banned || sanctions.mutedUntil) return false;
      return (await limiter.hit(`chat:react:${user.id}`, 5, 5_000)).allowed;
    },

    /** Deletes a message for everyone; a pinned message is unpinned with it. */
    async deleteMessage(
      staff: ChatUser,
      id: number,
    ): Promise<{ ok: true; roomKey: string; room: RoomRef; unpinned: boolean } | { ok: false; refusal: Refusal }> {
      const row = await chatRepository.messageById(db, id);
      if (!row || row.deleted_at)
        return { ok: false, refusal: { code: 'moderated', message: CHAT_MESSAGES.messageNotFound } };
      const at = nowIso();
      const unpinned = await db.transaction().execute(async (trx) => {
        await chatRepository.markDeleted(trx, id, staff.id, at);
        const settings = await chatRepository.roomSettings(trx, row.room);
        const wasPinned = settings?.pinned_message_id === id;
        if (wasPinned) await chatRepository.saveRoomSettings(trx, row.room, { pinned_message_id: null }, at);
        await chatRepository.logAction(trx, {
          room: row.room,
          action: 'delete',
          staff_id: staff.id,
          target_user_id: row.user_id,
          message_id: id,
          detail: row.text,
          created_at: at,
        });
        return wasPinned;
      });
      recentHistory.forget(row.room);
      return { ok: true, roomKey: row.room, room: roomRefOf(row.room), unpinned };
    },

    async pin(
      staff: ChatUser,
      room: Room,
      id: number | null,
    ): Promise<{ ok: true; message: ChatMessage | null } | { ok: false; refusal: Refusal }> {
      let message: ChatMessage | null = null;
      if (id !== null) {
        const row = await chatRepository.messageById(db, id);
        if (!row || row.deleted_at || row.room !== room.key)
          return { ok: false, refusal: { code: 'moderated', message: CHAT_MESSAGES.messageNotFound } };
        message = toMessage(row);
      }
      await chatRepository.saveRoomSettings(db, room.key, { pinned_message_id: id }, nowIso());
      await log(staff, id === null ? 'unpin' : 'pin', {
        room: room.key,
        message: id,
        target: message?.userId ?? null,
        detail: message?.text ?? '',
      });
      return { ok: true, message };
    },

    async mute(
      staff: ChatUser,
      room: Room,
      userId: number,
      minutes: number,
    ): Promise<{ ok: true; mutedUntil: string; notice: string } | { ok: false; refusal: Refusal }> {
      const target = await viewerTarget(userId);
      if (!target.ok) return target;
      const at = nowIso();
      const until = new Date(clock.now().getTime() + minutes * 60_000).toISOString();
      await db.transaction().execute(async (trx) => {
        await chatRepository.liftSanctions(trx, userId, 'mute', staff.id, at);
        await chatRepository.insertSanction(trx, {
          user_id: userId,
          kind: 'mute',
          until,
          created_by: staff.id,
          created_at: at,
          room: room.key,
        });
        await chatRepository.logAction(trx, {
          room: room.key,
          action: 'mute',
          staff_id: staff.id,
          target_user_id: userId,
          message_id: null,
          detail: `${minutes} minutes`,
          created_at: at,
        });
      });
      return {
        ok: true,
        mutedUntil: until,
        notice: chatText(CHAT_MESSAGES.mutedViewer, { name: target.name, minutes }),
      };
    },

    async ban(
      staff: ChatUser,
      room: Room,
      userId: number,
    ): Promise<{ ok: true; notice: string } | { ok: false; refusal: Refusal }> {
      const target = await viewerTarget(userId);
      if (!target.ok) return target;
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await chatRepository.insertSanction(trx, {
          user_id: userId,
          kind: 'ban',
          until: null,
          created_by: staff.id,
          created_at: at,
          room: room.key,
        });
        await chatRepository.logAction(trx, {
          room: room.key,
          action: 'ban',
          staff_id: staff.id,
          target_user_id: userId,
          message_id: null,
          detail: '',
          created_at: at,
        });
      });
      return { ok: true, notice: chatText(CHAT_MESSAGES.bannedViewer, { name: target.name }) };
    },

    /**
     * Lifts a viewer's mute or ban, logged as unmute or unban. From a room (the moderation menu) or,
     * with room null, from the staff screen: a banned viewer is in no room to be clicked on.
     */
    async lift(staffId: number, userId: number, kind: SanctionKind, room: string | null): Promise<LiftResult> {
      const target = await chatRepository.author(db, userId);
      if (!target) return { ok: false, reason: 'not_found', message: CHAT_MESSAGES.userNotFound };
      const name = displayName(target);
      const sanctions = await sanctionsOf(userId);
      const inForce = kind === 'ban' ? sanctions.banned : sanctions.mutedUntil !== null;
      if (!inForce)
        return {
          ok: false,
          reason: 'not_in_force',
          message: chatText(kind === 'ban' ? CHAT_MESSAGES.notBanned : CHAT_MESSAGES.notMuted, { name }),
        };
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await chatRepository.liftSanctions(trx, userId, kind, staffId, at);
        await chatRepository.logAction(trx, {
          room,
          action: kind === 'ban' ? 'unban' : 'unmute',
          staff_id: staffId,
          target_user_id: userId,
          message_id: null,
          detail: '',
          created_at: at,
        });
      });
      return {
        ok: true,
        message: chatText(kind === 'ban' ? CHAT_MESSAGES.unbannedViewer : CHAT_MESSAGES.unmutedViewer, { name }),
      };
    },

    /** Every mute and ban in force, newest first, for the staff screen. */
    async sanctionsInForce(limit: number): Promise<ChatSanction[]> {
      const rows = await chatRepository.sanctionsInForce(db, nowIso(), limit);
      const showIds = [
        ...new Set(rows.flatMap((r) => (r.room?.startsWith('show:') ? [Number(r.room.slice('show:'.length))] : []))),
      ];
      const titles = new Map((await chatRepository.eventTitles(db, showIds)).map((e) => [e.id, e.title]));
      return rows.map((r) => {
        const room = r.room === null ? null : roomRefOf(r.room);
        return {
          id: r.id,
          kind: r.kind,
          userId: r.user_id,
          name: displayName(r),
          fullName: `${r.first_name} ${r.last_name}`.trim(),
          email: r.email,
          room,
          roomTitle: room === null ? null : room === 'lobby' ? 'Lobby' : (titles.get(room) ?? null),
          staffName: joinedName(r.staff_first_name, r.staff_last_name, r.staff_nickname) ?? '',
          createdAt: r.created_at,
          until: r.until,
        };
      });
    },

    async slowMode(staff: ChatUser, room: Room, seconds: number): Promise<string> {
      await chatRepository.saveRoomSettings(db, room.key, { slow_mode_seconds: seconds }, nowIso());
      await log(staff, 'slow_mode', { room: room.key, detail: `${seconds} seconds` });
      return seconds ? chatText(CHAT_MESSAGES.slowModeOn, { seconds }) : CHAT_MESSAGES.slowModeOff;
    },

    /**
     * The console's clear (decision 080): every message of the room still shown is deleted by the
     * staff member and the pin goes with them, in one transaction; answers how many were removed.
     */
    async clear(staff: ChatUser, room: Room): Promise<number> {
      const at = nowIso();
      const cleared = await db.transaction().execute(async (trx) => {
        const removed = await chatRepository.clearRoom(trx, room.key, staff.id, at);
        await chatRepository.saveRoomSettings(trx, room.key, { pinned_message_id: null }, at);
        await chatRepository.logAction(trx, {
          room: room.key,
          action: 'clear',
          staff_id: staff.id,
          target_user_id: null,
          message_id: null,
          detail: `${removed} messages`,
          created_at: at,
        });
        return removed;
      });
      recentHistory.forget(room.key);
      return cleared;
    },

    /** A staff announcement: stored as a message of kind 'announcement', shown apart (decision 080). */
    async announce(staff: ChatUser, room: Room, text: string): Promise<ChatMessage> {
      const createdAt = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        const row = await chatRepository.insertMessage(trx, {
          room: room.key,
          event_id: room.eventId,
          user_id: staff.id,
          text,
          created_at: createdAt,
          kind: 'announcement',
        });
        await chatRepository.logAction(trx, {
          room: room.key,
          action: 'announce',
          staff_id: staff.id,
          target_user_id: null,
          message_id: row.id,
          detail: text,
          created_at: createdAt,
        });
        return row.id;
      });
      recentHistory.forget(room.key);
      return {
        id,
        room: room.ref,
        userId: staff.id,
        name: staff.name,
        isStaff: true,
        text,
        createdAt,
        kind: 'announcement',
      };
    },

    /** Pauses the room (viewers cannot chat now) or lets them chat again; answers the room frame to send. */
    async pause(
      staff: ChatUser,
      room: Room,
      paused: boolean,
    ): Promise<{ type: 'room'; slowModeSeconds: number; isOpen: boolean; paused: boolean }> {
      const at = nowIso();
      await chatRepository.saveRoomSettings(db, room.key, { paused: paused ? 1 : 0 }, at);
      await log(staff, 'pause', { room: room.key, detail: paused ? 'paused' : 'resumed' });
      const settings = await chatRepository.roomSettings(db, room.key);
      return { type: 'room', slowModeSeconds: settings?.slow_mode_seconds ?? 0, isOpen: isOpen(room), paused };
    },

    async moderationLog(limit: number): Promise<ModerationAction[]> {
      const rows = await chatRepository.moderationLog(db, limit);
      return rows.map((r) => ({
        id: r.id,
        room: r.room === null ? null : roomRefOf(r.room),
        action: r.action,
        staffId: r.staff_id,
        staffName: displayName(r),
        targetUserId: r.target_user_id,
        targetName: joinedName(r.target_first_name, r.target_last_name, r.target_nickname),
        messageId: r.message_id,
        detail: r.detail,
        createdAt: r.created_at,
      }));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
