import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { UnsubscribeView } from '../../../shared/contract/notifications';
import type { Db } from '../../db/database';
import type { Mail } from '../../platform/mail';
import { insertViewers } from '../../testing/bulk-viewers';
import { createTestApp, describeEachEngine, ENGINES, type TestApp } from '../../testing/harness';
import { drainNotifications } from './notification-worker';
import { notify } from './notifications.service';
import { notifyNow } from '../../testing/notifications';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'test-secret-test-secret-test-secret!';

/** Sends what is due through a mailer that keeps what it is handed. */
async function deliverAll(t: TestApp): Promise<Mail[]> {
  const received: Mail[] = [];
  await drainNotifications(t.app.ctx, { send: async (mail) => void received.push(mail) });
  return received;
}

const emailPreferences = (db: Db) =>
  db.selectFrom('notification_preferences').select(['user_id', 'kind', 'channel', 'enabled']).orderBy('kind').execute();

async function addSubscriber(db: Db, email: string) {
  const subscriber = await db
    .insertInto('subscribers')
    .values({ email, created_at: '2026-06-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscriptions')
    .values([
      {
        subscriber_id: subscriber.id,
        purpose: 'show_alerts',
        scope: 'all',
        state: 'confirmed',
        requested_at: '2026-06-01T00:00:00.000Z',
        confirmed_at: '2026-06-01T00:05:00.000Z',
      },
      {
        subscriber_id: subscriber.id,
        purpose: 'newsletter',
        scope: 'all',
        state: 'confirmed',
        requested_at: '2026-06-01T00:00:00.000Z',
        confirmed_at: '2026-06-01T00:05:00.000Z',
      },
    ])
    .execute();
  return subscriber.id;
}

const subscriptionsOf = (db: Db) =>
  db.selectFrom('subscriptions').select(['purpose', 'state', 'confirmed_at', 'cancelled_at']).orderBy('id').execute();

describe('unsubscribe tokens', () => {
  it('read back what they were signed for, and nothing once tampered with or signed by another secret', () => {
    const token = unsubscribeToken(SECRET, { type: 'viewer', userId: 12, kind: 'show_live' });
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ type: 'viewer', userId: 12, kind: 'show_live' });
    expect(readUnsubscribeToken(SECRET, token.replace('u.12.', 'u.13.'))).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.replace('show_live', 'chat_mention'))).toBeNull();
    expect(readUnsubscribeToken('another-secret-another-secret-another', token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}x`)).toBeNull();
    const sub = unsubscribeToken(SECRET, { type: 'subscriber', subscriberId: 3, purpose: 'newsletter' });
    expect(readUnsubscribeToken(SECRET, sub)).toEqual({ type: 'subscriber', subscriberId: 3, purpose: 'newsletter' });
  });
});

describeEachEngine('unsubscribe links', (t) => {
  it('puts List-Unsubscribe and a footer link on every e-mail but a security notice', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'hdr', t().clock.now());
    await t()
      .db.transaction()
      .execute((trx) =>
        notify(trx, {
          userIds: [viewer!.id],
          kind: 'show_starting',
          subject: 'show:1',
          title: 'Starting soon',
          body: 'Soon.',
          data: {
            event_id: 1,
            title: 'Opal Hour',
            description: 'Opals.',
            cust_start: '2026-06-15T19:00:00.000Z',
            cust_end: '2026-06-15T20:00:00.000Z',
          },
          channels: ['email'],
          at: t().clock.now(),
        }),
      );
    await t()
      .db.transaction()
      .execute((trx) =>
        notify(trx, {
          userIds: [viewer!.id],
          kind: 'security_password',
          subject: 'password:1',
          title: 'Password changed',
          body: 'Your password was changed.',
          data: { at: t().clock.now().toISOString() },
          at: t().clock.now(),
        }),
      );
    const mails = await deliverAll(t());
    expect(mails).toHaveLength(2);
    const [show, security] = mails;
    const token = unsubscribeToken(SECRET, { type: 'viewer', userId: viewer!.id, kind: 'show_starting' });
    const link = `${t().config.publicUrl}/unsubscribe/${token}`;
    expect(show?.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The same link where a reader looks for it: the footer of both parts.
    expect(show?.text.endsWith(`Unsubscribe, or choose which e-mails you get: ${link}`)).toBe(true);
    expect(show?.html).toContain(`href="${link}"`);
    expect(security?.subject).toContain('password was changed');
    expect(security?.headers).toEqual({});
    expect(security?.text).not.toContain('/unsubscribe/');
    expect(security?.html).not.toContain('/unsubscribe/');
  });

  it('unsubscribes at one click (a form POST, no login), and the next notice of that kind sends no e-mail', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'one', t().clock.now());
    const token = unsubscribeToken(SECRET, { type: 'viewer', userId: viewer!.id, kind: 'contest_result' });
    const res = await t().app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: 'Done: you will not get these e-mails any more.' });
    expect(res.json<{ data: UnsubscribeView[] }>().data[0]).toMatchObject({
      email: 'o•••@bulk.example.com',
      kind: 'contest_result',
      subscribed: false,
    });
    expect(await emailPreferences(t().db)).toEqual([
      { user_id: viewer!.id, kind: 'contest_result', channel: 'email', enabled: 0 },
    ]);
    // Again, multipart this time: still off, nothing else written.
    const again = await t().app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);
    const empty = await t().app.inject({ method: 'POST', url: `/unsubscribe/${token}` });
    expect(empty.statusCode).toBe(200);
    expect(await emailPreferences(t().db)).toHaveLength(1);

    await notifyNow(t(), [viewer!.id], 'contest_result', 'contest:4');
    const deliveries = await t().db.selectFrom('notification_deliveries').select('channel').execute();
    expect(deliveries).toEqual([{ channel: 'push' }]);
    expect(await deliverAll(t())).toEqual([]);
  });

  it('refuses a tampered or unknown link, and a security kind, changing nothing', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'tam', t().clock.now());
    const token = unsubscribeToken(SECRET, { type: 'viewer', userId: viewer!.id, kind: 'show_live' });
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const bad = await t().app.inject({ method: 'POST', url: `/unsubscribe/${tampered}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: -1,
      message: 'This unsubscribe link is not valid. Use the link from the e-mail just as it came.',
    });
    const short = await t().app.inject({ method: 'POST', url: '/unsubscribe/nope' });
    expect(short.statusCode).toBe(400);
    const gone = unsubscribeToken(SECRET, { type: 'viewer', userId: 9999, kind: 'show_live' });
    const missing = await t().app.inject({ method: 'POST', url: `/unsubscribe/${gone}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'This unsubscribe link belongs to an address we no longer have.' });
    const locked = unsubscribeToken(SECRET, { type: 'viewer', userId: viewer!.id, kind: 'security_sign_in' });
    const refused = await t().app.inject({ method: 'POST', url: `/unsubscribe/${locked}` });
    expect(refused.statusCode).toBe(400);
    const viaApi = await t().post('/api/unsubscribe_v1', { token: tampered });
    expect(viaApi.http).toBe(400);
    expect(await emailPreferences(t().db)).toEqual([]);
  });

  it('cancels a subscriber’s subscriptions of the link’s purpose only, clearing the confirmation', async () => {
    const subscriberId = await addSubscriber(t().db, 'opal.fan@example.com');
    const token = unsubscribeToken(SECRET, { type: 'subscriber', subscriberId, purpose: 'show_alerts' });
    const view = await t().get<UnsubscribeView>('/api/unsubscribe_v1', { query: { token } });
    expect(view.body.data[0]).toEqual({ email: 'o•••@example.com', kind: null, preferences: [], subscribed: true });
    const res = await t().app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: UnsubscribeView[] }>().data[0]?.subscribed).toBe(false);
    expect(await subscriptionsOf(t().db)).toEqual([
      { purpose: 'show_alerts', state: 'cancelled', confirmed_at: null, cancelled_at: t().clock.now().toISOString() },
      { purpose: 'newsletter', state: 'confirmed', confirmed_at: '2026-06-01T00:05:00.000Z', cancelled_at: null },
    ]);
    // The withdrawal is on the consent record (decision 072), with how it came.
    const records = await t()
      .db.selectFrom('consent_records')
      .select(['purpose', 'scope', 'action', 'how', 'at'])
      .where('action', '=', 'withdrawn')
      .execute();
    expect(records).toEqual([
      {
        purpose: 'show_alerts',
        scope: 'all',
        action: 'withdrawn',
        how: 'one-click',
        at: t().clock.now().toISOString(),
      },
    ]);
    const grid = await t().post('/api/unsubscribe_v1', {
      token,
      preferences: [{ kind: 'show_live', channel: 'email', enabled: false }],
    });
    expect(grid.http).toBe(400);
  });

  it('shows and sets the e-mail column from the link (unsubscribe_v1), e-mail cells only', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'grid', t().clock.now());
    const token = unsubscribeToken(SECRET, { type: 'viewer', userId: viewer!.id, kind: 'coupon_issued' });
    const view = await t().get<UnsubscribeView>('/api/unsubscribe_v1', { query: { token } });
    expect(view.http).toBe(200);
    const shown = view.body.data[0]!;
    expect(shown.kind).toBe('coupon_issued');
    expect(shown.subscribed).toBe(true);
    expect(shown.preferences.every((cell) => cell.channel === 'email')).toBe(true);
    expect(shown.preferences.find((cell) => cell.kind === 'security_sign_in')).toMatchObject({
      enabled: true,
      locked: true,
    });

    const set = await t().post<UnsubscribeView>('/api/unsubscribe_v1', {
      token,
      preferences: [
        { kind: 'chat_mention', channel: 'email', enabled: true },
        { kind: 'coupon_issued', channel: 'email', enabled: false },
      ],
    });
    expect(set.http).toBe(200);
    expect(set.body.message).toBe('Your e-mail choices are saved.');
    expect(set.body.data[0]?.subscribed).toBe(false);
    const before = await emailPreferences(t().db);
    expect(before).toHaveLength(2);

    const push = await t().post('/api/unsubscribe_v1', {
      token,
      preferences: [{ kind: 'show_live', channel: 'push', enabled: false }],
    });
    expect(push.http).toBe(400);
    expect(push.body.message).toBe('From this link you can change e-mails only: sign in to change the rest.');
    const locked = await t().post('/api/unsubscribe_v1', {
      token,
      preferences: [{ kind: 'security_password', channel: 'email', enabled: false }],
    });
    expect(locked.http).toBe(400);
    expect(await emailPreferences(t().db)).toEqual(before);

    // Without preferences, the link's own kind goes off.
    const other = unsubscribeToken(SECRET, { type: 'viewer', userId: viewer!.id, kind: 'show_live' });
    const off = await t().post<UnsubscribeView>('/api/unsubscribe_v1', { token: other });
    expect(off.body.data[0]).toMatchObject({ kind: 'show_live', subscribed: false });
  });
});

for (const engine of ENGINES) {
  describe(`the unsubscribe page [${engine}]`, () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'gemcast-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body>Gemcast app</body></html>');
    let app: TestApp | null = null;
    afterEach(async () => {
      await app?.close();
    });
    afterAll(() => rmSync(webDir, { recursive: true, force: true }));

    it('is the web app on GET, while POST to the same address unsubscribes', async () => {
      app = await createTestApp(engine, { webDir });
      const [viewer] = await insertViewers(app.db, 1, 'page', app.clock.now());
      const token = unsubscribeToken(SECRET, { type: 'viewer', userId: viewer!.id, kind: 'show_live' });
      const page = await app.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Gemcast app');
      expect(await emailPreferences(app.db)).toEqual([]);
      const post = await app.app.inject({ method: 'POST', url: `/unsubscribe/${token}` });
      expect(post.statusCode).toBe(200);
      expect(await emailPreferences(app.db)).toHaveLength(1);
    });
  });
}
