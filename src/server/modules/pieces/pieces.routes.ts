// The viewers' piece calls (decision 081): nowshowing_v1 and showpieces_v1 (token optional) and
// iwantthis_v1 (token; limited per address before the token is read, then per viewer).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PIECE_MESSAGES, pieceCalls } from '../../../shared/contract/pieces';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { PiecesService } from './pieces.service';

const tags = ['pieces'];
const MINUTE_MS = 60_000;
/** "I want this" presses one viewer may make in a minute: far more than a show puts on air. */
export const WANTS_PER_VIEWER_PER_MINUTE = 20;
/** The same per address (times PER_IP_LIMIT_SCALE): a household or a venue's Wi-Fi. */
export const WANTS_PER_IP_PER_MINUTE = 120;

export function pieceRoutes(ctx: AppContext, pieces: PiecesService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(pieceCalls.nowShowing, {
        tags,
        summary: 'nowshowing_v1: the piece on air in a show now, and whether the caller already asked for it',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) => {
        const viewer = await guards.callerOf(request).user();
        const showing = await pieces.nowShowing(request.query.eventid, viewer);
        return showing ? ok([showing], PIECE_MESSAGES.nowShowing, now()) : ok([], PIECE_MESSAGES.nothingShowing, now());
      },
    });

    app.route({
      ...routeOf(pieceCalls.want, {
        tags,
        summary: 'iwantthis_v1: put the viewer on the call-back list for a piece the show put on air; once per piece',
      }),
      preHandler: [
        rateLimit(ctx.limiter, {
          name: 'iwantthis-ip',
          limit: WANTS_PER_IP_PER_MINUTE * ctx.config.perIpLimitScale,
          windowMs: MINUTE_MS,
          key: byIp,
        }),
        guards.requireUser,
        rateLimit(ctx.limiter, {
          name: 'iwantthis-user',
          limit: WANTS_PER_VIEWER_PER_MINUTE,
          windowMs: MINUTE_MS,
          key: byUser,
        }),
      ],
      handler: async (request) =>
        ok([await pieces.want(currentUser(request), request.body)], PIECE_MESSAGES.wanted, now()),
    });

    app.route({
      ...routeOf(pieceCalls.shown, {
        tags,
        summary: 'showpieces_v1: the pieces a show put on air, in order, with the second of the replay for each',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) => {
        const viewer = await guards.callerOf(request).user();
        return ok(await pieces.shown(request.query.eventid, viewer), PIECE_MESSAGES.shownPieces, now());
      },
    });
  };
}
