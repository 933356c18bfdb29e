// notify(): a feature records "tell these viewers about this" in its own transaction, so the change
// and its notifications commit together or not at all (decision 066). One notification per viewer,
// kind and subject, one delivery per channel: calling it again adds nothing.
import type { Db } from '../../db/database';
import {
  channelsOf,
  defaultEnabled,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/notification-kinds';
import { notificationsRepository as repo } from './notifications.repository';

export type Channel = NotificationChannel;

export type NotifyInput = {
  userIds: number[];
  /** What happened (src/shared/notification-kinds.ts); the worker renders each channel's message by kind. */
  kind: NotificationKind;
  /** What it is about, as a text key: `show:12`. */
  subject: string;
  title: string;
  body: string;
  url?: string | null;
  /** What the kind's renderer needs, stored as JSON. */
  data?: Record<string, unknown>;
  /** The channels to deliver on besides the in-app list; the kind's channels when not given. */
  channels?: Channel[];
  /** When it is recorded, and when its deliveries are first due. */
  at: Date;
  /** After this nothing is delivered any more (a show that has ended); never when not given. */
  expiresAt?: Date | null;
};

/** Rows per statement: well under both engines' bound-parameter limits. */
export const NOTIFY_CHUNK = 500;

/** What every recipient's row of one notify call shares: all but who it is for and in_app. */
function sharedFields(input: Omit<NotifyInput, 'userIds'>) {
  return {
    kind: input.kind,
    subject: input.subject,
    title: input.title,
    body: input.body,
    url: input.url ?? null,
    data: JSON.stringify(input.data ?? {}),
    created_at: input.at.toISOString(),
    read_at: null,
    expires_at: input.expiresAt ? input.expiresAt.toISOString() : null,
  };
}

/** The event a subject is about (`show:12`, `giveaway:7:draw:1`, `chat:show:12:…`), or null. */
export function subjectEventId(subject: string): number | null {
  const match = /^(?:show|giveaway|chat:show):(\d+)(?::|$)/.exec(subject);
  return match ? Number(match[1]) : null;
}

/** A rehearsal's copy and its giveaways are practice (decision 084): nothing about them is recorded. */
async function isAboutRehearsal(trx: Db, subject: string): Promise<boolean> {
  const eventId = subjectEventId(subject);
  return eventId !== null && repo.isRehearsalEvent(trx, eventId);
}

/** A delivery waiting for its first attempt, due when the notification was recorded. */
function pendingDelivery(notificationId: number, channel: Channel, dueIso: string) {
  return {
    notification_id: notificationId,
    channel,
    state: 'pending' as const,
    attempts: 0,
    next_attempt_at: dueIso,
    locked_until: null,
    last_error: null,
    sent_at: null,
  };
}

/**
 * Records the notifications and their deliveries in `trx` (pass the caller's transaction). Answers
 * how many notifications were new; viewers already notified of this kind and subject are skipped.
 *
 * Each viewer's choices for the kind (decision 068) are read once per chunk: a viewer with in-app off
 * still gets the row (it anchors the other deliveries) with in_app = 0, so it is never listed, and a
 * delivery is written only for the channels that are on for that viewer. Security kinds ignore choices.
 */
export async function notify(trx: Db, input: NotifyInput): Promise<number> {
  const shared = sharedFields(input);
  const channels = (input.channels ?? channelsOf(input.kind)).filter((channel) => channel !== 'in_app');
  const locked = NOTIFICATION_KINDS[input.kind].locked;
  const userIds = [...new Set(input.userIds)];
  if (!userIds.length || (await isAboutRehearsal(trx, input.subject))) return 0;
  let added = 0;
  for (let start = 0; start < userIds.length; start += NOTIFY_CHUNK) {
    // A rehearsal's synthetic viewers are told nothing (decision 084).
    const slice = userIds.slice(start, start + NOTIFY_CHUNK);
    const synthetic = new Set(await repo.syntheticAmong(trx, slice));
    const chunk = synthetic.size ? slice.filter((id) => !synthetic.has(id)) : slice;
    if (!chunk.length) continue;
    const chosen = locked ? new Map<string, boolean>() : await choicesOf(trx, input.kind, chunk);
    const isOn = (userId: number, channel: Channel) =>
      locked || (chosen.get(`${userId}:${channel}`) ?? defaultEnabled(input.kind, channel));
    const inserted = await repo.insertNotifications(
      trx,
      chunk.map((userId) => ({ ...shared, user_id: userId, in_app: isOn(userId, 'in_app') ? 1 : 0 })),
    );
    added += inserted.length;
    if (!channels.length) continue;
    // Deliveries for every notification of the chunk, new or not: the unique key keeps a repeat out.
    // When every row was new, the insert already said which is whose.
    const rows =
      inserted.length === chunk.length ? inserted : await repo.viewerIdsFor(trx, input.kind, input.subject, chunk);
    const deliveries = rows.flatMap(({ id, user_id }) =>
      channels
        .filter((channel) => user_id !== null && isOn(user_id, channel))
        .map((channel) => pendingDelivery(id, channel, shared.created_at)),
    );
    for (let d = 0; d < deliveries.length; d += NOTIFY_CHUNK)
      await repo.insertDeliveries(trx, deliveries.slice(d, d + NOTIFY_CHUNK));
  }
  return added;
}

/** The stored choices of these viewers for one kind, keyed `userId:channel`; a missing key takes the default. */
async function choicesOf(trx: Db, kind: NotificationKind, userIds: number[]): Promise<Map<string, boolean>> {
  const rows = await repo.choicesFor(trx, kind, userIds);
  return new Map(rows.map((row) => [`${row.user_id}:${row.channel}`, row.enabled === 1]));
}

export type NotifySubscribersInput = Omit<NotifyInput, 'userIds' | 'channels'> & { subscriberIds: number[] };

/**
 * Records notifications for e-mail subscribers without an account (decision 069), beside notify():
 * e-mail only and never on an in-app list (in_app = 0), one per subscriber, kind and subject, in
 * `trx`. Answers how many were new.
 */
export async function notifySubscribers(trx: Db, input: NotifySubscribersInput): Promise<number> {
  const shared = sharedFields(input);
  const subscriberIds = [...new Set(input.subscriberIds)];
  if (!subscriberIds.length || (await isAboutRehearsal(trx, input.subject))) return 0;
  let added = 0;
  for (let start = 0; start < subscriberIds.length; start += NOTIFY_CHUNK) {
    const chunk = subscriberIds.slice(start, start + NOTIFY_CHUNK);
    const inserted = await repo.insertSubscriberNotifications(
      trx,
      chunk.map((subscriberId) => ({ ...shared, user_id: null, subscriber_id: subscriberId, in_app: 0 })),
    );
    added += inserted.length;
    const ids = await repo.idsForSubscribers(trx, input.kind, input.subject, chunk);
    if (!ids.length) continue;
    await repo.insertDeliveries(
      trx,
      ids.map(({ id }) => pendingDelivery(id, 'email', shared.created_at)),
    );
  }
  return added;
}
