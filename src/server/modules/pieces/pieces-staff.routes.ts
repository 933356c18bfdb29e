// The staff catalogue of pieces under /api/staff (decision 081), behind requireStaff (viewers 403,
// visitors 401): list with interest counts, create, update.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PIECE_MESSAGES, staffPieceCalls as calls } from '../../../shared/contract/pieces';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import { auditedEdit } from '../audit/audit.hook';
import type { PiecesService } from './pieces.service';

const tags = ['staff'];

export function staffPieceRoutes(ctx: AppContext, pieces: PiecesService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];

    app.route({
      ...routeOf(calls.list, { tags, summary: 'Every piece, newest first, with how many viewers asked for it' }),
      preHandler,
      handler: async () => ok(await pieces.list(), PIECE_MESSAGES.listed, now()),
    });

    app.route({
      ...routeOf(calls.create, { tags, summary: 'Add a piece to the catalogue sold on air' }),
      preHandler,
      handler: async (request) => ok([await pieces.create(request.body)], PIECE_MESSAGES.saved, now()),
    });

    app.route({
      ...routeOf(calls.update, { tags, summary: 'Edit a piece: details, price, stock, photos, active' }),
      preHandler,
      handler: async (request) => {
        const { id } = request.params;
        const piece = await auditedEdit(
          request,
          { type: 'piece', id },
          () => pieces.one(id),
          () => pieces.update(id, request.body),
        );
        return ok([piece], PIECE_MESSAGES.saved, now());
      },
    });
  };
}
