// Who gets a show's alerts (decision 072), and withdrawing a subscription with its consent record:
// the pieces other modules call (the "live now" sender, one-click unsubscribe). Only confirmed
// subscriptions are ever counted: nothing goes to an address that has not confirmed.
import type { Db } from '../../db/database';
import type { SubscriptionPurpose } from '../../db/schema';
import { CONSENT_VERSION, WITHDRAWAL_TEXTS, type ConsentHow } from '../../../shared/consent-texts';
import { addressRangeOf } from '../../platform/network';
import { subscriptionsRepository as repo, type ScopedPurpose } from './subscriptions.repository';

export type ShowAlertRecipients = {
  /** Viewers whose address has confirmed show alerts: notify them as viewers (their preferences apply). */
  userIds: number[];
  /** Subscribers without an account who confirmed show alerts. */
  subscriberIds: number[];
};

/** Confirmed show-alert subscriptions for every show or for this one, split into viewers and subscribers; one query. */
export async function showAlertRecipients(db: Db, eventId: number): Promise<ShowAlertRecipients> {
  const rows = await repo.showAlertSubscribers(db, eventId);
  const userIds = new Set<number>();
  const subscriberIds = new Set<number>();
  for (const row of rows) {
    if (row.user_id === null) subscriberIds.add(row.id);
    else userIds.add(row.user_id);
  }
  return { userIds: [...userIds], subscriberIds: [...subscriberIds] };
}

export type RequestOrigin = { ip?: string | null; userAgent?: string | null };

/**
 * Cancels the subscriber's pending or confirmed subscriptions of `purpose` (every scope, or only
 * `scope`), clearing the confirmation so subscribing again needs a new link, and records each
 * withdrawal. Pass the caller's transaction. Answers the scopes it cancelled (none: nothing recorded).
 */
export async function withdrawSubscriptions(
  trx: Db,
  subscriberId: number,
  purpose: SubscriptionPurpose,
  at: Date,
  how: ConsentHow,
  options: { scope?: string } & RequestOrigin = {},
): Promise<string[]> {
  const iso = at.toISOString();
  const scopes = await repo.cancel(trx, subscriberId, purpose, iso, options.scope);
  if (!scopes.length) return scopes;
  // A link sent before the withdrawal must not confirm the choice again: subscribing again needs a new link.
  const overlaps = (text: string) => {
    const confirms: ScopedPurpose[] = JSON.parse(text);
    return confirms.some((c) => c.purpose === purpose && scopes.includes(c.scope));
  };
  const stale = (await repo.unusedConfirmations(trx, subscriberId)).filter((link) => overlaps(link.confirms));
  await repo.voidConfirmations(
    trx,
    stale.map((link) => link.id),
    iso,
  );
  await repo.addConsentRecords(
    trx,
    scopes.map((scope) => ({
      subscriber_id: subscriberId,
      purpose,
      scope,
      action: 'withdrawn' as const,
      text_version: CONSENT_VERSION,
      text: WITHDRAWAL_TEXTS[how],
      how,
      at: iso,
      address_range: options.ip ? addressRangeOf(options.ip) : null,
      user_agent: options.userAgent ? options.userAgent.slice(0, 300) : null,
    })),
  );
  return scopes;
}
