import { expect, it } from 'vitest';
import { cookieValue } from './cookies';
import { describeEachEngine } from '../testing/harness';

it('reads one cookie and ignores the others', () => {
  expect(cookieValue('cookies_consent=true; refId=SPRING%2024; theme=dark', 'refId')).toBe('SPRING 24');
  expect(cookieValue('cookies_consent=true', 'refId')).toBeUndefined();
  expect(cookieValue(undefined, 'refId')).toBeUndefined();
  expect(cookieValue('refId=%E0%A4%A', 'refId')).toBeUndefined();
});

describeEachEngine('referral cookie at registration', (t) => {
  it('stores the refId cookie with the new account when the form did not send one', async () => {
    const res = await t().post(
      '/api/registeruser_v1',
      {
        first_name: 'Coral',
        last_name: 'Reyes',
        email: 'coral@example.com',
        phone: '5550107777',
        password: 'coral-moonstone-88',
      },
      { headers: { cookie: 'refId=TIKTOK-MAY' } },
    );
    expect(res.http).toBe(200);
    const row = await t()
      .db.selectFrom('users')
      .select('ref_id')
      .where('email', '=', 'coral@example.com')
      .executeTakeFirstOrThrow();
    expect(row.ref_id).toBe('TIKTOK-MAY');
  });
});
