// The cap on chat sockets per IP (decision 053): CHAT_SOCKETS_PER_IP × PER_IP_LIMIT_SCALE open at
// once from one address; the next upgrade is answered 429 in the envelope before any token is read.
import WebSocket from 'ws';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ChatToken } from '../../../shared/contract/chat';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { connectChat, type ChatClient } from './chat.test-client';

type Refusal = { status: number; retryAfter: string | undefined; body: { status: number; message: string } };

/** Asks for an upgrade that should be refused, and reads the HTTP answer. */
function refusedUpgrade(base: string, headers: Record<string, string> = {}): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/chat/ws`, { headers });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the upgrade was accepted'));
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (request, response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        request.destroy();
        const retryAfter = response.headers['retry-after'];
        resolve({ status: response.statusCode ?? 0, retryAfter, body: JSON.parse(text) as Refusal['body'] });
      });
    });
  });
}

function suite(capacity: number) {
  return (t: () => TestApp) => {
    let base = '';
    const clients: ChatClient[] = [];
    beforeEach(async () => {
      await t().app.listen({ port: 0, host: '127.0.0.1' });
      const address = t().app.server.address();
      base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    });
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()));
    });

    /** A socket, from `from` (an X-Forwarded-For address, believed with TRUST_PROXY) or from 127.0.0.1. */
    async function open(from?: string) {
      const client = await connectChat(base, from ? { forwardedFor: from } : {});
      clients.push(client);
      return client;
    }
    async function openMany(count: number, from?: string) {
      const opened: ChatClient[] = [];
      for (let i = 0; i < count; i += 1) opened.push(await open(from));
      return opened;
    }

    it(`lets ${capacity} sockets open from one address, refuses the next with 429, and another after one closes`, async () => {
      const opened = await openMany(capacity);
      const refused = await refusedUpgrade(base);
      expect(refused).toEqual({
        status: 429,
        retryAfter: '60',
        body: expect.objectContaining({
          status: 0,
          statusCode: 429,
          message: 'Too many chat connections from your network. Close a tab or try again in a minute.',
        }),
      });
      // The open ones still work.
      const viewer = await t().createViewer();
      const token = (await t().get<ChatToken>('/api/weavy/token', { token: viewer.tokenvalue })).body.data[0]?.token;
      expect((await opened[0]?.join(token ?? '', 'lobby'))?.type).toBe('welcome');

      await opened[capacity - 1]?.close();
      // The server sees the close a moment after the client does.
      let again: ChatClient | null = null;
      for (let tries = 0; again === null && tries < 50; tries += 1) {
        again = await open().catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return null;
        });
      }
      expect(again).not.toBeNull();
      expect((await refusedUpgrade(base)).status).toBe(429);
    });

    it('leaves other addresses their own sockets', async () => {
      await openMany(capacity, '198.51.100.7');
      expect((await refusedUpgrade(base, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
      await openMany(capacity, '203.0.113.9');
      await openMany(capacity);
      expect((await refusedUpgrade(base, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    });

    it('refuses an address at its cap before reading the token: a banned viewer gets 429, not 403', async () => {
      const viewer = await t().createViewer();
      const token = (await t().get<ChatToken>('/api/weavy/token', { token: viewer.tokenvalue })).body.data[0]?.token;
      await t()
        .db.insertInto('chat_sanctions')
        .values({
          user_id: viewer.id,
          kind: 'ban',
          until: null,
          created_by: viewer.id,
          created_at: t().clock.now().toISOString(),
          lifted_at: null,
          lifted_by: null,
        })
        .execute();
      const cookie = `weavyInfo=${encodeURIComponent(token ?? '')}`;
      expect((await refusedUpgrade(base, { cookie })).status).toBe(403);
      await openMany(capacity);
      expect((await refusedUpgrade(base, { cookie })).status).toBe(429);
    });

    it('does not count plain HTTP requests to the socket address', async () => {
      for (let i = 0; i < capacity + 2; i += 1) expect((await t().get('/api/chat/ws')).http).toBe(426);
      await openMany(capacity);
    });
  };
}

describeEachEngine('chat sockets per IP', suite(3), { chatSocketsPerIp: 3, trustProxy: true });
describeEachEngine('chat sockets per IP, scaled', suite(4), {
  chatSocketsPerIp: 2,
  perIpLimitScale: 2,
  trustProxy: true,
});
