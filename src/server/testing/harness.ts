// Builds a fresh Gemcast app per test on SQLite (in memory) and, when TEST_DATABASE_URL is set,
// on PostgreSQL in a schema of its own, so every database test runs on both engines.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import type { EventsTable } from '../db/schema';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe } from 'vitest';
import type { Envelope } from '../../shared/contract/envelope';
import type { AuthedUser } from '../../shared/contract/user';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/database';
import { newEventRow } from '../modules/events/event-row';
import { eventsRepository } from '../modules/events/events.repository';
import { manualClock } from '../platform/clock';

export const ENGINES: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type RequestOptions = {
  token?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** The caller's IP address (request.ip); 127.0.0.1 when not given. */
  remoteAddress?: string;
};

/**
 * PostgreSQL schemas of this test file, migrated, emptied by the test that used them and ready for
 * the next: creating and migrating a schema costs about 250 ms, emptying one a few.
 */
const spareSchemas: string[] = [];
/** The tables a freshly migrated schema holds; a test that dropped one leaves a schema not reused. */
let migratedTables: string | null = null;

/** One connection for this file's schema housekeeping; it lets the process end when idle. */
let admin: pg.Pool | null = null;

function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
  admin ??= new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, allowExitOnIdle: true });
  return admin.query<R>(text, values);
}

async function dropSchema(schema: string) {
  await adminQuery(`drop schema ${schema} cascade`);
}

async function newSchema() {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  return schema;
}

async function tablesOf(schema: string) {
  const result = await adminQuery<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = $1 order by tablename`,
    [schema],
  );
  return result.rows.map((row) => row.name);
}

/**
 * Empties every table but the migrations' record and restarts every sequence, so ids start from 1
 * again; false when the schema is no longer as migrated. Row by row with the foreign keys' triggers
 * off: for a test's few rows that is far quicker than TRUNCATE, which replaces every table's files.
 */
async function emptySchema(schema: string): Promise<boolean> {
  const tables = await tablesOf(schema);
  if (tables.join() !== migratedTables) return false;
  const sequences = await adminQuery<{ name: string }>(
    `select sequencename as name from pg_sequences where schemaname = $1`,
    [schema],
  );
  const statements = [
    'begin',
    'set local session_replication_role = replica',
    ...tables.filter((name) => !name.startsWith('kysely_')).map((name) => `delete from ${schema}.${name}`),
    ...sequences.rows.map((row) => `select setval('${schema}.${row.name}', 1, false)`),
    'commit',
  ];
  await adminQuery(statements.join(';\n'));
  return true;
}

type AppOptions = {
  /** Hand the emptied PostgreSQL schema to the next test of this file rather than drop it. */
  reuseSchema?: boolean;
  /** An open database the app uses instead of a fresh one (fault tests bring their own); closed with the app. */
  database?: DatabaseHandle;
};

export async function createTestApp(
  engine: Dialect,
  overrides: Partial<Config> = {},
  { reuseSchema = false, database: given }: AppOptions = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-test-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      VALIDATE_RESPONSES: 'true',
      APP_SECRET: 'test-secret-test-secret-test-secret!',
    },
    overrides,
  );
  const schema = engine === 'postgres' && !given ? (spareSchemas.pop() ?? (await newSchema())) : null;
  const database: DatabaseHandle =
    given ??
    (schema
      ? openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '', schema, poolSize: 4 })
      : openDatabase({ kind: 'sqlite', file: ':memory:' }));
  async function releaseSchema() {
    if (!schema) return;
    if (reuseSchema && (await emptySchema(schema))) spareSchemas.push(schema);
    else await dropSchema(schema);
  }
  const clock = manualClock(new Date('2026-06-15T18:00:00Z'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, { clock, database });
    if (schema) migratedTables ??= (await tablesOf(schema)).join();
  } catch (error) {
    await database.close();
    await releaseSchema();
    throw error;
  }

  async function call<T>(method: 'GET' | 'POST', url: string, body: unknown, options: RequestOptions = {}) {
    const response: LightMyRequestResponse = await app.inject({
      method,
      url,
      query: options.query,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      headers: { ...(options.token ? { token: options.token } : {}), ...options.headers },
      ...(body === undefined
        ? {}
        : {
            payload: typeof body === 'string' ? body : JSON.stringify(body),
            headers: {
              'content-type': 'application/json',
              ...(options.token ? { token: options.token } : {}),
              ...options.headers,
            },
          }),
    });
    const json: Envelope<T> = response.json();
    return { http: response.statusCode, headers: response.headers, body: json };
  }

  let viewerCount = 0;
  return {
    app,
    config,
    clock,
    db: database.db,
    engine,
    get: <T = unknown>(url: string, options?: RequestOptions) => call<T>('GET', url, undefined, options),
    post: <T = unknown>(url: string, body: unknown, options?: RequestOptions) => call<T>('POST', url, body, options),

    /** Mail the app has queued so far, newest last. */
    async outbox() {
      await app.mailIdle();
      return database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    },
    /** Every row the account calls can write, so a refused call can be shown to change nothing. */
    async accountState() {
      return {
        users: await database.db.selectFrom('users').selectAll().orderBy('id').execute(),
        sessions: await database.db.selectFrom('sessions').selectAll().orderBy('id').execute(),
        codes: await database.db.selectFrom('one_time_codes').selectAll().orderBy('id').execute(),
        mail: await this.outbox(),
      };
    },
    /** The six-digit code in the newest e-mail to `email`. */
    async latestCode(email: string): Promise<string> {
      await app.mailIdle();
      const mail = await database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
      if (!code) throw new Error(`no code was mailed to ${email}`);
      return code;
    },
    /** Registers a viewer through the API (password mode) and returns the record with its token. */
    async createViewer(fields: Partial<Record<string, string>> = {}): Promise<AuthedUser & { password: string }> {
      viewerCount += 1;
      const password = fields.password ?? 'violet-tourmaline-42';
      const res = await call<AuthedUser>('POST', '/api/registeruser_v1', {
        first_name: 'Viewer',
        last_name: `Number${viewerCount}`,
        email: `viewer${viewerCount}@example.com`,
        phone: `+1555010${String(1000 + viewerCount).slice(-4)}`,
        password,
        ...fields,
      });
      const user = res.body.data[0];
      if (res.http !== 200 || !user) throw new Error(`createViewer failed: ${res.body.message}`);
      return { ...user, password };
    },
    /** An event row; times default to a show starting in one hour and lasting one hour. */
    async createEvent(fields: Partial<Insertable<EventsTable>> = {}) {
      const start = new Date(clock.now().getTime() + 60 * 60_000);
      return eventsRepository.insert(
        database.db,
        newEventRow({
          title: 'Opal Hour',
          description: 'Australian opals, live.',
          cust_start: start.toISOString(),
          cust_end: new Date(start.getTime() + 60 * 60_000).toISOString(),
          created_at: clock.now().toISOString(),
          ...fields,
        }),
      );
    },
    /**
     * A viewer promoted to staff, as `npm run staff -- add` would, whose session has passed the
     * second factor now (the second-factor tests go through TOTP and passkeys themselves).
     */
    async createStaff(fields: Partial<Record<string, string>> = {}): Promise<AuthedUser & { password: string }> {
      const viewer = await this.createViewer(fields);
      await database.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', viewer.id).execute();
      await this.passSecondFactor(viewer.id);
      return { ...viewer, is_staff: 1 };
    },
    /** Marks every session of `userId` as having passed a second factor at the clock's now. */
    async passSecondFactor(userId: number) {
      await database.db
        .updateTable('sessions')
        .set({ second_factor_at: clock.now().toISOString(), second_factor_method: 'totp' })
        .where('user_id', '=', userId)
        .execute();
      app.ctx.sessions.forgetUser(userId);
    },
    async close() {
      await app.close();
      await database.close();
      await releaseSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the same suite once per engine with a fresh app for every test. */
export function describeEachEngine(title: string, suite: (t: () => TestApp) => void, overrides: Partial<Config> = {}) {
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      let current: TestApp | null = null;
      beforeEach(async () => {
        current = await createTestApp(engine, overrides, { reuseSchema: true });
      });
      afterEach(async () => {
        await current?.close();
        current = null;
      });
      afterAll(async () => {
        for (const schema of spareSchemas.splice(0)) await dropSchema(schema);
      });
      suite(() => {
        if (!current) throw new Error('the test app is not ready');
        return current;
      });
    });
  }
}
