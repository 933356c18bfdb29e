// Notifications for the journeys: older ones written straight into the e2e server's database (a
// viewer's history, as features record it), and the unsubscribe link of a mail in the outbox.
import { mailsTo, type OutboxMail } from './outbox';
import { withDatabase } from './site-data';

export type SeededNotification = { title: string; body: string; url: string | null; minutesAgo: number };

/** Records in-app notifications for `userId` as notify() does (the stream picks them up like any other). */
export function recordNotifications(userId: number, notifications: SeededNotification[]): void {
  withDatabase(false, (db) => {
    const insert = db.prepare(
      `insert into notifications (user_id, kind, subject, title, body, url, data, created_at, read_at, in_app)
       values (?, 'contest_result', ?, ?, ?, ?, '{}', ?, null, 1)`,
    );
    db.transaction(() => {
      for (const [index, notification] of notifications.entries())
        insert.run(
          userId,
          `e2e:${userId}:${Date.now()}:${index}`,
          notification.title,
          notification.body,
          notification.url,
          new Date(Date.now() - notification.minutesAgo * 60_000).toISOString(),
        );
    })();
  });
}

type MailWithHeaders = OutboxMail & { headers?: Record<string, string> };

/** The https/http address in a mail's List-Unsubscribe header, as a path on the site. */
export function unsubscribePathOf(mail: MailWithHeaders): string | null {
  const header = Object.entries(mail.headers ?? {}).find(([name]) => name.toLowerCase() === 'list-unsubscribe')?.[1];
  const link = header && /<(https?:[^>]+)>/.exec(header)?.[1];
  return link ? new URL(link).pathname : null;
}

/** The newest mail to `address` whose subject matches and that carries an unsubscribe link. */
export async function unsubscribableMail(address: string, subject: RegExp): Promise<MailWithHeaders | undefined> {
  const mails: MailWithHeaders[] = await mailsTo(address);
  return mails.filter((mail) => subject.test(mail.subject) && unsubscribePathOf(mail)).at(-1);
}
