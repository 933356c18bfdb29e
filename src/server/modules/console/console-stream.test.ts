import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { ChatToken } from '../../../shared/contract/chat';
import { consoleStreamPath, type ConsoleChange, type ConsoleTick } from '../../../shared/contract/console';
import { buildApp } from '../../app';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine } from '../../testing/harness';
import { connectChat, type ChatClient } from '../chat/chat.test-client';
import { consoleCalls, createLiveShow, createPiece } from './console.factories';
import { sampleSlot } from './console.service';

const redisUrl = process.env.TEST_REDIS_URL ?? null;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** An open console stream, read as the web reads it (fetch and a reader), with its events in order. */
async function openStream(base: string, eventId: number, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${consoleStreamPath(eventId)}`, {
    headers: { token },
    signal: controller.signal,
  });
  const ticks: ConsoleTick[] = [];
  const changes: ConsoleChange[] = [];
  let text = '';
  let ended = false;
  const reading = (async () => {
    if (!response.body || response.status !== 200) return;
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
          const match = /^event: (\w+)\ndata: (.*)$/m.exec(block);
          if (match?.[1] === 'counters') ticks.push(JSON.parse(match[2] ?? '{}') as ConsoleTick);
          if (match?.[1] === 'changed') changes.push(JSON.parse(match[2] ?? '{}') as ConsoleChange);
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  const until = async (done: () => boolean, what: string, ms = 2_500) => {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    response,
    ticks,
    changes,
    ended: () => ended,
    until,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

describeEachEngine(
  'the console event stream',
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

    /**
     * Accounts written straight to the tables: with Redis the sign-up limit per address is shared by
     * every test process on the machine, so registering through the API could be refused.
     */
    async function people() {
      const [staff, viewer] = await insertViewers(t().db, 2, 'console', t().clock.now());
      await t().db.updateTable('users').set({ is_staff: 1 }).where('id', '=', staff!.id).execute();
      await t().passSecondFactor(staff!.id);
      return { staff: { ...staff!, tokenvalue: staff!.token }, viewer: { ...viewer!, tokenvalue: viewer!.token } };
    }
    const staffName = 'console Viewer0';

    async function stream(base: string, eventId: number, token: string) {
      const s = await openStream(base, eventId, token);
      opened.push(s);
      return s;
    }

    it('sends the counters at once, stores the sample of a live show, and a change to every console', async () => {
      const { staff } = await people();
      const show = await createLiveShow(t());
      const base = await listen(t().app);
      const first = await stream(base, show.id, staff.tokenvalue);
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get('content-type')).toContain('text/event-stream');
      await first.until(() => first.ticks.length > 0, 'counters');
      expect(first.ticks[0]?.counters).toMatchObject({ viewers_now: 0, checkins: 0, rsvps: 0, messages_per_minute: 0 });
      // The sample is written just after the tick goes out.
      const samples = () => t().db.selectFrom('viewer_samples').selectAll().where('event_id', '=', show.id).execute();
      await expect
        .poll(samples, { timeout: 2_000 })
        .toEqual([{ event_id: show.id, at: sampleSlot(t().clock.now()), viewers: 0 }]);

      const second = await stream(base, show.id, staff.tokenvalue);
      await second.until(() => second.ticks.length > 0, 'counters');
      const res = await consoleCalls(t(), show.id, staff.tokenvalue).add({ title: 'Welcome', planned_minutes: 5 });
      expect(res.http).toBe(200);
      await first.until(() => first.changes.length > 0, 'a change');
      await second.until(() => second.changes.length > 0, 'a change');
      expect(second.changes[0]).toEqual({ action: 'segment_add', by: staffName, at: expect.any(String) });
    });

    it('refuses a stream without a token (401), to a viewer (403) and for a missing show (404), as the envelope', async () => {
      const { staff, viewer } = await people();
      const show = await createLiveShow(t());
      const base = await listen(t().app);
      const anonymous = await fetch(`${base}${consoleStreamPath(show.id)}`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ status: 0, statusCode: 401 });
      const forViewer = await fetch(`${base}${consoleStreamPath(show.id)}`, { headers: { token: viewer.tokenvalue } });
      expect(forViewer.status).toBe(403);
      const missing = await fetch(`${base}${consoleStreamPath(9999)}`, { headers: { token: staff.tokenvalue } });
      expect(missing.status).toBe(404);
    });

    it('tells a console on another server process of an action taken on this one', async () => {
      const { staff } = await people();
      const show = await createLiveShow(t());
      const other = await secondInstance();
      const remote = await stream(await listen(other), show.id, staff.tokenvalue);
      await remote.until(() => remote.ticks.length > 0, 'counters');
      const res = await consoleCalls(t(), show.id, staff.tokenvalue).act({ action: 'chat_pause', paused: true });
      expect(res.http, res.body.message).toBe(200);
      if (redisUrl) {
        await remote.until(() => remote.changes.length > 0, 'a change', 1_000);
        expect(remote.changes[0]).toMatchObject({ action: 'chat_pause', by: staffName });
      }
    });

    it('puts the segment’s piece on every viewer’s screen through the chat room', async () => {
      const { staff, viewer } = await people();
      const show = await createLiveShow(t());
      const piece = await createPiece(t());
      const c = consoleCalls(t(), show.id, staff.tokenvalue);
      await c.add({ title: 'The ring', planned_minutes: 10, piece_id: piece.id });
      const base = await listen(t().app);
      const chatToken = (await t().get<ChatToken>('/api/weavy/token', { token: viewer.tokenvalue })).body.data[0]!
        .token;
      const client: ChatClient = await connectChat(base);
      opened.push(client);
      await client.join(chatToken, show.id);
      const started = Date.now();
      expect((await c.act({ action: 'next_segment', from: null })).http).toBe(200);
      const frame = await client.next('now_showing', () => true, 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(frame).toEqual({
        type: 'now_showing',
        eventid: show.id,
        piece: expect.objectContaining({ id: piece.id, name: 'Emerald ring' }),
      });
    });

    it('ends every stream when the server closes', async () => {
      const { staff } = await people();
      const show = await createLiveShow(t());
      const other = await secondInstance();
      const s = await stream(await listen(other), show.id, staff.tokenvalue);
      await s.until(() => s.ticks.length > 0, 'counters');
      await other.close();
      others.splice(others.indexOf(other), 1);
      await s.until(() => s.ended(), 'the end', 2_000);
    });
  },
  // A prefix of this run's own: pub/sub ignores Redis's database number, and other tests' ids start at 1 too.
  redisUrl ? { redisUrl, redisPrefix: `console-${randomBytes(5).toString('hex')}:` } : {},
);
