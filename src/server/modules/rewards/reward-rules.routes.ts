// The earning rules' calls: earningrules_v1 answers anyone the rules that are on (decision 059); the
// staff calls (decision 056) sit behind requireStaff. The rules themselves are in earning.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { earningRuleCalls, rewardRuleCalls, type EarningRuleRecord } from '../../../shared/contract/reward-rules';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import { auditedEdit } from '../audit/audit.hook';
import type { EarningService } from './earning.service';

const tags = ['staff'];
const publicTags = ['rewards'];

export function rewardRulesRoutes(ctx: AppContext, earning: EarningService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(earningRuleCalls.list, {
        tags: publicTags,
        summary: 'The earning rules that are on: points per rule and their caps, for anyone',
      }),
      handler: async () => ok(await earning.publicRules(), MESSAGES.earningRulesPublic, now()),
    });

    app.route({
      ...routeOf(rewardRuleCalls.list, {
        tags,
        summary: 'Every earning rule: points, daily cap, cap per show, on or off',
      }),
      preHandler: [guards.requireStaff],
      handler: async () => ok(await earning.rules(), MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(rewardRuleCalls.set, { tags, summary: 'Change earning rules; each change is logged' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => {
        // Keyed by rule, so the audit row holds only the rules that changed.
        const byRule = (rules: EarningRuleRecord[]) => Object.fromEntries(rules.map((r) => [r.rule, r]));
        let saved: EarningRuleRecord[] = [];
        await auditedEdit(
          request,
          { type: 'earning_rules', id: 'all' },
          async () => byRule(await earning.rules()),
          async () => byRule((saved = await earning.setRules(currentUser(request), request.body))),
        );
        return ok(saved, MESSAGES.earningRulesSaved, now());
      },
    });
  };
}
