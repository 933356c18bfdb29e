// Test notifications: one recorded at the test clock's now in its own transaction, as a feature
// records it, titled after its subject so a test can tell them apart.
import type { NotificationKind } from '../../shared/notification-kinds';
import { notify } from '../modules/notifications/notifications.service';
import type { TestApp } from './harness';

export async function notifyNow(t: TestApp, userIds: number[], kind: NotificationKind, subject: string) {
  await t.db.transaction().execute((trx) =>
    notify(trx, {
      userIds,
      kind,
      subject,
      title: `About ${subject}`,
      body: 'Something happened.',
      at: t.clock.now(),
    }),
  );
}
