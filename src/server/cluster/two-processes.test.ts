// The two-process suite (decision 093): two real server processes (`node --import tsx main.ts`) on
// one fresh PostgreSQL database and the shared Redis, as `npm run cluster` runs them behind nginx.
// Each assertion alternates the processes: rate limits count across both, chat and bans cross
// between them, presence and console counters agree, a logout on one is refused on the other
// within a second, and the scheduled jobs both start do their work once.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CLOSE_CODES, type ChatToken } from '../../shared/contract/chat';
import type { ConsoleSnapshot } from '../../shared/contract/console';
import type { AuthedUser } from '../../shared/contract/user';
import { MESSAGES } from '../../shared/messages';
import { laDay } from '../../shared/time';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { eventsRepository } from '../modules/events/events.repository';
import { newEventRow } from '../modules/events/event-row';
import { connectChat } from '../modules/chat/chat.test-client';
import { startBackend, stopBackend, waitReady, type Backend } from './backend';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** This suite's ports, inside the range kept for cluster work (3400–3420). */
const PORTS = [3418, 3419] as const;
const PASSWORD = 'violet-tourmaline-42';
const MINUTE = 60_000;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

type Json = { status: number; message: string; data: unknown[] };

async function call(port: number, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(options.token ? { token: options.token } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** Polls `check` every 25 ms until it answers true; answers the time it took, or null after `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return null;
}

describe.skipIf(!databaseUrl || !redisUrl)('two server processes on one PostgreSQL database and Redis', () => {
  const tag = randomBytes(5).toString('hex');
  const database = `gemcast_cluster_${tag}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-cluster-'));
  const appSecret = randomBytes(32).toString('base64url');
  const backends: Backend[] = [];
  const people: Record<string, AuthedUser> = {};
  let liveShowId = 0;
  const reminderTitle = `Cluster Reminder ${tag}`;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const clusterUrl = () => {
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${database}`;
    return url.toString();
  };
  const query = async <T>(sql: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: clusterUrl() });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as T[];
    } finally {
      await client.end();
    }
  };

  const env = (name: string): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, name),
    WEB_DIR: path.join(dataDir, name),
    DATABASE_URL: clusterUrl(),
    REDIS_URL: redisUrl ?? '',
    // Pub/sub ignores Redis's database number: the prefix keeps this suite's channels and rate-limit
    // keys apart from every other test on the same Redis (their ids start at 1 too).
    REDIS_PREFIX: `cluster-${tag}:`,
    APP_SECRET: appSecret,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SESSION_CACHE_MS: '3000',
  });

  /**
   * Everything the processes find when they start, written through an app of the test's own: the
   * accounts, a show on air, and what the jobs both processes run at start have to do (a reminder
   * due for a show starting soon, a birthday coupon due today), so the two race for it.
   */
  async function seed() {
    const config = loadConfig({ ...env('seed'), REDIS_URL: '', LOG_LEVEL: 'silent', PER_IP_LIMIT_SCALE: '100' });
    const app = await buildApp(config);
    try {
      for (const name of ['staff', 'chatter', 'leaver', 'watcherA', 'watcherB', 'locked', 'reminded', 'birthday']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/registeruser_v1',
          payload: {
            first_name: name,
            last_name: 'Cluster',
            email: `${name.toLowerCase()}-${tag}@example.com`,
            phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
            password: PASSWORD,
          },
        });
        const user: AuthedUser | undefined = res.json().data[0];
        if (!user) throw new Error(`registering ${name} failed: ${res.body}`);
        people[name] = user;
      }
      const db = app.ctx.db;
      const staff = people.staff?.id ?? 0;
      await db.updateTable('users').set({ is_staff: 1 }).where('id', '=', staff).execute();
      await db
        .updateTable('sessions')
        .set({ second_factor_at: new Date().toISOString(), second_factor_method: 'totp' })
        .where('user_id', '=', staff)
        .execute();
      await db
        .updateTable('users')
        .set({ birthday: `1990-${laDay(new Date()).slice(5)}` })
        .where('id', '=', people.birthday?.id ?? 0)
        .execute();
      const now = Date.now();
      const show = (fields: { title: string; startsIn: number }) =>
        eventsRepository.insert(
          db,
          newEventRow({
            title: fields.title,
            description: 'Two processes, one show.',
            cust_start: new Date(now + fields.startsIn).toISOString(),
            cust_end: new Date(now + fields.startsIn + 60 * MINUTE).toISOString(),
            created_at: new Date(now).toISOString(),
          }),
        );
      liveShowId = (await show({ title: `Cluster Live ${tag}`, startsIn: -10 * MINUTE })).id;
      const soon = await show({ title: reminderTitle, startsIn: 30 * MINUTE });
      const rsvp = await app.inject({
        method: 'POST',
        url: '/api/rsvpdata_v1',
        headers: { token: people.reminded?.tokenvalue ?? '' },
        payload: { eventid: soon.id },
      });
      if (rsvp.statusCode !== 200) throw new Error(`the RSVP failed: ${rsvp.body}`);
    } finally {
      await app.close();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${database}`);
    await seed();
    // Started together: their first passes of the scheduled jobs race, as after a deploy.
    backends.push(
      ...PORTS.map((port, i) =>
        startBackend({
          command: [process.execPath, '--import', 'tsx', path.join(repoRoot, 'src/server/main.ts')],
          port,
          env: env(`p${i}`),
        }),
      ),
    );
    await Promise.all(backends.map((backend) => waitReady(backend, 110_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(backends.map((backend) => stopBackend(backend, 5_000)));
    await admin(`drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const [A, B] = PORTS;
  const person = (name: string): AuthedUser => {
    const user = people[name];
    if (!user) throw new Error(`no ${name} was seeded`);
    return user;
  };
  const chatToken = async (port: number, user: AuthedUser) => {
    const res = await call(port, 'GET', '/api/weavy/token', { token: user.tokenvalue });
    const token = res.json.data[0] as ChatToken | undefined;
    if (!token) throw new Error(`no chat token: ${res.json.message}`);
    return token.token;
  };

  it('counts wrong passwords for one account across both processes', async () => {
    const { email } = person('locked');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(i % 2 ? B : A, 'POST', '/api/login_v1', { body: { email, password: `wrong-${i}` } });
      statuses.push(res.status);
    }
    // Ten failures, five on each process, pause the network; the eleventh try is refused on B.
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('carries chat and member counts between the processes, and a ban on A closes the socket on B within a second', async () => {
    const staff = person('staff');
    const chatter = person('chatter');
    const onA = await connectChat(`http://127.0.0.1:${A}`);
    const onB = await connectChat(`http://127.0.0.1:${B}`);
    try {
      await onA.join(await chatToken(A, staff), 'lobby');
      await onB.join(await chatToken(B, chatter), 'lobby');
      expect((await onA.next('presence', (p) => p.members === 2, 5000)).members).toBe(2);
      expect((await onB.next('presence', (p) => p.members === 2, 5000)).members).toBe(2);

      const text = `from A to B ${randomUUID()}`;
      onA.send({ type: 'message', text });
      expect((await onB.next('message', (m) => m.message.text === text)).message.userId).toBe(staff.id);
      const reply = `from B to A ${randomUUID()}`;
      onB.send({ type: 'message', text: reply });
      expect((await onA.next('message', (m) => m.message.text === reply)).message.userId).toBe(chatter.id);

      const started = Date.now();
      onA.send({ type: 'ban', userId: chatter.id });
      expect((await onB.next('error', (e) => e.code === 'banned', 1000)).code).toBe('banned');
      expect((await onB.closed).code).toBe(CLOSE_CODES.banned);
      expect(Date.now() - started).toBeLessThan(1000);
      // B turns the banned viewer away at the door too: the ban is in the database, not in A's memory.
      const again = await call(B, 'GET', '/api/weavy/token', { token: chatter.tokenvalue });
      expect(again.status).toBe(403);
      expect(again.json.message).toBe(CHAT_MESSAGES.banned);
      expect((await onA.next('presence', (p) => p.members === 1, 5000)).members).toBe(1);
    } finally {
      await onA.close();
      await onB.close();
    }
  });

  it('agrees on who is watching: the presence answer and the console counters are the same on A and B', async () => {
    const staff = person('staff');
    const watch = (port: number, who: string) =>
      call(port, 'GET', `/api/userlivelog?eventid=${liveShowId}&watch_stream=start`, {
        token: person(who).tokenvalue,
      });
    expect((await watch(A, 'watcherA')).status).toBe(200);
    const second = await watch(B, 'watcherB');
    expect(second.json.data[0]).toMatchObject({ eventid: liveShowId, viewers: 2 });
    const counters = async (port: number) => {
      const res = await call(port, 'GET', `/api/staff/console/${liveShowId}`, { token: staff.tokenvalue });
      expect(res.status, res.json.message).toBe(200);
      const { at: _at, ...rest } = (res.json.data[0] as ConsoleSnapshot).counters;
      return rest;
    };
    const [onA, onB] = await Promise.all([counters(A), counters(B)]);
    expect(onA.viewers_now).toBe(2);
    expect(onB).toEqual(onA);
  });

  it('refuses a token on B within a second of its logout on A', async () => {
    const { tokenvalue } = person('leaver');
    // Cached on B now: without the revocation B would accept it for up to SESSION_CACHE_MS more.
    expect((await call(B, 'GET', '/api/profile_v1', { token: tokenvalue })).status).toBe(200);
    expect((await call(A, 'POST', '/api/logout', { token: tokenvalue })).status).toBe(200);
    const refusedAfter = await within(1000, async () => {
      const res = await call(B, 'GET', '/api/profile_v1', { token: tokenvalue });
      return res.status === 401 && res.json.message === MESSAGES.sessionExpired;
    });
    expect(refusedAfter, 'B refused the token within a second').not.toBeNull();
  });

  it('does each scheduled job’s work once: one reminder e-mailed, one birthday coupon', async () => {
    const reminded = person('reminded');
    const reminders = () =>
      query<{ id: number }>('select id from mail_outbox where to_address = $1 and subject = $2', [
        reminded.email,
        `Starting soon: ${reminderTitle}`,
      ]);
    // Both processes recorded reminders at start; the notification workers (every 5 s) deliver.
    expect(await within(15_000, async () => (await reminders()).length > 0)).not.toBeNull();
    // Another pass of both workers finds nothing more to send.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await reminders()).toHaveLength(1);
    expect(
      await query('select user_id from notifications where user_id = $1 and kind = $2', [reminded.id, 'show_starting']),
    ).toHaveLength(1);
    const coupons = await query<{ origin: string }>('select origin from coupons where user_id = $1', [
      person('birthday').id,
    ]);
    expect(coupons.map((c) => c.origin)).toEqual(['birthday']);
  }, 30_000);
});
