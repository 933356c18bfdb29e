// Redis restarted during chat (decision 092): two app instances share one database and a private
// Redis on port 6392; while viewers write, Redis is killed and started again. Every message sent is
// stored, and reaches every viewer exactly once, live or by catching up from their last seen id.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHAT_LIMITS, CLOSE_CODES, type ChatToken, type ServerFrame } from '../../shared/contract/chat';
import { openDatabase } from '../db/database';
import { connectChat, type ChatClient } from '../modules/chat/chat.test-client';
import { insertViewers } from '../testing/bulk-viewers';
import { createTestApp, type TestApp } from '../testing/harness';

const REDIS_PORT = 6392;
const MESSAGES_SENT = 30;

async function startRedis(): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    redis.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
  });
  return redis;
}

async function kill(redis: ChildProcess) {
  if (redis.exitCode !== null || redis.signalCode !== null) return;
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
}

describe('Redis restarted during chat [sqlite, two app instances, private Redis]', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-redis-fault-'));
  let redis: ChildProcess | null = null;
  const apps: TestApp[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    for (let i = 0; i < 2; i += 1) {
      const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'gemcast.db') });
      const t = await createTestApp('sqlite', { redisUrl: `redis://127.0.0.1:${REDIS_PORT}` }, { database });
      apps.push(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      bases.push(typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '');
    }
  }, 60_000);

  afterAll(async () => {
    for (const t of apps) await t.close();
    if (redis) await kill(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores every message and loses none, shows none twice, across a Redis restart', { timeout: 60_000 }, async () => {
    const [one, two] = apps;
    const [baseOne, baseTwo] = bases;
    if (!one || !two || !baseOne || !baseTwo) throw new Error('both apps should be running');
    // A viewer may send CHAT_LIMITS.ratePerWindow messages per window: the messages are spread over
    // enough writers that none is refused, so every message sent must be stored.
    const writerCount = Math.ceil(MESSAGES_SENT / CHAT_LIMITS.ratePerWindow);
    const writers = await insertViewers(one.db, writerCount, 'rr', one.clock.now());
    const [reader] = await insertViewers(two.db, 1, 'rrreader', two.clock.now());
    if (!reader) throw new Error('the reader should exist');

    /**
     * A viewer's chat as the web client keeps it: reconnect on 1001 and rejoin from the last seen
     * id; send only while joined (the composer is disabled otherwise) and keep a message whose
     * echo never came, to send it again once joined, unless the rejoin's history holds it. A resend
     * refused as a duplicate was stored after all (only a message the server took is remembered):
     * its echo, live or in a later rejoin's history, is waited for.
     */
    async function follow(t: TestApp, base: string, token: string) {
      const seen: number[] = [];
      const texts = new Set<string>();
      const refusals = new Map<string, string>();
      let resent = 0;
      let sentAgain = 0;
      let reconnects = 0;
      let client: ChatClient | null = null;
      let joined: Promise<void> = Promise.resolve();
      let isStopped = false;
      async function open(lastSeenId?: number) {
        const chatToken = (await t.get<ChatToken>('/api/weavy/token', { token })).body.data[0]?.token ?? '';
        const opened = await connectChat(base);
        client = opened;
        // The web client keeps messages by id (chat-state.ts), so one that arrived twice would be shown
        // once; the server sends none twice on a socket (live and in a rejoin's history), and a frame
        // for a message already shown is counted as resent.
        const show = (message: { id: number; text: string }) => {
          texts.add(message.text);
          if (seen.includes(message.id)) resent += 1;
          else seen.push(message.id);
        };
        opened.socket.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as ServerFrame;
          if (frame.type === 'message') show(frame.message);
          if (frame.type === 'notice') refusals.set(frame.clientId ?? '', frame.code);
        });
        const welcome = await opened.join(chatToken, 'lobby', lastSeenId);
        for (const message of welcome.history) if (!lastSeenId || message.id > lastSeenId) show(message);
        void opened.closed.then(({ code }) => {
          if (isStopped || code !== CLOSE_CODES.goingAway) return;
          reconnects += 1;
          joined = open(seen.length ? Math.max(...seen) : undefined);
        });
      }
      await open();

      /** Sends `text` and waits for its echo, sending it again after a reconnect that lost it. */
      async function say(text: string) {
        const deadline = Date.now() + 15_000;
        const wait = () => new Promise((resolve) => setTimeout(resolve, 10));
        let tries = 0;
        while (!texts.has(text)) {
          if (Date.now() > deadline) throw new Error(`"${text}" was never shown to its writer`);
          await joined;
          const sentOn = client;
          if (refusals.get(text) !== 'duplicate' && sentOn?.socket.readyState === WebSocket.OPEN) {
            if (tries > 0) sentAgain += 1;
            tries += 1;
            sentOn.send({ type: 'message', text, clientId: text });
          }
          while (!texts.has(text) && client === sentOn && Date.now() < deadline) {
            const refusal = refusals.get(text);
            if (refusal && refusal !== 'duplicate') throw new Error(`"${text}" was refused: ${refusal}`);
            await wait();
          }
        }
      }

      return {
        seen,
        say,
        reconnects: () => reconnects,
        resent: () => resent,
        sentAgain: () => sentAgain,
        async stop() {
          isStopped = true;
          await joined;
          await client?.close();
        },
      };
    }

    const writing = await Promise.all(writers.map((writer) => follow(one, baseOne, writer.token)));
    const reading = await follow(two, baseTwo, reader.token);
    let restartedMs = 0;
    for (let i = 0; i < MESSAGES_SENT; i += 1) {
      await writing[i % writerCount]?.say(`message ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 60));
      if (i === 8 && redis) {
        const killedAt = Date.now();
        await kill(redis);
        await new Promise((resolve) => setTimeout(resolve, 800));
        redis = await startRedis();
        restartedMs = Date.now() - killedAt;
      }
    }
    // Time for the subscriptions to come back and the sockets to catch up.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const each of [...writing, reading]) await each.stop();

    const stored = await one.db.selectFrom('chat_messages').select(['id', 'text']).orderBy('id').execute();
    const storedIds = stored.map((row) => row.id);
    const sum = (count: (each: (typeof writing)[number]) => number) => writing.reduce((n, each) => n + count(each), 0);
    console.log(
      `Redis restart (${(restartedMs / 1000).toFixed(1)} s down): ${stored.length} messages stored; ` +
        `${writerCount} writers (${sum((w) => w.sentAgain())} sent again, ${sum((w) => w.resent())} frames resent, ` +
        `${sum((w) => w.reconnects())} reconnects), ` +
        `reader on the other process shown ${reading.seen.length} (${reading.resent()} resent, ${reading.reconnects()} reconnects)`,
    );
    // Every message sent stored once, none refused by the rate limit.
    expect(stored.map((row) => row.text).sort()).toEqual(
      Array.from({ length: MESSAGES_SENT }, (_, i) => `message ${i}`).sort(),
    );
    // Every stored message shown to every viewer, on both processes, each once.
    expect([...reading.seen].sort((a, b) => a - b)).toEqual(storedIds);
    for (const each of writing) expect([...each.seen].sort((a, b) => a - b)).toEqual(storedIds);
    // No frame sent twice on a socket.
    expect({ writers: sum((w) => w.resent()), reader: reading.resent() }).toEqual({ writers: 0, reader: 0 });
  });
});
