// Viewer and public giveaway calls (spec §7): giveawaydata_v1, giveawaydata_new,
// checkifgiveawayenroll_v1, socialgiveawayentries, fbbannerclick, dosocialentry, the terms fetch
// (giveawayterms_v1), the public giveaway, winners and draw proof, and the four spin calls.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, STATUS } from '../../../shared/contract/envelope';
import {
  BannerClickQuery,
  BannerClickResponse,
  DoSocialEntryQuery,
  DrawProofQuery,
  DrawProofResponse,
  EnrollmentQuery,
  EnrollmentResponse,
  EnterGiveawayNewRequest,
  EnterGiveawayRequest,
  GiveawayInfoQuery,
  GiveawayInfoResponse,
  GiveawayTermsQuery,
  GiveawayTermsResponse,
  SocialEntryQuery,
  SocialEntryRequest,
  SocialEntryResponse,
  SpinCheckResponse,
  SpinQuery,
  SpinRequest,
  SpinResponse,
  WinnersQuery,
  WinnersResponse,
  type SpinKind,
} from '../../../shared/contract/giveaways';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { currentUser, type sessionGuards } from '../../http/session';
import type { GiveawayService } from './giveaways.service';
import type { SpinService } from './spin.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['giveaways'];

export function giveawayRoutes(ctx: AppContext, giveaways: GiveawayService, spins: SpinService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = guards.requireUser;
    const now = () => ctx.clock.now();

    async function enter(user: Parameters<GiveawayService['enter']>[0], input: Parameters<GiveawayService['enter']>[1]) {
      const result = await giveaways.enter(user, input);
      // Already in: a 409 that still carries the viewer's standing, so the page can show it.
      if (!result.created) throw new AppError(409, GIVEAWAY_MESSAGES.alreadyEntered, STATUS.error, [result.enrollment]);
      return ok([result.enrollment], GIVEAWAY_MESSAGES.entered, now());
    }

    app.post('/api/giveawaydata_v1', { preHandler, schema: { tags, summary: 'Enter a giveaway (one entry per viewer per giveaway; 409 when already in)', body: EnterGiveawayRequest, response: { 200: EnrollmentResponse, ...errors } } }, async (request) => {
      return enter(currentUser(request), { ...request.body, entry_from: 'web' });
    });

    app.post('/api/giveawaydata_new', { preHandler, schema: { tags, summary: 'Enter a giveaway saying where the entry came from (web, live, intergem kiosk, Whatnot with a username)', body: EnterGiveawayNewRequest, response: { 200: EnrollmentResponse, ...errors } } }, async (request) => {
      return enter(currentUser(request), request.body);
    });

    app.get('/api/checkifgiveawayenroll_v1', { preHandler, schema: { tags, summary: "Whether the viewer has entered, with their entry ledger", querystring: EnrollmentQuery, response: { 200: EnrollmentResponse, ...errors } } }, async (request) => {
      const enrollment = await giveaways.checkEnrollment(currentUser(request).id, request.query.eventid);
      return ok([enrollment], enrollment.exists ? GIVEAWAY_MESSAGES.enrolled : GIVEAWAY_MESSAGES.notEnrolled, now());
    });

    app.post('/api/socialgiveawayentries', { preHandler, schema: { tags, summary: 'A bonus entry for sharing (one per click type per viewer per giveaway)', querystring: SocialEntryQuery, body: SocialEntryRequest, response: { 200: SocialEntryResponse, ...errors } } }, async (request) => {
      const { result, message } = await giveaways.socialEntry(currentUser(request), request.body.eventid, request.query.clickType);
      return ok([result], message, now());
    });

    app.get('/api/dosocialentry', { preHandler, schema: { tags, summary: "The bonus link of a giveaway e-mail or post, for the account it was sent to", querystring: DoSocialEntryQuery, response: { 200: SocialEntryResponse, ...errors } } }, async (request) => {
      const { result, message } = await giveaways.doSocialEntry(currentUser(request), request.query.email, request.query.clickfrom, request.query.eventid);
      return ok([result], message, now());
    });

    app.get('/api/fbbannerclick', { schema: { tags, summary: "Counts a click on a giveaway's Facebook banner and says where to go", querystring: BannerClickQuery, response: { 200: BannerClickResponse, ...errors } } }, async (request) => {
      return ok([await giveaways.bannerClick(request.query.id, request.ip)], GIVEAWAY_MESSAGES.bannerCounted, now());
    });

    app.get('/api/giveawayterms_v1', { schema: { tags, summary: 'The terms of a giveaway: start_date, end_date, tnc (sanitised HTML with placeholders), tnc_prices, and the draw commitment', querystring: GiveawayTermsQuery, response: { 200: GiveawayTermsResponse, ...errors } } }, async (request) => {
      return ok([await giveaways.terms(request.query.id)], MESSAGES.ok, now());
    });

    app.get('/api/giveawayinfo_v1', { schema: { tags, summary: 'One giveaway: prize, state, entrant count, commitment (and seed once drawn), announced winners', querystring: GiveawayInfoQuery, response: { 200: GiveawayInfoResponse, ...errors } } }, async (request) => {
      return ok([await giveaways.info(request.query.eventid)], MESSAGES.ok, now());
    });

    app.get('/api/giveawaywinners_v1', { schema: { tags, summary: 'Announced winners (first name and last initial) of a giveaway or of every giveaway of a show', querystring: WinnersQuery, response: { 200: WinnersResponse, ...errors } } }, async (request) => {
      return ok(await giveaways.winners(request.query), MESSAGES.ok, now());
    });

    app.get('/api/giveawayproof_v1', { schema: { tags, summary: 'The anonymised entry list, the picks and the revealed seed: enough to recompute every winner', querystring: DrawProofQuery, response: { 200: DrawProofResponse, ...errors } } }, async (request) => {
      return ok([await giveaways.proof(request.query.eventid)], MESSAGES.ok, now());
    });

    const spin = (path: string, kind: SpinKind, summary: string) =>
      app.post(path, { preHandler, schema: { tags: ['spin'], summary, body: SpinRequest, response: { 200: SpinResponse, ...errors } } }, async (request) => {
        const result = await spins.spin(currentUser(request), kind, request.body.eventId);
        return ok([result], result.already ? GIVEAWAY_MESSAGES.spinAlready : GIVEAWAY_MESSAGES.spinDone, now());
      });
    spin('/api/spinrsvpinfo', 'rsvp', 'Spin to win after an RSVP: once per viewer per event; a second spin answers the first result');
    spin('/api/spingiveawayinfo', 'giveaway', 'Spin to win after entering a giveaway: once per viewer per giveaway; a second spin answers the first result');

    const check = (path: string, kind: SpinKind, summary: string) =>
      app.get(path, { preHandler, schema: { tags: ['spin'], summary, querystring: SpinQuery, response: { 200: SpinCheckResponse, ...errors } } }, async (request) => {
        return ok([await spins.check(currentUser(request).id, kind, request.query.eventId)], GIVEAWAY_MESSAGES.spinChecked, now());
      });
    check('/api/checkifrsvpspin', 'rsvp', 'Whether the viewer has spun for an event after RSVP, with the prize and the wheel');
    check('/api/CheckIfGiveawaySpin', 'giveaway', 'Whether the viewer has spun for a giveaway, with the prize and the wheel');
  };
}
