import { expect, it } from 'vitest';
import type { Db } from '../../db/database';
import type { Mail } from '../../platform/mail';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { sendDueReminders } from '../rsvp/reminders';
import {
  deliverDueNotifications,
  drainNotifications,
  MAX_ATTEMPTS,
  messageIdFor,
  RETRY_DELAYS_MS,
} from './notification-worker';
import { notify, type NotifyInput } from './notifications.service';

const MINUTE = 60_000;

const reminderFor = (t: TestApp, userIds: number[], subject = 'show:1'): NotifyInput => ({
  userIds,
  kind: 'show_starting',
  subject,
  title: 'Starting soon: Opal Hour',
  body: '"Opal Hour" goes live within the hour.',
  url: `${t.config.publicUrl}/live`,
  data: {
    event_id: 1,
    title: 'Opal Hour',
    description: 'Australian opals, live.',
    cust_start: '2026-06-15T19:00:00.000Z',
    cust_end: '2026-06-15T20:00:00.000Z',
  },
  channels: ['email'],
  at: t.clock.now(),
});

const deliveries = (db: Db) =>
  db
    .selectFrom('notification_deliveries')
    .select(['id', 'notification_id', 'channel', 'state', 'attempts', 'next_attempt_at', 'locked_until', 'last_error'])
    .orderBy('id')
    .execute();

/** A mailer that keeps what it was handed, and fails while `failing` is set. */
function fakeMailer() {
  const received: Mail[] = [];
  const mailer = {
    received,
    failing: false,
    /** Each hand-off waits a moment, so concurrent workers really do interleave. */
    async send(mail: Mail) {
      await new Promise((resolve) => setImmediate(resolve));
      if (mailer.failing) throw new Error('SMTP said 451 try later');
      received.push(mail);
    },
  };
  return mailer;
}

describeEachEngine('the notification outbox', (t) => {
  it('records nothing when the transaction that notified rolls back', async () => {
    const [viewer] = await insertViewers(t().db, 1, 'rb', t().clock.now());
    await expect(
      t()
        .db.transaction()
        .execute(async (trx) => {
          expect(await notify(trx, reminderFor(t(), [viewer!.id]))).toBe(1);
          throw new Error('the feature changed its mind');
        }),
    ).rejects.toThrow('the feature changed its mind');
    expect(await t().db.selectFrom('notifications').selectAll().execute()).toEqual([]);
    expect(await deliveries(t().db)).toEqual([]);
  });

  it('keeps one notification and one delivery when the same thing is notified twice', async () => {
    const [a, b] = await insertViewers(t().db, 2, 'tw', t().clock.now());
    await t()
      .db.transaction()
      .execute(async (trx) => expect(await notify(trx, reminderFor(t(), [a!.id, a!.id]))).toBe(1));
    await t()
      .db.transaction()
      .execute(async (trx) => expect(await notify(trx, reminderFor(t(), [a!.id, b!.id]))).toBe(1));
    const rows = await t()
      .db.selectFrom('notifications')
      .select(['user_id', 'kind', 'subject'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_id: a!.id, kind: 'show_starting', subject: 'show:1' },
      { user_id: b!.id, kind: 'show_starting', subject: 'show:1' },
    ]);
    expect((await deliveries(t().db)).map((d) => [d.channel, d.state, d.attempts])).toEqual([
      ['email', 'pending', 0],
      ['email', 'pending', 0],
    ]);
    const mailer = fakeMailer();
    expect((await drainNotifications(t().app.ctx, { send: mailer.send })).sent).toBe(2);
    // Notified again after sending: nothing new, nothing sent again.
    await t()
      .db.transaction()
      .execute(async (trx) => expect(await notify(trx, reminderFor(t(), [a!.id, b!.id]))).toBe(0));
    expect((await drainNotifications(t().app.ctx, { send: mailer.send })).sent).toBe(0);
    expect(mailer.received.map((m) => m.to).sort()).toEqual(['tw-0@bulk.example.com', 'tw-1@bulk.example.com']);
    expect(mailer.received[0]?.subject).toBe('Starting soon: Opal Hour');
    expect(mailer.received[0]?.text).toContain('Hi tw,');
  });

  it('sends each of 200 deliveries exactly once with two workers running at the same time', async () => {
    const viewers = await insertViewers(t().db, 200, 'two', t().clock.now());
    await t()
      .db.transaction()
      .execute(async (trx) =>
        notify(
          trx,
          reminderFor(
            t(),
            viewers.map((v) => v.id),
          ),
        ),
      );
    const mailer = fakeMailer();
    const [first, second] = await Promise.all([
      drainNotifications(t().app.ctx, { send: mailer.send, batchSize: 7 }),
      drainNotifications(t().app.ctx, { send: mailer.send, batchSize: 7 }),
    ]);
    expect(first!.sent + second!.sent).toBe(200);
    // Both took part (on SQLite their statements interleave; on PostgreSQL they claim side by side).
    expect(first!.sent).toBeGreaterThan(0);
    expect(second!.sent).toBeGreaterThan(0);
    const ids = mailer.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(200);
    expect(mailer.received.map((m) => m.to).sort()).toEqual(viewers.map((_, n) => `two-${n}@bulk.example.com`).sort());
    const states = await deliveries(t().db);
    expect(states.every((d) => d.state === 'sent' && d.attempts === 1)).toBe(true);
    expect(new Set(ids)).toEqual(new Set(states.map((d) => messageIdFor(d.id, t().config.publicUrl))));
  });

  it('retries a failing delivery with backoff, then gives up; a later success sends once', async () => {
    const [a, b] = await insertViewers(t().db, 2, 'rt', t().clock.now());
    await t()
      .db.transaction()
      .execute(async (trx) => notify(trx, reminderFor(t(), [a!.id])));
    const mailer = fakeMailer();
    mailer.failing = true;
    const start = t().clock.now().getTime();
    let at = start;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverDueNotifications(t().app.ctx, { send: mailer.send })).toMatchObject({ retried: 1 });
      at += RETRY_DELAYS_MS[attempt - 1]!;
      const [row] = await deliveries(t().db);
      expect(row).toMatchObject({
        state: 'pending',
        attempts: attempt,
        next_attempt_at: new Date(at).toISOString(),
        locked_until: null,
        last_error: 'SMTP said 451 try later',
      });
      // Not due a moment before its time.
      t().clock.set(new Date(at - 1));
      expect((await deliverDueNotifications(t().app.ctx, { send: mailer.send })).claimed).toBe(0);
      t().clock.set(new Date(at));
    }
    expect(RETRY_DELAYS_MS).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE]);
    expect(await deliverDueNotifications(t().app.ctx, { send: mailer.send })).toMatchObject({ failed: 1 });
    expect((await deliveries(t().db))[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    t().clock.advance(24 * 60 * MINUTE);
    expect((await drainNotifications(t().app.ctx, { send: mailer.send })).claimed).toBe(0);
    expect(mailer.received).toEqual([]);

    // Another one fails once, then goes through on its retry, once.
    await t()
      .db.transaction()
      .execute(async (trx) => notify(trx, reminderFor(t(), [b!.id])));
    expect(await deliverDueNotifications(t().app.ctx, { send: mailer.send })).toMatchObject({ retried: 1 });
    mailer.failing = false;
    t().clock.advance(MINUTE);
    expect(await deliverDueNotifications(t().app.ctx, { send: mailer.send })).toMatchObject({ sent: 1 });
    t().clock.advance(24 * 60 * MINUTE);
    expect((await drainNotifications(t().app.ctx, { send: mailer.send })).claimed).toBe(0);
    expect(mailer.received.map((m) => m.to)).toEqual(['rt-1@bulk.example.com']);
    expect((await deliveries(t().db))[1]).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });

  it('sends again once a delivery left sending past its lease (a crash), and never one marked sent', async () => {
    const viewers = await insertViewers(t().db, 3, 'cr', t().clock.now());
    await t()
      .db.transaction()
      .execute(async (trx) =>
        notify(
          trx,
          reminderFor(
            t(),
            viewers.map((v) => v.id),
          ),
        ),
      );
    const [crashed, done] = await deliveries(t().db);
    const lease = new Date(t().clock.now().getTime() + 10 * MINUTE).toISOString();
    // A worker that died mid-delivery: claimed, never marked.
    await t()
      .db.updateTable('notification_deliveries')
      .set({ state: 'sending', attempts: 1, locked_until: lease })
      .where('id', '=', crashed!.id)
      .execute();
    await t()
      .db.updateTable('notification_deliveries')
      .set({ state: 'sent', attempts: 1, sent_at: t().clock.now().toISOString() })
      .where('id', '=', done!.id)
      .execute();
    const mailer = fakeMailer();
    // Within the lease, only the untouched one goes.
    expect((await drainNotifications(t().app.ctx, { send: mailer.send })).sent).toBe(1);
    expect(mailer.received.map((m) => m.to)).toEqual(['cr-2@bulk.example.com']);
    t().clock.advance(10 * MINUTE);
    const fresh = fakeMailer();
    expect((await drainNotifications(t().app.ctx, { send: fresh.send })).sent).toBe(1);
    expect((await drainNotifications(t().app.ctx, { send: fresh.send })).sent).toBe(0);
    expect(fresh.received.map((m) => m.to)).toEqual(['cr-0@bulk.example.com']);
    expect(fresh.received[0]?.messageId).toBe(messageIdFor(crashed!.id, t().config.publicUrl));
    expect((await deliveries(t().db)).map((d) => [d.state, d.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a due RSVP gives one notification and one e-mail across two reminder passes and two workers', async () => {
    const viewer = await t().createViewer({ first_name: 'Beryl' });
    const show = await t().createEvent({
      title: 'Ruby Night',
      cust_start: new Date(t().clock.now().getTime() + 30 * MINUTE).toISOString(),
      cust_end: new Date(t().clock.now().getTime() + 90 * MINUTE).toISOString(),
    });
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    const passes = await Promise.all([sendDueReminders(t().app.ctx), sendDueReminders(t().app.ctx)]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    const mailer = fakeMailer();
    const [w1, w2] = await Promise.all([
      drainNotifications(t().app.ctx, { send: mailer.send }),
      drainNotifications(t().app.ctx, { send: mailer.send }),
    ]);
    expect(w1!.sent + w2!.sent).toBe(1);
    expect(await sendDueReminders(t().app.ctx)).toBe(0);
    expect((await drainNotifications(t().app.ctx, { send: mailer.send })).sent).toBe(0);
    expect(
      await t().db.selectFrom('notifications').select(['user_id', 'kind', 'subject', 'title', 'url']).execute(),
    ).toEqual([
      {
        user_id: viewer.id,
        kind: 'show_starting',
        subject: `show:${show.id}`,
        title: 'Starting soon: Ruby Night',
        url: `${t().config.publicUrl}/live`,
      },
    ]);
    expect(mailer.received).toHaveLength(1);
    expect(mailer.received[0]).toMatchObject({ to: viewer.email, subject: 'Starting soon: Ruby Night' });
    expect(mailer.received[0]?.text).toContain('Hi Beryl,');
    expect(mailer.received[0]?.text).toContain('"Ruby Night" goes live at');
  });
});
