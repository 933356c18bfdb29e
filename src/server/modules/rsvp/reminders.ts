// The reminder before a show: every minute, viewers who RSVPed to a show starting within the hour
// are notified once through the notification outbox (decision 066). The reminders_sent row and the
// notification are written in one transaction, so a restart or a second process adds neither twice;
// the outbox worker sends the e-mail, retrying a failed delivery with backoff.
import type { AppContext } from '../../context';
import { NOTIFY_CHUNK, notify } from '../notifications/notifications.service';
import type { ShowStartingData } from '../notifications/notification-renderers';
import { rsvpRepository } from './rsvp.repository';

export const REMINDER_LEAD_MS = 60 * 60_000;

type DueRow = Awaited<ReturnType<typeof rsvpRepository.dueReminders>>[number];

/** Records the due reminders as notifications; answers how many viewers were newly notified. */
export async function sendDueReminders(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<number> {
  const { db, clock, config } = ctx;
  const now = clock.now();
  const due = await rsvpRepository.dueReminders(
    db,
    now.toISOString(),
    new Date(now.getTime() + REMINDER_LEAD_MS).toISOString(),
  );
  const byShow = new Map<number, DueRow[]>();
  for (const row of due) byShow.set(row.event_id, [...(byShow.get(row.event_id) ?? []), row]);
  let notified = 0;
  const chunks = [...byShow].flatMap(([eventId, rows]) => {
    const parts: [number, DueRow[]][] = [];
    for (let i = 0; i < rows.length; i += NOTIFY_CHUNK) parts.push([eventId, rows.slice(i, i + NOTIFY_CHUNK)]);
    return parts;
  });
  for (const [eventId, rows] of chunks) {
    const show = rows[0];
    if (!show) continue;
    notified += await db.transaction().execute(async (trx) => {
      // Only the viewers this pass claims: another process may have claimed some first.
      const claimed = await rsvpRepository.claimReminders(
        trx,
        eventId,
        rows.map((row) => row.user_id),
        now.toISOString(),
      );
      if (!claimed.length) return 0;
      const data: ShowStartingData = {
        event_id: eventId,
        title: show.title,
        description: show.description,
        cust_start: show.cust_start,
        cust_end: show.cust_end,
      };
      return notify(trx, {
        userIds: claimed.map((row) => row.user_id),
        kind: 'show_starting',
        subject: `show:${eventId}`,
        title: `Starting soon: ${show.title}`,
        body: `"${show.title}" goes live within the hour.`,
        url: `${config.publicUrl}/live`,
        data,
        channels: ['email'],
        at: now,
        // A reminder that has not gone out by the time the show starts is not sent (decision 069).
        expiresAt: new Date(show.cust_start),
      });
    });
  }
  return notified;
}

export function startReminders(ctx: AppContext): () => void {
  const run = () =>
    sendDueReminders(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'recording reminders failed'));
  void run();
  const timer = setInterval(run, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
