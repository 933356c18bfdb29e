import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { NOTIFICATION_STREAM_PATH } from '../../../shared/contract/notifications';
import { buildApp } from '../../app';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine } from '../../testing/harness';
import { notifyNow } from '../../testing/notifications';

const redisUrl = process.env.TEST_REDIS_URL ?? null;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** An open stream, read as the web reads it (fetch and a reader), with its `unread` events in order. */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${NOTIFICATION_STREAM_PATH}`, { headers: { token }, signal: controller.signal });
  const counts: number[] = [];
  let text = '';
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = /^event: unread\ndata: (.*)$/m.exec(block)?.[1];
          if (data) counts.push((JSON.parse(data) as { unread: number }).unread);
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    counts,
    ended: () => ended,
    /** Resolves once the newest count is `unread`; fails after `ms`. */
    async until(unread: number, ms = 2_500) {
      const deadline = Date.now() + ms;
      while (counts.at(-1) !== unread) {
        if (Date.now() > deadline)
          throw new Error(`the count stayed ${counts.at(-1)}, not ${unread}: ${counts.join()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

describeEachEngine(
  'the live unread count',
  (t) => {
    const opened: { close: () => Promise<void> }[] = [];
    const others: FastifyInstance[] = [];
    afterEach(async () => {
      for (const stream of opened.splice(0)) await stream.close();
      for (const app of others.splice(0)) await app.close();
    });

    /** A second server process on the same database (and the same Redis, when there is one). */
    async function secondInstance() {
      const app = await buildApp(t().config, {
        clock: t().clock,
        database: { db: t().db, dialect: t().engine, close: async () => undefined },
      });
      others.push(app);
      return app;
    }

    it('sends the count on connect, again after a notification, and 0 after read_all', async () => {
      const [viewer, other] = await insertViewers(t().db, 2, 'live', t().clock.now());
      await notifyNow(t(), [viewer!.id], 'coupon_issued', 'coupon:1');
      const base = await listen(t().app);
      const stream = await openStream(base, viewer!.token);
      opened.push(stream);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      await stream.until(1);

      await notifyNow(t(), [viewer!.id, other!.id], 'coupon_issued', 'coupon:2');
      await stream.until(2);
      // In-app turned off for a kind: recorded, not counted.
      await t()
        .db.insertInto('notification_preferences')
        .values({ user_id: viewer!.id, kind: 'show_live', channel: 'in_app', enabled: 0, updated_at: 'x' })
        .execute();
      await notifyNow(t(), [viewer!.id], 'show_live', 'show:3');
      const read = await t().post('/api/setnotification', { action: 'read_all' }, { token: viewer!.token });
      expect(read.http).toBe(200);
      await stream.until(0);
      expect(stream.counts).toEqual([1, 2, 0]);
    });

    it('refuses a stream without a live token, and more than five at once for one viewer', async () => {
      const [viewer] = await insertViewers(t().db, 1, 'cap', t().clock.now());
      const base = await listen(t().app);
      const anonymous = await fetch(`${base}${NOTIFICATION_STREAM_PATH}`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ status: 0, statusCode: 401 });
      for (let n = 0; n < 5; n += 1) {
        const stream = await openStream(base, viewer!.token);
        opened.push(stream);
        await stream.until(0);
      }
      const sixth = await fetch(`${base}${NOTIFICATION_STREAM_PATH}`, { headers: { token: viewer!.token } });
      expect(sixth.status).toBe(429);
      expect((await sixth.json()) as { message: string }).toMatchObject({
        message: 'You have too many windows following your notifications. Close one and try again.',
      });
      // One closes: its place is free again.
      await opened.pop()?.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await openStream(base, viewer!.token);
      opened.push(again);
      expect(again.response.status).toBe(200);
    });

    it('updates a stream on one server process when another records the notification', async () => {
      const [viewer] = await insertViewers(t().db, 1, 'two', t().clock.now());
      const other = await secondInstance();
      const stream = await openStream(await listen(other), viewer!.token);
      opened.push(stream);
      await stream.until(0);
      // Recorded through the first app's database handle and read through the first app's API.
      await notifyNow(t(), [viewer!.id], 'giveaway_result', 'giveaway:1');
      await stream.until(1);
      if (redisUrl) {
        await t().post('/api/setnotification', { action: 'read_all' }, { token: viewer!.token });
        await stream.until(0);
      }
    });

    it('ends every stream when the server closes', async () => {
      const [viewer] = await insertViewers(t().db, 1, 'bye', t().clock.now());
      const other = await secondInstance();
      const stream = await openStream(await listen(other), viewer!.token);
      opened.push(stream);
      await stream.until(0);
      await other.close();
      others.splice(others.indexOf(other), 1);
      const deadline = Date.now() + 2_000;
      while (!stream.ended() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(stream.ended()).toBe(true);
    });
  },
  // A prefix of this run's own: pub/sub ignores Redis's database number, and other tests' ids start at 1 too.
  redisUrl ? { redisUrl, redisPrefix: `unread-${randomBytes(5).toString('hex')}:` } : {},
);
