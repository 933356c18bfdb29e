// Staff giveaway calls under /api/staff/giveaways, all behind requireStaff (viewers 403, visitors
// 401): create and edit, entries and CSV export, the live draw (draw, respin, claim, forfeit and
// redraw, announce) and the spin prize table of any event.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import {
  AnnounceRequest,
  CreateGiveawayRequest,
  ForfeitRequest,
  PickRequest,
  SetSpinPrizesRequest,
  SpinPrizeParams,
  SpinPrizeTableResponse,
  StaffEntriesResponse,
  StaffGiveawayDetailResponse,
  StaffGiveawayListQuery,
  StaffGiveawayListResponse,
  StaffGiveawayParams,
  UpdateGiveawayRequest,
} from '../../../shared/contract/giveaways';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, type sessionGuards } from '../../http/session';
import type { StaffGiveawayService } from './giveaways.staff';
import type { SpinService } from './spin.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['staff'];
const detail = { 200: StaffGiveawayDetailResponse, ...errors };

export function staffGiveawayRoutes(ctx: AppContext, giveaways: StaffGiveawayService, spins: SpinService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = guards.requireStaff;
    const now = () => ctx.clock.now();

    app.get('/api/staff/giveaways', { preHandler, schema: { tags, summary: 'Every giveaway, private ones included, with entry counts', querystring: StaffGiveawayListQuery, response: { 200: StaffGiveawayListResponse, ...errors } } }, async (request) => {
      return ok(await giveaways.list(request.query.on), MESSAGES.ok, now());
    });

    app.post('/api/staff/giveaways', { preHandler, schema: { tags, summary: 'Create a giveaway (its seed commitment is published at once)', body: CreateGiveawayRequest, response: detail } }, async (request) => {
      return ok([await giveaways.create(currentUser(request), request.body)], GIVEAWAY_MESSAGES.saved, now());
    });

    app.get('/api/staff/giveaways/:id', { preHandler, schema: { tags, summary: 'One giveaway with its picks and audit log', params: StaffGiveawayParams, response: detail } }, async (request) => {
      return ok([await giveaways.detail(request.params.id)], MESSAGES.ok, now());
    });

    app.post('/api/staff/giveaways/:id', { preHandler, schema: { tags, summary: 'Edit a giveaway: window, prize, terms (sanitised), access code, winners', params: StaffGiveawayParams, body: UpdateGiveawayRequest, response: detail } }, async (request) => {
      return ok([await giveaways.update(currentUser(request), request.params.id, request.body)], GIVEAWAY_MESSAGES.saved, now());
    });

    app.get('/api/staff/giveaways/:id/entries', { preHandler, schema: { tags, summary: 'Entries with their weights and bonuses', params: StaffGiveawayParams, response: { 200: StaffEntriesResponse, ...errors } } }, async (request) => {
      return ok(await giveaways.entries(request.params.id), MESSAGES.ok, now());
    });

    app.get('/api/staff/giveaways/:id/entries.csv', { preHandler, schema: { tags, summary: 'Entries as CSV', params: StaffGiveawayParams } }, async (request, reply) => {
      const csv = await giveaways.entriesCsv(request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="giveaway-${request.params.id}-entries.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });

    app.post('/api/staff/giveaways/:id/draw', { preHandler, schema: { tags, summary: 'Draw the next winner, weighted by entries (verifiable)', params: StaffGiveawayParams, response: detail } }, async (request) => {
      const { detail: record, message } = await giveaways.draw(currentUser(request), request.params.id);
      return ok([record], message, now());
    });

    app.post('/api/staff/giveaways/:id/respin', { preHandler, schema: { tags, summary: 'Respin a repeat winner of the same show', params: StaffGiveawayParams, body: PickRequest, response: detail } }, async (request) => {
      const { detail: record, message } = await giveaways.respin(currentUser(request), request.params.id, request.body.pick_id);
      return ok([record], message, now());
    });

    app.post('/api/staff/giveaways/:id/claim', { preHandler, schema: { tags, summary: 'Confirm that the winner messaged in (chat messages do not count)', params: StaffGiveawayParams, body: PickRequest, response: detail } }, async (request) => {
      const { detail: record, message } = await giveaways.claim(currentUser(request), request.params.id, request.body.pick_id);
      return ok([record], message, now());
    });

    app.post('/api/staff/giveaways/:id/forfeit', { preHandler, schema: { tags, summary: 'Forfeit a winner whose 5 minutes ran out, and redraw', params: StaffGiveawayParams, body: ForfeitRequest, response: detail } }, async (request) => {
      const { detail: record, message } = await giveaways.forfeit(currentUser(request), request.params.id, request.body.pick_id, request.body.redraw);
      return ok([record], message, now());
    });

    app.post('/api/staff/giveaways/:id/announce', { preHandler, schema: { tags, summary: 'Show (or hide) the claimed winners publicly, as first name and last initial', params: StaffGiveawayParams, body: AnnounceRequest, response: detail } }, async (request) => {
      const { detail: record, message } = await giveaways.announce(currentUser(request), request.params.id, request.body.announced);
      return ok([record], message, now());
    });

    app.get('/api/staff/giveaways/spin-prizes/:eventId', { preHandler, schema: { tags, summary: "An event's spin-to-win prize table, with how often each prize came up", params: SpinPrizeParams, response: { 200: SpinPrizeTableResponse, ...errors } } }, async (request) => {
      return ok([await spins.table(request.params.eventId)], MESSAGES.ok, now());
    });

    app.post('/api/staff/giveaways/spin-prizes/:eventId', { preHandler, schema: { tags, summary: "Replace an event's spin-to-win prize table (an empty list switches spinning off)", params: SpinPrizeParams, body: SetSpinPrizesRequest, response: { 200: SpinPrizeTableResponse, ...errors } } }, async (request) => {
      return ok([await spins.setTable(request.params.eventId, request.body)], GIVEAWAY_MESSAGES.prizesSaved, now());
    });
  };
}
