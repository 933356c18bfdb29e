// buildApp(config): the whole Gemcast service as a Fastify instance, without listening. Tests
// build it and call app.inject(); main.ts starts it. External plugins load before our routes.
import { mkdirSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { responseSerializer } from './http/serializer';
import { STATUS } from '../shared/contract/envelope';
import { MESSAGES, SPEC_MESSAGES } from '../shared/messages';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrate, openDatabase, waitForDatabase, type DatabaseHandle } from './db/database';
import { AppError, isUnstorableText, unavailableMessage } from './http/errors';
import { fail } from './http/envelope';
import { registerApiDocs } from './http/openapi';
import { createServerLog, lazyRequestLogger, registerRequestLog } from './http/request-log';
import { sessionGuards } from './http/session';
import { writeAnswersPerTurn } from './http/turn-writes';
import { webPage } from './http/web-page';
import { requestIdFrom } from './http/request-id';
import { dependenciesOf, healthRoutes } from './modules/health/health.routes';
import { notificationsRepository } from './modules/notifications/notifications.repository';
import { createMetrics, type Metrics } from './platform/metrics';
import { registerAudit } from './modules/audit/audit.hook';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes';
import { createPasskeysService } from './modules/passkeys/passkeys.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { announceDraw, announceShowWinners, chatRoutes } from './modules/chat/chat.routes';
import { chatReportRoutes } from './modules/chat/chat-reports.routes';
import { createChatReportsService } from './modules/chat/chat-reports.service';
import { createChatHub, DEFAULT_HUB_OPTIONS, type HubOptions } from './modules/chat/chat.hub';
import { createChatService } from './modules/chat/chat.service';
import type { SocketOptions } from './modules/chat/chat.socket';
import { memoryPubSub, redisPubSub } from './platform/pubsub';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { siteRoutes } from './modules/site/site.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { createEventsService } from './modules/events/events.service';
import { createLiveLookup } from './modules/events/live-lookup';
import { rsvpRoutes } from './modules/rsvp/rsvp.routes';
import { createRsvpService } from './modules/rsvp/rsvp.service';
import { quizRoutes } from './modules/quiz/quiz.routes';
import { createQuizService } from './modules/quiz/quiz.service';
import { staffEventsRoutes } from './modules/staff-events/staff-events.routes';
import { liveRoutes } from './modules/live/live.routes';
import { createLiveService } from './modules/live/live.service';
import { createStaffEventsService } from './modules/staff-events/staff-events.service';
import { createProfileService } from './modules/profile/profile.service';
import { giveawayDrawRoutes } from './modules/giveaways/giveaway-draw.routes';
import { createGiveawayDrawService } from './modules/giveaways/giveaway-draw.service';
import { giveawayRoutes } from './modules/giveaways/giveaways.routes';
import { createGiveawayService } from './modules/giveaways/giveaways.service';
import { staffGiveawayRoutes } from './modules/giveaways/giveaways-staff.routes';
import { createStaffGiveawayService } from './modules/giveaways/giveaways-staff.service';
import { spinRoutes } from './modules/giveaways/spin.routes';
import { createSpinService } from './modules/giveaways/spin.service';
import { cryptoRandom, systemClock, type Clock, type Random } from './platform/clock';
import { outboxMailer, smtpMailer } from './platform/mail';
import { createMailQueue } from './platform/mail-queue';
import { mediaRoot } from './platform/media';
import { staffMediaRoutes } from './modules/staff-media/staff-media.routes';
import { createStaffMediaService } from './modules/staff-media/staff-media.service';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { staffCouponRoutes } from './modules/coupons/coupons-staff.routes';
import { createCouponService, viewerCoupons } from './modules/coupons/coupons.service';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { createRewardsService } from './modules/rewards/rewards.service';
import { rewardRulesRoutes } from './modules/rewards/reward-rules.routes';
import { staffRewardsRoutes } from './modules/rewards/rewards-staff.routes';
import { createRewardsStaffService } from './modules/rewards/rewards-staff.service';
import { createEarningService } from './modules/rewards/earning.service';
import { guessingRoutes } from './modules/guessing/guessing.routes';
import { staffGuessingRoutes } from './modules/guessing/guessing-staff.routes';
import { createGuessingService } from './modules/guessing/guessing.service';
import { consoleRoutesFor } from './modules/console/console.routes';
import { createContestResults } from './modules/contests/contest-results';
import { contestRoutes } from './modules/contests/contests.routes';
import { createContestsService } from './modules/contests/contests.service';
import { staffContestRoutes } from './modules/contests/contests-staff.routes';
import { createStaffContestsService } from './modules/contests/contests-staff.service';
import { roomKey } from './modules/chat/chat.service';
import { contestVotesRoutes } from './modules/contest-votes/contest-votes.routes';
import { createContestVotesService } from './modules/contest-votes/contest-votes.service';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { exhibitionRoutes } from './modules/exhibitions/exhibitions.routes';
import { createExhibitionsService } from './modules/exhibitions/exhibitions.service';
import { staffExhibitionRoutes } from './modules/exhibitions/exhibitions-staff.routes';
import { staffSecurityRoutes } from './modules/staff-security/staff-security.routes';
import { createStaffSecurityService } from './modules/staff-security/staff-security.service';
import { createStaffExhibitionsService } from './modules/exhibitions/exhibitions-staff.service';
import { pieceRoutes } from './modules/pieces/pieces.routes';
import { staffPieceRoutes } from './modules/pieces/pieces-staff.routes';
import { createPiecesService } from './modules/pieces/pieces.service';
import { pushRoutes } from './modules/push/push.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { staffReportRoutes } from './modules/staff-reports/staff-reports.routes';
import { createStaffReportsService } from './modules/staff-reports/staff-reports.service';
import { createReportsService } from './modules/reports/reports.service';
import { createPushService } from './modules/push/push.service';
import { staffContestVotesRoutes } from './modules/contest-votes/contest-votes-staff.routes';
import { createContestVotesStaffService } from './modules/contest-votes/contest-votes-staff.service';
import { memoryRateLimiter, redisRateLimiter } from './platform/rate-limit';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createInboxService } from './modules/notifications/inbox.service';
import {
  createUnreadStreams,
  DEFAULT_UNREAD_STREAM_OPTIONS,
  type UnreadStreamOptions,
} from './modules/notifications/unread-stream';
import { createSigner } from './platform/secrets';
import { createSessionCache } from './platform/session-cache';
import { createSessionRevocations } from './platform/session-revocation';
import { apiSecurityHeaders, securityHeaders } from './http/security';
import { staffUserRoutes } from './modules/staff-users/staff-users.routes';
import { createStaffUsersService } from './modules/staff-users/staff-users.service';
import type { AudiencePace } from './modules/rehearsal/rehearsal-audience';
import { rehearsalRoutes } from './modules/rehearsal/rehearsal.routes';
import { createRehearsalService } from './modules/rehearsal/rehearsal.service';

/** How long a closing server waits for requests under way before it cuts their connections. */
export const CLOSE_GRACE_MS = 5_000;

export type BuildOptions = {
  clock?: Clock;
  random?: Random;
  /** An already-open database (tests pass one per schema); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Print outbox mail to the console (npm start does; tests do not). */
  printMail?: boolean;
  /** Chat timings (tests shorten the ping interval and the join timeout). */
  chat?: Partial<HubOptions & SocketOptions>;
  /** The live unread count's timings (tests poll faster). */
  unreadStream?: Partial<UnreadStreamOptions>;
  /** The pace of rehearsals' scripted audiences (tests speed it up). */
  rehearsalPace?: AudiencePace;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Resolves when every queued e-mail has been delivered (or its failure logged). */
    mailIdle: () => Promise<void>;
    /** E-mails queued and not yet delivered. */
    mailPending: () => number;
    /** Prometheus metrics, kept only when METRICS_PORT is set; main.ts serves them (decision 091). */
    metrics: Metrics | null;
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const serverLog = config.logLevel === 'silent' ? null : createServerLog(config.logLevel, options.logDestination);
  const app = Fastify({
    loggerInstance: serverLog?.logger,
    // Our onResponse hook writes one line per request instead of Fastify's two (decision 096).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    genReqId: requestIdFrom(config.trustProxy),
    trustProxy: config.trustProxy,
    bodyLimit: 100 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches a closing server is served (with Connection: close) rather than
    // refused with Fastify's own non-envelope 503: the database is open until the close ends.
    return503OnClosing: false,
    // A URL the router cannot decode (`%ED%BF%BF`, a lone surrogate) is refused with the envelope too.
    frameworkErrors: (_error, _request, reply) => refuseBadUrl(reply),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.validateResponses));

  const database =
    options.database ??
    openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'sqlite', file: path.join(config.dataDir, 'gemcast.db') },
    );
  await waitForDatabase(database, (message) => app.log.warn(message));
  await migrate(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  // Unheard, ioredis prints every failed reconnect as an unhandled error while Redis restarts (decision 092).
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection'));
  const pubsub = redis
    ? redisPubSub(redis, (error) => app.log.warn({ err: error }, 'redis subscriber'), config.redisPrefix)
    : memoryPubSub();
  const clock = options.clock ?? systemClock;
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer({
        db: database.db,
        dataDir: config.dataDir,
        clock,
        log: app.log,
        print: options.printMail ?? false,
      });
  const mailQueue = createMailQueue(mailer, app.log);
  const sessions = createSessionCache(config.sessionCacheMs);
  const revocations = createSessionRevocations(pubsub, sessions, (error) =>
    app.log.warn({ err: error }, 'session revocation not published'),
  );
  await revocations.start();

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    random: options.random ?? cryptoRandom,
    signer: createSigner(config.appSecret),
    limiter: redis
      ? redisRateLimiter(redis, `${config.redisPrefix}gemcast:rl:`, (error) =>
          app.log.warn({ err: error }, 'rate limits open: Redis unreachable'),
        )
      : memoryRateLimiter(clock),
    sessions,
    revokeSessions: revocations.revoke,
    log: app.log,
    sendMail: mailQueue.enqueue,
    deliverMail: (mail) => mailer.send(mail),
    ...(mailer.sendBatch ? { deliverMailBatch: mailer.sendBatch } : {}),
  };
  app.decorate('ctx', ctx);
  app.decorate('mailIdle', mailQueue.idle);
  app.decorate('mailPending', mailQueue.pending);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('secondFactorAt', null);
  // Requests under way on any connection. The listening socket's copies (decision 107) hand their
  // connections to this server, but the server's close waits only for those its own handle
  // accepted: the database must stay open until the others are answered too.
  let requestsUnderWay = 0;
  let allAnswered: (() => void) | null = null;
  const answered = () => {
    requestsUnderWay -= 1;
    if (requestsUnderWay === 0) allAnswered?.();
  };
  // One listener shared by every response (a response closes once): no closure or once-wrapper per request.
  app.server.on('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    requestsUnderWay += 1;
    response.on('close', answered);
  });
  app.addHook('onClose', async () => {
    if (requestsUnderWay > 0) await new Promise<void>((resolve) => (allAnswered = resolve));
    await app.mailIdle();
    mailer.close();
    await pubsub.close();
    redis?.disconnect();
    if (!options.database) await database.close();
    serverLog?.flush();
  });
  if (serverLog?.writeRequestLine) registerRequestLog(app, serverLog.writeRequestLine);
  // First of the preClose hooks (decision 093): stop accepting at once, so a proxy sends the request
  // of a refused connection to another process (POSTs too: nothing was sent), but keep the connections
  // there are. net.Server's close, not http.Server's, which would also cut the idle kept-alive ones a
  // proxy may be writing a request to at that instant. Meanwhile Fastify answers every request with
  // `Connection: close`, and the proxy closes the connections it leaves idle; its own close then cuts
  // whatever is left (and takes the listener's absence in its stride).
  if (config.shutdownDrainMs > 0)
    app.addHook('preClose', async () => {
      net.Server.prototype.close.call(app.server);
      await delay(config.shutdownDrainMs);
    });

  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  // Callback-style hooks: on the hot path an async hook costs a promise and a microtask per request.
  app.addHook('onRequest', (request, reply, done) => {
    // The API's own pages (/api/docs) are documents: they get a page's headers.
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : pageHeaders).header('x-request-id', request.id);
    done();
  });
  // Before every route: a turn's answers are written together at its end (decision 121).
  writeAnswersPerTurn(app);
  // Metrics (decision 091): with METRICS_PORT unset there is no hook at all. Before every route.
  const metrics =
    config.metricsPort === null
      ? null
      : createMetrics({
          mailPending: mailQueue.pending,
          notificationBacklog: () => notificationsRepository.backlogByChannel(database.db),
        });
  if (metrics) app.addHook('onResponse', metrics.onResponse);
  app.decorate('metrics', metrics);
  await app.register(healthRoutes(dependenciesOf(database.db, redis)));
  if (config.corsOrigins.length)
    await app.register(cors, { origin: config.corsOrigins, allowedHeaders: ['content-type', 'token', 'visitor'] });
  await registerApiDocs(app);

  // Kill switch: named calls answer 503 'API temporarily disabled' before any handler runs.
  // Registered only when some call is switched off, so it costs nothing otherwise.
  if (config.disabledCalls.size) {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.routeOptions.url;
      if (url?.startsWith('/api/') && config.disabledCalls.has(url.slice('/api/'.length))) {
        await reply.code(503).send(fail(503, SPEC_MESSAGES.apiDisabled));
      }
    });
  }

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.httpStatus)
        .headers(error.headers)
        .send(fail(error.httpStatus, error.message, error.status, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
        message: v.message ?? MESSAGES.invalidInput,
      }));
      return reply.code(400).send(fail(400, issues[0]?.message ?? MESSAGES.invalidInput, STATUS.badRequest, issues));
    }
    if (isUnstorableText(error)) return reply.code(400).send(fail(400, MESSAGES.invalidInput, STATUS.badRequest));
    // The database is down, restarting, full or read-only: try again later, not our bug (decision 092).
    const unavailable = unavailableMessage(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(fail(503, unavailable));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(fail(413, MESSAGES.tooLarge, STATUS.badRequest));
    if (status === 415) return reply.code(415).send(fail(415, MESSAGES.badContentType, STATUS.badRequest));
    if (status === 403) return reply.code(403).send(fail(403, MESSAGES.forbidden));
    if (status === 404) return reply.code(404).send(fail(404, MESSAGES.notFound));
    if (status === 429) return reply.code(429).send(fail(429, MESSAGES.rateLimited));
    if (status >= 400 && status < 500)
      return reply.code(status).send(fail(status, MESSAGES.invalidInput, STATUS.badRequest));
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(500, MESSAGES.serverError));
  });

  const auth = createAuthService(ctx);
  const guards = sessionGuards(auth, ctx.clock);
  // Before every route: each one behind a staff guard is found as it is registered (decision 088).
  const audit = createAuditService(ctx);
  registerAudit(app, audit, async (token) => (await auth.userForToken(token))?.user ?? null);
  await app.register(authRoutes(ctx, auth, guards));
  // Passkeys for every account, and as a staff second factor (decision 087).
  await app.register(passkeyRoutes(ctx, createPasskeysService(ctx, auth), guards));
  await app.register(profileRoutes(ctx, createProfileService(ctx), guards));
  // The staff second factor: authenticator app, recovery codes, lockout and reset (decision 086).
  await app.register(staffSecurityRoutes(ctx, createStaffSecurityService(ctx), guards));
  await app.register(siteRoutes(ctx));
  const liveLookup = createLiveLookup(ctx);
  await app.register(eventsRoutes(ctx, createEventsService(ctx, liveLookup), guards));
  const quiz = createQuizService(ctx);
  await app.register(rsvpRoutes(ctx, createRsvpService(ctx, quiz), guards));
  await app.register(quizRoutes(ctx, quiz, guards));
  const giveaways = createGiveawayService(ctx, liveLookup);
  const staffEvents = createStaffEventsService(ctx, liveLookup, giveaways);
  await app.register(staffEventsRoutes(ctx, staffEvents, guards));
  // One for the routes and the rehearsal: its viewer count and grouped heartbeats are per process.
  const live = createLiveService(ctx);
  await app.register(liveRoutes(ctx, live, guards));
  await app.register(analyticsRoutes(ctx, createAnalyticsService(ctx), guards));
  const spins = createSpinService(ctx);
  await app.register(giveawayRoutes(ctx, giveaways, guards));
  await app.register(spinRoutes(ctx, spins, guards));
  const chatOptions = { ...DEFAULT_HUB_OPTIONS, joinTimeoutMs: 10_000, ...options.chat };
  const chat = createChatService(ctx);
  const chatHub = createChatHub(pubsub, chatOptions);
  // Joins share a room's history read until any process changes the room's messages (decision 104).
  chatHub.onHistoryChange((key) => chat.forgetHistory(key));
  // Ended sessions close their chat sockets on whichever process holds them (decision 089).
  revocations.onRevoked((revocation) => {
    chatHub.revoked(revocation);
    // An erased account's messages are blanked, and a staff mark can go, with no room frame: the
    // revocation that follows (after the commit) is what every process hears of it.
    if (revocation.scope !== 'session') chat.forgetHistory(null);
  });
  metrics?.countSockets('chat', () => chatHub.connections);
  const staffGiveaways = createStaffGiveawayService(ctx, giveaways, liveLookup);
  const draws = createGiveawayDrawService(ctx, giveaways, staffGiveaways);
  await app.register(async (scope) => {
    // A draw, respin, claim or forfeit changes who wears the winner mark in the show's chat.
    scope.addHook('onResponse', announceShowWinners(chat, chatHub));
    // ...and what every follower of the giveaway sees: the winner, "not this time", the claim (decision 041).
    scope.addHook('onResponse', announceDraw(ctx, chatHub));
    await scope.register(staffGiveawayRoutes(ctx, staffGiveaways, draws, spins, guards));
    await scope.register(giveawayDrawRoutes(ctx, draws, guards));
  });
  await app.register(chatRoutes(ctx, chat, chatHub, guards, chatOptions, audit));
  await app.register(chatReportRoutes(ctx, createChatReportsService(ctx, chat), chatHub, guards));
  await app.register(staffMediaRoutes(ctx, createStaffMediaService(ctx), guards));
  const rewards = createRewardsService(ctx, { coupons: viewerCoupons(ctx) });
  await app.register(rewardsRoutes(ctx, rewards, guards));
  await app.register(rewardRulesRoutes(ctx, createEarningService(ctx), guards));
  await app.register(staffRewardsRoutes(ctx, createRewardsStaffService(ctx, rewards), guards));
  const coupons = createCouponService(ctx, rewards);
  await app.register(couponRoutes(ctx, coupons, guards));
  await app.register(staffCouponRoutes(ctx, coupons, guards));
  // A reveal is announced in the show's chat room (decision 058).
  const guessing = createGuessingService(ctx, rewards, ({ eventId, question, text }) => {
    const frame = { type: 'guess', questionid: question.id, text } as const;
    chatHub.toRoom(roomKey(eventId), frame);
  });
  await app.register(guessingRoutes(ctx, guessing, guards));
  await app.register(staffGuessingRoutes(ctx, guessing, guards));
  // The producer console (decision 080).
  const producerConsole = consoleRoutesFor(ctx, pubsub, guards, {
    liveLookup,
    staffEvents,
    staffGiveaways,
    draws,
    guessing,
    chat,
    hub: chatHub,
  });
  await app.register(producerConsole.routes);
  metrics?.countSockets('console_stream', producerConsole.streams.size);
  // Rehearsals (decision 084): a private copy of a show whose scripted audience acts through these services.
  const rehearsalDeps = { live, chat, hub: chatHub, giveaways, spins, guessing };
  const rehearsals = createRehearsalService(ctx, rehearsalDeps, options.rehearsalPace);
  await app.register(rehearsalRoutes(ctx, rehearsals, guards));
  // Photo contests (decision 062): results fixed once at the close, winners credited through the ledger.
  const contestResults = createContestResults(ctx, rewards);
  const contests = createContestsService(ctx, contestResults);
  await app.register(contestRoutes(ctx, contests, guards));
  await app.register(staffContestRoutes(ctx, createStaffContestsService(ctx, contests, contestResults), guards));
  // Contest votes and likes, and the staff vote review (decision 063).
  await app.register(contestVotesRoutes(ctx, createContestVotesService(ctx), guards));
  await app.register(staffContestVotesRoutes(ctx, createContestVotesStaffService(ctx), guards));
  // Newsletter and show alerts by e-mail with double opt-in (decision 072).
  const subscriptions = createSubscriptionsService(ctx);
  await app.register(subscriptionRoutes(ctx, subscriptions, guards));
  // Exhibitions, product registration and the staff side (decision 074).
  await app.register(exhibitionRoutes(ctx, createExhibitionsService(ctx, subscriptions), guards));
  await app.register(staffExhibitionRoutes(ctx, createStaffExhibitionsService(ctx), guards));
  // Pieces sold on air and "I want this", told to the show's open consoles (decision 081).
  const pieces = createPiecesService(ctx, pubsub);
  await app.register(pieceRoutes(ctx, pieces, guards));
  await app.register(staffPieceRoutes(ctx, pieces, guards));
  // Notifications: the in-app list, preferences, the live unread count and unsubscribe links (decision 068).
  const unreadStreams = createUnreadStreams(ctx.db, pubsub, app.log, {
    ...DEFAULT_UNREAD_STREAM_OPTIONS,
    ...options.unreadStream,
  });
  metrics?.countSockets('notification_stream', unreadStreams.size);
  // Open streams would hold the server's close: ended first, before the pub/sub and the database go.
  app.addHook('preClose', async () => {
    await unreadStreams.close();
    // Ending the streams makes clients connect again at once, before the server stops listening; a
    // connection that has sent no request yet is not idle to Node and would hold the close open. Any
    // request under way gets CLOSE_GRACE_MS to finish, then whatever is left is cut.
    const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
    cut.unref();
    // A kept-alive connection whose request finishes during the close would otherwise stay open
    // until the cut: once the server stops listening, each is closed as soon as it falls idle
    // (before, a connection just accepted, its request not yet read, would count as idle too).
    const sweep = setInterval(() => app.server.listening || app.server.closeIdleConnections(), 100);
    app.server.once('close', () => {
      clearTimeout(cut);
      clearInterval(sweep);
    });
  });
  // A page open without chat hears of its ended session through the bell's stream (decision 089).
  revocations.onRevoked((revocation) => {
    if (revocation.scope !== 'rights') unreadStreams.endUser(revocation.userId);
  });
  await app.register(notificationRoutes(ctx, createInboxService(ctx, unreadStreams.changed), unreadStreams, guards));
  // Web push devices (decision 071).
  await app.register(pushRoutes(ctx, createPushService(ctx), guards));
  // Staff user management: search, grant and revoke staff, deactivate, export and erase (decision 089).
  await app.register(staffUserRoutes(ctx, createStaffUsersService(ctx), guards));
  // Named read-only reports, GetSPData (decision 076).
  await app.register(reportRoutes(ctx, createReportsService(ctx), guards));
  // Staff show reports: funnels, viewers over time, traffic (decision 090).
  await app.register(staffReportRoutes(ctx, createStaffReportsService(ctx), guards));
  // The audit log of every staff action (decision 088).
  await app.register(auditRoutes(ctx, audit, guards));

  mkdirSync(mediaRoot(config.dataDir), { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaRoot(config.dataDir),
    prefix: '/media/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
    immutable: true,
  });
  // The app's page answers every other GET (`/` included), so static files do not serve an index.
  const sendPage = config.webDir ? webPage(app, config.webDir) : null;
  if (config.webDir) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // cacheHeaders decides alone: the plugin's own header (public, max-age=0) would replace it.
      cacheControl: false,
      setHeaders: cacheHeaders,
      // The build's manifest is for the server (web-page.ts), not for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/media/');
    if (isPageRequest && sendPage) return sendPage(request, reply);
    return reply
      .code(404)
      .send(fail(404, request.url.startsWith('/api/') ? MESSAGES.routeNotFound : MESSAGES.notFound));
  });

  return app;
}

function refuseBadUrl(reply: FastifyReply) {
  void reply.code(400).send(fail(400, MESSAGES.invalidInput, STATUS.badRequest));
}

function cacheHeaders(res: { setHeader: (name: string, value: string) => void }, filePath: string) {
  const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
}
