// Redis restarted during chat (decision 092): two app instances share one database and a private
// Redis on port 6392; while one viewer writes, Redis is killed and started again. Every stored
// message reaches both viewers exactly once, live or by catching up from their last seen id.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, type ChatToken } from '../../shared/contract/chat';
import { openDatabase } from '../db/database';
import { connectChat, type ChatClient } from '../modules/chat/chat.test-client';
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

  it('loses no stored message and shows none twice across a Redis restart', { timeout: 60_000 }, async () => {
    const [one, two] = apps;
    const [baseOne, baseTwo] = bases;
    if (!one || !two || !baseOne || !baseTwo) throw new Error('both apps should be running');
    const writer = await one.createViewer();
    const reader = await two.createViewer({ email: 'reader@example.com', phone: '+15550109999' });

    /** A viewer's chat as the web client keeps it: reconnect on 1001, rejoin from the last seen id. */
    async function follow(t: TestApp, base: string, token: string) {
      const seen: number[] = [];
      let resent = 0;
      let reconnects = 0;
      let client: ChatClient | null = null;
      let isStopped = false;
      async function open(lastSeenId?: number) {
        const chatToken = (await t.get<ChatToken>('/api/weavy/token', { token })).body.data[0]?.token ?? '';
        const opened = await connectChat(base);
        client = opened;
        // The web client keeps messages by id (chat-state.ts), so one that arrived twice would be shown
        // once; the server sends none twice on a socket (live and in a rejoin's history), and a frame
        // for a message already shown is counted as resent.
        const show = (id: number) => {
          if (seen.includes(id)) resent += 1;
          else seen.push(id);
        };
        opened.socket.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as { type: string; message?: { id: number } };
          if (frame.type === 'message' && frame.message) show(frame.message.id);
        });
        const welcome = await opened.join(chatToken, 'lobby', lastSeenId);
        for (const message of welcome.history) if (!lastSeenId || message.id > lastSeenId) show(message.id);
        void opened.closed.then(async ({ code }) => {
          if (isStopped || code !== CLOSE_CODES.goingAway) return;
          reconnects += 1;
          await open(seen.length ? Math.max(...seen) : undefined);
        });
      }
      await open();
      return {
        seen,
        send: (text: string) => client?.send({ type: 'message', text }),
        reconnects: () => reconnects,
        resent: () => resent,
        async stop() {
          isStopped = true;
          await client?.close();
        },
      };
    }

    const writing = await follow(one, baseOne, writer.tokenvalue);
    const reading = await follow(two, baseTwo, reader.tokenvalue);
    let restartedMs = 0;
    for (let i = 0; i < MESSAGES_SENT; i += 1) {
      writing.send(`message ${i}`);
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
    await writing.stop();
    await reading.stop();

    const stored = (await one.db.selectFrom('chat_messages').select('id').orderBy('id').execute()).map((r) => r.id);
    console.log(
      `Redis restart (${(restartedMs / 1000).toFixed(1)} s down): ${stored.length} messages stored; ` +
        `writer shown ${writing.seen.length} (${writing.resent()} frames resent, ${writing.reconnects()} reconnects), ` +
        `reader on the other process shown ${reading.seen.length} (${reading.resent()} resent, ${reading.reconnects()} reconnects)`,
    );
    expect(stored.length).toBeGreaterThan(0);
    // Every stored message shown, each once, and no frame sent twice.
    expect([...reading.seen].sort((a, b) => a - b)).toEqual(stored);
    expect([...writing.seen].sort((a, b) => a - b)).toEqual(stored);
    expect({ writer: writing.resent(), reader: reading.resent() }).toEqual({ writer: 0, reader: 0 });
  });
});
