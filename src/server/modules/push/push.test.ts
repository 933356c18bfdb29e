import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../../shared/messages';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { drainNotifications } from '../notifications/notification-worker';
import { notify } from '../notifications/notifications.service';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { checkVapid, startPushService, type PushServiceStandIn } from '../../testing/push-service';
import webPush from 'web-push';
import { createPushSender, DEFAULT_TTL_SECONDS, topicFor } from './push-sender';

const HOUR = 60 * 60_000;

let service: PushServiceStandIn;
beforeEach(async () => {
  service = await startPushService();
});
afterEach(async () => {
  await service.close();
});

function devices(t: TestApp) {
  return t.db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();
}

async function subscribe(t: TestApp, token: string, name: string) {
  const res = await t.post('/api/pushsubscription_v1', service.subscribe(name), { token });
  expect(res.http).toBe(200);
}

/** A "live now" push for one viewer about show 12, ending in `endsInMs`. */
async function notifyLive(t: TestApp, userId: number, endsInMs: number | null = HOUR) {
  const now = t.clock.now();
  await t.db.transaction().execute((trx) =>
    notify(trx, {
      userIds: [userId],
      kind: 'show_live',
      subject: 'show:12',
      title: 'Opal Hour is live',
      body: 'Join now: Australian opals, live.',
      url: '/live',
      channels: ['push'],
      at: now,
      expiresAt: endsInMs === null ? null : new Date(now.getTime() + endsInMs),
    }),
  );
}

function deliveries(t: TestApp) {
  return t.db
    .selectFrom('notification_deliveries')
    .select(['channel', 'state', 'attempts', 'last_error'])
    .orderBy('id')
    .execute();
}

function drain(t: TestApp) {
  const push = createPushSender({ ...t.app.ctx, vapid: t.config.vapid });
  return drainNotifications(t.app.ctx, { push });
}

describeEachEngine('web push', (t) => {
  it('gives the VAPID public key without a login, the same key on every start', async () => {
    const res = await t().get<{ public_key: string }>('/api/pushkey_v1');
    expect(res.http).toBe(200);
    const key = res.body.data[0]?.public_key ?? '';
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(key).toBe(t().config.vapid.publicKey);
    const file = path.join(t().config.dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const restarted = loadConfig({ DATA_DIR: t().config.dataDir, APP_SECRET: 'x'.repeat(32) });
    expect(restarted.vapid.publicKey).toBe(key);
    expect(restarted.vapid.subject).toBe('mailto:support@gemcast.example');
  });

  it("stores a device's subscription and moves it to the account signed in on it now", async () => {
    const first = await t().createViewer();
    const second = await t().createViewer();
    const subscription = service.subscribe('phone');
    const res = await t().post<{ endpoint: string }>(
      '/api/pushsubscription_v1',
      { ...subscription, expirationTime: Date.parse('2026-07-01T00:00:00Z') },
      { token: first.tokenvalue, headers: { 'user-agent': 'Test Browser 1.0' } },
    );
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(PUSH_MESSAGES.subscribed);
    expect(res.body.data[0]).toMatchObject({ endpoint: subscription.endpoint });
    expect(await devices(t())).toMatchObject([
      {
        user_id: first.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        expiration_time: '2026-07-01T00:00:00.000Z',
        user_agent: 'Test Browser 1.0',
      },
    ]);
    await subscribe(t(), second.tokenvalue, 'phone');
    expect(await devices(t())).toMatchObject([{ user_id: second.id, endpoint: subscription.endpoint }]);
  });

  it('refuses a subscription that is not a push address with its keys, and stores nothing', async () => {
    const viewer = await t().createViewer();
    const good = service.subscribe('phone');
    const bad = [
      { ...good, endpoint: 'ftp://push.example/abc' },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'http://push.example/abc' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } },
      { ...good, keys: { ...good.keys, auth: good.keys.auth.replace(/.$/, '+') } },
      { ...good, expirationTime: 'tomorrow' },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) {
      const res = await t().post('/api/pushsubscription_v1', body, { token: viewer.tokenvalue });
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe(-1);
    }
    expect(await devices(t())).toEqual([]);
  });

  it('asks for a login before storing or removing a device', async () => {
    const subscription = service.subscribe('phone');
    const stored = await t().post('/api/pushsubscription_v1', subscription);
    expect(stored.http).toBe(401);
    const removed = await t().post('/api/pushunsubscribe_v1', { endpoint: subscription.endpoint });
    expect(removed.http).toBe(401);
    const badToken = await t().post('/api/pushsubscription_v1', subscription, { token: 'nope' });
    expect(badToken.http).toBe(401);
    expect(await devices(t())).toEqual([]);
  });

  it("removes only the viewer's own device", async () => {
    const owner = await t().createViewer();
    const other = await t().createViewer();
    await subscribe(t(), owner.tokenvalue, 'phone');
    const endpoint = `${service.origin}/push/phone`;
    const notMine = await t().post<{ removed: boolean }>(
      '/api/pushunsubscribe_v1',
      { endpoint },
      { token: other.tokenvalue },
    );
    expect(notMine.http).toBe(200);
    expect(notMine.body.data[0]).toEqual({ removed: false });
    expect(await devices(t())).toHaveLength(1);
    const mine = await t().post<{ removed: boolean }>(
      '/api/pushunsubscribe_v1',
      { endpoint },
      { token: owner.tokenvalue },
    );
    expect(mine.body).toMatchObject({ message: PUSH_MESSAGES.unsubscribed, data: [{ removed: true }] });
    expect(await devices(t())).toEqual([]);
    const bad = await t().post('/api/pushunsubscribe_v1', { endpoint: 42 }, { token: owner.tokenvalue });
    expect(bad.http).toBe(400);
  });

  it('sends a show going live, encrypted and signed, to each of the viewer’s devices', async () => {
    const viewer = await t().createViewer();
    await subscribe(t(), viewer.tokenvalue, 'phone');
    await subscribe(t(), viewer.tokenvalue, 'laptop');
    await notifyLive(t(), viewer.id, 90 * 60_000);
    expect(await drain(t())).toMatchObject({ sent: 1, retried: 0 });
    expect(service.received.map((r) => r.name)).toEqual(['phone', 'laptop']);
    for (const push of service.received) {
      expect(push.payload).toEqual({
        title: 'Opal Hour is live',
        body: 'Join now: Australian opals, live.',
        url: '/live',
        tag: 'show:12',
        kind: 'show_live',
      });
      expect(push.ttl).toBe(90 * 60);
      expect(push.topic).toBe('show-12');
      expect(push.urgency).toBe('high');
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.vapid).toMatchObject({
        valid: true,
        publicKey: t().config.vapid.publicKey,
        claims: { aud: service.origin, sub: 'mailto:support@gemcast.example' },
      });
    }
    expect(await deliveries(t())).toMatchObject([{ channel: 'push', state: 'sent' }]);
    expect((await devices(t())).every((d) => d.last_success_at === t().clock.now().toISOString())).toBe(true);
  });

  it("reads the devices of a batch's viewers in one query, and sends each viewer only its own", async () => {
    const [ruby, opal, pearl] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    await subscribe(t(), ruby.tokenvalue, 'ruby-phone');
    await subscribe(t(), opal.tokenvalue, 'opal-phone');
    await subscribe(t(), ruby.tokenvalue, 'ruby-laptop');
    for (const viewer of [ruby, opal, pearl]) await notifyLive(t(), viewer.id);
    const counter = countingQueries(t().db);
    const push = createPushSender({ ...t().app.ctx, db: counter.db, vapid: t().config.vapid });
    expect(await drainNotifications(t().app.ctx, { push, batchSize: 10 })).toMatchObject({ claimed: 3, sent: 3 });
    expect(service.received.map((r) => r.name).sort()).toEqual(['opal-phone', 'ruby-laptop', 'ruby-phone']);
    // One read of the devices for the batch, then each device's success: none per viewer.
    expect(counter.take()).toBe(1 + 3);
  });

  it('gives a push without an end a day to arrive, at normal urgency', async () => {
    const viewer = await t().createViewer();
    await subscribe(t(), viewer.tokenvalue, 'phone');
    await t()
      .db.transaction()
      .execute((trx) =>
        notify(trx, {
          userIds: [viewer.id],
          kind: 'chat_mention',
          subject: 'chat:show:12:message:987654321',
          title: 'Ana mentioned you',
          body: '@Viewer look at this opal!',
          url: '/live',
          channels: ['push'],
          at: t().clock.now(),
        }),
      );
    await drain(t());
    expect(service.received[0]).toMatchObject({
      ttl: DEFAULT_TTL_SECONDS,
      urgency: 'normal',
      topic: topicFor('chat:show:12:message:987654321'),
    });
    expect(service.received[0]?.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('deletes a device its push service reports gone (410, 404) and keeps the others', async () => {
    const viewer = await t().createViewer();
    await subscribe(t(), viewer.tokenvalue, 'old-phone');
    await subscribe(t(), viewer.tokenvalue, 'laptop');
    await subscribe(t(), viewer.tokenvalue, 'tablet');
    service.answer('old-phone', 410);
    service.answer('tablet', 404);
    await notifyLive(t(), viewer.id);
    expect(await drain(t())).toMatchObject({ sent: 1, retried: 0 });
    expect((await devices(t())).map((d) => d.endpoint)).toEqual([`${service.origin}/push/laptop`]);
    expect(await deliveries(t())).toMatchObject([{ state: 'sent' }]);
  });

  it('retries through the outbox when the push service is busy or failing (429, 5xx)', async () => {
    const viewer = await t().createViewer();
    await subscribe(t(), viewer.tokenvalue, 'phone');
    service.answer('phone', 500, 429);
    await notifyLive(t(), viewer.id);
    expect(await drain(t())).toMatchObject({ sent: 0, retried: 1 });
    expect(await deliveries(t())).toMatchObject([
      { state: 'pending', attempts: 1, last_error: expect.stringContaining('answered 500') },
    ]);
    t().clock.advance(60_000);
    expect(await drain(t())).toMatchObject({ sent: 0, retried: 1 });
    t().clock.advance(5 * 60_000);
    expect(await drain(t())).toMatchObject({ sent: 1 });
    expect(service.received.map((r) => r.status)).toEqual([500, 429, 201]);
    expect(service.received[2]?.ttl).toBe((HOUR - 6 * 60_000) / 1000);
    expect(await devices(t())).toHaveLength(1);
  });

  it('sends nothing once the notification has expired, and nothing to a viewer without devices', async () => {
    const withDevice = await t().createViewer();
    const withoutDevice = await t().createViewer();
    await subscribe(t(), withDevice.tokenvalue, 'phone');
    service.answer('phone', 503);
    await notifyLive(t(), withDevice.id, 30 * 60_000);
    await notifyLive(t(), withoutDevice.id);
    expect(await drain(t())).toMatchObject({ claimed: 2, sent: 1, retried: 1 });
    // The retry falls due after the show has ended: the push would only announce a show that is over,
    // so the outbox gives it up as expired (decision 069) without asking the push service.
    t().clock.advance(31 * 60_000);
    expect(await drain(t())).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(service.received).toHaveLength(1);
    expect((await deliveries(t())).map((d) => [d.state, d.last_error])).toEqual([
      ['failed', 'expired'],
      ['sent', null],
    ]);
  });
});

describeEachEngine(
  'web push on a site served over https',
  (t) => {
    it('refuses a plain-http push address, even on this machine', async () => {
      const viewer = await t().createViewer();
      const res = await t().post('/api/pushsubscription_v1', service.subscribe('phone'), { token: viewer.tokenvalue });
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ message: PUSH_MESSAGES.insecureEndpoint, data: [{ field: 'endpoint' }] });
      expect(await devices(t())).toEqual([]);
    });
  },
  { publicUrl: 'https://gemcast.example' },
);

describe('the push service stand-in', () => {
  it('accepts only a VAPID signature for its own origin, made by the key it names', () => {
    const keys = webPush.generateVAPIDKeys();
    const other = webPush.generateVAPIDKeys();
    const origin = 'http://127.0.0.1:4000';
    const header = (audience: string, signer = keys) =>
      webPush.getVapidHeaders(
        audience,
        'mailto:support@gemcast.example',
        keys.publicKey,
        signer.privateKey,
        'aes128gcm',
      ).Authorization;
    expect(checkVapid(header(origin), origin).valid).toBe(true);
    expect(checkVapid(header('http://127.0.0.1:4001'), origin).valid).toBe(false);
    expect(checkVapid(header(origin, other), origin).valid).toBe(false);
    expect(checkVapid(undefined, origin).valid).toBe(false);
  });
});

describe('the VAPID key file', () => {
  it('stops start-up, naming DATA_DIR, when vapid.json does not hold a key pair', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-vapid-'));
    writeFileSync(path.join(dataDir, 'vapid.json'), JSON.stringify({ publicKey: 'short', privateKey: 'short' }));
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) })).toThrow(/^DATA_DIR: .*vapid\.json/);
  });
});

describe('the service worker file', () => {
  it('is served from the root without caching, while hashed assets are kept for a year', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'gemcast-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Gemcast</title>');
    writeFileSync(path.join(webDir, 'sw.js'), "self.addEventListener('push', () => undefined);");
    writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'export {};');
    const config = loadConfig({ DATA_DIR: webDir, WEB_DIR: webDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const app = await buildApp(config);
    try {
      const worker = await app.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toContain('javascript');
      expect(worker.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await app.close();
    }
  });
});
