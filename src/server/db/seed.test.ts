import { expect, it } from 'vitest';
import type { EventRecord } from '../../shared/contract/events';
import { describeEachEngine } from '../testing/harness';
import { seedDemo } from './seed';

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
    expect(await seedDemo(t().app.ctx)).toBeNull();
  });
});
