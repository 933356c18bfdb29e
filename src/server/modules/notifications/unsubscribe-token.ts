// The unsubscribe link of an e-mail (RFC 8058, decision 068): a token signed with the server's secret
// for one recipient and what they would stop (a viewer and a kind, or a subscriber and a purpose),
// so it works without a login and cannot be turned into someone else's link or another kind's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/notification-kinds';
import { UNSUBSCRIBE_PAGE_PATH } from '../../../shared/contract/notifications';
import type { SubscriptionPurpose } from '../../db/schema';

export type UnsubscribeTarget =
  | { type: 'viewer'; userId: number; kind: NotificationKind }
  | { type: 'subscriber'; subscriberId: number; purpose: SubscriptionPurpose };

const PURPOSES: readonly SubscriptionPurpose[] = ['newsletter', 'show_alerts'];

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

function payloadOf(target: UnsubscribeTarget): string {
  return target.type === 'viewer' ? `u.${target.userId}.${target.kind}` : `s.${target.subscriberId}.${target.purpose}`;
}

/** `u.<viewer>.<kind>.<hmac>` or `s.<subscriber>.<purpose>.<hmac>`: URL-safe as it is. */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = payloadOf(target);
  return `${payload}.${signature(secret, payload)}`;
}

/** What a token stands for, or null when it was not signed by this server (tampered, cut, made up). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const match = /^([us])\.([1-9][0-9]{0,15})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, type, id, name, given] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(signature(secret, `${type}.${id}.${name}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  if (type === 'u') return isNotificationKind(name) ? { type: 'viewer', userId: Number(id), kind: name } : null;
  const purpose = PURPOSES.find((p) => p === name);
  return purpose ? { type: 'subscriber', subscriberId: Number(id), purpose } : null;
}

export function unsubscribeUrl(publicUrl: string, secret: string, target: UnsubscribeTarget): string {
  return `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}/${unsubscribeToken(secret, target)}`;
}

/** A notification as far as its unsubscribe link is concerned. */
export type UnsubscribableNotification = { user_id: number | null; subscriber_id: number | null; kind: string };

/**
 * The unsubscribe link of a notification's e-mail, signed for its recipient and kind (or, for a
 * subscriber, the purpose): null for a security notice, which cannot be turned off. A subscriber's
 * show notices unsubscribe them from show alerts, anything else from the newsletter.
 */
export function unsubscribeLinkFor(
  publicUrl: string,
  secret: string,
  notification: UnsubscribableNotification,
): string | null {
  const { kind } = notification;
  if (!isNotificationKind(kind) || NOTIFICATION_KINDS[kind].locked) return null;
  let target: UnsubscribeTarget;
  if (notification.user_id !== null) target = { type: 'viewer', userId: notification.user_id, kind };
  else if (notification.subscriber_id !== null)
    target = {
      type: 'subscriber',
      subscriberId: notification.subscriber_id,
      purpose: kind.startsWith('show_') ? 'show_alerts' : 'newsletter',
    };
  else return null;
  return unsubscribeUrl(publicUrl, secret, target);
}

/** RFC 8058's pair for a link: mail clients show an unsubscribe button that POSTs to it. */
export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
