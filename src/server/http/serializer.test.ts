import { expect, it } from 'vitest';
import { describeEachEngine } from '../testing/harness';

// Production serialises with fast-json-stringify; the other suites run with the validating
// serializer. These answers must come out the same either way.
describeEachEngine(
  'production serializer',
  (t) => {
    it('sends the user record, field issues, retry data and empty data unchanged', async () => {
      const viewer = await t().createViewer();
      const profile = await t().get('/api/profile_v1', { token: viewer.tokenvalue });
      expect(profile.http).toBe(200);
      expect(profile.body.data[0]).toMatchObject({
        id: viewer.id,
        email: viewer.email,
        RSVPEventId: null,
        is_staff: 0,
        myInviteCode: viewer.myInviteCode,
      });
      expect(Object.keys(profile.body.data[0] ?? {})).not.toContain('password_hash');

      const invalid = await t().post('/api/login_v1', { email: 'nope' });
      expect(invalid.body).toEqual({
        status: -1,
        statusCode: 400,
        message: 'Enter a valid e-mail address, like name@example.com.',
        data: [
          { field: 'email', message: 'Enter a valid e-mail address, like name@example.com.' },
          { field: 'password', message: 'Enter your password.' },
        ],
      });

      await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
      const wait = await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
      expect(wait.http).toBe(429);
      expect(wait.body.data).toEqual([{ retryAfterSeconds: 60 }]);

      const logout = await t().post('/api/logout', {}, { token: viewer.tokenvalue });
      expect(logout.body).toEqual({
        status: 1,
        statusCode: 200,
        message: 'You have been logged out.',
        data: [],
        tzdiff: '-07:00',
      });
    });
  },
  { validateResponses: false },
);
