// The reminder before a show: every minute, viewers who RSVPed to a show starting within the
// hour get one e-mail. The reminders_sent row is claimed first, so restarts and extra server
// processes never send a second one (at most once: a failed delivery is logged, not retried).
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import { reminderMail } from './rsvp.mail';
import { rsvpRepository } from './rsvp.repository';

export const REMINDER_LEAD_MS = 60 * 60_000;

export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const { db, clock, config } = ctx;
  const now = clock.now();
  const due = await rsvpRepository.dueReminders(
    db,
    now.toISOString(),
    new Date(now.getTime() + REMINDER_LEAD_MS).toISOString(),
  );
  let sent = 0;
  for (const row of due) {
    try {
      await rsvpRepository.claimReminder(db, row.event_id, row.user_id, now.toISOString());
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another process claimed it first
      throw error;
    }
    ctx.sendMail(
      reminderMail(
        row.email,
        row.first_name,
        {
          id: row.event_id,
          title: row.title,
          description: row.description,
          cust_start: row.cust_start,
          cust_end: row.cust_end,
        },
        config.site.brand,
        config.publicUrl,
      ),
    );
    sent += 1;
  }
  return sent;
}

export function startReminders(ctx: AppContext): () => void {
  const run = () =>
    sendDueReminders(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'sending reminders failed'));
  void run();
  const timer = setInterval(run, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
