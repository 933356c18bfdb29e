// Staff giveaway calls under /api/staff/giveaways, all behind requireStaff (viewers 403, visitors
// 401): create and edit, entries and CSV export, the live draw (draw, respin, claim, forfeit and
// redraw, announce) and the spin prize table of any event.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ENTRIES_CSV_PATH,
  StaffGiveawayParams,
  staffGiveawayCalls as calls,
} from '../../../shared/contract/giveaways-staff';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { assertStepUp, currentUser, type sessionGuards } from '../../http/session';
import { auditedEdit } from '../audit/audit.hook';
import type { GiveawayDrawService } from './giveaway-draw.service';
import type { StaffGiveawayService } from './giveaways-staff.service';
import type { SpinService } from './spin.service';

const tags = ['staff'];

export function staffGiveawayRoutes(
  ctx: AppContext,
  giveaways: StaffGiveawayService,
  draws: GiveawayDrawService,
  spins: SpinService,
  guards: ReturnType<typeof sessionGuards>,
) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];
    /** Draws and the entries export ask for a second factor from the last 10 minutes (decision 086). */
    const stepUp = [guards.requireStepUp];
    const now = () => ctx.clock.now();
    /** A draw step's answer: the giveaway as it now stands, and what happened. */
    const stepped = (outcome: Awaited<ReturnType<GiveawayDrawService['draw']>>) =>
      ok([outcome.detail], outcome.message, now());

    app.route({
      ...routeOf(calls.list, { tags, summary: 'Every giveaway, private ones included, with entry counts' }),
      preHandler,
      handler: async (request) => ok(await giveaways.list(request.query.on), MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(calls.create, { tags, summary: 'Create a giveaway (its seed commitment is published at once)' }),
      preHandler,
      handler: async (request) =>
        ok([await giveaways.create(currentUser(request), request.body)], GIVEAWAY_MESSAGES.saved, now()),
    });

    app.route({
      ...routeOf(calls.one, { tags, summary: 'One giveaway with its picks and audit log' }),
      preHandler,
      handler: async (request) => ok([await giveaways.detail(request.params.id)], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(calls.update, {
        tags,
        summary: 'Edit a giveaway: window, prize, terms (sanitised), access code, winners',
      }),
      preHandler,
      handler: async (request) => {
        const { id } = request.params;
        const giveaway = await auditedEdit(
          request,
          { type: 'giveaway', id },
          () => giveaways.detail(id),
          () => giveaways.update(currentUser(request), id, request.body),
        );
        return ok([giveaway], GIVEAWAY_MESSAGES.saved, now());
      },
    });

    app.route({
      ...routeOf(calls.entries, { tags, summary: 'Entries with their weights and bonuses' }),
      preHandler,
      handler: async (request) => ok(await giveaways.entries(request.params.id), MESSAGES.ok, now()),
    });

    // A file, not an envelope: no call descriptor, only the path and the parameters from the contract.
    app.get(
      ENTRIES_CSV_PATH,
      // Step-up (decision 086) and an audited read (decision 088): the file holds the entrants' names
      // and e-mail addresses.
      {
        preHandler: stepUp,
        config: { audit: 'read' },
        schema: { tags, summary: 'Entries as CSV', params: StaffGiveawayParams },
      },
      async (request, reply) => {
        const csv = await giveaways.entriesCsv(request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="giveaway-${request.params.id}-entries.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.route({
      ...routeOf(calls.draw, { tags, summary: 'Draw the next winner, weighted by entries (verifiable)' }),
      preHandler: stepUp,
      handler: async (request) => stepped(await draws.draw(currentUser(request), request.params.id)),
    });

    app.route({
      ...routeOf(calls.respin, { tags, summary: 'Respin a repeat winner of the same show' }),
      preHandler: stepUp,
      handler: async (request) =>
        stepped(await draws.respin(currentUser(request), request.params.id, request.body.pick_id)),
    });

    app.route({
      ...routeOf(calls.claim, {
        tags,
        summary: 'Confirm that the winner messaged in (chat messages do not count)',
      }),
      preHandler,
      handler: async (request) =>
        stepped(await draws.claim(currentUser(request), request.params.id, request.body.pick_id)),
    });

    app.route({
      ...routeOf(calls.forfeit, { tags, summary: 'Forfeit a winner whose 5 minutes ran out, and redraw' }),
      preHandler,
      handler: async (request) => {
        const { pick_id: pickId, redraw } = request.body;
        if (redraw) assertStepUp(request, now().getTime());
        return stepped(await draws.forfeit(currentUser(request), request.params.id, pickId, redraw));
      },
    });

    app.route({
      ...routeOf(calls.announce, {
        tags,
        summary: 'Show (or hide) the claimed winners publicly, as first name and last initial',
      }),
      preHandler,
      handler: async (request) =>
        stepped(await draws.announce(currentUser(request), request.params.id, request.body.announced)),
    });

    app.route({
      ...routeOf(calls.prizeTable, {
        tags,
        summary: "An event's spin-to-win prize table, with how often each prize came up",
      }),
      preHandler,
      handler: async (request) => ok([await spins.table(request.params.eventId)], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(calls.setPrizeTable, {
        tags,
        summary: "Replace an event's spin-to-win prize table (an empty list switches spinning off)",
      }),
      preHandler,
      handler: async (request) =>
        ok([await spins.setTable(request.params.eventId, request.body)], GIVEAWAY_MESSAGES.prizesSaved, now()),
    });
  };
}
