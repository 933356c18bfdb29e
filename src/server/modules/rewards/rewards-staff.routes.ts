// Staff calls for a viewer's points (decision 060), behind requireStaff: viewers get 403, visitors
// 401. Find a viewer with their ledger, download it whole, add a correcting row (never an edit).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRewardCalls as calls } from '../../../shared/contract/rewards-staff';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { assertStepUp, currentUser, type sessionGuards } from '../../http/session';
import { auditChange } from '../audit/audit.hook';
import { LARGE_POINTS_GRANT } from '../../../shared/second-factor';
import type { RewardsStaffService } from './rewards-staff.service';

const tags = ['staff'];

export function staffRewardsRoutes(
  ctx: AppContext,
  staffRewards: RewardsStaffService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];

    app.route({
      ...routeOf(calls.viewer, {
        tags,
        summary: 'Find a viewer by e-mail or id: their balance, tier and a page of their ledger, newest first',
      }),
      preHandler,
      handler: async (request) => ok([await staffRewards.viewer(request.query)], MESSAGES.staffViewerPoints, now()),
    });

    app.route({
      ...routeOf(calls.ledger, { tags, summary: "A viewer's whole ledger, oldest first, to check its hash chain" }),
      preHandler,
      handler: async (request) =>
        ok(await staffRewards.ledger(request.query.user_id), MESSAGES.staffViewerLedger, now()),
    });

    app.route({
      ...routeOf(calls.adjust, {
        tags,
        summary: "Add a correcting row to a viewer's ledger, once per form key; rows are never edited or deleted",
      }),
      preHandler,
      handler: async (request) => {
        // A large grant asks for the second factor again (decision 086); a small one or a deduction does not.
        if (request.body.points > LARGE_POINTS_GRANT) assertStepUp(request, now().getTime());
        const result = await staffRewards.adjust(currentUser(request), request.body);
        const added = result.created ? result.row.points : 0;
        auditChange(request, {
          targetType: 'user',
          targetId: request.body.user_id,
          before: { balance: result.balance - added },
          after: { balance: result.balance, points: added, note: result.row.note },
        });
        return ok([result], result.created ? MESSAGES.adjustmentAdded : MESSAGES.adjustmentRepeat, now());
      },
    });
  };
}
