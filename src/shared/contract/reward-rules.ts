// The earning rules (decision 056): staff read and edit them (points per rule, a daily cap per viewer,
// a cap per show for watch time, a switch); earningrules_v1 answers anyone the rules that are on (059).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { EARNING_RULES, RULES_WITH_SHOW_CAP } from '../rewards';

/** Points per rule and caps at most: far above any sensible rule, below the ledger's 100,000 a row. */
export const RULE_LIMITS = { maxPoints: 10_000, maxCap: 100_000 } as const;

const pointsError = `points is a whole number from 1 to ${RULE_LIMITS.maxPoints.toLocaleString('en-US')}.`;
const capError = `A cap is empty or a whole number from 1 to ${RULE_LIMITS.maxCap.toLocaleString('en-US')}.`;
const cap = z.number({ error: capError }).int(capError).min(1, capError).max(RULE_LIMITS.maxCap, capError).nullable();

export const EarningRuleRecord = z.object({
  rule: z.enum(EARNING_RULES),
  points: z.number().int(),
  daily_cap: z.number().int().nullable(),
  show_cap: z.number().int().nullable(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type EarningRuleRecord = z.infer<typeof EarningRuleRecord>;

export const SetEarningRulesRequest = z
  .object({
    rules: z
      .array(
        z.object({
          rule: z.enum(EARNING_RULES, { error: `rule is one of ${EARNING_RULES.join(', ')}.` }),
          points: z
            .number({ error: pointsError })
            .int(pointsError)
            .min(1, pointsError)
            .max(RULE_LIMITS.maxPoints, pointsError),
          daily_cap: cap,
          show_cap: cap,
          enabled: z.boolean({ error: 'enabled is true or false.' }),
        }),
      )
      .min(1, 'Send at least one rule.')
      .max(EARNING_RULES.length, 'Send each rule once.'),
  })
  .superRefine((body, issues) => {
    const seen = new Set<string>();
    body.rules.forEach((rule, index) => {
      if (seen.has(rule.rule))
        issues.addIssue({ code: 'custom', path: ['rules', index, 'rule'], message: 'Send each rule once.' });
      seen.add(rule.rule);
      if (rule.show_cap !== null && !RULES_WITH_SHOW_CAP.includes(rule.rule))
        issues.addIssue({
          code: 'custom',
          path: ['rules', index, 'show_cap'],
          message: 'Only watch time has a cap per show.',
        });
    });
  });
export type SetEarningRulesRequest = z.input<typeof SetEarningRulesRequest>;

export const EarningRulesResponse = envelopeOf(EarningRuleRecord);

export const rewardRuleCalls = {
  /** Every earning rule as staff last set it. */
  list: defineCall({ method: 'GET', path: '/api/staff/rewards/rules', response: EarningRulesResponse }),
  /** Replace the rules given (the others stay); answers every rule. Each change is logged. */
  set: defineCall({
    method: 'PUT',
    path: '/api/staff/rewards/rules',
    body: SetEarningRulesRequest,
    response: EarningRulesResponse,
  }),
};

/** An earning rule that is on, as anyone may read it: what it pays and its caps, nothing about who set it. */
export const PublicEarningRule = EarningRuleRecord.pick({ rule: true, points: true, daily_cap: true, show_cap: true });
export type PublicEarningRule = z.infer<typeof PublicEarningRule>;

export const earningRuleCalls = {
  /** earningrules_v1 (public): the rules that are on, in EARNING_RULES order, for the rewards page. */
  list: defineCall({ method: 'GET', path: '/api/earningrules_v1', response: envelopeOf(PublicEarningRule) }),
};
