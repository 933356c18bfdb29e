// Chat calls of spec §7: weavy/token (the short-lived chat token) and weavyinfo (connection info),
// the staff moderation calls (log, bans and mutes in force, lifting them), the WebSocket at
// /api/chat/ws with its handshake checks and its cap on sockets per IP (decision 053), the hook that
// tells a show's room its winners, and the hook that pushes a giveaway's draw to its followers (041).
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES, chatCalls, chatStaffCalls } from '../../../shared/contract/chat';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { SPEC_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { cookieValue } from '../../http/cookies';
import { fail, ok } from '../../http/envelope';
import { connectionCap } from '../../http/connection-cap';
import { AppError, conflict, forbidden, notFound, tooMany, unavailable } from '../../http/errors';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import { eventsRepository } from '../events/events.repository';
import { drawResultOf } from '../giveaways/draw-result';
import type { ChatHub } from './chat.hub';
import type { ChatService, LiftResult, Room } from './chat.service';
import { createMentionRecorder } from './chat-mentions';
import type { AuditService } from '../audit/audit.service';
import { chatSocketHandler, drawTopic, type SocketOptions } from './chat.socket';

const tags = ['chat'];
/** What a refused upgrade is told to wait: sockets close at their own pace, so about a minute. */
const SOCKET_RETRY_AFTER_SECONDS = 60;
/** The web app keeps its chat token in this cookie (spec §3's chat-service info, cleared on logout). */
export const CHAT_COOKIE = 'weavyInfo';

/** The staff giveaway calls that change one giveaway name it `:id`. */
const GiveawayParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * An onResponse hook for the staff giveaway calls: after a successful change to one giveaway (a
 * draw, respin, claim, forfeit or edit), its show's room hears who the show's winners are now.
 * Winners are read here and at join, never per message.
 */
/** The show's chat hears who now wears the winner mark, after giveaway `giveawayId`'s picks changed. */
export async function tellShowWinners(chat: ChatService, hub: ChatHub, giveawayId: number): Promise<void> {
  const winners = await chat.winnersAfterChange(giveawayId);
  if (winners) hub.toRoom(winners.roomKey, { type: 'winners', userIds: winners.userIds });
}

/** Everyone following the giveaway, or its show, gets its draw as it now stands: one frame for all. */
export async function pushDraw(ctx: AppContext, hub: ChatHub, giveawayId: number): Promise<void> {
  const result = await drawResultOf(ctx.db, giveawayId);
  if (!result) return;
  const frame = { type: 'draw', result } as const;
  hub.toTopic(drawTopic({ giveaway: result.eventid }), frame);
  // A private giveaway's draw reaches only its own followers, whom the follow let in (decision 051).
  const isPublic = (await eventsRepository.byId(ctx.db, result.eventid))?.is_public === 1;
  if (result.show_id !== null && isPublic) hub.toTopic(drawTopic({ show: result.show_id }), frame);
}

export function announceShowWinners(chat: ChatService, hub: ChatHub) {
  return async function onResponse(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'POST' || reply.statusCode !== 200) return;
    const params = GiveawayParams.safeParse(request.params);
    if (!params.success) return;
    try {
      await tellShowWinners(chat, hub, params.data.id);
    } catch (error) {
      request.log.error({ err: error }, 'telling the show chat its winners failed');
    }
  };
}

/** The winner's claim names its giveaway in the body. */
const ClaimBody = z.object({ eventid: z.number().int().positive() });

/**
 * An onResponse hook for the calls that change a giveaway's draw (staff draw, respin, claim, forfeit
 * and edit; the winner's own claim): everyone following that giveaway, or its show, gets the draw as
 * it now stands, one frame for all. The draw is read once here, never per follower.
 */
export function announceDraw(ctx: AppContext, hub: ChatHub) {
  return async function onResponse(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'POST' || reply.statusCode !== 200) return;
    const params = GiveawayParams.safeParse(request.params);
    const body = params.success ? null : ClaimBody.safeParse(request.body);
    const giveawayId = params.success ? params.data.id : body?.success ? body.data.eventid : null;
    if (giveawayId === null) return;
    try {
      await pushDraw(ctx, hub, giveawayId);
    } catch (error) {
      request.log.error({ err: error }, 'pushing the giveaway draw failed');
    }
  };
}

/** A lift that did not happen becomes its HTTP answer: no such viewer (404), nothing in force (409). */
function lifted(result: LiftResult): string {
  if (result.ok) return result.message;
  throw result.reason === 'not_found' ? notFound(result.message) : conflict(result.message);
}

export function chatRoutes(
  ctx: AppContext,
  chat: ChatService,
  hub: ChatHub,
  guards: ReturnType<typeof sessionGuards>,
  socketOptions: SocketOptions,
  audit: AuditService,
) {
  const now = () => ctx.clock.now();

  /** Errors the caller can act on pass through; anything else becomes the spec's fallback message. */
  async function orFallback<T>(request: FastifyRequest, fallback: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.error({ err: error }, 'chat call failed');
      throw unavailable(fallback);
    }
  }

  /** A browser's Origin must be this site (its public URL, the address it was reached at, or a CORS origin). */
  function isOwnOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    const own = new Set([ctx.config.publicUrl, `${request.protocol}://${request.host}`, ...ctx.config.corsOrigins]);
    return own.has(origin);
  }

  /** Sockets per IP (CHAT_SOCKETS_PER_IP × PER_IP_LIMIT_SCALE), each held until its TCP socket closes. */
  const sockets = connectionCap(ctx.config.chatSocketsPerIp * ctx.config.perIpLimitScale);

  async function handshake(request: FastifyRequest, reply: FastifyReply) {
    if (!isOwnOrigin(request)) return reply.code(403).send(fail(403, CHAT_MESSAGES.forbidden));
    // Counted before the cookie's token is read: an address past its cap costs no database work.
    if (request.ws && !sockets.admit(request.ip, request.raw.socket))
      throw tooMany(CHAT_MESSAGES.tooManySockets, SOCKET_RETRY_AFTER_SECONDS);
    // The token proper arrives in the first frame; the cookie lets a banned viewer be turned away here.
    const token = cookieValue(request.headers.cookie, CHAT_COOKIE);
    const user = token ? await chat.verifyToken(token) : null;
    if (user && (await chat.sanctionsOf(user.id)).banned) return reply.code(403).send(fail(403, CHAT_MESSAGES.banned));
    return undefined;
  }

  async function roomsWorthListing(): Promise<Room[]> {
    const nowIso = now().toISOString();
    const shows = [
      ...(await eventsRepository.list(ctx.db, 'show', 'live', nowIso, 3)),
      ...(await eventsRepository.list(ctx.db, 'show', 'upcoming', nowIso, 1)),
    ];
    const rooms = await Promise.all([chat.resolveRoom('lobby'), ...shows.map((show) => chat.resolveRoom(show.id))]);
    return rooms.filter((room): room is Room => room !== null);
  }

  return async function routes(fastify: FastifyInstance) {
    await fastify.register(websocket, {
      options: { maxPayload: CHAT_LIMITS.closeFrameBytes, perMessageDeflate: false },
      // A client that vanishes or oversteps maxPayload is ordinary: ws closes it; note it quietly.
      errorHandler: (error, socket) => {
        fastify.log.debug({ err: error }, 'chat socket error');
        if (socket.readyState === socket.CONNECTING) socket.terminate();
      },
      // On close, sockets are told "going away" (1001), which clients answer by reconnecting
      // elsewhere; the plugin's own preClose would close them with no code (decision 092).
      preClose: async function closeSockets(this: FastifyInstance) {
        await hub.stop();
        await new Promise((resolve) => this.websocketServer.close(resolve));
      },
    });
    // The mentions still queued are recorded after the sockets close and before the database does.
    const mentions = createMentionRecorder(ctx);
    fastify.addHook('onClose', async () => {
      await mentions.stop();
    });
    await hub.start();
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(chatCalls.token, { tags, summary: 'A chat token (15 minutes); refresh=true for a new one' }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const user = currentUser(request);
        return orFallback(request, SPEC_MESSAGES.tokenFallback, async () => {
          if ((await chat.sanctionsOf(user.id)).banned) throw forbidden(CHAT_MESSAGES.banned);
          return ok(
            [await chat.issueToken(user, request.tokenHash ?? '', request.query.refresh)],
            CHAT_MESSAGES.tokenIssued,
            now(),
          );
        });
      },
    });

    app.route({
      ...routeOf(chatCalls.info, {
        tags,
        summary: 'Chat connection info: the socket path, the rooms open now, the limits',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const user = currentUser(request);
        return orFallback(request, SPEC_MESSAGES.chatInfoFallback, async () =>
          ok([await chat.info(user, await roomsWorthListing())], CHAT_MESSAGES.infoReady, now()),
        );
      },
    });

    app.route({
      ...routeOf(chatStaffCalls.moderationLog, {
        tags: ['staff'],
        summary: 'The newest chat moderation actions: who, what and when',
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok(await chat.moderationLog(request.query.limit), undefined, now()),
    });

    app.route({
      ...routeOf(chatStaffCalls.sanctions, {
        tags: ['staff'],
        summary: 'Chat mutes and bans in force, newest first: who, given by whom, when, until when, in which room',
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) =>
        ok(await chat.sanctionsInForce(request.query.limit), CHAT_MESSAGES.sanctionsListed, now()),
    });

    app.route({
      ...routeOf(chatStaffCalls.unban, { tags: ['staff'], summary: "Lift a viewer's chat ban (logged as unban)" }),
      preHandler: [guards.requireStaff],
      handler: async (request) => {
        const { userId } = request.body;
        const message = lifted(await chat.lift(currentUser(request).id, userId, 'ban', null));
        return ok([{ userId, banned: false }], message, now());
      },
    });

    app.route({
      ...routeOf(chatStaffCalls.unmute, { tags: ['staff'], summary: "Lift a viewer's chat mute (logged as unmute)" }),
      preHandler: [guards.requireStaff],
      handler: async (request) => {
        const { userId } = request.body;
        const message = lifted(await chat.lift(currentUser(request).id, userId, 'mute', null));
        // Their open chats unlock at once, on every process.
        hub.toUser(userId, { type: 'mute_state', mutedUntil: null });
        return ok([{ userId, mutedUntil: null }], message, now());
      },
    });

    fastify.route({
      method: 'GET',
      url: '/api/chat/ws',
      preValidation: handshake,
      schema: {
        tags,
        summary: 'Chat WebSocket: open it, then send a join frame with the chat token',
        response: { 426: ErrorEnvelope, 429: ErrorEnvelope },
      },
      // A plain HTTP request gets the envelope saying what this address is for.
      handler: async (_request, reply) =>
        reply.code(426).header('upgrade', 'websocket').send(fail(426, CHAT_MESSAGES.upgradeRequired)),
      wsHandler: chatSocketHandler(chat, hub, fastify.log, socketOptions, mentions, (record) =>
        audit.recordFor(record.actorId, {
          action: record.action,
          method: 'WS',
          route: '/api/chat/ws',
          targetType: record.targetType,
          targetId: record.targetId,
          after: record.after,
          status: record.status,
          ip: record.ip,
          requestId: record.requestId,
        }),
      ),
    });
  };
}
