import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness';

describeEachEngine('smoke', (t) => {
  it('registers and reads the profile', async () => {
    const viewer = await t().createViewer();
    const res = await t().get('/api/profile_v1', { token: viewer.tokenvalue });
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toMatchObject({ email: viewer.email });
  });
});
