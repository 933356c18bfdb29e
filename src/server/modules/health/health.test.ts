// /healthz and /readyz (decision 091): alive without the database; ready only when the database
// and, when configured, Redis answer, and a 503 envelope naming what is not, never a hang.
import { createServer, type Server, type Socket } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { createTestApp, describeEachEngine } from '../../testing/harness';
import { dependenciesOf, healthRoutes, readiness, type Dependency } from './health.routes';

/** A port where nothing listens: taken from the system, then let go. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** A server that accepts connections and never answers: a database that hangs. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function postgresAt(port: number) {
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/test`, max: 1 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The two routes alone, in front of the given dependencies. */
async function probeApp(dependencies: Dependency[], timeoutMs: number) {
  const app = Fastify({ logger: false });
  await app.register(healthRoutes(dependencies, timeoutMs));
  return app;
}

describeEachEngine('health and readiness', (t) => {
  it('answers /healthz alive in the success envelope, and /readyz ready with the database', async () => {
    const alive = await t().get('/healthz');
    expect(alive.http).toBe(200);
    expect(alive.body).toMatchObject({ status: 1, statusCode: 200, message: 'Alive', data: [{ alive: true }] });
    expect(alive.headers['cache-control']).toBe('no-store');
    expect(alive.headers['x-request-id']).toEqual(expect.any(String));

    const ready = await t().get('/readyz');
    expect(ready.http).toBe(200);
    expect(ready.body).toMatchObject({ status: 1, message: 'Ready', data: [{ database: 'ok' }] });
    expect(ready.body.data[0]).not.toHaveProperty('redis');
  });

  it('stays alive when the database is closed, and answers /readyz 503 naming the database', async () => {
    await t().db.destroy();
    const alive = await t().get('/healthz');
    expect(alive.http).toBe(200);

    const ready = await t().get('/readyz');
    expect(ready.http).toBe(503);
    expect(ready.body).toEqual({
      status: 0,
      statusCode: 503,
      message: 'Not ready: database',
      data: [{ database: 'unreachable' }],
    });
  });

  it('keeps the probes out of the API document', async () => {
    const doc = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json().paths)).not.toEqual(expect.arrayContaining(['/healthz']));
    expect(Object.keys(doc.json().paths)).not.toEqual(expect.arrayContaining(['/readyz']));
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('readiness with Redis configured', () => {
  it('names Redis among the dependencies and answers 200 while it answers PING', async () => {
    const t = await createTestApp('sqlite', { redisUrl: redisUrl ?? null });
    try {
      const ready = await t.get('/readyz');
      expect(ready.http).toBe(200);
      expect(ready.body.data).toEqual([{ database: 'ok', redis: 'ok' }]);
    } finally {
      await t.close();
    }
  });
});

describe('readiness when a dependency is down', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('answers 503 naming Redis when Redis does not answer (nothing listens on its port)', async () => {
    const t = await createTestApp('sqlite');
    cleanups.push(() => t.close());
    const redis = new Redis(`redis://127.0.0.1:${await deadPort()}`, { maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => undefined);
    cleanups.push(() => redis.disconnect());
    const app = await probeApp(dependenciesOf(t.db, redis), 500);
    cleanups.push(() => app.close());

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 0, statusCode: 503, message: 'Not ready: redis' });
    expect(ready.json().data[0].database).toBe('ok');
    expect(['unreachable', 'timeout']).toContain(ready.json().data[0].redis);
  });

  it('answers 503 naming the database when PostgreSQL refuses connections', async () => {
    const db = postgresAt(await deadPort());
    cleanups.push(() => db.destroy());
    const app = await probeApp(dependenciesOf(db, null), 1_000);
    cleanups.push(() => app.close());

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: 'Not ready: database', data: [{ database: 'unreachable' }] });
  });

  it('gives up on a database that accepts the connection and never answers, rather than hang', async () => {
    const silent = await silentServer();
    const db = postgresAt(silent.port);
    // The hung connection is cut before the pool ends, or ending it would wait for the login.
    cleanups.push(() => silent.close());
    cleanups.push(() => db.destroy());
    const app = await probeApp(dependenciesOf(db, null), 300);
    cleanups.push(() => app.close());

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: 'Not ready: database', data: [{ database: 'timeout' }] });
  });

  it('asks every dependency at once and reports each', async () => {
    const states = await readiness(
      [
        { name: 'database', ping: async () => 1 },
        {
          name: 'redis',
          ping: () => {
            throw new Error('refused at once');
          },
        },
        { name: 'search', ping: () => new Promise(() => undefined) },
      ],
      50,
    );
    expect(states).toEqual({ database: 'ok', redis: 'unreachable', search: 'timeout' });
  });
});
