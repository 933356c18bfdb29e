import { expect, it } from 'vitest';
import type { NotificationInbox, NotificationState } from '../../../shared/contract/notifications';
import { channelsOf, NOTIFICATION_KIND_NAMES } from '../../../shared/notification-kinds';
import type { Db } from '../../db/database';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine } from '../../testing/harness';
import { notify } from './notifications.service';
import { notifyNow } from '../../testing/notifications';

const GRID_SIZE = NOTIFICATION_KIND_NAMES.reduce((sum, kind) => sum + channelsOf(kind).length, 0);

async function choose(db: Db, userId: number, kind: string, channel: string, enabled: boolean) {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, kind, channel, enabled: enabled ? 1 : 0, updated_at: '2026-06-01T00:00:00.000Z' })
    .execute();
}

/** Each viewer's notifications of `subject`, with in_app, and the channels of their deliveries. */
async function recorded(db: Db, subject: string) {
  const rows = await db
    .selectFrom('notifications')
    .leftJoin('notification_deliveries', 'notification_deliveries.notification_id', 'notifications.id')
    .select(['notifications.user_id', 'notifications.in_app', 'notification_deliveries.channel'])
    .where('subject', '=', subject)
    .orderBy('notifications.user_id')
    .orderBy('notification_deliveries.channel')
    .execute();
  const out = new Map<number, { in_app: number; channels: string[] }>();
  for (const row of rows) {
    const entry = out.get(row.user_id!) ?? { in_app: row.in_app, channels: [] };
    if (row.channel) entry.channels.push(row.channel);
    out.set(row.user_id!, entry);
  }
  return out;
}

const preferencesOf = (db: Db) =>
  db.selectFrom('notification_preferences').selectAll().orderBy('user_id').orderBy('kind').orderBy('channel').execute();

describeEachEngine('notification preferences and the in-app list', (t) => {
  it('writes each viewer only the channels they have on, and keeps an in-app-off notice off the list', async () => {
    const [plain, noEmail, noInApp, noPush] = await insertViewers(t().db, 4, 'pref', t().clock.now());
    await choose(t().db, noEmail!.id, 'show_live', 'email', false);
    await choose(t().db, noInApp!.id, 'show_live', 'in_app', false);
    await choose(t().db, noPush!.id, 'show_live', 'push', false);
    // A choice for another kind changes nothing here.
    await choose(t().db, plain!.id, 'contest_result', 'email', false);
    await notifyNow(t(), [plain!.id, noEmail!.id, noInApp!.id, noPush!.id], 'show_live', 'show:7');

    const rows = await recorded(t().db, 'show:7');
    expect(rows.get(plain!.id)).toEqual({ in_app: 1, channels: ['email', 'push'] });
    expect(rows.get(noEmail!.id)).toEqual({ in_app: 1, channels: ['push'] });
    expect(rows.get(noInApp!.id)).toEqual({ in_app: 0, channels: ['email', 'push'] });
    expect(rows.get(noPush!.id)).toEqual({ in_app: 1, channels: ['email'] });

    const hidden = await t().get<NotificationInbox>('/api/getnotification', { token: noInApp!.token });
    expect(hidden.body.data[0]).toMatchObject({ items: [], unread: 0 });
    const shown = await t().get<NotificationInbox>('/api/getnotification', { token: plain!.token });
    expect(shown.body.data[0]?.items.map((item) => item.title)).toEqual(['About show:7']);
  });

  it('takes the kind defaults for cells never chosen: a channel off by default gets no delivery', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'dflt', t().clock.now());
    // chat_mention: in-app and push on, e-mail off until chosen.
    await notifyNow(t(), [viewer!.id], 'chat_mention', 'chat:1');
    expect((await recorded(t().db, 'chat:1')).get(viewer!.id)).toEqual({ in_app: 1, channels: ['push'] });
    await choose(t().db, viewer!.id, 'chat_mention', 'email', true);
    await notifyNow(t(), [viewer!.id], 'chat_mention', 'chat:2');
    expect((await recorded(t().db, 'chat:2')).get(viewer!.id)).toEqual({ in_app: 1, channels: ['email', 'push'] });
  });

  it('always delivers security notices, whatever is stored, and refuses to change their cells', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'sec', t().clock.now());
    // Cells stored behind the API's back (an old import, say) are still ignored.
    await choose(t().db, viewer!.id, 'security_password', 'email', false);
    await choose(t().db, viewer!.id, 'security_password', 'in_app', false);
    await notifyNow(t(), [viewer!.id], 'security_password', 'password:1');
    expect((await recorded(t().db, 'password:1')).get(viewer!.id)).toEqual({ in_app: 1, channels: ['email'] });

    const before = await preferencesOf(t().db);
    const refused = await t().post(
      '/api/setnotification',
      {
        action: 'preferences',
        preferences: [
          { kind: 'show_live', channel: 'email', enabled: false },
          { kind: 'security_sign_in', channel: 'email', enabled: false },
        ],
      },
      { token: viewer!.token },
    );
    expect(refused.http).toBe(400);
    expect(refused.body.message).toContain('New sign-in to your account');
    expect(refused.body.data).toEqual([{ field: 'preferences.1', message: 'locked' }]);
    expect(await preferencesOf(t().db)).toEqual(before);

    const inbox = await t().get<NotificationInbox>('/api/getnotification', { token: viewer!.token });
    const security = inbox.body.data[0]?.preferences.filter((cell) => cell.kind === 'security_password');
    expect(security).toEqual([
      { kind: 'security_password', channel: 'in_app', enabled: true, locked: true },
      { kind: 'security_password', channel: 'email', enabled: true, locked: true },
    ]);
  });

  it('lists the viewer’s notifications newest first, page by page, with the unread count and the grid', async () => {
    const [viewer, other] = await insertViewers(t().db, 2, 'page', t().clock.now());
    for (let n = 1; n <= 5; n += 1) await notifyNow(t(), [viewer!.id], 'coupon_issued', `coupon:${n}`);
    await notifyNow(t(), [other!.id], 'coupon_issued', 'coupon:9');
    await choose(t().db, viewer!.id, 'coupon_issued', 'push', true);

    const first = await t().get<NotificationInbox>('/api/getnotification', {
      token: viewer!.token,
      query: { limit: '2' },
    });
    expect(first.http).toBe(200);
    const page1 = first.body.data[0]!;
    expect(page1.items.map((item) => item.title)).toEqual(['About coupon:5', 'About coupon:4']);
    expect(page1.unread).toBe(5);
    expect(page1.items[0]).toMatchObject({
      kind: 'coupon_issued',
      body: 'Something happened.',
      read_at: null,
      url: null,
    });
    expect(page1.preferences).toHaveLength(GRID_SIZE);
    expect(page1.preferences.find((cell) => cell.kind === 'coupon_issued' && cell.channel === 'push')).toEqual({
      kind: 'coupon_issued',
      channel: 'push',
      enabled: true,
      locked: false,
    });
    // points_expiring has no push column at all.
    expect(page1.preferences.some((cell) => cell.kind === 'points_expiring' && cell.channel === 'push')).toBe(false);

    const second = await t().get<NotificationInbox>('/api/getnotification', {
      token: viewer!.token,
      query: { limit: '2', cursor: String(page1.next_cursor) },
    });
    expect(second.body.data[0]?.items.map((item) => item.title)).toEqual(['About coupon:3', 'About coupon:2']);
    const last = await t().get<NotificationInbox>('/api/getnotification', {
      token: viewer!.token,
      query: { limit: '2', cursor: String(second.body.data[0]?.next_cursor) },
    });
    expect(last.body.data[0]?.items.map((item) => item.title)).toEqual(['About coupon:1']);
    expect(last.body.data[0]?.next_cursor).toBeNull();
  });

  it('gives the site’s own links as paths, so they open in the app from any host, and keeps others', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'links', t().clock.now());
    const site = t().config.publicUrl.replace(/\/+$/, '');
    const links = [`${site}/live`, `${site}/rewards?tab=coupons`, 'https://elsewhere.example/help', null];
    for (const [n, url] of links.entries())
      await t()
        .db.transaction()
        .execute((trx) =>
          notify(trx, {
            userIds: [viewer!.id],
            kind: 'coupon_issued',
            subject: `coupon:${n}`,
            title: `Link ${n}`,
            body: 'A link.',
            url,
            at: t().clock.now(),
          }),
        );
    const res = await t().get<NotificationInbox>('/api/getnotification', { token: viewer!.token });
    expect(res.body.data[0]?.items.map((item) => item.url).reverse()).toEqual([
      '/live',
      '/rewards?tab=coupons',
      'https://elsewhere.example/help',
      null,
    ]);
  });

  it('refuses getnotification without a token and with a bad limit', async () => {
    expect((await t().get('/api/getnotification')).http).toBe(401);
    expect((await t().get('/api/getnotification', { token: 'gc_not-a-session' })).http).toBe(401);
    const [viewer] = await insertViewers(t().db, 1, 'bad', t().clock.now());
    const bad = await t().get('/api/getnotification', { token: viewer!.token, query: { limit: '500' } });
    expect(bad.http).toBe(400);
    expect(bad.body.message).toBe('limit is a number from 1 to 50.');
  });

  it('marks the viewer’s own notifications read, ignoring anyone else’s ids, then all of them', async () => {
    const [viewer, other] = await insertViewers(t().db, 2, 'read', t().clock.now());
    await notifyNow(t(), [viewer!.id, other!.id], 'giveaway_result', 'giveaway:1');
    await notifyNow(t(), [viewer!.id, other!.id], 'giveaway_result', 'giveaway:2');
    const ids = await t().db.selectFrom('notifications').select(['id', 'user_id']).orderBy('id').execute();
    const mine = ids.filter((row) => row.user_id === viewer!.id).map((row) => row.id);
    const theirs = ids.filter((row) => row.user_id === other!.id).map((row) => row.id);

    const read = await t().post<NotificationState>(
      '/api/setnotification',
      { action: 'read', ids: [mine[0], ...theirs] },
      { token: viewer!.token },
    );
    expect(read.http).toBe(200);
    expect(read.body.message).toBe('Marked as read.');
    expect(read.body.data[0]).toMatchObject({ unread: 1 });
    expect(read.body.data[0]?.preferences).toHaveLength(GRID_SIZE);
    const theirRows = await t().db.selectFrom('notifications').select('read_at').where('id', 'in', theirs).execute();
    expect(theirRows.every((row) => row.read_at === null)).toBe(true);

    const all = await t().post<NotificationState>(
      '/api/setnotification',
      { action: 'read_all' },
      { token: viewer!.token },
    );
    expect(all.body.data[0]?.unread).toBe(0);
    const theirInbox = await t().get<NotificationInbox>('/api/getnotification', { token: other!.token });
    expect(theirInbox.body.data[0]?.unread).toBe(2);
  });

  it('saves preference cells, overwriting a repeat, and refuses a channel the kind does not use', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'set', t().clock.now());
    const saved = await t().post<NotificationState>(
      '/api/setnotification',
      {
        action: 'preferences',
        preferences: [
          { kind: 'show_live', channel: 'push', enabled: false },
          { kind: 'chat_mention', channel: 'email', enabled: true },
        ],
      },
      { token: viewer!.token },
    );
    expect(saved.http).toBe(200);
    expect(saved.body.message).toBe('Your choices are saved.');
    const cell = (kind: string, channel: string) =>
      saved.body.data[0]?.preferences.find((c) => c.kind === kind && c.channel === channel)?.enabled;
    expect(cell('show_live', 'push')).toBe(false);
    expect(cell('chat_mention', 'email')).toBe(true);
    await t().post(
      '/api/setnotification',
      { action: 'preferences', preferences: [{ kind: 'show_live', channel: 'push', enabled: true }] },
      { token: viewer!.token },
    );
    expect((await preferencesOf(t().db)).map((row) => [row.kind, row.channel, row.enabled])).toEqual([
      ['chat_mention', 'email', 1],
      ['show_live', 'push', 1],
    ]);

    const before = await preferencesOf(t().db);
    const unused = await t().post(
      '/api/setnotification',
      { action: 'preferences', preferences: [{ kind: 'points_expiring', channel: 'push', enabled: true }] },
      { token: viewer!.token },
    );
    expect(unused.http).toBe(400);
    expect(unused.body.message).toBe('"Points about to expire" is not sent by this device.');
    const unknown = await t().post(
      '/api/setnotification',
      { action: 'preferences', preferences: [{ kind: 'weather', channel: 'email', enabled: true }] },
      { token: viewer!.token },
    );
    expect(unknown.http).toBe(400);
    const noIds = await t().post('/api/setnotification', { action: 'read', ids: [] }, { token: viewer!.token });
    expect(noIds.http).toBe(400);
    expect(await preferencesOf(t().db)).toEqual(before);
  });

  it('refuses setnotification without a token, changing nothing', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'anon', t().clock.now());
    await notifyNow(t(), [viewer!.id], 'coupon_issued', 'coupon:1');
    expect((await t().post('/api/setnotification', { action: 'read_all' })).http).toBe(401);
    const rows = await t().db.selectFrom('notifications').select('read_at').execute();
    expect(rows).toEqual([{ read_at: null }]);
  });
});
