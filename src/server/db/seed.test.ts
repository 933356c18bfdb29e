import { expect, it } from 'vitest';
import type { EventRecord } from '../../shared/contract/events';
import { describeEachEngine } from '../testing/harness';
import { DEMO_STREAM, refreshDemo, seedDemo } from './seed';

describeEachEngine('demo seed', (t) => {
  it('creates a staff account whose printed password works, viewers and an upcoming show, once', async () => {
    const seeded = await seedDemo(t().app.ctx);
    expect(seeded?.staffEmail).toBe('staff@gemcast.test');
    const login = await t().post<{ is_staff: number }>('/api/login_v1', { email: seeded?.staffEmail, password: seeded?.staffPassword });
    expect(login.http).toBe(200);
    expect(login.body.data[0]?.is_staff).toBe(1);
    expect(await t().db.selectFrom('users').select('id').where('is_staff', '=', 0).execute()).toHaveLength(3);
    const upcoming = await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show' } });
    expect(upcoming.body.data).toHaveLength(1);
    expect((await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show', on: 'past' } })).body.data).toHaveLength(1);
    expect((await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'specialshow' } })).body.data).toHaveLength(1);
    expect(await seedDemo(t().app.ctx)).toBeNull();
  });

  it('puts the demo show on air at every start and serves its clip', async () => {
    await seedDemo(t().app.ctx);
    t().clock.advance(3 * 24 * 60 * 60_000);
    expect((await t().get('/api/liveevent_v1', { query: { type: 'show' } })).body.status).toBe(0);
    await refreshDemo(t().app.ctx);
    t().clock.advance(2000); // past the one-second live cache, as at any real start
    const live = await t().get<EventRecord>('/api/liveevent_v1', { query: { type: 'show' } });
    expect(live.body.data[0]?.title).toBe('Gemcast Live: the demo studio');
    const playlist = await t().app.inject({ method: 'GET', url: DEMO_STREAM });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
  });
});
