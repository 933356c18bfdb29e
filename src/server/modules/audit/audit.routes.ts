// Staff calls of the audit log (decision 088), behind requireStaff (viewers 403, visitors 401): the
// filtered, paged list and the same rows as CSV, itself an audited read (it hands out e-mail addresses).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_CSV_PATH, AUDIT_MESSAGES, AuditFilter, auditCalls as calls } from '../../../shared/contract/audit';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import type { AuditService } from './audit.service';

const tags = ['staff'];

export function auditRoutes(ctx: AppContext, audit: AuditService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];

    app.route({
      ...routeOf(calls.list, {
        tags,
        summary: 'The audit log, newest first, by who, action, target and days (Los Angeles)',
      }),
      preHandler,
      handler: async (request) => ok([await audit.list(request.query)], AUDIT_MESSAGES.listed, ctx.clock.now()),
    });

    // A file, not an envelope: no call descriptor, only the path and the filters from the contract.
    app.get(
      AUDIT_CSV_PATH,
      {
        preHandler,
        config: { audit: 'read' },
        schema: { tags, summary: 'The audit log as CSV (the list’s filters, every page)', querystring: AuditFilter },
      },
      async (request, reply) => {
        const csv = await audit.csv(request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-log.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
