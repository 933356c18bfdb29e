// Staff exhibitions calls under /api/staff (decision 074), all behind requireStaff (viewers 403,
// visitors 401): exhibitions and their kinds, the booth's QR code, registrations, verifying, the CSV.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REGISTRATIONS_CSV_PATH,
  RegistrationFilter,
  staffExhibitionCalls as calls,
} from '../../../shared/contract/exhibitions';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import { EXHIBITION_MESSAGES } from './exhibition-messages';
import type { StaffExhibitionsService } from './exhibitions-staff.service';

const tags = ['staff'];

export function staffExhibitionRoutes(
  ctx: AppContext,
  exhibitions: StaffExhibitionsService,
  guards: ReturnType<typeof sessionGuards>,
) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];
    const now = () => ctx.clock.now();

    app.route({
      ...routeOf(calls.list, { tags, summary: 'Every exhibition with its kinds, short link and registration counts' }),
      preHandler,
      handler: async () => ok(await exhibitions.list(), EXHIBITION_MESSAGES.staffList, now()),
    });

    app.route({
      ...routeOf(calls.create, { tags, summary: 'Create an exhibition and the product kinds on sale there' }),
      preHandler,
      handler: async (request) =>
        ok([await exhibitions.create(currentUser(request), request.body)], EXHIBITION_MESSAGES.created, now()),
    });

    app.route({
      ...routeOf(calls.update, {
        tags,
        summary: 'Edit an exhibition; its kinds are added, reordered or renamed, and a used kind left out is retired',
      }),
      preHandler,
      handler: async (request) =>
        ok([await exhibitions.update(request.params.id, request.body)], EXHIBITION_MESSAGES.updated, now()),
    });

    app.route({
      ...routeOf(calls.qr, { tags, summary: 'The booth’s QR code of the exhibition’s short link, as SVG' }),
      preHandler,
      handler: async (request) => ok([await exhibitions.qr(request.params.id)], EXHIBITION_MESSAGES.qr, now()),
    });

    app.route({
      ...routeOf(calls.registrations, {
        tags,
        summary: 'Registrations, newest first, by exhibition, day (Los Angeles) and verified state',
      }),
      preHandler,
      handler: async (request) =>
        ok([await exhibitions.registrations(request.query)], EXHIBITION_MESSAGES.registrations, now()),
    });

    app.route({
      ...routeOf(calls.registration, { tags, summary: 'One registration with its receipt photo as a data: URL' }),
      preHandler,
      handler: async (request) =>
        ok([await exhibitions.detail(request.params.id)], EXHIBITION_MESSAGES.registration, now()),
    });

    app.route({
      ...routeOf(calls.verify, { tags, summary: 'Mark a registration verified (who and when), or not' }),
      preHandler,
      handler: async (request) =>
        ok(
          [await exhibitions.verify(currentUser(request), request.params.id, request.body.verified)],
          request.body.verified ? EXHIBITION_MESSAGES.verified : EXHIBITION_MESSAGES.unverified,
          now(),
        ),
    });

    // A file, not an envelope: no call descriptor, only the path and the filters from the contract.
    app.get(
      REGISTRATIONS_CSV_PATH,
      {
        // Viewers' personal data leaves the app: a second factor from the last 10 minutes (decision 086),
        // and an audited read (decision 088): the file holds buyers' names, e-mail addresses and phones.
        preHandler: [guards.requireStepUp],
        config: { audit: 'read' },
        schema: {
          tags,
          summary: 'Registrations as CSV (the list’s filters, every page)',
          querystring: RegistrationFilter,
        },
      },
      async (request, reply) => {
        const csv = await exhibitions.csv(request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="product-registrations.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
