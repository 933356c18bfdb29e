// One chat connection: reads frames in order (join or follow first, with the chat token), checks
// their size and shape, hands them to the chat service and sends the outcome through the hub.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CLOSE_CODES,
  ClientFrame,
  cleanMessageText,
  type ErrorCode,
  type NoticeCode,
} from '../../../shared/contract/chat';
import { mayMention, type MentionRecorder } from './chat-mentions';
import type { ChatHub, Conn } from './chat.hub';
import type { ChatService, ChatUser, Room } from './chat.service';

/** A moderation frame's outcome, for the audit log (decision 088): staff actions over the socket are recorded too. */
export type ModerationRecord = {
  actorId: number;
  action: string;
  targetType: string;
  targetId: number | string;
  after?: unknown;
  /** 200 done, 403 not staff, 409 refused (a message already gone, a viewer who is staff, ...). */
  status: number;
  ip: string;
  requestId: string;
};
export type ModerationRecorder = (record: ModerationRecord) => Promise<void>;

/** Where the socket came from: its upgrade request. */
type Origin = { ip: string; requestId: string };

type ModerationFrame = Extract<ClientFrame, { type: 'delete' | 'pin' | 'mute' | 'unmute' | 'ban' | 'slow_mode' }>;

/** What a moderation frame acts on, and the setting it gives, as its audit row names them. */
function moderationTarget(
  frame: ModerationFrame,
  room: Room,
): Pick<ModerationRecord, 'targetType' | 'targetId' | 'after'> {
  switch (frame.type) {
    case 'delete':
      return { targetType: 'chat_message', targetId: frame.id };
    case 'pin':
      return frame.id === null
        ? { targetType: 'chat_room', targetId: room.key, after: { pinned: null } }
        : { targetType: 'chat_message', targetId: frame.id, after: { pinned: frame.id } };
    case 'mute':
      return { targetType: 'user', targetId: frame.userId, after: { minutes: frame.minutes, room: room.key } };
    case 'unmute':
      return { targetType: 'user', targetId: frame.userId, after: { room: room.key } };
    case 'ban':
      return { targetType: 'user', targetId: frame.userId };
    case 'slow_mode':
      return { targetType: 'chat_room', targetId: room.key, after: { slowModeSeconds: frame.seconds } };
  }
}

function isModeration(frame: ClientFrame): frame is ModerationFrame {
  return ['delete', 'pin', 'mute', 'unmute', 'ban', 'slow_mode'].includes(frame.type);
}

export type SocketOptions = {
  /** A socket that has not joined a room by then is closed. */
  joinTimeoutMs: number;
};

/**
 * Frames a client may have waiting to be handled. Past this the socket stops being read (TCP
 * pushes back on the client) until the backlog halves: memory stays bounded, nothing is lost.
 */
const MAX_WAITING_FRAMES = 32;

/** Giveaways and shows one socket may follow at once. */
const MAX_TOPICS = 8;

/** The hub topic of a giveaway's draw, or of the draws of every giveaway of a show (decision 041). */
export function drawTopic(of: { giveaway: number } | { show: number }): string {
  return 'giveaway' in of ? `giveaway:${of.giveaway}` : `show:${of.show}`;
}

export function chatSocketHandler(
  chat: ChatService,
  hub: ChatHub,
  log: FastifyBaseLogger,
  options: SocketOptions,
  mentions: MentionRecorder,
  recordModeration: ModerationRecorder,
) {
  function fail(conn: Conn, code: ErrorCode, message: string, close?: number) {
    hub.send(conn, { type: 'error', code, message });
    if (close) conn.socket.close(close, code);
  }

  /** Follows a giveaway's draw (or a show's): no room, no chat, only `draw` frames and the viewer's own. */
  async function follow(conn: Conn, frame: Extract<ClientFrame, { type: 'follow' }>) {
    const user = await chat.verifyToken(frame.token);
    if (!user) return fail(conn, 'unauthorized', CHAT_MESSAGES.unauthorized, CLOSE_CODES.unauthorized);
    if (conn.user && conn.user.id !== user.id) return fail(conn, 'forbidden', CHAT_MESSAGES.forbidden);
    if (conn.topics.size >= MAX_TOPICS) return fail(conn, 'bad_frame', CHAT_MESSAGES.badFrame);
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    const of = frame.giveaway !== undefined ? { giveaway: frame.giveaway } : { show: frame.show ?? 0 };
    // A private giveaway the viewer may not see is answered as a missing one is: 'following', and nothing ever comes.
    const mayHear = frame.giveaway === undefined || (await chat.mayFollowGiveaway(frame.giveaway, user));
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    hub.follow(conn, user, mayHear ? [drawTopic(of)] : []);
    hub.send(conn, { type: 'following', giveaway: frame.giveaway ?? null, show: frame.show ?? null });
  }

  async function join(conn: Conn, frame: Extract<ClientFrame, { type: 'join' }>) {
    if (conn.room) return fail(conn, 'already_joined', CHAT_MESSAGES.alreadyJoined);
    const user = await chat.verifyToken(frame.token);
    if (!user) return fail(conn, 'unauthorized', CHAT_MESSAGES.unauthorized, CLOSE_CODES.unauthorized);
    if (conn.user && conn.user.id !== user.id) return fail(conn, 'forbidden', CHAT_MESSAGES.forbidden);
    const sanctions = await chat.sanctionsOf(user.id);
    if (sanctions.banned) return fail(conn, 'banned', CHAT_MESSAGES.banned, CLOSE_CODES.banned);
    const room = await chat.resolveRoom(frame.room, user);
    if (!room) return fail(conn, 'not_found', CHAT_MESSAGES.roomNotFound);
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    // Entering before the history is read: what is posted meanwhile waits and follows the welcome
    // (the client merges by id), so nothing falls between the two. A history read for an earlier
    // join and shared with this one keeps that true (createHistoryCache says why).
    const members = hub.enter(conn, user, room);
    let snapshot: Awaited<ReturnType<ChatService['snapshot']>>;
    try {
      snapshot = await chat.snapshot(room, frame.lastSeenId);
    } catch (error) {
      // A socket left waiting for a welcome would queue the room's frames forever: close it, the client reconnects.
      log.error({ err: error }, 'chat join failed');
      return fail(conn, 'server_error', CHAT_MESSAGES.serverError, CLOSE_CODES.serverError);
    }
    hub.welcome(conn, {
      type: 'welcome',
      room: {
        room: room.ref,
        title: room.title,
        isOpen: chat.isOpen(room),
        slowModeSeconds: snapshot.slowModeSeconds,
        paused: snapshot.paused,
      },
      me: { userId: user.id, name: user.name, isStaff: user.isStaff, mutedUntil: sanctions.mutedUntil },
      history: snapshot.history,
      reset: snapshot.reset,
      deleted: snapshot.deleted,
      pinned: snapshot.pinned,
      members,
      winners: snapshot.winners,
    });
  }

  /** Applies a moderation frame; whether it was done (false: refused, and the moderator told why). */
  async function moderate(conn: Conn, user: ChatUser, room: Room, frame: ModerationFrame): Promise<boolean> {
    const confirm = (message: string) => {
      hub.send(conn, { type: 'notice', code: 'moderated', message });
      return true;
    };
    const refuse = (refusal: { code: NoticeCode; message: string }) => {
      hub.send(conn, { type: 'notice', ...refusal });
      return false;
    };
    switch (frame.type) {
      case 'delete': {
        const result = await chat.deleteMessage(user, frame.id);
        if (!result.ok) return refuse(result.refusal);
        hub.toRoom(result.roomKey, { type: 'deleted', id: frame.id });
        if (result.unpinned) hub.toRoom(result.roomKey, { type: 'pinned', message: null });
        return confirm(CHAT_MESSAGES.deleted);
      }
      case 'pin': {
        const result = await chat.pin(user, room, frame.id);
        if (!result.ok) return refuse(result.refusal);
        hub.toRoom(room.key, { type: 'pinned', message: result.message });
        return confirm(result.message ? CHAT_MESSAGES.pinned : CHAT_MESSAGES.unpinned);
      }
      case 'mute': {
        const result = await chat.mute(user, room, frame.userId, frame.minutes);
        if (!result.ok) return refuse(result.refusal);
        hub.toUser(frame.userId, { type: 'mute_state', mutedUntil: result.mutedUntil });
        return confirm(result.notice);
      }
      case 'unmute': {
        const result = await chat.lift(user.id, frame.userId, 'mute', room.key);
        if (result.ok) hub.toUser(frame.userId, { type: 'mute_state', mutedUntil: null });
        confirm(result.message);
        return result.ok;
      }
      case 'ban': {
        const result = await chat.ban(user, room, frame.userId);
        if (!result.ok) return refuse(result.refusal);
        hub.toUser(frame.userId, { type: 'error', code: 'banned', message: CHAT_MESSAGES.banned }, { ban: true });
        return confirm(result.notice);
      }
      case 'slow_mode': {
        const notice = await chat.slowMode(user, room, frame.seconds);
        hub.toRoom(room.key, { type: 'room', slowModeSeconds: frame.seconds, isOpen: chat.isOpen(room) });
        return confirm(notice);
      }
    }
  }

  /** Moderates and records the attempt, done, refused or by a viewer who is not staff. */
  async function moderateAndRecord(conn: Conn, user: ChatUser, room: Room, frame: ModerationFrame, origin: Origin) {
    let status = 403;
    if (!user.isStaff) fail(conn, 'forbidden', CHAT_MESSAGES.forbidden);
    else status = (await moderate(conn, user, room, frame)) ? 200 : 409;
    try {
      await recordModeration({
        actorId: user.id,
        action: `chat.${frame.type}`,
        status,
        ...moderationTarget(frame, room),
        ...origin,
      });
    } catch (error) {
      log.error({ err: error }, 'audit row of a chat moderation not written');
    }
  }

  async function handle(conn: Conn, data: RawData, isBinary: boolean, origin: Origin) {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (bytes.byteLength > CHAT_LIMITS.refuseFrameBytes) return fail(conn, 'too_large', CHAT_MESSAGES.tooLarge);
    if (isBinary) return fail(conn, 'bad_frame', CHAT_MESSAGES.badFrame);
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return fail(conn, 'bad_frame', CHAT_MESSAGES.badFrame);
    }
    const result = ClientFrame.safeParse(parsed);
    if (!result.success) return fail(conn, 'bad_frame', CHAT_MESSAGES.badFrame);
    const frame = result.data;
    if (frame.type === 'ping') return hub.send(conn, { type: 'pong' });
    if (frame.type === 'join') return join(conn, frame);
    if (frame.type === 'follow') return follow(conn, frame);
    const user = conn.user;
    const room = conn.room?.room;
    if (!user || !room) return fail(conn, 'not_joined', CHAT_MESSAGES.notJoined);
    if (frame.type === 'message') {
      const text = cleanMessageText(frame.text);
      const sent = await chat.send(user, room, text, hub.slowModeOf(room.key), hub.pausedOf(room.key));
      if (sent.ok) {
        hub.toRoom(room.key, {
          type: 'message',
          message: frame.clientId ? { ...sent.message, clientId: frame.clientId } : sent.message,
        });
        // After the room has it: the mention is recorded with the next batch, off this path.
        if (mayMention(sent.message.text))
          mentions.add({
            messageId: sent.message.id,
            roomKey: room.key,
            eventId: room.eventId,
            roomTitle: room.title,
            authorId: user.id,
            authorName: user.name,
            text: sent.message.text,
            at: sent.message.createdAt,
          });
        return undefined;
      }
      if ('banned' in sent) return fail(conn, 'banned', CHAT_MESSAGES.banned, CLOSE_CODES.banned);
      return hub.send(conn, {
        type: 'notice',
        ...sent.refusal,
        ...(frame.clientId ? { clientId: frame.clientId } : {}),
      });
    }
    if (frame.type === 'reaction') {
      if (await chat.mayReact(user)) hub.toRoom(room.key, { type: 'reaction', reaction: frame.reaction });
      return undefined;
    }
    if (isModeration(frame)) return moderateAndRecord(conn, user, room, frame, origin);
    return undefined;
  }

  return function onSocket(socket: WebSocket, request: FastifyRequest) {
    const conn = hub.accept(socket, request.raw.socket);
    const origin: Origin = { ip: request.ip, requestId: request.id };
    let queue: Promise<void> = Promise.resolve();
    let waiting = 0;
    const joinTimer = setTimeout(() => {
      if (!conn.user) socket.close(CLOSE_CODES.unauthorized, 'join first');
    }, options.joinTimeoutMs);
    socket.on('message', (data, isBinary) => {
      waiting += 1;
      if (waiting >= MAX_WAITING_FRAMES && !socket.isPaused) socket.pause();
      queue = queue
        .then(() => handle(conn, data, isBinary, origin))
        .catch((error: unknown) => {
          log.error({ err: error }, 'chat frame failed');
          fail(conn, 'server_error', CHAT_MESSAGES.serverError);
        })
        .finally(() => {
          waiting -= 1;
          if (waiting <= MAX_WAITING_FRAMES / 2 && socket.isPaused) socket.resume();
        });
    });
    socket.on('close', () => {
      clearTimeout(joinTimer);
      hub.leave(conn);
    });
  };
}
