// earningrules_v1 (decision 059): the earning rules that are on, answered to anyone, with their
// points and caps only; staff changes show at once and a rule switched off is left out.
import { expect, it } from 'vitest';
import type { PublicEarningRule } from '../../../shared/contract/reward-rules';
import { DEFAULT_EARNING_RULES, EARNING_RULES } from '../../../shared/rewards';
import { describeEachEngine, type TestApp } from '../../testing/harness';

const PUBLIC = '/api/earningrules_v1';

async function putRules(t: TestApp, body: unknown) {
  const staff = await t.createStaff();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/staff/rewards/rules',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', token: staff.tokenvalue },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const storedRules = (t: TestApp) => t.db.selectFrom('reward_rules').selectAll().orderBy('rule').execute();

describeEachEngine('earningrules_v1', (t) => {
  it('answers a visitor every rule that is on, in order, with its points and caps and nothing else', async () => {
    const res = await t().get<PublicEarningRule>(PUBLIC);
    expect([res.http, res.body.status, res.body.message]).toEqual([200, 1, 'How you earn points now.']);
    expect(res.body.data).toEqual(
      EARNING_RULES.map((rule) => ({
        rule,
        points: DEFAULT_EARNING_RULES[rule].points,
        daily_cap: DEFAULT_EARNING_RULES[rule].dailyCap,
        show_cap: DEFAULT_EARNING_RULES[rule].showCap,
      })),
    );
  });

  it('follows staff changes at once and leaves out a rule that is off', async () => {
    await putRules(t(), {
      rules: [
        { rule: 'rsvp', points: 15, daily_cap: 45, show_cap: null, enabled: true },
        { rule: 'quiz', points: 50, daily_cap: null, show_cap: null, enabled: false },
      ],
    });
    const res = await t().get<PublicEarningRule>(PUBLIC);
    expect(res.body.data.map((rule) => rule.rule)).toEqual(EARNING_RULES.filter((rule) => rule !== 'quiz'));
    expect(res.body.data.find((rule) => rule.rule === 'rsvp')).toEqual({
      rule: 'rsvp',
      points: 15,
      daily_cap: 45,
      show_cap: null,
    });
  });

  it('answers an empty list, still a success, when every rule is off', async () => {
    await putRules(t(), {
      rules: EARNING_RULES.map((rule) => ({
        rule,
        points: DEFAULT_EARNING_RULES[rule].points,
        daily_cap: DEFAULT_EARNING_RULES[rule].dailyCap,
        show_cap: DEFAULT_EARNING_RULES[rule].showCap,
        enabled: false,
      })),
    });
    const res = await t().get<PublicEarningRule>(PUBLIC);
    expect([res.http, res.body.status, res.body.data]).toEqual([200, 1, []]);
  });

  it('needs no token: a viewer, staff and an unknown token get the same answer, never a 401 or 403', async () => {
    const visitor = await t().get(PUBLIC);
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    for (const token of [viewer.tokenvalue, staff.tokenvalue, 'not-a-session-token']) {
      const res = await t().get(PUBLIC, { token });
      expect([res.http, res.body.data]).toEqual([200, visitor.body.data]);
    }
  });

  it('takes no input: a stray query is ignored, a write is refused with 404, and the rules stay as they were', async () => {
    const before = await storedRules(t());
    const withQuery = await t().get<PublicEarningRule>(PUBLIC, { query: { rule: 'quiz', points: '9999' } });
    expect(withQuery.http).toBe(200);
    expect(withQuery.body.data.find((rule) => rule.rule === 'quiz')?.points).toBe(DEFAULT_EARNING_RULES.quiz.points);
    const write = await t().post(PUBLIC, { rules: [{ rule: 'quiz', points: 9999 }] });
    expect([write.http, write.body.status]).toEqual([404, 0]);
    expect(await storedRules(t())).toEqual(before);
  });
});
