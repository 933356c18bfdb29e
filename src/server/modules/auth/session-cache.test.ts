// The session cache behind every authenticated call never outlives a change made through the API,
// and a change made behind its back (another process, the staff CLI) shows within its lifetime.
import { expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '../../platform/session-cache';
import { describeEachEngine } from '../../testing/harness';

describeEachEngine('sessions seen recently', (t) => {
  it('refuses a token at once after logout', async () => {
    const viewer = await t().createViewer();
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(200);
    expect((await t().post('/api/logout', {}, { token: viewer.tokenvalue })).http).toBe(200);
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(401);
  });

  it('shows a profile change on the very next call', async () => {
    const viewer = await t().createViewer();
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(200);
    expect((await t().post('/api/profile_v1', { city: 'Tucson' }, { token: viewer.tokenvalue })).http).toBe(200);
    const after = await t().get<{ city: string }>('/api/profile_v1', { token: viewer.tokenvalue });
    expect(after.body.data[0]?.city).toBe('Tucson');
  });

  it('picks up a change made elsewhere once its lifetime has passed', async () => {
    const viewer = await t().createViewer();
    expect((await t().get('/api/staff/events', { token: viewer.tokenvalue })).http).toBe(403);
    await t().db.updateTable('users').set({ is_staff: 1 }).where('id', '=', viewer.id).execute();
    await t()
      .db.updateTable('sessions')
      .set({ second_factor_at: t().clock.now().toISOString() })
      .where('user_id', '=', viewer.id)
      .execute();
    t().clock.advance(SESSION_CACHE_TTL_MS);
    expect((await t().get('/api/staff/events', { token: viewer.tokenvalue })).http).toBe(200);
  });
});
