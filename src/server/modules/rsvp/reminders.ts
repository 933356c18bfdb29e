// The reminder before a show: every minute, viewers who RSVPed to a show starting within the
// hour get one e-mail. The reminders_sent row is claimed first, so restarts and extra server
// processes never send a second one (at most once: a failed delivery is logged, not retried).
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import { reminderMail } from './rsvp.mail';

export const REMINDER_LEAD_MS = 60 * 60_000;

export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const { db, clock, config } = ctx;
  const now = clock.now();
  const due = await db
    .selectFrom('rsvps')
    .innerJoin('events', 'events.id', 'rsvps.event_id')
    .innerJoin('users', 'users.id', 'rsvps.user_id')
    .leftJoin('reminders_sent', (join) => join.onRef('reminders_sent.event_id', '=', 'rsvps.event_id').onRef('reminders_sent.user_id', '=', 'rsvps.user_id'))
    .select(['events.id as event_id', 'events.title', 'events.description', 'events.cust_start', 'events.cust_end', 'users.id as user_id', 'users.email', 'users.first_name'])
    .where('events.cust_start', '>', now.toISOString())
    .where('events.cust_start', '<=', new Date(now.getTime() + REMINDER_LEAD_MS).toISOString())
    .where('reminders_sent.user_id', 'is', null)
    .execute();
  let sent = 0;
  for (const row of due) {
    try {
      await db.insertInto('reminders_sent').values({ event_id: row.event_id, user_id: row.user_id, sent_at: now.toISOString() }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another process claimed it first
      throw error;
    }
    ctx.sendMail(reminderMail(row.email, row.first_name, { id: row.event_id, title: row.title, description: row.description, cust_start: row.cust_start, cust_end: row.cust_end }, config.site.brand, config.publicUrl));
    sent += 1;
  }
  return sent;
}

export function startReminders(ctx: AppContext): () => void {
  const run = () => sendDueReminders(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'sending reminders failed'));
  void run();
  const timer = setInterval(run, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
