// The demo's photo contest on both engines: in voting with the demo viewers' approved entries,
// photos served from the media folder, made once and kept in voting at every start.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ContestDetail, ContestSummary } from '../../../shared/contract/contests';
import { DEMO_CONTEST_TITLE } from '../../db/seed-contests';
import { refreshDemo, seedDemo } from '../../db/seed';
import { mediaRoot } from '../../platform/media';
import { describeEachEngine } from '../../testing/harness';

describeEachEngine('demo contest', (t) => {
  it('is in voting with three approved entries, made once and kept in voting at each start', async () => {
    await seedDemo(t().app.ctx);
    await refreshDemo(t().app.ctx);
    const list = await t().get<ContestSummary>('/api/contests_v1');
    expect(list.body.data.map((c) => [c.title, c.phase, c.entries])).toEqual([[DEMO_CONTEST_TITLE, 'voting', 3]]);
    const id = list.body.data[0]!.id;
    const detail = (await t().get<ContestDetail>('/api/contest_v1', { query: { contestid: String(id) } })).body
      .data[0]!;
    expect(detail.gallery.map((g) => g.entrant).sort()).toEqual(['Jasper O.', 'Opal L.', 'Ruby A.']);
    const picture = await t().app.inject({ method: 'GET', url: detail.gallery[0]!.photo_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    t().clock.advance(10 * 24 * 60 * 60_000);
    await refreshDemo(t().app.ctx);
    const again = await t().get<ContestSummary>('/api/contests_v1');
    expect(again.body.data.map((c) => [c.id, c.phase, c.entries])).toEqual([[id, 'voting', 3]]);
    expect(await readdir(path.join(mediaRoot(t().config.dataDir), 'contests'))).toHaveLength(3);
  });
});
