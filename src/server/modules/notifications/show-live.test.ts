// "Live now" on both engines (decision 069): exactly the viewers who RSVP'd and the confirmed
// show-alert subscribers are told (a subscriber with an account as that viewer, once), pending and
// cancelled subscriptions and other shows' alerts are not; a second pass adds nothing; a show first
// seen long after it started is not announced; e-mails reach subscribers by name and address, and
// nothing is delivered once the notification has expired (the show ended, or started for a reminder).
import { expect, it } from 'vitest';
import type { SubscriptionState } from '../../db/schema';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { sendDueReminders } from '../rsvp/reminders';
import { drainNotifications, EXPIRED } from './notification-worker';
import { announceLiveShows, LATE_AFTER_MS, SHOW_LIVE_CHUNKS } from './show-live';

const MINUTE = 60_000;

async function subscriber(t: TestApp, email: string, name: string, userId: number | null = null) {
  return t.db
    .insertInto('subscribers')
    .values({ email, name, user_id: userId, created_at: t.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function subscribe(t: TestApp, subscriberId: number, scope: string, state: SubscriptionState) {
  await t.db
    .insertInto('subscriptions')
    .values({
      subscriber_id: subscriberId,
      purpose: 'show_alerts',
      scope,
      event_id: scope.startsWith('show:') ? Number(scope.slice(5)) : null,
      state,
      requested_at: t.clock.now().toISOString(),
      confirmed_at: state === 'confirmed' ? t.clock.now().toISOString() : null,
      cancelled_at: state === 'cancelled' ? t.clock.now().toISOString() : null,
    })
    .execute();
}

const notificationsOf = (t: TestApp, kind: string) =>
  t.db
    .selectFrom('notifications')
    .select(['user_id', 'subscriber_id', 'subject', 'in_app', 'expires_at', 'url'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

describeEachEngine('show live now', (t) => {
  async function showIn(startsInMs: number, title = 'Opal Hour') {
    const now = t().clock.now().getTime();
    return t().createEvent({
      title,
      cust_start: new Date(now + startsInMs).toISOString(),
      cust_end: new Date(now + startsInMs + 90 * MINUTE).toISOString(),
    });
  }

  it('tells the RSVPs and confirmed alert subscribers once, not pending, cancelled or other shows', async () => {
    const show = await showIn(10 * MINUTE);
    const other = await showIn(10 * MINUTE, 'Ruby Night');
    const [amber, bea, cleo, dana] = [
      await t().createViewer({ first_name: 'Amber' }),
      await t().createViewer({ first_name: 'Bea' }),
      await t().createViewer({ first_name: 'Cleo' }),
      await t().createViewer({ first_name: 'Dana' }),
    ];
    for (const viewer of [amber, bea])
      await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    await t().post('/api/rsvpdata_v1', { eventid: other.id }, { token: dana.tokenvalue });
    // Bea RSVP'd and asked for alerts too: told once. Cleo only asked for alerts, with her account.
    await subscribe(t(), (await subscriber(t(), bea.email, 'Bea', bea.id)).id, 'all', 'confirmed');
    await subscribe(t(), (await subscriber(t(), cleo.email, 'Cleo', cleo.id)).id, `show:${show.id}`, 'confirmed');
    const every = await subscriber(t(), 'every@example.com', 'Evie');
    await subscribe(t(), every.id, 'all', 'confirmed');
    const one = await subscriber(t(), 'one@example.com', '');
    await subscribe(t(), one.id, `show:${show.id}`, 'confirmed');
    const elsewhere = await subscriber(t(), 'elsewhere@example.com', 'Ela');
    await subscribe(t(), elsewhere.id, `show:${other.id}`, 'confirmed');
    const pending = await subscriber(t(), 'pending@example.com', 'Pia');
    await subscribe(t(), pending.id, 'all', 'pending');
    const cancelled = await subscriber(t(), 'cancelled@example.com', 'Cass');
    await subscribe(t(), cancelled.id, 'all', 'cancelled');

    expect(await announceLiveShows(t().app.ctx)).toBe(0);
    t().clock.advance(11 * MINUTE);
    // Both shows are live: this show's 5 recipients, the other's Dana, Bea (all), Evie and Ela.
    expect(await announceLiveShows(t().app.ctx)).toBe(5 + 4);
    const rows = (await notificationsOf(t(), 'show_live')).filter((n) => n.subject === `show:${show.id}`);
    expect(rows.filter((n) => n.user_id !== null).map((n) => n.user_id)).toEqual(
      [amber.id, bea.id, cleo.id].sort((a, b) => a - b),
    );
    expect(rows.filter((n) => n.user_id === null).map((n) => [n.subscriber_id, n.in_app])).toEqual([
      [every.id, 0],
      [one.id, 0],
    ]);
    expect(new Set(rows.map((n) => n.expires_at))).toEqual(new Set([show.cust_end]));
    expect(rows[0]?.url).toBe(`${t().config.publicUrl}/live`);
    // Subscribers get e-mail only; viewers every channel the kind uses.
    const channels = await t()
      .db.selectFrom('notification_deliveries')
      .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
      .select(['notifications.subscriber_id', 'notification_deliveries.channel'])
      .where('notifications.subscriber_id', '=', every.id)
      .where('notifications.subject', '=', `show:${show.id}`)
      .execute();
    expect(channels).toEqual([{ subscriber_id: every.id, channel: 'email' }]);

    expect(await announceLiveShows(t().app.ctx)).toBe(0);
    expect(await t().db.selectFrom('show_live_announced').select('event_id').orderBy('event_id').execute()).toEqual([
      { event_id: show.id },
      { event_id: other.id },
    ]);

    const sent: { to: string; subject: string; text: string }[] = [];
    await drainNotifications(t().app.ctx, { send: async (mail) => void sent.push(mail) });
    const live = sent.filter((m) => m.subject === 'Live now: Opal Hour');
    expect(live.map((m) => m.to).sort()).toEqual(
      [amber.email, bea.email, cleo.email, 'every@example.com', 'one@example.com'].sort(),
    );
    expect(live.find((m) => m.to === 'every@example.com')?.text).toContain('Hi Evie,');
    expect(live.find((m) => m.to === 'one@example.com')?.text).toContain('Hi there,');
    expect(live.find((m) => m.to === 'one@example.com')?.text).toContain('asked Gemcast for show alerts');
    expect(sent.filter((m) => ['pending@example.com', 'cancelled@example.com'].includes(m.to))).toEqual([]);
  });
  it('writes a big show in several chunk transactions and counts each recipient once', async () => {
    const show = await showIn(MINUTE);
    const count = 2 * SHOW_LIVE_CHUNKS[t().app.ctx.dialect].size + 100;
    const viewers = await insertViewers(t().db, count, 'fan', t().clock.now());
    for (let i = 0; i < viewers.length; i += 500)
      await t()
        .db.insertInto('rsvps')
        .values(
          viewers.slice(i, i + 500).map((v) => ({
            user_id: v.id,
            event_id: show.id,
            rsvp_type: 'new',
            created_at: t().clock.now().toISOString(),
          })),
        )
        .execute();
    t().clock.advance(2 * MINUTE);
    expect(await announceLiveShows(t().app.ctx)).toBe(count);
    expect(await announceLiveShows(t().app.ctx)).toBe(0);
    expect((await notificationsOf(t(), 'show_live')).length).toBe(count);
  });

  it('does not announce a show first seen more than 15 minutes after it started', async () => {
    const viewer = await t().createViewer();
    const show = await showIn(MINUTE);
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    t().clock.advance(MINUTE + LATE_AFTER_MS + MINUTE);
    expect(await announceLiveShows(t().app.ctx)).toBe(0);
    expect(await notificationsOf(t(), 'show_live')).toEqual([]);
  });

  it('delivers nothing once the show has ended: the delivery fails as expired', async () => {
    const viewer = await t().createViewer();
    const show = await showIn(MINUTE);
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    t().clock.advance(2 * MINUTE);
    expect(await announceLiveShows(t().app.ctx)).toBe(1);
    t().clock.advance(90 * MINUTE);
    const mails: string[] = [];
    const pass = await drainNotifications(t().app.ctx, { send: async (mail) => void mails.push(mail.subject) });
    expect(mails).toEqual([]);
    expect(pass.sent).toBe(0);
    const deliveries = await t().db.selectFrom('notification_deliveries').select(['state', 'last_error']).execute();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(new Set(deliveries.map((d) => `${d.state} ${d.last_error}`))).toEqual(new Set([`failed ${EXPIRED}`]));
  });

  it('lets a reminder expire when the show starts', async () => {
    const viewer = await t().createViewer();
    const show = await showIn(30 * MINUTE, 'Ruby Night');
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    expect(await sendDueReminders(t().app.ctx)).toBe(1);
    expect((await notificationsOf(t(), 'show_starting'))[0]?.expires_at).toBe(show.cust_start);
    t().clock.advance(31 * MINUTE);
    expect((await drainNotifications(t().app.ctx)).sent).toBe(0);
    expect((await t().outbox()).filter((m) => m.subject === 'Starting soon: Ruby Night')).toEqual([]);
  });
});
