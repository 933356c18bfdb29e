import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachEngine } from '../testing/harness';
import { errorResponses } from './route';
import { compileFast } from './serializer';

// Each route's serializer is compiled on its first answer, not at start: every response schema of
// the contract must compile, or a call would first fail in production.
it('compiles the serializer of every response schema in the contract', async () => {
  const modules = import.meta.glob<Record<string, unknown>>('../../shared/contract/*.ts', { eager: true });
  const schemas = new Set<z.ZodType>(Object.values(errorResponses));
  for (const exported of Object.values(modules).flatMap((module) => Object.values(module)))
    if (exported && typeof exported === 'object')
      for (const call of Object.values(exported))
        if (
          call &&
          typeof call === 'object' &&
          'path' in call &&
          'response' in call &&
          call.response instanceof z.ZodType
        )
          schemas.add(call.response);
  expect(schemas.size).toBeGreaterThan(150);
  for (const schema of schemas) expect(typeof compileFast(schema)).toBe('function');
});

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
