// The property test of every call (decision 078): each route in the OpenAPI document gets inputs
// generated from its schemas and malformed ones, as a visitor, a viewer and staff, on both engines.
// Never a 5xx, never a body outside the envelope, and nothing written when the call refuses.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsRepository } from '../modules/auth/auth.repository';
import { sha256Hex, USER_TOKEN_PREFIX } from '../platform/secrets';
import { createTestApp, ENGINES, type TestApp } from '../testing/harness';
import { multipartBody, type Part } from '../testing/multipart';
import {
  fieldValue,
  malformedObject,
  malformedValue,
  ODD_STRINGS,
  validValue,
  type Hints,
  type JsonSchema,
} from '../testing/schema-arbitraries';
import { installWriteJournal, type WriteJournal } from '../testing/write-journal';

/** Change with FUZZ_SEED to explore; a failure prints the seed and path that reproduce it. */
const SEED = Number(process.env.FUZZ_SEED ?? 78_078);
/** Requests per call, role and engine. */
const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS ?? 7);
/** How long a response body may take to end before the route counts as an unlisted stream. */
const BODY_DEADLINE_MS = 3_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema };
type Operation = { method: Method; path: string; parameters: Parameter[]; body: JsonSchema | null; bodyless: boolean };
type Role = 'visitor' | 'viewer' | 'staff';

/** What is sent: `url` already carries the path parameters, raw where a variant wants it so. */
type CallRequest = {
  variant: string;
  url: string;
  query: Record<string, string | string[]>;
  payload?: string;
  contentType?: string;
  /** A multipart form, encoded when sent. */
  parts?: Part[];
};

/**
 * Routes whose success is not a JSON envelope, by design. Their refusals are still envelopes.
 * `stream` routes never end their body: the test reads the head and lets go.
 */
const NOT_ENVELOPE: Record<string, 'file' | 'stream'> = {
  'GET /api/staff/giveaways/{id}/entries.csv': 'file',
  'GET /api/staff/productregistrations.csv': 'file',
  'GET /api/staff/reports/funnel/{eventid}/viewers.csv': 'file',
  'GET /api/notifications/stream': 'stream',
  'GET /api/staff/console/{eventid}/stream': 'stream',
};

/**
 * Tables a refused call may write, by design; every other table must stay as it was. A wrong
 * one-time code counts a try against the code (at most 5, then it is void): that count is the
 * point of the refusal, so it is written while the call answers 401.
 */
const WRITES_ON_REFUSAL: Record<string, string[]> = {
  'POST /api/loginbyotp': ['one_time_codes'],
  'POST /api/valresetpassotp': ['one_time_codes'],
  'POST /api/resetpasswordotp_v1': ['one_time_codes'],
  // A wrong second-factor code counts toward the lockout (decision 086).
  'POST /api/staff/second-factor/verify': ['staff_totp'],
};

/** The app's audited staff routes as the API document names them (`{id}` for `:id`). */
function auditedKeys(t: TestApp): Set<string> {
  return new Set(
    t.app.staffRoutes
      .filter((route) => route.isAudited)
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`),
  );
}

/** The harness names its first two accounts so; both share its default password. */
const SEEDED_EMAILS = ['viewer1@example.com', 'viewer2@example.com'];
const HINTS: Hints = {
  email: SEEDED_EMAILS,
  emailid: SEEDED_EMAILS,
  emailId: SEEDED_EMAILS,
  password: ['violet-tourmaline-42', 'wrong-password-123'],
};

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE'];

type ApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

function operationsOf(doc: ApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method.toLowerCase()];
      if (!op) return [];
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      return [{ method, path, parameters: op.parameters ?? [], body, bodyless: !op.requestBody }];
    }),
  );
}

/** The document every test app serves: read once, from an app that is then closed. */
async function readDocument(): Promise<ApiDocument> {
  const t = await createTestApp('sqlite');
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    return JSON.parse(res.body);
  } finally {
    await t.close();
  }
}

const operations = operationsOf(await readDocument());

/**
 * Every method and path the app routes, read from Fastify's route tree (`├── /api/x (GET, HEAD)`,
 * children indented four characters under their prefix), path parameters as the document writes them.
 */
function routedCalls(tree: string): string[] {
  const prefixes: string[] = [];
  const calls: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', part = '', methods] = match;
    prefixes.length = indent.length / 4;
    prefixes.push(part);
    const path = prefixes.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of methods?.split(', ') ?? []) calls.push(`${method} ${path}`);
  }
  return calls;
}

/** The calls under /api/ the app serves (HEAD is GET's twin, the document's own pages aside). */
async function readRoutedCalls(): Promise<string[]> {
  const t = await createTestApp('sqlite');
  try {
    await t.app.ready();
    return routedCalls(t.app.printRoutes({ commonPrefix: false })).filter(
      (call) => call.includes(' /api/') && !call.startsWith('HEAD ') && !call.includes(' /api/docs'),
    );
  } finally {
    await t.close();
  }
}

/**
 * encodeURIComponent, except that a lone surrogate is sent as the three bytes it would take
 * (percent-encoded), where encodeURIComponent throws: the server should meet such input too.
 */
function encodeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(text[i] ?? '');
  }
  return out;
}

/** The query string, built here so every value is sent exactly as encodeText writes it. */
function queryString(query: Record<string, string | string[]>): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    [value].flat().map((item) => `${encodeText(key)}=${encodeText(item)}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const asText = (value: unknown): string =>
  value === null || typeof value !== 'object' ? String(value) : JSON.stringify(value);

/** Path parameter texts that try to leave the route, hide a NUL, or overflow an id. */
const ODD_PATH_SEGMENTS = [
  '..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  '1%00',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999999',
  '9007199254740993',
  'abc',
  '%E2%80%AE',
  '%F0%9F%92%8E',
  '%',
];

function urlOf(op: Operation, params: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '1');
}

function pathParams(op: Operation, malformed: boolean): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.parameters.filter((param) => param.in === 'path')) {
    const valid = validValue(p.schema).map((value) => encodeText(asText(value)));
    model[p.name] = malformed
      ? fc.oneof(
          fc.constantFrom(...ODD_PATH_SEGMENTS),
          malformedValue(p.schema).map((v) => encodeText(asText(v))),
        )
      : valid;
  }
  return fc.record(model);
}

function queryValues(op: Operation): fc.Arbitrary<Record<string, unknown>> {
  const query = op.parameters.filter((p) => p.in === 'query');
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of query) model[p.name] = fieldValue(p.name, p.schema, HINTS);
  return fc.record(model, { requiredKeys: query.filter((p) => p.required).map((p) => p.name) });
}

const asQuery = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, asText(value)]));

/** A query with one parameter missing, malformed, repeated, or a stranger beside them. */
function malformedQuery(op: Operation): fc.Arbitrary<Record<string, string | string[]>> {
  const query = op.parameters.filter((p) => p.in === 'query');
  const base = queryValues(op).map(asQuery);
  const variants: fc.Arbitrary<Record<string, string | string[]>>[] = [
    fc
      .tuple(base, fc.constantFrom(...ODD_STRINGS))
      .map(([values, odd]) => ({ ...values, unexpected: odd, ['__proto__']: odd })),
  ];
  const required = query.filter((p) => p.required);
  if (required.length)
    variants.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([values, p]) => {
        const copy = { ...values };
        delete copy[p.name];
        return copy;
      }),
    );
  if (query.length) {
    variants.push(
      fc.constantFrom(...query).chain((p) =>
        fc.tuple(base, fc.constant(p.name), malformedValue(p.schema)).map(([values, name, bad]) => ({
          ...values,
          [name]: asText(bad),
        })),
      ),
      fc.tuple(base, fc.constantFrom(...query)).map(([values, p]) => ({ ...values, [p.name]: ['1', '2'] })),
    );
  }
  return fc.oneof(...variants);
}

const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? '', contentType: 'application/json' });

/** Request bodies no JSON call should take: broken JSON, other content types, too large. */
const BAD_BODIES: { variant: string; payload: string; contentType: string }[] = [
  { variant: 'invalid JSON', payload: '{"a":', contentType: 'application/json' },
  { variant: 'invalid JSON', payload: 'nul', contentType: 'application/json' },
  { variant: 'invalid JSON', payload: '{"a":1}}', contentType: 'application/json' },
  { variant: 'NUL in JSON text', payload: '{"a":"\u0000"}', contentType: 'application/json' },
  { variant: 'empty JSON body', payload: '', contentType: 'application/json' },
  { variant: 'wrong content-type', payload: '{"eventid":1}', contentType: 'text/plain' },
  {
    variant: 'wrong content-type',
    payload: 'eventid=1&email=a%40b.c',
    contentType: 'application/x-www-form-urlencoded',
  },
  { variant: 'wrong content-type', payload: '<a/>', contentType: 'application/xml' },
  { variant: 'too large', payload: JSON.stringify({ a: 'x'.repeat(120 * 1024) }), contentType: 'application/json' },
];

/** Text fields an upload form might carry, so a handler past the file check meets them too. */
const FORM_FIELDS = ['contestid', 'submissionid', 'caption', 'consent', 'eventid', 'kind', 'title', 'name', 'serial'];

function multipartRequests(image: Buffer): fc.Arbitrary<{ variant: string; parts: Part[] }> {
  const fields = fc.array(
    fc.tuple(
      fc.constantFrom(...FORM_FIELDS),
      fc.oneof(fc.integer({ min: 1, max: 4 }).map(String), fc.constantFrom(...ODD_STRINGS), fc.constant('true')),
    ),
    { maxLength: 4 },
  );
  const textParts = fields.map((pairs) => pairs.map(([name, content]): Part => ({ name, content })));
  const fileName = fc.constantFrom('image', 'file', 'photo', 'upload');
  return fc.oneof(
    textParts.map((parts) => ({ variant: 'multipart without a file', parts })),
    fc.tuple(textParts, fileName).map(([parts, name]) => ({
      variant: 'multipart with a non-image file',
      parts: [...parts, { name, content: 'not an image', filename: 'notes.txt', type: 'text/plain' }],
    })),
    fc.tuple(textParts, fileName).map(([parts, name]) => ({
      variant: 'multipart with bytes claiming to be a PNG',
      parts: [...parts, { name, content: Buffer.from('GIF89a garbage'), filename: 'x.png', type: 'image/png' }],
    })),
    fileName.map((name) => ({
      variant: 'multipart image with the fields missing',
      parts: [{ name, content: image, filename: 'photo.png', type: 'image/png' }],
    })),
    fc.tuple(textParts, fileName).map(([parts, name]) => ({
      variant: 'multipart image with fields',
      parts: [...parts, { name, content: image, filename: 'photo.png', type: 'image/png' }],
    })),
  );
}

function requestsOf(op: Operation, image: Buffer): fc.Arbitrary<CallRequest> {
  const validParams = pathParams(op, false);
  const validQuery = queryValues(op).map(asQuery);
  const hasPathParams = op.parameters.some((p) => p.in === 'path');
  const hasQuery = op.parameters.some((p) => p.in === 'query');
  const sends = op.method !== 'GET' && op.method !== 'DELETE';
  const validBody: fc.Arbitrary<{ payload?: string; contentType?: string }> = op.body
    ? validValue(op.body, HINTS).map(json)
    : fc.constant({});
  const arbitraries: { arbitrary: fc.Arbitrary<CallRequest>; weight: number }[] = [
    {
      weight: 3,
      arbitrary: fc.tuple(validParams, validQuery, validBody).map(([params, query, body]) => ({
        variant: 'well-formed',
        url: urlOf(op, params),
        query,
        ...body,
      })),
    },
  ];
  if (hasPathParams)
    arbitraries.push({
      weight: 1,
      arbitrary: fc.tuple(pathParams(op, true), validQuery, validBody).map(([params, query, body]) => ({
        variant: 'odd path parameter',
        url: urlOf(op, params),
        query,
        ...body,
      })),
    });
  if (hasQuery)
    arbitraries.push({
      weight: 2,
      arbitrary: fc.tuple(validParams, malformedQuery(op), validBody).map(([params, query, body]) => ({
        variant: 'malformed query',
        url: urlOf(op, params),
        query,
        ...body,
      })),
    });
  if (op.body) {
    const body = op.body;
    arbitraries.push(
      {
        weight: 3,
        arbitrary: fc.tuple(validParams, validQuery, malformedObject(body, HINTS)).map(([params, query, value]) => ({
          variant: 'malformed body',
          url: urlOf(op, params),
          query,
          ...json(value),
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(validParams, validQuery, fc.constantFrom(...BAD_BODIES)).map(([params, query, bad]) => ({
          url: urlOf(op, params),
          query,
          ...bad,
        })),
      },
    );
  } else if (sends) {
    // No JSON body in the schema: an upload (multipart), or a call that takes no body at all.
    arbitraries.push(
      {
        weight: 3,
        arbitrary: fc.tuple(validParams, validQuery, multipartRequests(image)).map(([params, query, form]) => ({
          variant: form.variant,
          url: urlOf(op, params),
          query,
          parts: form.parts,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(validParams, validQuery, fc.constantFrom(...BAD_BODIES)).map(([params, query, bad]) => ({
          url: urlOf(op, params),
          query,
          ...bad,
        })),
      },
    );
  }
  return fc.oneof(...arbitraries);
}

/** A small FNV-1a hash, so each call and role gets a seed of its own that does not move when calls are added. */
function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (SEED ^ hash) | 0;
}

type Answer = { http: number; contentType: string; body: string };

async function readBody(stream: NodeJS.ReadableStream, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  const deadline = new Promise<never>((_, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`${what}: the body did not end in ${BODY_DEADLINE_MS} ms (a stream not in NOT_ENVELOPE?)`)),
      BODY_DEADLINE_MS,
    );
    stream.once('end', () => clearTimeout(timer));
    stream.once('error', () => clearTimeout(timer));
  });
  const reading = (async () => {
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8');
  })();
  return Promise.race([reading, deadline]);
}

let addressCount = 0;
/** A fresh client address per request, so per-IP limits do not turn every later call into a 429. */
function nextAddress(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

function describeRequest(op: Operation, role: Role, request: CallRequest): string {
  const body = request.parts
    ? `parts ${JSON.stringify(request.parts.map((part) => ({ name: part.name, filename: part.filename, type: part.type })))}`
    : `${request.contentType ?? ''} ${(request.payload ?? '').slice(0, 300)}`;
  return `${op.method} ${request.url} as ${role} (${request.variant}) query ${JSON.stringify(request.query)} ${body}`;
}

function expectEnvelope(answer: Answer, what: string) {
  expect(answer.contentType, `${what}: content-type`).toMatch(/^application\/json/);
  let parsed: unknown;
  expect(
    () => (parsed = JSON.parse(answer.body)),
    `${what}: body is not JSON: ${answer.body.slice(0, 200)}`,
  ).not.toThrow();
  expect(parsed, `${what}: not an envelope: ${answer.body.slice(0, 300)}`).toMatchObject({
    status: expect.any(Number),
    statusCode: answer.http,
    message: expect.any(String),
    data: expect.any(Array),
  });
}

it('reads every call from the OpenAPI document, uploads and streams included', () => {
  const keys = operations.map((op) => `${op.method} ${op.path}`);
  expect(keys.length).toBeGreaterThan(140);
  for (const key of ['POST /api/login_v1', 'POST /api/contestusers', 'GET /api/chat/ws', ...Object.keys(NOT_ENVELOPE)])
    expect(keys).toContain(key);
  for (const key of Object.keys(WRITES_ON_REFUSAL)) expect(keys).toContain(key);
});

it('meets every call the app serves under /api/: none is left out of the document', async () => {
  const documented = operations.map((op) => `${op.method} ${op.path}`);
  const routed = await readRoutedCalls();
  expect(routed.length).toBeGreaterThan(140);
  expect(routed.filter((call) => !documented.includes(call))).toEqual([]);
});

for (const engine of ENGINES) {
  describe(`every call, generated and malformed input [${engine}]`, () => {
    let t: TestApp;
    let journal: WriteJournal;
    let image: Buffer;
    const users: Record<Exclude<Role, 'visitor'>, number> = { viewer: 0, staff: 0 };

    beforeAll(async () => {
      // Agora configured (ids of the right form), so the token call runs rather than answer 503.
      t = await createTestApp(engine, { agoraAppId: 'a'.repeat(32), agoraCertificate: 'b'.repeat(32) });
      users.viewer = (await t.createViewer()).id;
      users.staff = (await t.createStaff()).id;
      // A show on air now and a giveaway to come, so small generated ids reach real rows.
      const now = t.clock.now().getTime();
      await t.createEvent({
        cust_start: new Date(now - 10 * 60_000).toISOString(),
        cust_end: new Date(now + 50 * 60_000).toISOString(),
      });
      await t.createEvent({ type: 'giveaway', title: 'Sapphire Giveaway' });
      image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a5fcd' } })
        .png()
        .toBuffer();
      journal = await installWriteJournal(t.db, engine);
    });

    afterAll(async () => {
      await t?.close();
    });

    /** A session of its own for each request: a call under test may log out or reset the password. */
    async function tokenFor(role: Role): Promise<string | null> {
      if (role === 'visitor') return null;
      const token = USER_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const now = t.clock.now();
      const expires = new Date(now.getTime() + 24 * 60 * 60_000).toISOString();
      await sessionsRepository.insert(t.db, users[role], sha256Hex(token), now.toISOString(), expires);
      return token;
    }

    async function send(op: Operation, role: Role, token: string | null, request: CallRequest): Promise<Answer> {
      const form = request.parts ? await multipartBody(request.parts) : null;
      const headers: Record<string, string> = {};
      if (token) headers.token = token;
      const contentType = form?.contentType ?? request.contentType;
      if (contentType) headers['content-type'] = contentType;
      const payload = form?.payload ?? request.payload;
      const aborter = new AbortController();
      const res = await t.app.inject({
        method: op.method,
        url: request.url + queryString(request.query),
        headers,
        remoteAddress: nextAddress(),
        payloadAsStream: true,
        signal: aborter.signal,
        ...(payload === undefined ? {} : { payload }),
      });
      const answer = { http: res.statusCode, contentType: String(res.headers['content-type'] ?? '') };
      if (NOT_ENVELOPE[`${op.method} ${op.path}`] === 'stream' && res.statusCode < 300) {
        aborter.abort();
        return { ...answer, body: '' };
      }
      return { ...answer, body: await readBody(res.stream(), describeRequest(op, role, request)) };
    }

    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      it(`${key}: no 5xx, always the envelope, no write on a refusal`, async () => {
        const allowed = new Set(WRITES_ON_REFUSAL[key] ?? []);
        // A staff call's refusal is recorded in the audit log by design (decision 088): the attempt is
        // the row. Only audit_log, and only on the routes the audit hook took; every other table stays.
        if (auditedKeys(t).has(key)) allowed.add('audit_log');
        const requests = requestsOf(op, image);
        for (const role of ['visitor', 'viewer', 'staff'] as const) {
          const seed = seedOf(`${key} ${role}`);
          await fc.assert(
            fc.asyncProperty(requests, async (request) => {
              const what = describeRequest(op, role, request);
              const token = await tokenFor(role);
              await t.app.mailIdle();
              await journal.writtenSince();
              const answer = await send(op, role, token, request);
              await t.app.mailIdle();
              const written = await journal.writtenSince();
              expect(answer.http, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
              const isFile = answer.http < 300 && NOT_ENVELOPE[key] !== undefined;
              if (!isFile) expectEnvelope(answer, what);
              if (answer.http >= 400)
                expect(
                  written.filter((table) => !allowed.has(table)),
                  `${what}: answered ${answer.http} and wrote`,
                ).toEqual([]);
            }),
            { seed, numRuns: RUNS_PER_ROLE, endOnFailure: true },
          );
        }
      });
    }
  });
}
