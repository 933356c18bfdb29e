import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthedUser } from '../../../shared/contract/user';
import type { ChatToken } from '../../../shared/contract/chat';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { connectChat, type ChatClient } from './chat.test-client';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe.skipIf(!databaseUrl || !redisUrl)('chat across two server processes sharing PostgreSQL and Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-fanout-'));
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
      APP_SECRET: 'fanout-secret-fanout-secret-fanout!!',
      REDIS_URL: redisUrl,
      // Pub/sub ignores Redis's database number: a prefix of this run's own keeps its channels and
      // rate-limit keys apart from other tests on the same Redis (their user ids start at 1 too).
      REDIS_PREFIX: `fanout-${schema}:`,
      DATABASE_URL: databaseUrl,
    });
    for (let i = 0; i < 2; i++) {
      const handle = openDatabase({ kind: 'postgres', url: databaseUrl ?? '', schema, poolSize: 3 });
      handles.push(handle);
      // The first app migrates; the second finds the schema ready, as a second process would.
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
        first_name: 'Fan',
        last_name: 'Out',
        email: `fan-${tag}@example.com`,
        phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        password: 'violet-tourmaline-42',
      },
    });
    const user: AuthedUser = res.json().data[0];
    if (staff) {
      await app.ctx.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', user.id).execute();
      // Staff moderate from a session that passed the second factor (decision 085).
      await app.ctx.db
        .updateTable('sessions')
        .set({ second_factor_at: app.ctx.clock.now().toISOString(), second_factor_method: 'totp' })
        .where('user_id', '=', user.id)
        .execute();
    }
    return user;
  }

  async function chatToken(app: FastifyInstance, user: AuthedUser) {
    const res = await app.inject({ method: 'GET', url: '/api/weavy/token', headers: { token: user.tokenvalue } });
    const token: ChatToken = res.json().data[0];
    return token.token;
  }

  it('delivers a message, a delete, the member count and a ban from one process to a client of the other', async () => {
    const [one, two] = apps;
    const [baseOne, baseTwo] = bases;
    if (!one || !two || !baseOne || !baseTwo) throw new Error('both apps should be running');
    const viewer = await person(one);
    const staff = await person(two, true);
    const onOne = await connectChat(baseOne);
    const onTwo = await connectChat(baseTwo);
    try {
      await onOne.join(await chatToken(one, viewer), 'lobby');
      await onTwo.join(await chatToken(two, staff), 'lobby');
      expect((await onOne.next('presence', (p) => p.members === 2, 5000)).members).toBe(2);
      const text = `hello from process one ${randomUUID()}`;
      onOne.send({ type: 'message', text });
      const { message } = await onTwo.next('message');
      expect(message).toMatchObject({ text, userId: viewer.id });
      await onOne.next('message');
      onTwo.send({ type: 'delete', id: message.id });
      expect(await onOne.next('deleted')).toEqual({ type: 'deleted', id: message.id });
      onTwo.send({ type: 'ban', userId: viewer.id });
      expect((await onOne.next('error')).code).toBe('banned');
      expect((await onOne.closed).code).toBe(4403);
      expect((await onTwo.next('presence', (p) => p.members === 1, 5000)).members).toBe(1);
    } finally {
      await onOne.close();
      await onTwo.close();
    }
  });

  it("gives a joiner the other process's new and deleted messages, though a history was read before (decision 104)", async () => {
    const [one, two] = apps;
    const [baseOne, baseTwo] = bases;
    if (!one || !two || !baseOne || !baseTwo) throw new Error('both apps should be running');
    const viewer = await person(one);
    const staff = await person(two, true);
    const sockets: ChatClient[] = [];
    try {
      const open = async (base: string, app: FastifyInstance, user: AuthedUser) => {
        const client = await connectChat(base);
        sockets.push(client);
        return { client, welcome: await client.join(await chatToken(app, user), 'lobby') };
      };
      // Each process reads the lobby's history for a first join, and would share it with the next.
      const onOne = await open(baseOne, one, viewer);
      const onTwo = await open(baseTwo, two, staff);
      const text = `stored by process one ${randomUUID()}`;
      onOne.client.send({ type: 'message', text });
      const { message } = await onTwo.client.next('message');
      const laterOnTwo = await open(baseTwo, two, staff);
      expect(laterOnTwo.welcome.history.map((m) => m.id)).toContain(message.id);
      // Process one reads the history again with the message in it, and would share that.
      const laterOnOne = await open(baseOne, one, viewer);
      expect(laterOnOne.welcome.history.map((m) => m.id)).toContain(message.id);
      onTwo.client.send({ type: 'delete', id: message.id });
      await onOne.client.next('deleted', (d) => d.id === message.id);
      const afterDelete = await open(baseOne, one, viewer);
      expect(afterDelete.welcome.history.map((m) => m.id)).not.toContain(message.id);
      expect(afterDelete.welcome.deleted).toContain(message.id);
    } finally {
      for (const client of sockets) await client.close();
    }
  });
});
