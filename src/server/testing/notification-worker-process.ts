// A notification worker in a process of its own, for the crash test: opens the shared database,
// sends through real SMTP (nodemailer) and runs until no delivery is pending or sending, waiting
// out leases left by a killed worker. Prints how many it sent.
// Usage: node --import tsx notification-worker-process.ts <sqlite-file | postgres-url> <schema|-> <smtp-url> <lease ms> [mark every ms]
import { openDatabase } from '../db/database';
import { drainNotifications, MARK_EVERY_MS } from '../modules/notifications/notification-worker';
import { systemClock } from '../platform/clock';
import { smtpMailer } from '../platform/mail';

const [target = '', schema = '-', smtpUrl = '', leaseMs = '1000', markEveryMs = String(MARK_EVERY_MS)] =
  process.argv.slice(2);
const handle = target.startsWith('postgres')
  ? openDatabase({ kind: 'postgres', url: target, schema: schema === '-' ? undefined : schema, poolSize: 2 })
  : openDatabase({ kind: 'sqlite', file: target });
const mailer = smtpMailer(smtpUrl, 'Gemcast <no-reply@gemcast.local>');
const ctx = {
  db: handle.db,
  dialect: handle.dialect,
  clock: systemClock,
  deliverMail: mailer.send,
  log: { warn: () => undefined, error: () => undefined },
  config: {
    publicUrl: 'http://gemcast.test',
    appSecret: 'crash-test-secret-crash-test-secret',
    site: { brand: 'Gemcast' },
  },
};
let sent = 0;
for (;;) {
  sent += (await drainNotifications(ctx, { batchSize: 5, leaseMs: Number(leaseMs), markEveryMs: Number(markEveryMs) }))
    .sent;
  const open = await handle.db
    .selectFrom('notification_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  if (Number(open.n) === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
mailer.close();
await handle.close();
process.stdout.write(String(sent));
