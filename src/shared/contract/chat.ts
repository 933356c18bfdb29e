// Live chat (spec §1, §7): the chat token (weavy/token) and connection info (weavyinfo) calls, and
// the typed frames of the WebSocket at /api/chat/ws, one discriminated union each way.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { DrawResult } from './giveaway-draw';
import { bodyId, MAX_ID } from './ids';
import { Piece } from './pieces';

export const CHAT_LIMITS = {
  /** Characters in one message, after trimming. */
  messageChars: 500,
  /** A frame larger than this is refused with an error frame. */
  refuseFrameBytes: 2 * 1024,
  /** A frame larger than this closes the socket (1009). */
  closeFrameBytes: 8 * 1024,
  /** Messages sent on join when the client has seen none. */
  historySize: 50,
  /** Messages a client keeps, and the most a catch-up resends. */
  keepSize: 200,
  /** Per-user rate limit: this many messages per window. */
  ratePerWindow: 5,
  rateWindowMs: 10_000,
  /** The same text again within this time is a duplicate. */
  duplicateWindowMs: 30_000,
  /** Longest slow-mode interval staff can set. */
  slowModeMaxSeconds: 300,
  /** Longest mute. */
  muteMaxMinutes: 7 * 24 * 60,
} as const;

/** Close codes the server uses beyond the standard ones; the client does not reconnect after 4401/4403. */
export const CLOSE_CODES = {
  tooLarge: 1009,
  unauthorized: 4401,
  banned: 4403,
  /** The viewer's session ended elsewhere (logout, deactivation, erasure, staff ended it): sign out. */
  signedOut: 4410,
  /** The server is shutting down; the client reconnects. */
  goingAway: 1001,
  /** Something failed on the server while joining; the client reconnects. */
  serverError: 1011,
} as const;

/** Reactions viewers can send in a show's room (hearts and a few more). */
export const REACTIONS = ['heart', 'sparkle', 'gem', 'star', 'fire'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** 'lobby' or the room of one show. */
export const RoomRef = z.union([z.literal('lobby'), z.number().int().positive().max(MAX_ID)]);
export type RoomRef = z.infer<typeof RoomRef>;

const messageId = z.number().int().positive().max(MAX_ID);

// ---- HTTP calls ----------------------------------------------------------------------------

export const ChatTokenQuery = z.object({
  refresh: z
    .enum(['true', 'false', '1', '0'], { error: 'refresh is true or false.' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type ChatTokenQuery = z.input<typeof ChatTokenQuery>;

export const ChatToken = z.object({ token: z.string(), expiresAt: z.string(), memberId: z.string() });
export type ChatToken = z.infer<typeof ChatToken>;
export const ChatTokenResponse = envelopeOf(ChatToken);

export const ChatRoomInfo = z.object({
  room: RoomRef,
  title: z.string(),
  /** Viewers may post (the lobby always; a show from the moment it is listed until a day after it ends). */
  isOpen: z.boolean(),
  slowModeSeconds: z.number().int(),
  /** Staff paused the room from the console: viewers cannot chat now (decision 079). */
  paused: z.boolean().optional(),
});
export type ChatRoomInfo = z.infer<typeof ChatRoomInfo>;

export const ChatInfo = z.object({
  /** Path of the WebSocket on this site. */
  url: z.string(),
  memberId: z.string(),
  isStaff: z.boolean(),
  rooms: z.array(ChatRoomInfo),
  limits: z.object({
    messageChars: z.number().int(),
    ratePerWindow: z.number().int(),
    rateWindowSeconds: z.number().int(),
  }),
  reactions: z.array(z.enum(REACTIONS)),
});
export type ChatInfo = z.infer<typeof ChatInfo>;
export const ChatInfoResponse = envelopeOf(ChatInfo);

export const ModerationAction = z.object({
  id: z.number().int(),
  room: RoomRef.nullable(),
  action: z.string(),
  staffId: z.number().int(),
  staffName: z.string(),
  targetUserId: z.number().int().nullable(),
  /** The viewer acted on, as chat shows them; null for room-wide actions (slow mode). */
  targetName: z.string().nullable(),
  messageId: z.number().int().nullable(),
  detail: z.string(),
  createdAt: z.string(),
});
export type ModerationAction = z.infer<typeof ModerationAction>;
export const ModerationLogResponse = envelopeOf(ModerationAction);

export const SANCTION_KINDS = ['mute', 'ban'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** A mute or ban in force, for the staff screen that lifts them. */
export const ChatSanction = z.object({
  id: z.number().int(),
  kind: z.enum(SANCTION_KINDS),
  userId: z.number().int(),
  /** As chat shows them ("Amber N."), then the account's full name and e-mail, so staff know who it is. */
  name: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** The room it was given in (it applies in every room); null when given outside a room. */
  room: RoomRef.nullable(),
  roomTitle: z.string().nullable(),
  staffName: z.string(),
  createdAt: z.string(),
  /** When a mute ends; null for a ban, which lasts until lifted. */
  until: z.string().nullable(),
});
export type ChatSanction = z.infer<typeof ChatSanction>;
export const ChatSanctionsResponse = envelopeOf(ChatSanction);

/** Lifting a ban (unban) or a mute (unmute) over HTTP, from the staff screen. */
export const LiftSanctionRequest = z.object({ userId: bodyId('userId') });
export type LiftSanctionRequest = z.infer<typeof LiftSanctionRequest>;
export const UnbanResponse = envelopeOf(z.object({ userId: z.number().int(), banned: z.boolean() }));
export const UnmuteResponse = envelopeOf(z.object({ userId: z.number().int(), mutedUntil: z.null() }));

/** `?limit=`: how many rows a staff list answers, 1 to `max`. */
function limitQuery(max: number, fallback: number) {
  const error = `limit is a number from 1 to ${max}.`;
  return z.object({
    limit: z.coerce.number<number | string>({ error }).int(error).min(1, error).max(max, error).default(fallback),
  });
}
export const ModerationLogQuery = limitQuery(200, 50);
export const SanctionListQuery = limitQuery(500, 500);

export const chatCalls = {
  /** weavy/token (token): a chat token for 15 minutes; refresh=true for a new one. */
  token: defineCall({ method: 'GET', path: '/api/weavy/token', query: ChatTokenQuery, response: ChatTokenResponse }),
  /** weavyinfo (token): the socket path, the rooms open now and the limits. */
  info: defineCall({ method: 'GET', path: '/api/weavyinfo', response: ChatInfoResponse }),
};

export const chatStaffCalls = {
  /** staff/chat/moderation (staff token): the newest moderation actions. */
  moderationLog: defineCall({
    method: 'GET',
    path: '/api/staff/chat/moderation',
    query: ModerationLogQuery,
    response: ModerationLogResponse,
  }),
  /** staff/chat/sanctions (staff token): mutes and bans in force, newest first. */
  sanctions: defineCall({
    method: 'GET',
    path: '/api/staff/chat/sanctions',
    query: SanctionListQuery,
    response: ChatSanctionsResponse,
  }),
  /** staff/chat/unban (staff token): lifts a viewer's ban. */
  unban: defineCall({
    method: 'POST',
    path: '/api/staff/chat/unban',
    body: LiftSanctionRequest,
    response: UnbanResponse,
  }),
  /** staff/chat/unmute (staff token): lifts a viewer's mute. */
  unmute: defineCall({
    method: 'POST',
    path: '/api/staff/chat/unmute',
    body: LiftSanctionRequest,
    response: UnmuteResponse,
  }),
};

// ---- Frames: client to server --------------------------------------------------------------

export const ClientFrame = z.discriminatedUnion('type', [
  /** The first frame: the chat token, the room, and the newest message id the client already has. */
  z.object({
    type: z.literal('join'),
    token: z.string().min(1).max(512),
    room: RoomRef,
    lastSeenId: messageId.optional(),
  }),
  /**
   * Instead of (or after) join: follow the live draw of one giveaway, or of every giveaway of a show
   * (decision 041). The answer is `following`, then a `draw` frame after every draw step.
   */
  z
    .object({
      type: z.literal('follow'),
      token: z.string().min(1).max(512),
      giveaway: z.number().int().positive().max(MAX_ID).optional(),
      show: z.number().int().positive().max(MAX_ID).optional(),
    })
    .refine((f) => (f.giveaway === undefined) !== (f.show === undefined)),
  /** clientId lets the sender match the echo of its own message. */
  z.object({ type: z.literal('message'), text: z.string(), clientId: z.string().max(64).optional() }),
  z.object({ type: z.literal('reaction'), reaction: z.enum(REACTIONS) }),
  z.object({ type: z.literal('ping') }),
  // Staff only:
  z.object({ type: z.literal('delete'), id: messageId }),
  z.object({ type: z.literal('pin'), id: messageId.nullable() }),
  z.object({
    type: z.literal('mute'),
    userId: z.number().int().positive().max(MAX_ID),
    minutes: z.number().int().min(1).max(CHAT_LIMITS.muteMaxMinutes),
  }),
  z.object({ type: z.literal('unmute'), userId: z.number().int().positive().max(MAX_ID) }),
  z.object({ type: z.literal('ban'), userId: z.number().int().positive().max(MAX_ID) }),
  z.object({ type: z.literal('slow_mode'), seconds: z.number().int().min(0).max(CHAT_LIMITS.slowModeMaxSeconds) }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

// ---- Frames: server to client --------------------------------------------------------------

export const ChatMessage = z.object({
  id: messageId,
  room: RoomRef,
  userId: z.number().int(),
  name: z.string(),
  isStaff: z.boolean(),
  /** Plain text: clients render it as text, never as HTML. */
  text: z.string(),
  createdAt: z.string(),
  clientId: z.string().optional(),
  /** 'announcement': a staff announcement from the console, shown apart (decision 079); absent for a message. */
  kind: z.literal('announcement').optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const NOTICE_CODES = [
  'rate_limited',
  'duplicate',
  'slow_mode',
  'muted',
  'room_closed',
  'moderated',
  'too_long',
  'empty',
  'paused',
] as const;
export const ERROR_CODES = [
  'bad_frame',
  'too_large',
  'not_joined',
  'already_joined',
  'unauthorized',
  'banned',
  'forbidden',
  'not_found',
  'server_error',
] as const;

export const ServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    room: ChatRoomInfo,
    me: z.object({
      userId: z.number().int(),
      name: z.string(),
      isStaff: z.boolean(),
      mutedUntil: z.string().nullable(),
    }),
    /** Messages the client lacks, oldest first: the last 50, or those after lastSeenId. */
    history: z.array(ChatMessage),
    /** True when the client's list is too old to patch and should be replaced by history. */
    reset: z.boolean(),
    /** Ids among the room's recent messages that staff deleted; the client drops them. */
    deleted: z.array(messageId),
    pinned: ChatMessage.nullable(),
    members: z.number().int(),
    /** Viewers who won a giveaway of this show (their pick is pending or claimed); empty in the lobby. */
    winners: z.array(z.number().int()),
  }),
  z.object({ type: z.literal('message'), message: ChatMessage }),
  z.object({ type: z.literal('deleted'), id: messageId }),
  z.object({ type: z.literal('pinned'), message: ChatMessage.nullable() }),
  z.object({ type: z.literal('reaction'), reaction: z.enum(REACTIONS) }),
  z.object({ type: z.literal('presence'), members: z.number().int() }),
  z.object({
    type: z.literal('room'),
    slowModeSeconds: z.number().int(),
    isOpen: z.boolean(),
    paused: z.boolean().optional(),
  }),
  /** Staff cleared the room from the console: the client drops every message it holds. */
  z.object({ type: z.literal('cleared') }),
  /** The piece on air changed (decision 079): the card to show, or null to take it down. */
  z.object({ type: z.literal('now_showing'), eventid: z.number().int(), piece: Piece.nullable() }),
  /** Who won this show's giveaways changed (staff drew, respun or forfeited): the whole list, replacing the last. */
  z.object({ type: z.literal('winners'), userIds: z.array(z.number().int()) }),
  /** The follow frame was accepted: from now on every draw step arrives as a `draw` frame. */
  z.object({
    type: z.literal('following'),
    giveaway: z.number().int().nullable(),
    show: z.number().int().nullable(),
  }),
  /** A followed giveaway's draw changed (a draw, respin, claim or forfeit): the whole result, replacing the last. */
  z.object({ type: z.literal('draw'), result: DrawResult }),
  /** A guessing-game question was revealed (decision 058): the answer and winners in words, for the room. */
  z.object({ type: z.literal('guess'), questionid: z.number().int(), text: z.string() }),
  /** The viewer's own mute state changed (staff muted or unmuted them). */
  z.object({ type: z.literal('mute_state'), mutedUntil: z.string().nullable() }),
  /** Something the viewer should read: a refused message, a confirmation of a staff action. */
  z.object({
    type: z.literal('notice'),
    code: z.enum(NOTICE_CODES),
    message: z.string(),
    retryAfterSeconds: z.number().int().optional(),
    clientId: z.string().optional(),
  }),
  z.object({ type: z.literal('error'), code: z.enum(ERROR_CODES), message: z.string() }),
  /** The session behind this socket ended (decision 089): the page signs out; the socket closes next. */
  z.object({ type: z.literal('signed_out'), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type NoticeCode = (typeof NOTICE_CODES)[number];
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What the chat says to people, in one place. */
export const CHAT_MESSAGES = {
  tokenIssued: 'Chat token issued.',
  infoReady: 'Chat is ready.',
  banned: 'You can no longer take part in chat.',
  rateLimited: 'You are sending messages too quickly. Please wait a few seconds.',
  duplicate: 'You just sent that message.',
  slowMode: 'Slow mode is on in this room: one message every {seconds} seconds.',
  muted: 'You are muted until {time}.',
  roomClosed: "This show's chat has closed. You can still read it.",
  paused: 'The host has paused chat for a moment. You can still read it.',
  tooLong: `Messages can be up to ${CHAT_LIMITS.messageChars} characters.`,
  empty: 'Type a message first.',
  badFrame: 'That frame was not understood.',
  tooLarge: 'That frame is too large.',
  notJoined: 'Join a room first.',
  alreadyJoined: 'This connection is already in a room.',
  unauthorized: 'Your chat session has ended. Please log in again.',
  forbidden: 'Only staff can do that.',
  roomNotFound: 'There is no chat room for that show.',
  messageNotFound: 'That message is no longer there.',
  userNotFound: 'There is no such viewer.',
  serverError: 'Something went wrong on our side. Please try again.',
  deleted: 'Message deleted.',
  pinned: 'Message pinned.',
  unpinned: 'Message unpinned.',
  mutedViewer: '{name} is muted for {minutes} minutes.',
  unmutedViewer: '{name} can chat again.',
  bannedViewer: '{name} is banned from chat.',
  slowModeOn: 'Slow mode is on: one message every {seconds} seconds.',
  slowModeOff: 'Slow mode is off.',
  cannotModerateStaff: 'Staff cannot be muted or banned.',
  unbannedViewer: '{name} can take part in chat again.',
  notBanned: '{name} is not banned.',
  notMuted: '{name} is not muted.',
  sanctionsListed: 'Bans and mutes in force.',
  upgradeRequired: 'This address takes WebSocket connections only.',
  tooManySockets: 'Too many chat connections from your network. Close a tab or try again in a minute.',
} as const;

const muteEnd = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'You are muted until Jun 15, 11:10 AM PDT.': the show's time zone, the same on both sides. */
export function mutedText(mutedUntil: string): string {
  return chatText(CHAT_MESSAGES.muted, { time: muteEnd.format(new Date(mutedUntil)) });
}

/** Fills {name}-style slots in a chat message. */
export function chatText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => (key in values ? String(values[key]) : slot));
}

/** The text a message keeps: control characters removed (line breaks kept), trimmed. */
export function cleanMessageText(text: string): string {
  let kept = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '\n' || (code > 0x1f && code !== 0x7f)) kept += char;
  }
  return kept.trim();
}
