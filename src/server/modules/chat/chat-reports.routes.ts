// Viewers' chat tools over HTTP (decision 045): chat/report, chat/hidden, chat/hide, chat/unhide;
// and for staff, the open reports and resolving them, whose outcome open chats hear at once.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_MESSAGES } from '../../../shared/contract/chat';
import {
  REPORT_LIMITS,
  REPORT_MESSAGES,
  chatReportCalls,
  chatReportStaffCalls,
} from '../../../shared/contract/chat-reports';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { ReportFanOut, ChatReportsService } from './chat-reports.service';
import type { ChatHub } from './chat.hub';

const tags = ['chat'];

export function chatReportRoutes(
  ctx: AppContext,
  reports: ChatReportsService,
  hub: ChatHub,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  // A flood from one address is refused before any token is looked up; then each viewer's own pace.
  const perIp = rateLimit(ctx.limiter, { name: 'chat-tools-ip', limit: 120, windowMs: 60_000, key: byIp });
  const reportPace = rateLimit(ctx.limiter, {
    name: 'chat-report',
    limit: REPORT_LIMITS.perWindow,
    windowMs: REPORT_LIMITS.windowMs,
    key: byUser,
  });
  const hidePace = rateLimit(ctx.limiter, {
    name: 'chat-hide',
    limit: REPORT_LIMITS.hidesPerWindow,
    windowMs: REPORT_LIMITS.hideWindowMs,
    key: byUser,
  });

  /** What open chats hear after a resolution, on every process, as if done from the room. */
  function tell(fanOut: ReportFanOut) {
    if (!fanOut) return;
    if (fanOut.kind === 'deleted') {
      hub.toRoom(fanOut.roomKey, { type: 'deleted', id: fanOut.id });
      if (fanOut.unpinned) hub.toRoom(fanOut.roomKey, { type: 'pinned', message: null });
    } else if (fanOut.kind === 'muted') {
      hub.toUser(fanOut.userId, { type: 'mute_state', mutedUntil: fanOut.mutedUntil });
    } else {
      hub.toUser(fanOut.userId, { type: 'error', code: 'banned', message: CHAT_MESSAGES.banned }, { ban: true });
    }
  }

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(chatReportCalls.report, {
        tags,
        summary: 'Report a chat message to staff (once per viewer per message; not your own)',
      }),
      preHandler: [perIp, guards.requireUser, reportPace],
      handler: async (request) => {
        const receipt = await reports.report(currentUser(request), request.body.messageId, request.body.reason);
        return ok([receipt], REPORT_MESSAGES.reported, now());
      },
    });

    app.route({
      ...routeOf(chatReportCalls.hidden, { tags, summary: 'The people you have hidden from your chat' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(await reports.hidden(currentUser(request).id), REPORT_MESSAGES.hiddenListed, now()),
    });

    app.route({
      ...routeOf(chatReportCalls.hide, { tags, summary: "Hide a person's messages from your chat" }),
      preHandler: [perIp, guards.requireUser, hidePace],
      handler: async (request) => {
        const { people, message } = await reports.hide(currentUser(request), request.body.userId);
        return ok(people, message, now());
      },
    });

    app.route({
      ...routeOf(chatReportCalls.unhide, { tags, summary: "Show a hidden person's messages in your chat again" }),
      preHandler: [perIp, guards.requireUser, hidePace],
      handler: async (request) => {
        const { people, message } = await reports.unhide(currentUser(request), request.body.userId);
        return ok(people, message, now());
      },
    });

    app.route({
      ...routeOf(chatReportStaffCalls.reports, {
        tags: ['staff'],
        summary: 'Reported chat messages with their open reports: the message, its author, who reported it and when',
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) =>
        ok(await reports.openReports(request.query.limit), REPORT_MESSAGES.reportsListed, now()),
    });

    app.route({
      ...routeOf(chatReportStaffCalls.resolve, {
        tags: ['staff'],
        summary: "Resolve a message's reports: dismiss them, or delete the message, mute or ban its author",
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) => {
        const { messageId, action, minutes } = request.body;
        const result = await reports.resolve(currentUser(request), messageId, action, minutes);
        tell(result.fanOut);
        return ok([{ messageId, action, resolved: result.resolved }], result.message, now());
      },
    });
  };
}
