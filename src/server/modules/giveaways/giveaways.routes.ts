// Viewer and public giveaway calls (spec §7): giveawaydata_v1, giveawaydata_new,
// checkifgiveawayenroll_v1, socialgiveawayentries, dosocialentry, fbbannerclick, giveawayterms_v1,
// giveawayinfo_v1, giveawaywinners_v1 and giveawayproof_v1.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS } from '../../../shared/contract/envelope';
import { giveawayCalls } from '../../../shared/contract/giveaways';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { byIp, rateLimit } from '../../http/rate-limit';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { GiveawayService } from './giveaways.service';

const tags = ['giveaways'];

export function giveawayRoutes(ctx: AppContext, giveaways: GiveawayService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();

    async function enter(
      user: Parameters<GiveawayService['enter']>[0],
      input: Parameters<GiveawayService['enter']>[1],
      ip: string,
    ) {
      const result = await giveaways.enter(user, input, ip);
      // Already in: a 409 that still carries the viewer's standing, so the page can show it.
      if (!result.created) throw new AppError(409, GIVEAWAY_MESSAGES.alreadyEntered, STATUS.error, [result.enrollment]);
      return ok([result.enrollment], GIVEAWAY_MESSAGES.entered, now());
    }

    app.route({
      ...routeOf(giveawayCalls.enter, {
        tags,
        summary: 'Enter a giveaway (one entry per viewer per giveaway; 409 when already in)',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => enter(currentUser(request), { ...request.body, entry_from: 'web' }, request.ip),
    });

    app.route({
      ...routeOf(giveawayCalls.enterFrom, {
        tags,
        summary:
          'Enter a giveaway saying where the entry came from (web, live, intergem kiosk, Whatnot with a username)',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => enter(currentUser(request), request.body, request.ip),
    });

    app.route({
      ...routeOf(giveawayCalls.enrollment, {
        tags,
        summary: 'Whether the viewer has entered, with their entry ledger',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const { eventid, code } = request.query;
        const enrollment = await giveaways.checkEnrollment(
          currentUser(request),
          eventid,
          guards.callerOf(request, code),
        );
        return ok([enrollment], enrollment.exists ? GIVEAWAY_MESSAGES.enrolled : GIVEAWAY_MESSAGES.notEnrolled, now());
      },
    });

    app.route({
      ...routeOf(giveawayCalls.socialEntry, {
        tags,
        summary: 'A bonus entry for sharing (one per click type per viewer per giveaway)',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const { result, message } = await giveaways.socialEntry(
          currentUser(request),
          request.body.eventid,
          request.query.clickType,
        );
        return ok([result], message, now());
      },
    });

    app.route({
      ...routeOf(giveawayCalls.doSocialEntry, {
        tags,
        summary: 'The bonus link of a giveaway e-mail or post, for the account it was sent to',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const { email, clickfrom, eventid } = request.query;
        const { result, message } = await giveaways.doSocialEntry(currentUser(request), email, clickfrom, eventid);
        return ok([result], message, now());
      },
    });

    app.route({
      ...routeOf(giveawayCalls.bannerClick, {
        tags,
        summary: "Counts a click on a giveaway's Facebook banner and says where to go (30 a minute per address)",
        security: OPTIONAL_TOKEN,
      }),
      preHandler: [rateLimit(ctx.limiter, { name: 'fbbanner', limit: 30, windowMs: 60_000, key: byIp })],
      handler: async (request) =>
        ok(
          [await giveaways.bannerClick(request.query.id, guards.callerOf(request))],
          GIVEAWAY_MESSAGES.bannerCounted,
          now(),
        ),
    });

    app.route({
      ...routeOf(giveawayCalls.terms, {
        tags,
        summary:
          'The terms of a giveaway: start_date, end_date, tnc (sanitised HTML with placeholders), tnc_filled (filled, then sanitised), tnc_prices, and the draw commitment',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) =>
        ok([await giveaways.terms(request.query.id, guards.callerOf(request, request.query.code))], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(giveawayCalls.info, {
        tags,
        summary:
          'One giveaway: its event record with prize, state, entrant count, commitment (and seed once drawn), announced winners',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) =>
        ok(
          [await giveaways.info(request.query.eventid, guards.callerOf(request, request.query.code))],
          MESSAGES.ok,
          now(),
        ),
    });

    app.route({
      ...routeOf(giveawayCalls.winners, {
        tags,
        summary: 'Announced winners (first name and last initial) of a giveaway or of every giveaway of a show',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) =>
        ok(await giveaways.winners(request.query, guards.callerOf(request, request.query.code)), MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(giveawayCalls.proof, {
        tags,
        summary: 'The anonymised entry list, the picks and the revealed seed: enough to recompute every winner',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) =>
        ok(
          [await giveaways.proof(request.query.eventid, guards.callerOf(request, request.query.code))],
          MESSAGES.ok,
          now(),
        ),
    });
  };
}
