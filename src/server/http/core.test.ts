// What every call shares: the envelope for unknown routes, oversize and malformed bodies and
// server errors, the security headers, the request id, tzdiff, the kill switch and the API docs.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SPEC_MESSAGES } from '../../shared/messages';
import { describeEachEngine, type TestApp } from '../testing/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function countRows(t: TestApp) {
  const users = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const sessions = await t.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const codes = await t.db
    .selectFrom('one_time_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const mail = await t.outbox();
  return { users: Number(users.n), sessions: Number(sessions.n), codes: Number(codes.n), mail: mail.length };
}

describeEachEngine('every call', (t) => {
  describe('envelope for failures outside the handlers', () => {
    it('answers an unknown /api/ call with a 404 envelope', async () => {
      const res = await t().get('/api/no-such-call_v1');
      expect(res.http).toBe(404);
      expect(res.body).toEqual({ status: 0, statusCode: 404, message: MESSAGES.routeNotFound, data: [] });
    });

    it('answers a known call with the wrong method with a 404 envelope', async () => {
      const res = await t().get('/api/login_v1');
      expect(res.http).toBe(404);
      expect(res.body).toEqual({ status: 0, statusCode: 404, message: MESSAGES.routeNotFound, data: [] });
    });

    it('refuses a body over 100 KB with a 413 envelope and writes nothing', async () => {
      const before = await countRows(t());
      const body = JSON.stringify({
        first_name: 'x'.repeat(101 * 1024),
        last_name: 'Stone',
        email: 'big@example.com',
        phone: '+15550301000',
        password: 'violet-tourmaline-42',
      });
      const res = await t().post('/api/registeruser_v1', body);
      expect(res.http).toBe(413);
      expect(res.body).toEqual({ status: -1, statusCode: 413, message: MESSAGES.tooLarge, data: [] });
      expect(await countRows(t())).toEqual(before);
    });

    it('refuses malformed JSON with a 400 bad-request envelope', async () => {
      const res = await t().post('/api/login_v1', '{"email": "viewer1@example.com", "password": ');
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: -1, statusCode: 400, data: [] });
    });

    it('refuses an empty JSON body with a 400 bad-request envelope', async () => {
      const res = await t().post('/api/login_v1', '');
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: -1, statusCode: 400, data: [] });
    });

    it('refuses an XML body with a 415 envelope that asks for JSON', async () => {
      const res = await t().post('/api/login_v1', '<login><email>viewer1@example.com</email></login>', {
        headers: { 'content-type': 'application/xml' },
      });
      expect(res.http).toBe(415);
      expect(res.body).toEqual({ status: -1, statusCode: 415, message: MESSAGES.badContentType, data: [] });
    });

    it('refuses a plain-text body as bad input and writes nothing', async () => {
      const before = await countRows(t());
      const res = await t().post('/api/registeruser_v1', 'email=ruby@example.com&password=violet-tourmaline-42', {
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: -1, statusCode: 400 });
      expect(await countRows(t())).toEqual(before);
    });

    it('answers a server error with a 500 envelope that leaks no SQL, table name or stack', async () => {
      const viewer = await t().createViewer();
      await sql`drop table registration_info`.execute(t().db);
      const res = await t().post('/api/userregistrationinfo', { how_heard: 'friend' }, { token: viewer.tokenvalue });
      expect(res.http).toBe(500);
      expect(res.body).toEqual({ status: 0, statusCode: 500, message: MESSAGES.serverError, data: [] });
      const raw = JSON.stringify(res.body);
      for (const leak of ['registration_info', 'SQLITE', 'relation', 'select', 'insert', ' at ', '.ts:'])
        expect(raw).not.toContain(leak);
    });
  });

  describe('headers', () => {
    it('sends the API its own security headers: nothing may load or frame an answer', async () => {
      const res = await t().post('/api/visitortoken', {});
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // A page's own headers are not repeated on JSON.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    });

    it('sends the security headers on error answers too', async () => {
      const res = await t().get('/api/no-such-call_v1');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it("sends a page's security headers on everything else", async () => {
      const res = await t().get('/no/such/file.txt');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('tags every answer with a fresh x-request-id, errors included', async () => {
      const first = await t().post('/api/visitortoken', {});
      const second = await t().post('/api/visitortoken', {});
      const missing = await t().get('/api/no-such-call_v1');
      const ids = [first, second, missing].map((res) => String(res.headers['x-request-id']));
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(3);
    });

    it('does not echo a request id chosen by the caller', async () => {
      const res = await t().post('/api/visitortoken', {}, { headers: { 'x-request-id': 'forged-id' } });
      expect(res.headers['x-request-id']).not.toBe('forged-id');
      expect(String(res.headers['x-request-id'])).toMatch(UUID);
    });
  });

  describe('tzdiff', () => {
    it('carries the Los Angeles summer offset on a success in June', async () => {
      const res = await t().post('/api/visitortoken', {});
      expect(res.body).toMatchObject({ status: 1, statusCode: 200, tzdiff: '-07:00' });
    });

    it('carries the Los Angeles winter offset once the clock reaches December', async () => {
      t().clock.set(new Date('2026-12-15T18:00:00Z'));
      const res = await t().post('/api/visitortoken', {});
      expect(res.body.tzdiff).toBe('-08:00');
    });
  });

  describe('API docs', () => {
    it('serves the interactive docs as HTML at /api/docs', async () => {
      let res = await t().app.inject({ method: 'GET', url: '/api/docs' });
      if (res.statusCode >= 300 && res.statusCode < 400)
        res = await t().app.inject({ method: 'GET', url: String(res.headers.location) });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(res.body).toContain('swagger');
    });

    it('lists the account and profile calls in the OpenAPI document', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc: { openapi: string; paths: Record<string, Record<string, unknown>> } = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/login_v1']).toHaveProperty('post');
      expect(doc.paths['/api/getloginotp']).toHaveProperty('get');
      expect(doc.paths['/api/profile_v1']).toHaveProperty('get');
      expect(doc.paths['/api/profile_v1']).toHaveProperty('post');
      expect(doc.paths['/api/profileimage_v1']).toHaveProperty('post');
    });
  });
});

describeEachEngine(
  'kill switch (DISABLED_CALLS=login_v1,getloginotp)',
  (t) => {
    it('answers a disabled call with 503 "API temporarily disabled" and starts no session', async () => {
      const viewer = await t().createViewer();
      const before = await countRows(t());
      const res = await t().post('/api/login_v1', { email: viewer.email, password: viewer.password });
      expect(res.http).toBe(503);
      expect(res.body).toEqual({ status: 0, statusCode: 503, message: SPEC_MESSAGES.apiDisabled, data: [] });
      expect(await countRows(t())).toEqual(before);
    });

    it('answers a disabled call reached with a trailing slash the same way', async () => {
      const viewer = await t().createViewer();
      const res = await t().post('/api/login_v1/', { email: viewer.email, password: viewer.password });
      expect(res.http).toBe(503);
      expect(res.body.message).toBe(SPEC_MESSAGES.apiDisabled);
    });

    it('answers a disabled call before validating its input', async () => {
      const res = await t().post('/api/login_v1', { email: 'not an address' });
      expect(res.http).toBe(503);
      expect(res.body.message).toBe(SPEC_MESSAGES.apiDisabled);
    });

    it('neither stores nor mails a code when getloginotp is disabled', async () => {
      const viewer = await t().createViewer();
      const before = await countRows(t());
      const res = await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
      expect(res.http).toBe(503);
      expect(res.body.message).toBe(SPEC_MESSAGES.apiDisabled);
      expect(await countRows(t())).toEqual(before);
    });

    it('keeps the calls that are not disabled working', async () => {
      const viewer = await t().createViewer();
      const res = await t().get('/api/profile_v1', { token: viewer.tokenvalue });
      expect(res.http).toBe(200);
      expect(res.body.status).toBe(1);
    });
  },
  { disabledCalls: new Set(['login_v1', 'getloginotp']) },
);
