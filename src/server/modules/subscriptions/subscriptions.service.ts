// Subscribing with double opt-in (decision 072): what a subscriber asked for stays pending until the
// single-use link in the one confirmation e-mail is opened within 48 hours; every consent given,
// confirmed or withdrawn is recorded with the words shown. Viewers manage theirs from their account.
import type { z } from 'zod';
import { CONFIRMATION_TEXT, CONSENT_VERSION, consentText } from '../../../shared/consent-texts';
import {
  CONFIRM_PAGE_PATH,
  type ConfirmedSubscription,
  type ConsentRecord,
  type SubscribeRequest,
  type SubscribeResult,
  type SubscriptionStatus,
  type UpdateSubscriptionRequest,
} from '../../../shared/contract/subscriptions';
import { SUBSCRIPTION_MESSAGES } from '../../../shared/subscription-messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { SubscribersTable, SubscriptionPurpose, UserRow } from '../../db/schema';
import type { Selectable } from 'kysely';
import { AppError, badRequest, conflict, tooMany } from '../../http/errors';
import { addressRangeOf } from '../../platform/network';
import { sha256Hex } from '../../platform/secrets';
import { usersRepository } from '../auth/auth.repository';
import { eventsRepository } from '../events/events.repository';
import { withdrawSubscriptions, type RequestOrigin } from './show-alerts';
import { confirmationMail } from './subscriptions.mail';
import { subscriptionsRepository as repo, type ScopedPurpose } from './subscriptions.repository';

export const CONFIRMATION_TTL_MS = 48 * 60 * 60_000;
/** Confirmation e-mails to one address per hour: enough to retry, too few to flood an inbox. */
export const SUBSCRIBES_PER_ADDRESS = { limit: 3, windowMs: 60 * 60_000 };

type Subscriber = Selectable<SubscribersTable>;
/** The signed-in viewer as far as subscriptions need them. */
export type Viewer = Pick<UserRow, 'id' | 'email' | 'first_name'>;
type Wanted = ScopedPurpose & { eventId: number | null; title: string | null };
/** What a confirmation link confirms, with the version of the words agreed to. */
type Confirms = (ScopedPurpose & { version: string })[];

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

const badField = (field: string, message: string) => badRequest(message, [{ field, message }]);

export function createSubscriptionsService(ctx: AppContext) {
  const { db, clock, random, limiter, config } = ctx;

  function checkVersion(version: string) {
    if (version !== CONSENT_VERSION) throw badField('consent_version', SUBSCRIPTION_MESSAGES.consentOutdated);
  }

  function consentRows(
    subscriberId: number,
    wanted: ScopedPurpose[],
    at: string,
    origin: RequestOrigin,
    how: 'form' | 'account-page',
  ) {
    return wanted.map((w) => ({
      subscriber_id: subscriberId,
      purpose: w.purpose,
      scope: w.scope,
      action: 'given' as const,
      text_version: CONSENT_VERSION,
      text: consentText(CONSENT_VERSION, w.purpose, w.scope) ?? '',
      how,
      at,
      address_range: origin.ip ? addressRangeOf(origin.ip) : null,
      user_agent: origin.userAgent ? origin.userAgent.slice(0, 300) : null,
    }));
  }

  function labelOf(w: { purpose: SubscriptionPurpose; title: string | null }) {
    if (w.purpose === 'newsletter') return `the ${config.site.brand} newsletter`;
    return w.title ? `alerts for "${w.title}"` : 'alerts when a show goes live';
  }

  /**
   * Records the consent and makes the choices pending (confirmed ones stay confirmed), then e-mails
   * one link for those still waiting. Answers whether a link was sent.
   */
  async function request(
    email: string,
    name: string,
    userId: number | null,
    wanted: Wanted[],
    origin: RequestOrigin,
    how: 'form' | 'account-page',
  ) {
    const hit = await limiter.hit(
      `subscribe-address:${email}`,
      SUBSCRIBES_PER_ADDRESS.limit,
      SUBSCRIBES_PER_ADDRESS.windowMs,
    );
    if (!hit.allowed) throw tooMany(SUBSCRIPTION_MESSAGES.tooManyForAddress, hit.retryAfterSeconds);
    const now = clock.now();
    const at = now.toISOString();
    const token = random.bytes(32).toString('base64url');
    const outcome = await db.transaction().execute(async (trx) => {
      const subscriber = await repo.ensureSubscriber(trx, email, name, userId, at);
      await repo.requestSubscriptions(trx, subscriber.id, wanted, at);
      await repo.addConsentRecords(trx, consentRows(subscriber.id, wanted, at, origin, how));
      const states = await repo.subscriptionsOf(trx, subscriber.id);
      const waiting = wanted.filter((w) =>
        states.some((s) => s.purpose === w.purpose && s.scope === w.scope && s.state === 'pending'),
      );
      if (!waiting.length) return { subscriber, waiting };
      const confirms: Confirms = waiting.map((w) => ({ purpose: w.purpose, scope: w.scope, version: CONSENT_VERSION }));
      await repo.addConfirmation(trx, {
        token_hash: sha256Hex(token),
        subscriber_id: subscriber.id,
        confirms: JSON.stringify(confirms),
        created_at: at,
        expires_at: new Date(now.getTime() + CONFIRMATION_TTL_MS).toISOString(),
      });
      return { subscriber, waiting };
    });
    if (!outcome.waiting.length) return false;
    const link = `${config.publicUrl}${CONFIRM_PAGE_PATH}?token=${token}`;
    ctx.sendMail(
      confirmationMail(
        email,
        outcome.subscriber.name,
        outcome.waiting.map((w) => ({ label: labelOf(w) })),
        link,
        config.site.brand,
        config.publicUrl,
      ),
    );
    return true;
  }

  async function showTitle(eventId: number) {
    const show = await eventsRepository.byId(db, eventId);
    if (!show || show.type === 'giveaway') throw badField('event_id', SUBSCRIPTION_MESSAGES.unknownShow);
    return show.title;
  }

  /** The viewer's subscriber: linked by account, or by the same address (then linked now). */
  async function subscriberOf(user: Viewer): Promise<Subscriber | undefined> {
    const linked = await repo.subscriberByUser(db, user.id);
    if (linked) return linked;
    const byEmail = await repo.subscriberByEmail(db, user.email);
    if (!byEmail || byEmail.user_id !== null) return undefined;
    await repo.linkUser(db, user.email, user.id);
    return { ...byEmail, user_id: user.id };
  }

  async function statusOf(user: Viewer): Promise<SubscriptionStatus> {
    const subscriber = await subscriberOf(user);
    const status: SubscriptionStatus = { email: user.email, newsletter: null, show_alerts: null, shows: [] };
    if (!subscriber) return status;
    for (const row of await repo.liveSubscriptionsWithTitles(db, subscriber.id)) {
      if (row.state === 'cancelled') continue;
      if (row.purpose === 'newsletter') status.newsletter = row.state;
      else if (row.scope === 'all') status.show_alerts = row.state;
      else if (row.event_id !== null)
        status.shows.push({ event_id: row.event_id, title: row.title ?? '', state: row.state });
    }
    return status;
  }

  async function withdraw(
    trx: Db,
    subscriberId: number,
    purpose: SubscriptionPurpose,
    how: 'account-page',
    origin: RequestOrigin,
    scope?: string,
  ) {
    return withdrawSubscriptions(trx, subscriberId, purpose, clock.now(), how, { ...origin, scope });
  }

  return {
    async subscribe(
      input: z.output<typeof SubscribeRequest>,
      viewer: Viewer | null,
      origin: RequestOrigin,
    ): Promise<SubscribeResult> {
      checkVersion(input.consent_version);
      const email = viewer?.email ?? input.email;
      if (!email) throw badField('email', SUBSCRIPTION_MESSAGES.emailNeeded);
      if (input.event_id !== undefined && !input.purposes.includes('show_alerts'))
        throw badField('event_id', SUBSCRIPTION_MESSAGES.showNeedsAlerts);
      const title = input.event_id === undefined ? null : await showTitle(input.event_id);
      const wanted: Wanted[] = input.purposes.map((purpose) =>
        purpose === 'show_alerts' && input.event_id !== undefined
          ? { purpose, scope: `show:${input.event_id}`, eventId: input.event_id, title }
          : { purpose, scope: 'all', eventId: null, title: null },
      );
      const name = viewer ? viewer.first_name : (input.name ?? '');
      // An address that belongs to an account is that viewer's, logged in or not (their preferences then apply).
      const owner = viewer?.id ?? (await usersRepository.byEmail(db, email))?.id ?? null;
      const sent = await request(email, name, owner, wanted, origin, 'form');
      // A visitor learns nothing about the address: the answer is the same whether it was known.
      return { confirmation_sent: viewer ? sent : true };
    },

    async confirm(token: string, origin: RequestOrigin): Promise<ConfirmedSubscription> {
      const link = await repo.confirmationByHash(db, sha256Hex(token));
      if (!link) throw badField('token', SUBSCRIPTION_MESSAGES.linkUnknown);
      if (link.used_at !== null) throw conflict(SUBSCRIPTION_MESSAGES.linkUsed);
      const now = clock.now().toISOString();
      if (now >= link.expires_at) throw new AppError(410, SUBSCRIPTION_MESSAGES.linkExpired);
      const confirms: Confirms = JSON.parse(link.confirms);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.useConfirmation(trx, link.id, now))) throw conflict(SUBSCRIPTION_MESSAGES.linkUsed);
        const confirmed = await repo.confirmPending(trx, link.subscriber_id, confirms, now);
        await repo.addConsentRecords(
          trx,
          confirmed.map((c) => ({
            subscriber_id: link.subscriber_id,
            purpose: c.purpose,
            scope: c.scope,
            action: 'confirmed' as const,
            text_version:
              confirms.find((x) => x.purpose === c.purpose && x.scope === c.scope)?.version ?? CONSENT_VERSION,
            text: CONFIRMATION_TEXT,
            how: 'link' as const,
            at: now,
            address_range: origin.ip ? addressRangeOf(origin.ip) : null,
            user_agent: origin.userAgent ? origin.userAgent.slice(0, 300) : null,
          })),
        );
      });
      const subscriber = await repo.subscriberById(db, link.subscriber_id);
      const rows = await repo.liveSubscriptionsWithTitles(db, link.subscriber_id);
      const confirmed = rows.filter((r) => r.state === 'confirmed');
      return {
        email: maskEmail(subscriber?.email ?? ''),
        newsletter: confirmed.some((r) => r.purpose === 'newsletter'),
        show_alerts: confirmed.some((r) => r.purpose === 'show_alerts' && r.scope === 'all'),
        shows: confirmed
          .filter((r) => r.purpose === 'show_alerts' && r.event_id !== null)
          .map((r) => ({ event_id: r.event_id ?? 0, title: r.title ?? '' })),
      };
    },

    status: statusOf,

    async update(
      user: Viewer,
      input: z.output<typeof UpdateSubscriptionRequest>,
      origin: RequestOrigin,
    ): Promise<{ status: SubscriptionStatus; sent: boolean }> {
      let sent = false;
      if (input.action === 'change') {
        checkVersion(input.consent_version);
        if (input.newsletter === undefined && input.show_alerts === undefined)
          throw badRequest('Say what to change: newsletter, show_alerts or both.');
        const on = (['newsletter', 'show_alerts'] as const).filter((p) => input[p] === true);
        const off = (['newsletter', 'show_alerts'] as const).filter((p) => input[p] === false);
        const subscriber = await subscriberOf(user);
        if (off.length && subscriber)
          await db.transaction().execute(async (trx) => {
            for (const purpose of off) await withdraw(trx, subscriber.id, purpose, 'account-page', origin, 'all');
          });
        if (on.length)
          sent = await request(
            user.email,
            user.first_name,
            user.id,
            on.map((purpose) => ({ purpose, scope: 'all', eventId: null, title: null })),
            origin,
            'account-page',
          );
      } else {
        const subscriber = await subscriberOf(user);
        if (subscriber)
          await db.transaction().execute(async (trx) => {
            if (input.action === 'stop_show')
              await withdraw(trx, subscriber.id, 'show_alerts', 'account-page', origin, `show:${input.event_id}`);
            else
              for (const purpose of ['newsletter', 'show_alerts'] as const)
                await withdraw(trx, subscriber.id, purpose, 'account-page', origin);
          });
      }
      return { status: await statusOf(user), sent };
    },

    async consentRecords(user: Viewer): Promise<ConsentRecord[]> {
      const subscriber = await subscriberOf(user);
      return subscriber ? repo.consentRecordsOf(db, subscriber.id) : [];
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
