// Deactivation across server processes (decision 089): two apps on one PostgreSQL schema and one
// Redis, as behind a load balancer. The viewer's token is cached on B; staff switch the account off
// on A; B refuses the token within a second (not after the cache's 3 s) and B's chat socket is told
// it was signed out and closes.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, type ChatToken } from '../../../shared/contract/chat';
import type { AuthedUser } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { connectChat } from '../chat/chat.test-client';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe.skipIf(!databaseUrl || !redisUrl)('ending sessions across two processes sharing PostgreSQL and Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-revoke-'));
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    const config = loadConfig({
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      APP_SECRET: 'revoke-secret-revoke-secret-revoke!!',
      REDIS_URL: redisUrl,
      // Pub/sub ignores Redis's database number: a prefix of this run's own keeps its channels and
      // rate-limit keys apart from other tests on the same Redis (their user ids start at 1 too).
      REDIS_PREFIX: `revoke-${schema}:`,
      DATABASE_URL: databaseUrl,
      SESSION_CACHE_MS: '3000',
    });
    for (let i = 0; i < 2; i++) {
      const handle = openDatabase({ kind: 'postgres', url: databaseUrl ?? '', schema, poolSize: 3 });
      handles.push(handle);
      const app = await buildApp(config, { database: handle });
      apps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      bases.push(typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '');
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await admin(`drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function person(app: FastifyInstance, staff = false): Promise<AuthedUser> {
    const tag = randomUUID().slice(0, 8);
    const res = await app.inject({
      method: 'POST',
      url: '/api/registeruser_v1',
      payload: {
        first_name: 'Pro',
        last_name: 'Cess',
        email: `proc-${tag}@example.com`,
        phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        password: 'violet-tourmaline-42',
      },
    });
    const user: AuthedUser = res.json().data[0];
    if (staff) {
      await app.ctx.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', user.id).execute();
      await app.ctx.db
        .updateTable('sessions')
        .set({ second_factor_at: new Date().toISOString(), second_factor_method: 'totp' })
        .where('user_id', '=', user.id)
        .execute();
    }
    return user;
  }

  /** An authenticated call that reads nothing but the caller (served from the session cache). */
  const profileOn = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/profile_v1', headers: { token } });

  it('refuses the token on B within a second of a deactivation on A, and signs out B’s chat socket', async () => {
    const [a, b] = apps;
    const baseB = bases[1];
    if (!a || !b || !baseB) throw new Error('both apps should be running');
    const staff = await person(a, true);
    const viewer = await person(a);

    const tokenRes = await b.inject({ method: 'GET', url: '/api/weavy/token', headers: { token: viewer.tokenvalue } });
    expect(tokenRes.statusCode).toBe(200);
    const chatToken: ChatToken = tokenRes.json().data[0];
    const socket = await connectChat(baseB);
    try {
      await socket.join(chatToken.token, 'lobby');
      // Cached on B now: without the revocation B would accept the token for up to 3 s more.
      expect((await profileOn(b, viewer.tokenvalue)).statusCode).toBe(200);

      const started = Date.now();
      const off = await a.inject({
        method: 'POST',
        url: `/api/staff/users/${viewer.id}/deactivate`,
        headers: { token: staff.tokenvalue },
      });
      expect(off.statusCode, off.body).toBe(200);
      let refusedAfter: number | null = null;
      while (Date.now() - started < 1000) {
        const res = await profileOn(b, viewer.tokenvalue);
        if (res.statusCode === 401) {
          refusedAfter = Date.now() - started;
          expect(res.json().message).toBe(MESSAGES.sessionExpired);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(refusedAfter, 'B refused the token within a second').not.toBeNull();
      expect(await socket.next('signed_out', () => true, 1000)).toEqual({
        type: 'signed_out',
        message: MESSAGES.sessionExpired,
      });
      expect((await socket.closed).code).toBe(CLOSE_CODES.signedOut);
    } finally {
      await socket.close();
    }
  });

  it('ends one session on every process when the viewer logs out, leaving their other session', async () => {
    const [a, b] = apps;
    if (!a || !b) throw new Error('both apps should be running');
    const viewer = await person(a);
    const login = await a.inject({
      method: 'POST',
      url: '/api/login_v1',
      payload: { email: viewer.email, password: 'violet-tourmaline-42' },
    });
    const second: AuthedUser = login.json().data[0];
    expect((await profileOn(b, viewer.tokenvalue)).statusCode).toBe(200);
    expect((await profileOn(b, second.tokenvalue)).statusCode).toBe(200);
    await a.inject({ method: 'POST', url: '/api/logout', headers: { token: viewer.tokenvalue } });
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 1000) {
      status = (await profileOn(b, viewer.tokenvalue)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(401);
    expect((await profileOn(b, second.tokenvalue)).statusCode).toBe(200);
  });
});
