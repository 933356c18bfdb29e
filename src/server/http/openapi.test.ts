// The OpenAPI document as a generated client reads it: which calls need the token (taken from the
// session guards in each route's chain), one unique operationId per call, 3.1 schemas, a server.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/harness';
import { registerApiDocs, TOKEN_SECURITY } from './openapi';
import { sessionGuards } from './session';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { required?: boolean }[];
  requestBody?: { required?: boolean };
  responses: Record<string, unknown>;
};
type ApiDocument = {
  openapi: string;
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

async function documentOf(app: FastifyInstance): Promise<ApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

function operationsOf(doc: ApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}

const needsToken = (op: Operation) => JSON.stringify(op.security) === JSON.stringify(TOKEN_SECURITY);

function operation(doc: ApiDocument, path: string, method: string): Operation {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`the document has no ${method} ${path}`);
  return found;
}

/** Every key anywhere in the document, so a schema keyword can be looked for at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe('the OpenAPI document of a small app', () => {
  let app: FastifyInstance;
  let doc: ApiDocument;

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerApiDocs(app);
    const guards = sessionGuards(
      { userForToken: async () => null, cachedUserForToken: () => null },
      { now: () => new Date() },
    );
    const countRequest = async () => {};
    const schema = { tags: ['demo'], summary: 'A call', response: { 200: z.object({ ok: z.boolean() }) } };
    const handler = async () => ({ ok: true });
    // The same call with and without a guard, in both ways a route is written.
    app.get('/api/open_v1', { schema }, handler);
    app.get('/api/mine_v1', { preHandler: guards.requireUser, schema }, handler);
    app.route({ method: 'POST', url: '/api/open_v2', schema, handler });
    app.route({
      method: 'POST',
      url: '/api/staff/things/:id/close',
      preHandler: [countRequest, guards.requireStaff],
      schema: { ...schema, params: z.object({ id: z.coerce.number() }) },
      handler,
    });
    // A route that states its own security keeps it unless a guard says otherwise.
    app.get('/api/seen_v1', { schema: { ...schema, security: [{}, { token: [] }] } }, handler);
    app.get('/api/kept_v1', { preHandler: [guards.requireUser], schema: { ...schema, security: [] } }, handler);
    // Two methods on one path, and a route naming its own operation.
    app.get('/api/things', { preHandler: guards.requireStaff, schema }, handler);
    app.post(
      '/api/things',
      { preHandler: guards.requireStaff, schema: { ...schema, operationId: 'addThing' } },
      handler,
    );
    doc = await documentOf(app);
  });

  afterAll(async () => {
    await app.close();
  });

  it('marks a call as needing the token exactly when a session guard stands in its chain', () => {
    expect(operation(doc, '/api/open_v1', 'get').security).toEqual([]);
    expect(operation(doc, '/api/mine_v1', 'get').security).toEqual(TOKEN_SECURITY);
    expect(operation(doc, '/api/open_v2', 'post').security).toEqual([]);
    expect(operation(doc, '/api/staff/things/{id}/close', 'post').security).toEqual(TOKEN_SECURITY);
  });

  it("keeps an unguarded route's own security, and lets a guard override what a guarded one says", () => {
    expect(operation(doc, '/api/seen_v1', 'get').security).toEqual([{}, { token: [] }]);
    expect(operation(doc, '/api/kept_v1', 'get').security).toEqual(TOKEN_SECURITY);
  });

  it('names each call by its path, led by the method where a path has several, unless it names itself', () => {
    expect(operation(doc, '/api/open_v1', 'get').operationId).toBe('open_v1');
    expect(operation(doc, '/api/staff/things/{id}/close', 'post').operationId).toBe('staff_things_id_close');
    expect(operation(doc, '/api/things', 'get').operationId).toBe('get_things');
    expect(operation(doc, '/api/things', 'post').operationId).toBe('addThing');
  });

  it('documents the error envelope for a call that names only its 200 answer', () => {
    expect(Object.keys(operation(doc, '/api/open_v1', 'get').responses)).toEqual(['200', '4XX', '5XX']);
  });
});

describe('the OpenAPI document of the Gemcast API', () => {
  let t: TestApp;
  let doc: ApiDocument;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = await documentOf(t.app);
  });

  afterAll(async () => {
    await t.close();
  });

  it('declares the token header as an apiKey scheme and a server to call', () => {
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'token' });
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('states the security of every call: the token for every staff call and the guarded viewer calls', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(70);
    for (const { path, method, operation: op } of operations) {
      expect(op.security, `${method} ${path}`).toBeInstanceOf(Array);
      if (path.startsWith('/api/staff/')) expect(op.security, `${method} ${path}`).toEqual(TOKEN_SECURITY);
    }
    for (const [path, method] of [
      ['/api/profile_v1', 'get'],
      ['/api/profile_v1', 'post'],
      ['/api/logout', 'post'],
      ['/api/rsvpdata_v1', 'post'],
      ['/api/giveawaydata_v1', 'post'],
      ['/api/weavy/token', 'get'],
    ] as const)
      expect(operation(doc, path, method).security, `${method} ${path}`).toEqual(TOKEN_SECURITY);
    for (const [path, method] of [
      ['/api/login_v1', 'post'],
      ['/api/registeruser_v1', 'post'],
      ['/api/siteconfig', 'get'],
      ['/api/eventlist_v1', 'get'],
    ] as const)
      expect(operation(doc, path, method).security, `${method} ${path}`).toEqual([]);
    // Public reads that read the token when sent: a private event is shown to those who may see it (decision 051).
    for (const [path, method] of [
      ['/api/eventdata_v1', 'get'],
      ['/api/giveawayinfo_v1', 'get'],
      ['/api/eventstream_v1', 'get'],
    ] as const)
      expect(operation(doc, path, method).security, `${method} ${path}`).toEqual([{}, { token: [] }]);
  });

  it('matches what the calls do: a call reached without input refuses a caller without a token iff it says so', async () => {
    const needingNoInput = operationsOf(doc).filter(
      ({ operation: op }) => !op.requestBody?.required && !(op.parameters ?? []).some((p) => p.required),
    );
    let reached = 0;
    for (const { path, method, operation: op } of needingNoInput) {
      const res = await t.app.inject({ method, url: path });
      // 400: the input check (which runs before any guard) wants a parameter the schema calls optional.
      if (res.statusCode === 400) continue;
      reached += 1;
      expect(res.statusCode === 401, `${method} ${path} answered ${res.statusCode}`).toBe(needsToken(op));
    }
    expect(reached).toBeGreaterThan(10);
  });

  it('gives every call a unique, URL-safe operationId: its spec name where it has one', () => {
    const ids = operationsOf(doc).map(({ operation: op }) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation(doc, '/api/giveawaydata_v1', 'post').operationId).toBe('giveawaydata_v1');
    expect(operation(doc, '/api/CheckIfGiveawaySpin', 'get').operationId).toBe('CheckIfGiveawaySpin');
    expect(operation(doc, '/api/weavy/token', 'get').operationId).toBe('weavy_token');
    expect(operation(doc, '/api/profile_v1', 'post').operationId).toBe('post_profile_v1');
    expect(operation(doc, '/api/staff/giveaways/{id}/draw', 'post').operationId).toBe('staff_giveaways_id_draw');
  });

  it('writes nullable fields as OpenAPI 3.1 does, with no 3.0 `nullable` keyword', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(keysOf(doc)).not.toContain('nullable');
    const room = JSON.stringify(doc.paths['/api/staff/chat/moderation']);
    expect(room).toContain('{"type":"null"}');
  });
});
