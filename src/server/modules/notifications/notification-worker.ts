// The outbox worker (decision 066): claims due deliveries a few at a time, sends each and waits for
// the hand-off, marks it sent at once, and on failure schedules the next attempt (1 min, 5 min,
// 30 min, 2 h) or gives up after the fifth. A delivery left 'sending' past its lease (a crash
// mid-delivery) is claimed again. Any number of workers, in any number of processes, may run.
import type { AppContext } from '../../context';
import { withUnsubscribeLink } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';
import type { PushNotification } from '../push/push-sender';
import { emailRenderers } from './notification-renderers';
import { notificationsRepository as repo } from './notifications.repository';
import { listUnsubscribeHeaders, unsubscribeLinkFor } from './unsubscribe-token';

/** The wait before attempt n + 1 after attempt n failed; after the last, the delivery is 'failed'. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** last_error of a delivery given up because its notification expired first (decision 069). */
export const EXPIRED = 'expired';

/** What the worker needs: a server's context has it all, and a bare process can build it too. */
export type WorkerContext = Pick<AppContext, 'db' | 'dialect' | 'clock' | 'deliverMail'> & {
  log: Pick<AppContext['log'], 'warn' | 'error'>;
  /** appSecret signs the List-Unsubscribe links (decision 068). */
  config: { publicUrl: string; appSecret: string; site: { brand: string } };
};

export type WorkerOptions = {
  /** Deliveries claimed at a time. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the delivery over. */
  leaseMs?: number;
  /** Sends one e-mail and resolves once it is handed over; ctx.deliverMail when not given. */
  send?: (mail: Mail) => Promise<void>;
  /** Sends a 'push' delivery to the viewer's devices (modules/push/push-sender.ts, decision 071). */
  push?: (notification: PushNotification) => Promise<unknown>;
};

export type PassResult = { claimed: number; sent: number; retried: number; failed: number };

export const DEFAULT_BATCH = 10;
/** Longer than one batch of slow SMTP hand-offs, so a live worker keeps its claim. */
export const DEFAULT_LEASE_MS = 10 * 60_000;

/** A Message-ID derived from the delivery, the same on every attempt, so a receiver can drop a repeat. */
export function messageIdFor(deliveryId: number, publicUrl: string): string {
  return `<notification-delivery-${deliveryId}@${new URL(publicUrl).hostname}>`;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** One batch: claim, send one after another, mark each as its outcome is known. */
export async function deliverDueNotifications(ctx: WorkerContext, options: WorkerOptions = {}): Promise<PassResult> {
  const { db, dialect, clock, config } = ctx;
  const send = options.send ?? ctx.deliverMail;
  const now = clock.now();
  const claimed = await repo.claimDue(
    db,
    dialect,
    now.toISOString(),
    new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)).toISOString(),
    options.batchSize ?? DEFAULT_BATCH,
  );
  const result: PassResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  if (!claimed.length) return result;
  const notifications = new Map(
    (await repo.notificationsWithViewers(db, [...new Set(claimed.map((d) => d.notification_id))])).map((n) => [
      n.id,
      n,
    ]),
  );
  const site = { brand: config.site.brand, publicUrl: config.publicUrl };
  for (const delivery of claimed.sort((a, b) => a.id - b.id)) {
    const notification = notifications.get(delivery.notification_id);
    // Too late to be worth sending (a show that has started or ended): given up, not retried.
    if (notification?.expires_at && notification.expires_at <= clock.now().toISOString()) {
      await repo.markFailed(db, delivery.id, delivery.attempts, EXPIRED, null);
      result.failed += 1;
      continue;
    }
    try {
      if (!notification?.email) throw new Error('the notification or its recipient is gone');
      if (delivery.channel === 'push' && options.push) {
        // A viewer without devices, or a notification already ended, has nothing to send: marked sent.
        await options.push(notification);
      } else if (delivery.channel === 'email') {
        const render = emailRenderers[notification.kind];
        if (!render) throw new Error(`no e-mail for kind ${notification.kind}`);
        const recipient = { email: notification.email, first_name: notification.first_name ?? '' };
        const rendered = render(notification, recipient, site);
        // Every e-mail but a security notice says how to stop it: in its footer and in RFC 8058's headers.
        const link = unsubscribeLinkFor(config.publicUrl, config.appSecret, notification);
        const mail = link ? withUnsubscribeLink(rendered, link) : rendered;
        const headers = { ...mail.headers, ...(link ? listUnsubscribeHeaders(link) : {}) };
        await send({ ...mail, messageId: messageIdFor(delivery.id, config.publicUrl), headers });
      } else throw new Error(`no sender for channel ${delivery.channel}`);
    } catch (error) {
      const failedAt = clock.now().getTime();
      const delay = delivery.attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[delivery.attempts - 1] : undefined;
      const next = delay === undefined ? null : new Date(failedAt + delay).toISOString();
      await repo.markFailed(db, delivery.id, delivery.attempts, errorText(error), next);
      if (next) result.retried += 1;
      else result.failed += 1;
      ctx.log.warn({ err: error, delivery: delivery.id, attempt: delivery.attempts }, 'notification delivery failed');
      continue;
    }
    // Marked the moment the hand-off succeeds: a crash between the two is the one window in which a
    // message could go out twice, and the stable Message-ID lets the receiver drop that repeat.
    await repo.markSent(db, delivery.id, delivery.attempts, clock.now().toISOString());
    result.sent += 1;
  }
  return result;
}

/** Delivers until nothing more is due right now (a full batch means there may be more). */
export async function drainNotifications(ctx: WorkerContext, options: WorkerOptions = {}): Promise<PassResult> {
  const total: PassResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  const batch = options.batchSize ?? DEFAULT_BATCH;
  for (;;) {
    const pass = await deliverDueNotifications(ctx, options);
    total.claimed += pass.claimed;
    total.sent += pass.sent;
    total.retried += pass.retried;
    total.failed += pass.failed;
    if (pass.claimed < batch) return total;
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
