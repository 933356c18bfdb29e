import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import type { Mail } from '../../platform/mail';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { sendDueReminders } from '../rsvp/reminders';
import {
  DEFAULT_BATCH,
  DEFAULT_LEASE_MS,
  deliverDueNotifications,
  drainNotifications,
  MAX_ATTEMPTS,
  MAX_BATCH,
  messageIdFor,
  nextBatchSize,
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

/** How many of these messages arrived more than once, by Message-ID. */
const repeats = (mails: Mail[]) => mails.length - new Set(mails.map((m) => m.messageId)).size;

describeEachEngine('the notification outbox', (t) => {
  /** `count` new viewers, each with one show_starting e-mail delivery due now; the deliveries in id order. */
  async function dueDeliveries(count: number, tag: string) {
    const viewers = await insertViewers(t().db, count, tag, t().clock.now());
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
    return deliveries(t().db);
  }
  const idOf = (deliveryId: number) => messageIdFor(deliveryId, t().config.publicUrl);

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
    await dueDeliveries(200, 'two');
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
    expect(mailer.received.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 200 }, (_, n) => `two-${n}@bulk.example.com`).sort(),
    );
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
    await dueDeliveries(3, 'cr');
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
  it('claims due deliveries oldest first, and none that another worker holds under its lease', async () => {
    const [a, b, stranded, held, notYet] = await dueDeliveries(5, 'cl');
    const now = t().clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    // A worker that died: its lease ran out a minute ago, and the delivery was due before the others.
    await t()
      .db.updateTable('notification_deliveries')
      .set({ state: 'sending', attempts: 1, next_attempt_at: at(-5 * MINUTE), locked_until: at(-MINUTE) })
      .where('id', '=', stranded!.id)
      .execute();
    // A live worker's claim: due longest of all, but its lease runs five more minutes.
    await t()
      .db.updateTable('notification_deliveries')
      .set({ state: 'sending', attempts: 1, next_attempt_at: at(-10 * MINUTE), locked_until: at(5 * MINUTE) })
      .where('id', '=', held!.id)
      .execute();
    await t()
      .db.updateTable('notification_deliveries')
      .set({ attempts: 1, next_attempt_at: at(MINUTE) })
      .where('id', '=', notYet!.id)
      .execute();
    const mailer = fakeMailer();
    expect(await deliverDueNotifications(t().app.ctx, { send: mailer.send, batchSize: 2 })).toMatchObject({
      claimed: 2,
      sent: 2,
    });
    expect(new Set(mailer.received.map((m) => m.messageId))).toEqual(new Set([idOf(stranded!.id), idOf(a!.id)]));
    expect((await drainNotifications(t().app.ctx, { send: mailer.send })).sent).toBe(1);
    expect(mailer.received.map((m) => m.messageId)[2]).toBe(idOf(b!.id));
    expect((await deliveries(t().db)).map((d) => [d.id, d.state, d.attempts, d.locked_until])).toEqual([
      [a!.id, 'sent', 1, null],
      [b!.id, 'sent', 1, null],
      [stranded!.id, 'sent', 2, null],
      [held!.id, 'sending', 1, at(5 * MINUTE)],
      [notYet!.id, 'pending', 1, null],
    ]);
  });

  it('writes the sent marks of a batch together, when the oldest has waited markEveryMs and when it ends', async () => {
    await dueDeliveries(10, 'mk');
    const start = t().clock.now().getTime();
    const sentBefore: number[] = [];
    // Each hand-off takes 60 ms; before each, count the deliveries already marked sent.
    const send = async () => {
      sentBefore.push((await deliveries(t().db)).filter((d) => d.state === 'sent').length);
      t().clock.advance(60);
    };
    expect(await deliverDueNotifications(t().app.ctx, { send, batchSize: 10, markEveryMs: 200 })).toMatchObject({
      sent: 10,
    });
    // The first five went together once the first had waited 240 ms (at 300 ms); the rest at the end.
    expect(sentBefore).toEqual([0, 0, 0, 0, 0, 5, 5, 5, 5, 5]);
    const rows = await t()
      .db.selectFrom('notification_deliveries')
      .select(['state', 'sent_at'])
      .orderBy('id')
      .execute();
    const at = (ms: number) => new Date(start + ms).toISOString();
    expect(rows).toEqual([
      ...Array.from({ length: 5 }, () => ({ state: 'sent', sent_at: at(300) })),
      ...Array.from({ length: 5 }, () => ({ state: 'sent', sent_at: at(600) })),
    ]);
  });

  it('after a crash mid-batch sends again, once the lease ends, only what went out since the marks were written', async () => {
    const rows = await dueDeliveries(10, 'mid');
    const received: Mail[] = [];
    let handOffs = 0;
    // 60 ms a hand-off; the process dies during the 8th, so its promise never settles.
    const dying = async (mail: Mail) => {
      handOffs += 1;
      if (handOffs === 8) return new Promise<void>(() => undefined);
      t().clock.advance(60);
      received.push(mail);
    };
    void deliverDueNotifications(t().app.ctx, { send: dying, batchSize: 10, markEveryMs: 200 });
    await vi.waitFor(() => expect(handOffs).toBe(8));
    // Marks for the first five were written at 300 ms; the 6th and 7th went out after that.
    expect((await deliveries(t().db)).map((d) => d.state)).toEqual([
      ...Array.from({ length: 5 }, () => 'sent'),
      ...Array.from({ length: 5 }, () => 'sending'),
    ]);
    const fresh = fakeMailer();
    // Within the lease, nothing is taken over.
    expect((await drainNotifications(t().app.ctx, { send: fresh.send })).claimed).toBe(0);
    t().clock.advance(DEFAULT_LEASE_MS);
    expect((await drainNotifications(t().app.ctx, { send: fresh.send })).sent).toBe(5);
    const all = [...received, ...fresh.received];
    expect(new Set(all.map((m) => m.messageId))).toEqual(new Set(rows.map((d) => idOf(d.id))));
    // Sent twice: the hand-offs since the last marks were written (under 200 ms of them), no more.
    expect(repeats(all)).toBe(2);
    expect(fresh.received.map((m) => m.messageId).slice(0, 2)).toEqual(received.slice(5).map((m) => m.messageId));
    expect((await deliveries(t().db)).map((d) => [d.state, d.attempts])).toEqual([
      ...Array.from({ length: 5 }, () => ['sent', 1]),
      ...Array.from({ length: 5 }, () => ['sent', 2]),
    ]);
  });

  it('hands a batch of e-mails to a mailer that takes them at once, and schedules them all again when it fails', async () => {
    const rows = await dueDeliveries(3, 'bt');
    const handed: Mail[][] = [];
    let isFailing = true;
    const ctx = {
      ...t().app.ctx,
      deliverMailBatch: async (mails: Mail[]) => {
        if (isFailing) throw new Error('the outbox disk is full');
        handed.push(mails);
      },
    };
    expect(await deliverDueNotifications(ctx)).toMatchObject({ claimed: 3, retried: 3 });
    const retryAt = new Date(t().clock.now().getTime() + MINUTE).toISOString();
    expect((await deliveries(t().db)).map((d) => [d.state, d.attempts, d.next_attempt_at, d.last_error])).toEqual(
      rows.map(() => ['pending', 1, retryAt, 'the outbox disk is full']),
    );
    isFailing = false;
    t().clock.advance(MINUTE);
    expect(await deliverDueNotifications(ctx)).toMatchObject({ claimed: 3, sent: 3 });
    expect(handed.map((mails) => mails.map((m) => m.messageId))).toEqual([rows.map((d) => idOf(d.id))]);
    expect((await deliveries(t().db)).every((d) => d.state === 'sent' && d.attempts === 2)).toBe(true);
  });

  it('writes a batch into the dev outbox in one go, each file under its row with its delivery’s Message-ID', async () => {
    const rows = await dueDeliveries(3, 'ob');
    expect(t().app.ctx.deliverMailBatch).toBeDefined();
    expect((await drainNotifications(t().app.ctx)).sent).toBe(3);
    const stored = await t().outbox();
    expect(stored.map((m) => m.to_address)).toEqual([
      'ob-0@bulk.example.com',
      'ob-1@bulk.example.com',
      'ob-2@bulk.example.com',
    ]);
    const dir = path.join(t().config.dataDir, 'outbox');
    const files = readdirSync(dir).map((name) => ({
      name,
      mail: JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { to: string; messageId: string },
    }));
    for (const [n, row] of stored.entries()) {
      const file = files.find((f) => f.name.endsWith(`-${row.id}.json`));
      expect(file?.mail).toMatchObject({ to: row.to_address, messageId: idOf(rows[n]!.id) });
    }
  });

  it('grows its batches while hand-offs are quick, and keeps them small while they are slow', async () => {
    await dueDeliveries(450, 'gr');
    const quick = fakeMailer();
    // 10, then 200 (the manual clock says they took no time), 200, and the last 40.
    expect(await drainNotifications(t().app.ctx, { send: quick.send })).toMatchObject({ sent: 450, passes: 4 });
    expect(new Set(quick.received.map((m) => m.messageId)).size).toBe(450);

    await dueDeliveries(30, 'sl');
    // 100 ms a hand-off: ten fill the second a batch aims at, so batches stay at ten.
    const slow = async () => t().clock.advance(100);
    expect(await drainNotifications(t().app.ctx, { send: slow })).toMatchObject({ sent: 30, passes: 4 });
    expect([nextBatchSize(10, 0), nextBatchSize(10, 50), nextBatchSize(100, 1000), nextBatchSize(200, 20_000)]).toEqual(
      [MAX_BATCH, MAX_BATCH, 100, DEFAULT_BATCH],
    );
  });
  it('gives back untried what a batch has not reached once half its lease has passed', async () => {
    const rows = await dueDeliveries(5, 'rl');
    const slowSends: Mail[] = [];
    // A relay that has slowed to a quarter of the lease a message: after two, half the lease is gone.
    const slow = async (mail: Mail) => {
      t().clock.advance(DEFAULT_LEASE_MS / 4);
      slowSends.push(mail);
    };
    expect(await deliverDueNotifications(t().app.ctx, { send: slow, batchSize: 5 })).toMatchObject({
      claimed: 5,
      sent: 2,
      released: 3,
    });
    expect((await deliveries(t().db)).map((d) => [d.state, d.attempts, d.next_attempt_at, d.locked_until])).toEqual(
      rows.map((d, n) => [n < 2 ? 'sent' : 'pending', n < 2 ? 1 : 0, d.next_attempt_at, null]),
    );
    const quick = fakeMailer();
    expect((await drainNotifications(t().app.ctx, { send: quick.send })).sent).toBe(3);
    expect(repeats([...slowSends, ...quick.received])).toBe(0);
    expect((await deliveries(t().db)).map((d) => [d.state, d.attempts])).toEqual(rows.map(() => ['sent', 1]));
  });
});
