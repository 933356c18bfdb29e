// Sends one notification as web push to each of its viewer's devices (decision 071): the payload
// encrypted for the device (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292) by
// web-push's generateRequestDetails, posted with our own fetch. The push service's answer decides:
// 2xx sent, 404/410 the device is gone and is deleted, anything else fails the delivery so the
// outbox tries again later (decision 066).
import { createHash } from 'node:crypto';
import webPush from 'web-push';
import type { Db } from '../../db/database';
import type { NotificationsTable, PushSubscriptionsTable } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { VapidKeys } from '../../platform/vapid';
import type { Selectable } from 'kysely';
import { pushRepository as repo } from './push.repository';

/** How long a push service keeps a message for an offline device when the notification does not end. */
export const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** Push services keep a message four weeks at most. */
const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;
const TOPIC_LENGTH = 32;
const SEND_TIMEOUT_MS = 15_000;

/** What the service worker receives (public/sw.js). */
export type PushPayload = { title: string; body: string; url: string; tag: string; kind: string };

export type PushNotification = Pick<
  Selectable<NotificationsTable>,
  'user_id' | 'kind' | 'subject' | 'title' | 'body' | 'url' | 'expires_at'
>;

export type PushDevice = Selectable<PushSubscriptionsTable>;

/** What the outbox worker sends push with: the devices of a batch's viewers read at once, then each send. */
export type PushChannel = {
  /** The devices of these viewers, by viewer: one query for a whole batch of deliveries. */
  devicesOf(userIds: readonly number[]): Promise<Map<number, PushDevice[]>>;
  /** Sends the notification to its viewer's devices, as devicesOf read them. */
  send(notification: PushNotification, devices: readonly PushDevice[]): Promise<PushSendResult>;
};

export type PushSendResult = {
  /** Devices the push service accepted the message for. */
  sent: number;
  /** Devices it said are gone, now deleted. */
  gone: number;
  /** Why nothing was sent at all, when nothing was. */
  skipped?: 'no devices' | 'expired';
};

export type PushSenderDeps = {
  db: Db;
  clock: Clock;
  vapid: VapidKeys;
  log: { warn: (details: object, message: string) => void };
  /** Posts one request; the global fetch when not given. */
  fetch?: typeof fetch;
};

/**
 * The Topic header (RFC 8030 §5.4): at most 32 characters of the URL-safe alphabet. Messages with
 * the same topic replace each other while waiting at the push service, so "live now" replaces a
 * "starting soon" the device has not collected yet. A longer subject is hashed to fit.
 */
export function topicFor(subject: string): string {
  const safe = subject.replace(/[^A-Za-z0-9_-]/g, '-');
  if (safe.length <= TOPIC_LENGTH) return safe;
  return createHash('sha256').update(subject).digest('base64url').slice(0, TOPIC_LENGTH);
}

/** Seconds the push service may hold the message: until the notification ends, else a day; 0 once it has ended. */
export function ttlFor(expiresAt: string | null, now: Date): number {
  if (!expiresAt) return DEFAULT_TTL_SECONDS;
  const seconds = Math.floor((new Date(expiresAt).getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(seconds, MAX_TTL_SECONDS));
}

export function payloadOf(notification: PushNotification): PushPayload {
  return {
    title: notification.title,
    body: notification.body,
    url: notification.url ?? '/notifications',
    tag: notification.subject,
    kind: notification.kind,
  };
}

/** A push service's answer that another attempt later may change: rate limited or its own fault. */
function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

export function createPushSender(deps: PushSenderDeps): PushChannel {
  const { db, clock, vapid, log } = deps;
  const post = deps.fetch ?? fetch;

  async function devicesOf(userIds: readonly number[]): Promise<Map<number, PushDevice[]>> {
    const byViewer = new Map<number, PushDevice[]>();
    for (const device of await repo.devicesOf(db, userIds)) {
      const own = byViewer.get(device.user_id);
      if (own) own.push(device);
      else byViewer.set(device.user_id, [device]);
    }
    return byViewer;
  }

  /**
   * Sends to every device of the notification's viewer. Resolves when each device either took the
   * message or is gone; rejects, after trying them all, when some device could not be reached, so
   * the outbox retries (devices that took it already get it again, under the same tag, which the
   * browser shows as one notification).
   */
  async function send(notification: PushNotification, devices: readonly PushDevice[]): Promise<PushSendResult> {
    const ttl = ttlFor(notification.expires_at, clock.now());
    if (ttl === 0) return { sent: 0, gone: 0, skipped: 'expired' };
    if (!devices.length) return { sent: 0, gone: 0, skipped: 'no devices' };
    const payload = JSON.stringify(payloadOf(notification));
    const result: PushSendResult = { sent: 0, gone: 0 };
    const failures: string[] = [];
    for (const device of devices) {
      const request = webPush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: vapid,
          contentEncoding: 'aes128gcm',
          TTL: ttl,
          topic: topicFor(notification.subject),
          urgency: notification.kind === 'show_live' ? 'high' : 'normal',
        },
      );
      let status: number;
      try {
        const response = await post(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
          body: new Uint8Array(request.body),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        failures.push(`device ${device.id}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (status >= 200 && status < 300) {
        await repo.markSuccess(db, device.id, clock.now().toISOString());
        result.sent += 1;
      } else if (status === 404 || status === 410) {
        await repo.remove(db, device.id);
        result.gone += 1;
      } else {
        if (!isRetryable(status)) log.warn({ device: device.id, status }, 'push service refused a message');
        failures.push(`device ${device.id}: push service answered ${status}`);
      }
    }
    if (failures.length) throw new Error(`web push failed for ${failures.join('; ')}`);
    return result;
  }

  return { devicesOf, send };
}
