// The demo's staff reports on both engines (decision 090): the past show's funnel has real rows at
// every step, its viewers-over-time chart has samples and on-air marks, and a second start adds nothing.
import { expect, it } from 'vitest';
import type { Audience, ShowFunnel } from '../../shared/contract/staff-reports';
import { describeEachEngine, type TestApp } from '../testing/harness';
import { DEMO_PAST_TITLE, refreshDemo, seedDemo } from './seed';

async function staffToken(t: TestApp, seeded: Awaited<ReturnType<typeof seedDemo>>) {
  const login = await t.post<{ id: number; tokenvalue: string }>('/api/login_v1', {
    email: seeded?.staffEmail,
    password: seeded?.staffPassword,
  });
  const staff = login.body.data[0];
  await t.passSecondFactor(staff?.id ?? 0);
  return staff?.tokenvalue ?? '';
}

const pastShow = (t: TestApp) =>
  t.db.selectFrom('events').select('id').where('title', '=', DEMO_PAST_TITLE).executeTakeFirstOrThrow();

const rowCounts = async (t: TestApp, eventId: number) => ({
  users: (await t.db.selectFrom('users').select('id').execute()).length,
  rsvps: (await t.db.selectFrom('rsvps').select('id').where('event_id', '=', eventId).execute()).length,
  samples: (await t.db.selectFrom('viewer_samples').select('at').where('event_id', '=', eventId).execute()).length,
  actions: (await t.db.selectFrom('console_actions').select('id').where('event_id', '=', eventId).execute()).length,
});

describeEachEngine('demo seed: staff reports', (t) => {
  it('gives the past show a funnel with rows at every step and a sampled audience with on-air marks', async () => {
    const seeded = await seedDemo(t().app.ctx);
    await refreshDemo(t().app.ctx);
    const token = await staffToken(t(), seeded);
    const show = await pastShow(t());
    const funnel = await t().get<ShowFunnel>(`/api/staff/reports/funnel/${show.id}`, { token });
    expect(funnel.body.data[0]?.steps.map((s) => [s.step, s.count, s.raw])).toEqual([
      ['rsvp', 11, 11],
      ['checkin', 8, 9],
      ['watched', 6, 7],
      ['entered', 2, 3],
      ['spun', 2, 3],
    ]);
    const audience = await t().get<Audience>(`/api/staff/reports/audience/${show.id}`, { token });
    const record = audience.body.data[0];
    expect(record?.sampled).toBe(true);
    // One sample every 15 s over the hour, both ends included.
    expect(record?.samples).toHaveLength(241);
    expect(record?.peak).toBe(7);
    expect(record?.marks.map((m) => m.action)).toEqual([
      'go_live',
      'set_segment',
      'next_segment',
      'next_segment',
      'draw',
      'next_segment',
      'draw',
      'next_segment',
      'end',
    ]);
  });

  it('makes nothing twice on later starts', async () => {
    await seedDemo(t().app.ctx);
    await refreshDemo(t().app.ctx);
    const show = await pastShow(t());
    const first = await rowCounts(t(), show.id);
    t().clock.advance(24 * 60 * 60_000);
    await refreshDemo(t().app.ctx);
    expect(await rowCounts(t(), show.id)).toEqual(first);
  });
});
