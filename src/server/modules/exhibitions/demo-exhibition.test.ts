// The demo's exhibition on both engines: listed with its kinds, its dates around the day the demo
// starts (so the form takes a purchase made today), made once and moved at every start.
import { expect, it } from 'vitest';
import type { PublicExhibition } from '../../../shared/contract/exhibitions';
import { DEMO_EXHIBITION_SLUG, seedDemoExhibition } from '../../db/seed-exhibitions';
import { describeEachEngine } from '../../testing/harness';
import { registerOk } from '../../testing/exhibitions';

describeEachEngine('demo exhibition', (t) => {
  it('runs around today with its kinds, takes a registration, and is made once', async () => {
    await seedDemoExhibition(t().app.ctx);
    const list = await t().get<PublicExhibition>('/api/exhibitions');
    const [demo] = list.body.data;
    expect(list.body.data).toHaveLength(1);
    expect(demo).toMatchObject({ slug: DEMO_EXHIBITION_SLUG, starts_on: '2026-06-13', ends_on: '2026-06-19' });
    expect(demo?.kinds.length).toBeGreaterThanOrEqual(3);
    if (!demo) return;
    await registerOk(t(), demo, { purchase_date: '2026-06-15' });

    t().clock.advance(30 * 24 * 60 * 60_000);
    await seedDemoExhibition(t().app.ctx);
    const again = await t().get<PublicExhibition>('/api/exhibitions');
    expect(again.body.data.map((e) => [e.id, e.starts_on, e.ends_on])).toEqual([[demo.id, '2026-07-13', '2026-07-19']]);
  });
});
