import { expect, it } from 'vitest';
import type { Db } from '../../db/database';
import type { SubscriptionPurpose, SubscriptionState } from '../../db/schema';
import { describeEachEngine } from '../../testing/harness';
import { showAlertRecipients, withdrawSubscriptions } from './show-alerts';

const AT = '2026-06-15T18:00:00.000Z';

async function subscribe(
  db: Db,
  email: string,
  wants: { purpose: SubscriptionPurpose; scope?: string; state: SubscriptionState }[],
  userId: number | null = null,
) {
  const subscriber = await db
    .insertInto('subscribers')
    .values({ email, name: '', user_id: userId, created_at: AT })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const want of wants)
    await db
      .insertInto('subscriptions')
      .values({
        subscriber_id: subscriber.id,
        purpose: want.purpose,
        scope: want.scope ?? 'all',
        event_id: null,
        state: want.state,
        requested_at: AT,
        confirmed_at: want.state === 'confirmed' ? AT : null,
        cancelled_at: null,
      })
      .execute();
  return subscriber.id;
}

describeEachEngine('Show alert recipients', (t) => {
  it('counts only confirmed show alerts for every show or this show, viewers apart from subscribers', async () => {
    const db = t().db;
    const show = await t().createEvent();
    const other = await t().createEvent({ title: 'Ruby Night' });
    const viewer = await t().createViewer();
    const everyShow = await subscribe(db, 'all@example.com', [{ purpose: 'show_alerts', state: 'confirmed' }]);
    const thisShow = await subscribe(db, 'this@example.com', [
      { purpose: 'show_alerts', scope: `show:${show.id}`, state: 'confirmed' },
    ]);
    await subscribe(db, 'other@example.com', [
      { purpose: 'show_alerts', scope: `show:${other.id}`, state: 'confirmed' },
    ]);
    await subscribe(db, 'pending@example.com', [{ purpose: 'show_alerts', state: 'pending' }]);
    await subscribe(db, 'cancelled@example.com', [{ purpose: 'show_alerts', state: 'cancelled' }]);
    await subscribe(db, 'news@example.com', [{ purpose: 'newsletter', state: 'confirmed' }]);
    // Both scopes confirmed: still one recipient.
    await subscribe(
      db,
      viewer.email,
      [
        { purpose: 'show_alerts', state: 'confirmed' },
        { purpose: 'show_alerts', scope: `show:${show.id}`, state: 'confirmed' },
      ],
      viewer.id,
    );

    const recipients = await showAlertRecipients(db, show.id);
    expect(recipients.userIds).toEqual([viewer.id]);
    expect([...recipients.subscriberIds].sort((a, b) => a - b)).toEqual([everyShow, thisShow]);
    expect((await showAlertRecipients(db, other.id)).subscriberIds).toHaveLength(2);
  });

  it('finds 20,000 confirmed subscribers in one quick query', async () => {
    const db = t().db;
    const show = await t().createEvent();
    const count = 20_000;
    for (let start = 0; start < count; start += 500) {
      const subscribers = await db
        .insertInto('subscribers')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            email: `s${start + i}@bulk.example.com`,
            name: '',
            user_id: null,
            created_at: AT,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('subscriptions')
        .values(
          subscribers.map((s, i) => ({
            subscriber_id: s.id,
            purpose: 'show_alerts' as const,
            scope: i % 2 ? 'all' : `show:${show.id}`,
            event_id: null,
            state: 'confirmed' as const,
            requested_at: AT,
            confirmed_at: AT,
            cancelled_at: null,
          })),
        )
        .execute();
    }
    const started = performance.now();
    const recipients = await showAlertRecipients(db, show.id);
    const elapsedMs = performance.now() - started;
    expect(recipients.subscriberIds).toHaveLength(count);
    expect(elapsedMs).toBeLessThan(1500);
  });

  it('withdraws: cancelled, confirmation cleared, and a withdrawal consent record per subscription', async () => {
    const db = t().db;
    const show = await t().createEvent();
    const id = await subscribe(db, 'fan@example.com', [
      { purpose: 'show_alerts', state: 'confirmed' },
      { purpose: 'show_alerts', scope: `show:${show.id}`, state: 'pending' },
      { purpose: 'newsletter', state: 'confirmed' },
    ]);
    const at = new Date('2026-06-16T09:30:00Z');
    const scopes = await db
      .transaction()
      .execute((trx) =>
        withdrawSubscriptions(trx, id, 'show_alerts', at, 'one-click', { ip: '203.0.113.7', userAgent: 'Mail' }),
      );
    expect(scopes.sort()).toEqual(['all', `show:${show.id}`]);

    const rows = await db
      .selectFrom('subscriptions')
      .select(['purpose', 'scope', 'state', 'confirmed_at', 'cancelled_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { purpose: 'show_alerts', scope: 'all', state: 'cancelled', confirmed_at: null, cancelled_at: at.toISOString() },
      {
        purpose: 'show_alerts',
        scope: `show:${show.id}`,
        state: 'cancelled',
        confirmed_at: null,
        cancelled_at: at.toISOString(),
      },
      { purpose: 'newsletter', scope: 'all', state: 'confirmed', confirmed_at: AT, cancelled_at: null },
    ]);
    const records = await db
      .selectFrom('consent_records')
      .select(['subscriber_id', 'purpose', 'scope', 'action', 'how', 'text', 'at', 'address_range', 'user_agent'])
      .orderBy('scope')
      .execute();
    expect(records).toEqual([
      {
        subscriber_id: id,
        purpose: 'show_alerts',
        scope: 'all',
        action: 'withdrawn',
        how: 'one-click',
        text: "Unsubscribed with the e-mail's one-click unsubscribe.",
        at: at.toISOString(),
        address_range: '203.0.113.0/24',
        user_agent: 'Mail',
      },
      expect.objectContaining({ scope: `show:${show.id}`, action: 'withdrawn' }),
    ]);
    expect((await showAlertRecipients(db, show.id)).subscriberIds).toEqual([]);
  });

  it('withdraws one show only when given its scope, and records nothing when nothing was live', async () => {
    const db = t().db;
    const show = await t().createEvent();
    const id = await subscribe(db, 'fan@example.com', [
      { purpose: 'show_alerts', state: 'confirmed' },
      { purpose: 'show_alerts', scope: `show:${show.id}`, state: 'confirmed' },
    ]);
    const at = new Date('2026-06-16T09:30:00Z');
    expect(
      await withdrawSubscriptions(db, id, 'show_alerts', at, 'account-page', { scope: `show:${show.id}` }),
    ).toEqual([`show:${show.id}`]);
    expect(await withdrawSubscriptions(db, id, 'newsletter', at, 'link')).toEqual([]);
    expect(await db.selectFrom('consent_records').select('scope').execute()).toEqual([{ scope: `show:${show.id}` }]);
    expect((await showAlertRecipients(db, show.id)).subscriberIds).toEqual([id]);
  });
});
