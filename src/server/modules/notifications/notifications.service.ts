// notify(): a feature records "tell these viewers about this" in its own transaction, so the change
// and its notifications commit together or not at all (decision 066). One notification per viewer,
// kind and subject, one delivery per channel: calling it again adds nothing.
import type { Db } from '../../db/database';
import { notificationsRepository as repo } from './notifications.repository';

export type Channel = 'email';

export type NotifyInput = {
  userIds: number[];
  /** What happened, e.g. 'show_starting'; the worker renders each channel's message by kind. */
  kind: string;
  /** What it is about, as a text key: `show:12`. */
  subject: string;
  title: string;
  body: string;
  url?: string | null;
  /** What the kind's renderer needs, stored as JSON. */
  data?: Record<string, unknown>;
  channels: Channel[];
  /** When it is recorded, and when its deliveries are first due. */
  at: Date;
};

/** Rows per statement: well under both engines' bound-parameter limits. */
export const NOTIFY_CHUNK = 500;

/**
 * Records the notifications and their deliveries in `trx` (pass the caller's transaction). Answers
 * how many notifications were new; viewers already notified of this kind and subject are skipped.
 */
export async function notify(trx: Db, input: NotifyInput): Promise<number> {
  const at = input.at.toISOString();
  const data = JSON.stringify(input.data ?? {});
  const userIds = [...new Set(input.userIds)];
  let added = 0;
  for (let start = 0; start < userIds.length; start += NOTIFY_CHUNK) {
    const chunk = userIds.slice(start, start + NOTIFY_CHUNK);
    const inserted = await repo.insertNotifications(
      trx,
      chunk.map((userId) => ({
        user_id: userId,
        kind: input.kind,
        subject: input.subject,
        title: input.title,
        body: input.body,
        url: input.url ?? null,
        data,
        created_at: at,
        read_at: null,
      })),
    );
    added += inserted.length;
    if (!input.channels.length) continue;
    // Deliveries for every notification of the chunk, new or not: the unique key keeps a repeat out.
    const ids = await repo.idsFor(trx, input.kind, input.subject, chunk);
    const deliveries = ids.flatMap(({ id }) =>
      input.channels.map((channel) => ({
        notification_id: id,
        channel,
        state: 'pending' as const,
        attempts: 0,
        next_attempt_at: at,
        locked_until: null,
        last_error: null,
        sent_at: null,
      })),
    );
    for (let d = 0; d < deliveries.length; d += NOTIFY_CHUNK)
      await repo.insertDeliveries(trx, deliveries.slice(d, d + NOTIFY_CHUNK));
  }
  return added;
}
