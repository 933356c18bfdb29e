// The outbox worker (decisions 066 and 105): claims due deliveries a batch at a time, sends each and
// waits for the hand-off, and writes a batch's outcomes together: sent, or the next attempt (1 min,
// 5 min, 30 min, 2 h), or given up after the fifth or once expired. A delivery left 'sending' past
// its lease (a crash) is claimed again, and a batch still sending at half its lease gives the rest
// back untried. Any number of workers, in any number of processes, may run.
// A crash repeats only what was handed over and not yet marked: one MARK_EVERY_MS of hand-offs and
// the one that ended it, or a mailer's whole batch (the dev outbox), never more than one batch. The
// Message-ID stays the same, so a receiver can drop the repeat.
import { setImmediate } from 'node:timers/promises';
import type { AppContext } from '../../context';
import { withUnsubscribeLink } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';
import type { PushChannel, PushDevice } from '../push/push-sender';
import { emailRenderers } from './notification-renderers';
import { notificationsRepository as repo } from './notifications.repository';
import { listUnsubscribeHeaders, unsubscribeLinkFor } from './unsubscribe-token';

/** The wait before attempt n + 1 after attempt n failed; after the last, the delivery is 'failed'. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** last_error of a delivery given up because its notification expired first (decision 069). */
export const EXPIRED = 'expired';

/** What the worker needs: a server's context has it all, and a bare process can build it too. */
export type WorkerContext = Pick<AppContext, 'db' | 'dialect' | 'clock' | 'deliverMail' | 'deliverMailBatch'> & {
  log: Pick<AppContext['log'], 'warn' | 'error'>;
  /** appSecret signs the List-Unsubscribe links (decision 068). */
  config: { publicUrl: string; appSecret: string; site: { brand: string } };
};

export type WorkerOptions = {
  /** Deliveries claimed at a time; drainNotifications sizes each batch from the last one's pace when not given. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the delivery over. */
  leaseMs?: number;
  /** The longest a handed-over delivery waits for its 'sent' mark to be written (MARK_EVERY_MS when not given). */
  markEveryMs?: number;
  /**
   * Sends one e-mail and resolves once it is handed over. When not given: ctx.deliverMailBatch, which
   * takes a batch's e-mails at once, if the mailer has it, else ctx.deliverMail.
   */
  send?: (mail: Mail) => Promise<void>;
  /**
   * Sends a 'push' delivery to the viewer's devices (modules/push/push-sender.ts, decision 071);
   * the devices of a batch's viewers are read once, before its first push.
   */
  push?: PushChannel;
};

/** `released`: claimed but given back untried, because half the lease had passed (see LEASE_SHARE_FOR_SENDING). */
export type PassResult = { claimed: number; sent: number; retried: number; failed: number; released: number };
export type DrainResult = PassResult & { passes: number };

/** The first batch of a drain, and the smallest. */
export const DEFAULT_BATCH = 10;
/** The largest batch a drain grows to (its e-mails go into one insert when the mailer takes a batch). */
export const MAX_BATCH = 200;
/** A batch is sized to take about this long at the last one's pace. */
export const BATCH_TARGET_MS = 1_000;
/** The longest a hand-off waits for its 'sent' mark (checked after each): bounds what a crash sends twice. */
export const MARK_EVERY_MS = 100;
/** Longer than one batch of slow SMTP hand-offs, so a live worker keeps its claim. */
export const DEFAULT_LEASE_MS = 10 * 60_000;
/**
 * The share of the lease a batch may spend handing over. A batch sized at a quick pace meets a
 * relay that has slowed to timeouts: what is left then goes back untried, before another worker
 * could take it over while this one still sends it.
 */
export const LEASE_SHARE_FOR_SENDING = 0.5;

/** A Message-ID derived from the delivery, the same on every attempt, so a receiver can drop a repeat. */
export function messageIdFor(deliveryId: number, publicUrl: string): string {
  return `<notification-delivery-${deliveryId}@${new URL(publicUrl).hostname}>`;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** A claimed delivery, as claimDue answers it. */
type Claimed = Awaited<ReturnType<typeof repo.claimDue>>[number];
type Failure = { id: number; attempt: number; error: string; nextAttemptIso: string | null };

/** The ids of these claims by the attempt number each claim counted, for the guarded marks. */
function idsByAttempt(deliveries: Claimed[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const d of deliveries) {
    const ids = groups.get(d.attempts);
    if (ids) ids.push(d.id);
    else groups.set(d.attempts, [d.id]);
  }
  return groups;
}

/**
 * The outcomes of a batch not yet written. They are written together, in one transaction (one
 * commit, so one disk flush on SQLite, instead of one per delivery), when the batch ends or when
 * the oldest has waited `markEveryMs`: that wait bounds what a crash can send twice.
 */
function outcomeMarks(db: WorkerContext['db'], clock: WorkerContext['clock'], markEveryMs: number) {
  let sent: Claimed[] = [];
  let failures: Failure[] = [];
  let released: Claimed[] = [];
  let oldestAt = 0;
  const isEmpty = () => !sent.length && !failures.length && !released.length;
  const note = () => {
    if (isEmpty()) oldestAt = clock.now().getTime();
  };
  return {
    sent(delivery: Claimed) {
      note();
      sent.push(delivery);
    },
    failed(failure: Failure) {
      note();
      failures.push(failure);
    },
    released(delivery: Claimed) {
      note();
      released.push(delivery);
    },
    isDue: () => !isEmpty() && clock.now().getTime() - oldestAt >= markEveryMs,
    async write() {
      if (isEmpty()) return;
      const [sentNow, failedNow, releasedNow] = [sent, failures, released];
      [sent, failures, released] = [[], [], []];
      const sentAt = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const [attempt, ids] of idsByAttempt(sentNow)) await repo.markSent(trx, ids, attempt, sentAt);
        for (const f of failedNow) await repo.markFailed(trx, f.id, f.attempt, f.error, f.nextAttemptIso);
        for (const [attempt, ids] of idsByAttempt(releasedNow)) await repo.release(trx, ids, attempt);
      });
    },
  };
}

/**
 * The devices of the viewers a batch pushes to, read in one query: at a show start a batch holds a
 * push for each of hundreds of viewers, most of them with no device at all. A device a push service
 * reports gone during the batch is deleted, and a later push of the same batch to it hears "gone"
 * again; one added meanwhile gets the viewer's next notification.
 */
async function pushDevicesOf(
  claimed: readonly Claimed[],
  notifications: ReadonlyMap<number, { user_id: number | null }>,
  push: PushChannel | undefined,
): Promise<Map<number, PushDevice[]>> {
  if (!push) return new Map();
  const viewers = new Set<number>();
  for (const delivery of claimed) {
    const userId = delivery.channel === 'push' ? notifications.get(delivery.notification_id)?.user_id : null;
    if (userId != null) viewers.add(userId);
  }
  return push.devicesOf([...viewers]);
}

/** One batch: claim, send one after another (or hand the e-mails over at once), mark the outcomes. */
export async function deliverDueNotifications(ctx: WorkerContext, options: WorkerOptions = {}): Promise<PassResult> {
  const { db, dialect, clock, config } = ctx;
  const send = options.send ?? ctx.deliverMail;
  // A mailer that takes the batch at once is used only when the caller did not choose how to send.
  const handOverAll = options.send ? undefined : ctx.deliverMailBatch;
  const now = clock.now();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const claimed = await repo.claimDue(
    db,
    dialect,
    now.toISOString(),
    new Date(now.getTime() + leaseMs).toISOString(),
    options.batchSize ?? DEFAULT_BATCH,
  );
  const result: PassResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0, released: 0 };
  if (!claimed.length) return result;
  const notifications = new Map(
    (await repo.notificationsWithViewers(db, [...new Set(claimed.map((d) => d.notification_id))])).map((n) => [
      n.id,
      n,
    ]),
  );
  const devices = await pushDevicesOf(claimed, notifications, options.push);
  const marks = outcomeMarks(db, clock, options.markEveryMs ?? MARK_EVERY_MS);
  const markSent = (delivery: Claimed) => {
    marks.sent(delivery);
    result.sent += 1;
  };
  const markFailed = (delivery: Claimed, error: unknown) => {
    const failedAt = clock.now().getTime();
    const delay = delivery.attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[delivery.attempts - 1] : undefined;
    const next = delay === undefined ? null : new Date(failedAt + delay).toISOString();
    marks.failed({ id: delivery.id, attempt: delivery.attempts, error: errorText(error), nextAttemptIso: next });
    if (next) result.retried += 1;
    else result.failed += 1;
    ctx.log.warn({ err: error, delivery: delivery.id, attempt: delivery.attempts }, 'notification delivery failed');
  };
  const held: { delivery: Claimed; mail: Mail }[] = [];
  const site = { brand: config.site.brand, publicUrl: config.publicUrl };
  const deliver = async (delivery: Claimed) => {
    const notification = notifications.get(delivery.notification_id);
    // Too late to be worth sending (a show that has started or ended): given up, not retried.
    if (notification?.expires_at && notification.expires_at <= clock.now().toISOString()) {
      marks.failed({ id: delivery.id, attempt: delivery.attempts, error: EXPIRED, nextAttemptIso: null });
      result.failed += 1;
      return;
    }
    try {
      if (!notification?.email) throw new Error('the notification or its recipient is gone');
      if (delivery.channel === 'push' && options.push) {
        // A viewer without devices, or a notification already ended, has nothing to send: marked sent.
        const own = notification.user_id === null ? undefined : devices.get(notification.user_id);
        await options.push.send(notification, own ?? []);
      } else if (delivery.channel === 'email') {
        const render = emailRenderers[notification.kind];
        if (!render) throw new Error(`no e-mail for kind ${notification.kind}`);
        const recipient = { email: notification.email, first_name: notification.first_name ?? '' };
        const rendered = render(notification, recipient, site);
        // Every e-mail but a security notice says how to stop it: in its footer and in RFC 8058's headers.
        const link = unsubscribeLinkFor(config.publicUrl, config.appSecret, notification);
        const mail = link ? withUnsubscribeLink(rendered, link) : rendered;
        const headers = { ...mail.headers, ...(link ? listUnsubscribeHeaders(link) : {}) };
        const message = { ...mail, messageId: messageIdFor(delivery.id, config.publicUrl), headers };
        if (handOverAll) {
          held.push({ delivery, mail: message });
          return;
        }
        await send(message);
      } else throw new Error(`no sender for channel ${delivery.channel}`);
    } catch (error) {
      markFailed(delivery, error);
      return;
    }
    markSent(delivery);
  };
  const sendUntil = now.getTime() + leaseMs * LEASE_SHARE_FOR_SENDING;
  for (const delivery of claimed.sort((a, b) => a.id - b.id)) {
    if (clock.now().getTime() >= sendUntil) {
      marks.released(delivery);
      result.released += 1;
      continue;
    }
    await deliver(delivery);
    if (marks.isDue()) await marks.write();
    // Requests are served between deliveries: rendering an e-mail for the outbox, or a push to a
    // viewer without devices, waits for no I/O, and a batch of them would hold the event loop.
    await setImmediate();
  }
  if (handOverAll && held.length) {
    try {
      await handOverAll(held.map((h) => h.mail));
      for (const h of held) markSent(h.delivery);
    } catch (error) {
      for (const h of held) markFailed(h.delivery, error);
    }
  }
  await marks.write();
  return result;
}

/**
 * The size of the next batch: what the last one's pace sends in about BATCH_TARGET_MS, between
 * DEFAULT_BATCH and MAX_BATCH. Fast hand-offs (the outbox, a pooled SMTP relay nearby) make big
 * batches and few commits; slow ones keep a batch, and so what a crash strands, small.
 */
export function nextBatchSize(handled: number, elapsedMs: number): number {
  const paced = elapsedMs > 0 ? Math.floor((handled * BATCH_TARGET_MS) / elapsedMs) : MAX_BATCH;
  return Math.min(MAX_BATCH, Math.max(DEFAULT_BATCH, paced));
}

/**
 * Delivers until nothing more is due right now (a full batch means there may be more). Without a
 * batchSize each batch is sized from the last one's pace.
 */
export async function drainNotifications(ctx: WorkerContext, options: WorkerOptions = {}): Promise<DrainResult> {
  const total: DrainResult = { claimed: 0, sent: 0, retried: 0, failed: 0, released: 0, passes: 0 };
  let size = options.batchSize ?? DEFAULT_BATCH;
  for (;;) {
    const startedAt = ctx.clock.now().getTime();
    const pass = await deliverDueNotifications(ctx, { ...options, batchSize: size });
    total.passes += 1;
    total.claimed += pass.claimed;
    total.sent += pass.sent;
    total.retried += pass.retried;
    total.failed += pass.failed;
    total.released += pass.released;
    if (pass.claimed < size) return total;
    const handled = pass.claimed - pass.released;
    if (options.batchSize === undefined) size = nextBatchSize(handled, ctx.clock.now().getTime() - startedAt);
  }
}

/** Runs the worker every `intervalMs` until stopped; stopping waits for the pass under way. */
export function startNotificationWorker(
  ctx: WorkerContext,
  options: WorkerOptions & { intervalMs?: number } = {},
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = drainNotifications(ctx, options)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'delivering notifications failed'))
      .finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 5_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
