import { expect, it } from 'vitest';
import { CONSENT_TEXTS, CONSENT_VERSION } from '../../../shared/consent-texts';
import type {
  ConfirmedSubscription,
  ConsentRecord,
  SubscribeResult,
  SubscriptionStatus,
} from '../../../shared/contract/subscriptions';
import { SUBSCRIPTION_MESSAGES } from '../../../shared/subscription-messages';
import { describeEachEngine } from '../../testing/harness';
import { showAlertRecipients } from './show-alerts';
import { SUBSCRIBES_PER_IP } from './subscriptions.routes';

const HOUR = 60 * 60_000;
const WORDS = CONSENT_TEXTS[CONSENT_VERSION];

describeEachEngine('Subscriptions with double opt-in', (t) => {
  const subscribe = (body: Record<string, unknown>, options: { token?: string; remoteAddress?: string } = {}) =>
    t().post<SubscribeResult>('/api/subscribeuser', { consent_version: CONSENT_VERSION, ...body }, options);

  /** The token in the newest confirmation e-mail to `email`. */
  async function linkTokenFor(email: string) {
    const mail = (await t().outbox()).filter((m) => m.to_address === email).at(-1);
    const token = mail && /\/subscribe\/confirm\?token=([\w-]+)/.exec(mail.text_body)?.[1];
    if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
    return token;
  }

  const confirm = (token: string) => t().post<ConfirmedSubscription>('/api/confirmsubscription_v1', { token });

  async function subscriptionState() {
    return {
      subscribers: await t().db.selectFrom('subscribers').selectAll().orderBy('id').execute(),
      subscriptions: await t().db.selectFrom('subscriptions').selectAll().orderBy('id').execute(),
      consent: await t().db.selectFrom('consent_records').selectAll().orderBy('id').execute(),
      links: await t().db.selectFrom('subscription_confirmations').selectAll().orderBy('id').execute(),
    };
  }

  it('keeps a visitor pending, with the consent words recorded, until the link in the one e-mail is opened', async () => {
    const show = await t().createEvent();
    const res = await subscribe({
      email: ' Amber@Example.com ',
      name: 'Amber',
      purposes: ['newsletter', 'show_alerts'],
    });
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(SUBSCRIPTION_MESSAGES.checkInbox);
    expect(res.body.data).toEqual([{ confirmation_sent: true }]);

    const state = await subscriptionState();
    expect(state.subscribers.map((s) => [s.email, s.name, s.user_id])).toEqual([['amber@example.com', 'Amber', null]]);
    expect(state.subscriptions.map((s) => [s.purpose, s.scope, s.state, s.confirmed_at])).toEqual([
      ['newsletter', 'all', 'pending', null],
      ['show_alerts', 'all', 'pending', null],
    ]);
    expect(state.consent.map((c) => [c.purpose, c.action, c.text_version, c.text, c.how, c.address_range])).toEqual([
      ['newsletter', 'given', CONSENT_VERSION, WORDS?.newsletter, 'form', '127.0.0.0/24'],
      ['show_alerts', 'given', CONSENT_VERSION, WORDS?.show_alerts, 'form', '127.0.0.0/24'],
    ]);
    // The link is kept only as its hash.
    const token = await linkTokenFor('amber@example.com');
    expect(state.links).toHaveLength(1);
    expect(state.links[0]?.token_hash).not.toContain(token);
    expect(state.links[0]?.expires_at).toBe(new Date(t().clock.now().getTime() + 48 * HOUR).toISOString());
    const mails = (await t().outbox()).filter((m) => m.to_address === 'amber@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Please confirm your Gemcast subscription']);
    expect(mails[0]?.html_body).toContain('Yes, subscribe me');
    expect(await showAlertRecipients(t().db, show.id)).toEqual({ userIds: [], subscriberIds: [] });

    t().clock.advance(HOUR);
    const confirmed = await confirm(token);
    expect(confirmed.http).toBe(200);
    expect(confirmed.body.message).toBe(SUBSCRIPTION_MESSAGES.confirmed);
    expect(confirmed.body.data).toEqual([
      { email: 'a•••@example.com', newsletter: true, show_alerts: true, shows: [] },
    ]);
    const after = await subscriptionState();
    expect(after.subscriptions.map((s) => [s.state, s.confirmed_at])).toEqual([
      ['confirmed', t().clock.now().toISOString()],
      ['confirmed', t().clock.now().toISOString()],
    ]);
    expect(after.consent.slice(2).map((c) => [c.purpose, c.action, c.how, c.text_version])).toEqual([
      ['newsletter', 'confirmed', 'link', CONSENT_VERSION],
      ['show_alerts', 'confirmed', 'link', CONSENT_VERSION],
    ]);
    expect((await showAlertRecipients(t().db, show.id)).subscriberIds).toEqual([after.subscribers[0]?.id]);
  });

  it('refuses a link used before, and changes nothing', async () => {
    await subscribe({ email: 'amber@example.com', purposes: ['newsletter'] });
    const token = await linkTokenFor('amber@example.com');
    expect((await confirm(token)).http).toBe(200);
    const before = await subscriptionState();
    const again = await confirm(token);
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(SUBSCRIPTION_MESSAGES.linkUsed);
    expect(await subscriptionState()).toEqual(before);
  });

  it('confirms once when the same link is opened twice at the same moment', async () => {
    await subscribe({ email: 'amber@example.com', purposes: ['newsletter'] });
    const token = await linkTokenFor('amber@example.com');
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409, 409]);
    const state = await subscriptionState();
    expect(state.consent.filter((c) => c.action === 'confirmed')).toHaveLength(1);
    expect(state.subscriptions.map((s) => s.state)).toEqual(['confirmed']);
  });

  it('refuses a link after 48 hours, and changes nothing', async () => {
    await subscribe({ email: 'amber@example.com', purposes: ['newsletter'] });
    const token = await linkTokenFor('amber@example.com');
    t().clock.advance(48 * HOUR - 1);
    const before = await subscriptionState();
    t().clock.advance(1);
    const late = await confirm(token);
    expect(late.http).toBe(410);
    expect(late.body.message).toBe(SUBSCRIPTION_MESSAGES.linkExpired);
    expect(await subscriptionState()).toEqual(before);
    expect(before.subscriptions[0]?.state).toBe('pending');
  });

  it('refuses a token that is not ours', async () => {
    const res = await confirm('x'.repeat(43));
    expect(res.http).toBe(400);
    expect(res.body.message).toBe(SUBSCRIPTION_MESSAGES.linkUnknown);
    expect((await confirm('short')).http).toBe(400);
  });

  it('answers the same for an address it knows and one it does not', async () => {
    await subscribe({ email: 'known@example.com', purposes: ['newsletter'] });
    await confirm(await linkTokenFor('known@example.com'));
    const known = await subscribe({ email: 'known@example.com', purposes: ['newsletter'] });
    const unknown = await subscribe({ email: 'new@example.com', purposes: ['newsletter'] });
    expect({ ...known.body, tzdiff: '' }).toEqual({ ...unknown.body, tzdiff: '' });
    expect(known.http).toBe(unknown.http);
  });

  it('keeps confirmed purposes confirmed when the subscriber asks for more', async () => {
    await subscribe({ email: 'amber@example.com', purposes: ['newsletter'] });
    await confirm(await linkTokenFor('amber@example.com'));
    await subscribe({ email: 'amber@example.com', purposes: ['newsletter', 'show_alerts'] });
    const rows = (await subscriptionState()).subscriptions.map((s) => [s.purpose, s.state]);
    expect(rows).toEqual([
      ['newsletter', 'confirmed'],
      ['show_alerts', 'pending'],
    ]);
    const link = (await subscriptionState()).links[1];
    expect(JSON.parse(link?.confirms ?? '[]')).toEqual([
      { purpose: 'show_alerts', scope: 'all', version: CONSENT_VERSION },
    ]);
  });

  it.each([
    ['a bad e-mail', { email: 'amber@', purposes: ['newsletter'] }, 'email'],
    ['no e-mail from a visitor', { purposes: ['newsletter'] }, 'email'],
    ['an unknown purpose', { email: 'amber@example.com', purposes: ['sms'] }, 'purposes.0'],
    ['no purpose', { email: 'amber@example.com', purposes: [] }, 'purposes'],
    [
      'a wrong consent version',
      { email: 'amber@example.com', purposes: ['newsletter'], consent_version: '1999-01' },
      'consent_version',
    ],
    ['a show without show alerts', { email: 'amber@example.com', purposes: ['newsletter'], event_id: 1 }, 'event_id'],
    ['an unknown show', { email: 'amber@example.com', purposes: ['show_alerts'], event_id: 999 }, 'event_id'],
  ])('refuses %s with a 400 and changes nothing', async (_name, body, field) => {
    await t().createEvent();
    const res = await subscribe(body);
    expect(res.http).toBe(400);
    expect(res.body.status).toBe(-1);
    expect(JSON.stringify(res.body.data)).toContain(field);
    expect(await subscriptionState()).toEqual({ subscribers: [], subscriptions: [], consent: [], links: [] });
    expect(await t().outbox()).toEqual([]);
  });

  it('needs a login for the status, the changes and the consent records', async () => {
    expect((await t().get('/api/subscription_v1')).http).toBe(401);
    expect((await t().get('/api/consentrecords_v1')).http).toBe(401);
    expect((await t().post('/api/updatesubscription', { action: 'cancel' })).http).toBe(401);
    expect((await t().post('/api/updatesubscription', { action: 'cancel' }, { token: 'gc_nope-nope-nope' })).http).toBe(
      401,
    );
  });

  it('limits confirmation e-mails per address and subscribe forms per network', async () => {
    for (let i = 0; i < 3; i++)
      expect((await subscribe({ email: 'amber@example.com', purposes: ['newsletter'] })).http).toBe(200);
    const fourth = await subscribe({ email: 'amber@example.com', purposes: ['newsletter'] });
    expect(fourth.http).toBe(429);
    expect(fourth.body.message).toBe(SUBSCRIPTION_MESSAGES.tooManyForAddress);
    expect((await t().outbox()).filter((m) => m.to_address === 'amber@example.com')).toHaveLength(3);

    const remoteAddress = '198.51.100.20';
    for (let i = 0; i < SUBSCRIBES_PER_IP; i++)
      expect(
        (await subscribe({ email: `fan${i}@example.com`, purposes: ['newsletter'] }, { remoteAddress })).http,
      ).toBe(200);
    const flood = await subscribe({ email: 'one-more@example.com', purposes: ['newsletter'] }, { remoteAddress });
    expect(flood.http).toBe(429);
    expect(flood.body.message).toBe(SUBSCRIPTION_MESSAGES.tooManyFromNetwork);
    expect(
      await t().db.selectFrom('subscribers').select('id').where('email', '=', 'one-more@example.com').execute(),
    ).toEqual([]);
  });

  it("subscribes a viewer to one show's alerts with their account's address and shows the status", async () => {
    const viewer = await t().createViewer({ first_name: 'Opal' });
    const show = await t().createEvent({ title: 'Ruby Night' });
    const res = await subscribe(
      { email: 'someone-else@example.com', purposes: ['show_alerts'], event_id: show.id },
      { token: viewer.tokenvalue },
    );
    expect(res.body.data).toEqual([{ confirmation_sent: true }]);
    const state = await subscriptionState();
    expect(state.subscribers.map((s) => [s.email, s.user_id])).toEqual([[viewer.email, viewer.id]]);
    expect(state.subscriptions.map((s) => [s.scope, s.event_id, s.state])).toEqual([
      [`show:${show.id}`, show.id, 'pending'],
    ]);
    expect(state.consent[0]?.text).toBe(WORDS?.show_alert_one);
    const mail = (await t().outbox()).find((m) => m.to_address === viewer.email);
    expect(mail?.text_body).toContain('Hi Opal,');
    expect(mail?.text_body).toContain('alerts for "Ruby Night"');

    const pending = await t().get<SubscriptionStatus>('/api/subscription_v1', { token: viewer.tokenvalue });
    expect(pending.body.data).toEqual([
      {
        email: viewer.email,
        newsletter: null,
        show_alerts: null,
        shows: [{ event_id: show.id, title: 'Ruby Night', state: 'pending' }],
      },
    ]);
    expect((await showAlertRecipients(t().db, show.id)).userIds).toEqual([]);
    await confirm(await linkTokenFor(viewer.email));
    const confirmed = await t().get<SubscriptionStatus>('/api/subscription_v1', { token: viewer.tokenvalue });
    expect(confirmed.body.data[0]?.shows).toEqual([{ event_id: show.id, title: 'Ruby Night', state: 'confirmed' }]);
    expect(await showAlertRecipients(t().db, show.id)).toEqual({ userIds: [viewer.id], subscriberIds: [] });
  });

  it('cancels: the confirmation is cleared, an old link no longer works and subscribing again needs a new one', async () => {
    const viewer = await t().createViewer();
    await subscribe({ purposes: ['newsletter', 'show_alerts'] }, { token: viewer.tokenvalue });
    const first = await linkTokenFor(viewer.email);
    await confirm(first);
    // A second request for the same choices while confirmed sends nothing new.
    const repeat = await subscribe({ purposes: ['newsletter'] }, { token: viewer.tokenvalue });
    expect(repeat.body).toMatchObject({
      message: SUBSCRIPTION_MESSAGES.nothingNew,
      data: [{ confirmation_sent: false }],
    });

    t().clock.advance(HOUR);
    const cancelled = await t().post<SubscriptionStatus>(
      '/api/updatesubscription',
      { action: 'cancel' },
      { token: viewer.tokenvalue },
    );
    expect(cancelled.http).toBe(200);
    expect(cancelled.body.message).toBe(SUBSCRIPTION_MESSAGES.cancelled);
    expect(cancelled.body.data).toEqual([{ email: viewer.email, newsletter: null, show_alerts: null, shows: [] }]);
    const rows = (await subscriptionState()).subscriptions;
    expect(rows.map((s) => [s.state, s.confirmed_at, s.cancelled_at])).toEqual([
      ['cancelled', null, t().clock.now().toISOString()],
      ['cancelled', null, t().clock.now().toISOString()],
    ]);

    // Asking again: pending, a new link; a link from before the cancel does not confirm it.
    await subscribe({ purposes: ['newsletter'] }, { token: viewer.tokenvalue });
    const second = await linkTokenFor(viewer.email);
    expect(second).not.toBe(first);
    expect((await confirm(first)).http).toBe(409);
    expect((await subscriptionState()).subscriptions[0]?.state).toBe('pending');
    expect((await confirm(second)).http).toBe(200);
    expect((await subscriptionState()).subscriptions[0]?.state).toBe('confirmed');
  });

  it('voids a pending link on cancel, so it cannot confirm a later request', async () => {
    await subscribe({ email: 'amber@example.com', purposes: ['newsletter'] });
    const stale = await linkTokenFor('amber@example.com');
    const subscriber = await t().db.selectFrom('subscribers').select('id').executeTakeFirstOrThrow();
    const viewer = await t().createViewer({ email: 'amber@example.com' });
    expect((await t().db.selectFrom('subscribers').select('user_id').executeTakeFirstOrThrow()).user_id).toBe(
      viewer.id,
    );
    await t().post('/api/updatesubscription', { action: 'cancel' }, { token: viewer.tokenvalue });
    await subscribe({ purposes: ['newsletter'] }, { token: viewer.tokenvalue });
    expect((await confirm(stale)).http).toBe(409);
    expect(
      await t().db.selectFrom('subscriptions').select('state').where('subscriber_id', '=', subscriber.id).execute(),
    ).toEqual([{ state: 'pending' }]);
  });

  it('changes purposes from the account page and stops one show', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    await subscribe({ purposes: ['newsletter'] }, { token: viewer.tokenvalue });
    await subscribe({ purposes: ['show_alerts'], event_id: show.id }, { token: viewer.tokenvalue });
    await confirm(await linkTokenFor(viewer.email));

    const change = await t().post<SubscriptionStatus>(
      '/api/updatesubscription',
      { action: 'change', newsletter: false, show_alerts: true, consent_version: CONSENT_VERSION },
      { token: viewer.tokenvalue },
    );
    expect(change.body.message).toBe(SUBSCRIPTION_MESSAGES.checkInbox);
    expect(change.body.data[0]).toMatchObject({ newsletter: null, show_alerts: 'pending' });
    const stop = await t().post<SubscriptionStatus>(
      '/api/updatesubscription',
      { action: 'stop_show', event_id: show.id },
      { token: viewer.tokenvalue },
    );
    expect(stop.body.data[0]?.shows).toEqual([]);

    const bad = await t().post(
      '/api/updatesubscription',
      { action: 'change', newsletter: true, consent_version: 'old' },
      { token: viewer.tokenvalue },
    );
    expect(bad.http).toBe(400);
    expect((await t().post('/api/updatesubscription', { action: 'pause' }, { token: viewer.tokenvalue })).http).toBe(
      400,
    );
    expect(
      (
        await t().post(
          '/api/updatesubscription',
          { action: 'change', consent_version: CONSENT_VERSION },
          { token: viewer.tokenvalue },
        )
      ).http,
    ).toBe(400);
  });

  it('exports every consent record with its version and words', async () => {
    const viewer = await t().createViewer();
    expect((await t().get<ConsentRecord>('/api/consentrecords_v1', { token: viewer.tokenvalue })).body.data).toEqual(
      [],
    );
    await subscribe({ purposes: ['newsletter'] }, { token: viewer.tokenvalue });
    await confirm(await linkTokenFor(viewer.email));
    await t().post('/api/updatesubscription', { action: 'cancel' }, { token: viewer.tokenvalue });
    const records = await t().get<ConsentRecord>('/api/consentrecords_v1', { token: viewer.tokenvalue });
    expect(records.http).toBe(200);
    expect(records.body.data.map((r) => [r.purpose, r.scope, r.action, r.how, r.text_version, r.text])).toEqual([
      ['newsletter', 'all', 'given', 'form', CONSENT_VERSION, WORDS?.newsletter],
      [
        'newsletter',
        'all',
        'confirmed',
        'link',
        CONSENT_VERSION,
        'Confirmed with the link in the confirmation e-mail.',
      ],
      [
        'newsletter',
        'all',
        'withdrawn',
        'account-page',
        CONSENT_VERSION,
        'Unsubscribed on the subscriptions page of my account.',
      ],
    ]);
  });

  it("counts a visitor's subscription with a viewer's address as that viewer's", async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    await subscribe({ email: viewer.email, purposes: ['show_alerts'] });
    await confirm(await linkTokenFor(viewer.email));
    expect(await showAlertRecipients(t().db, show.id)).toEqual({ userIds: [viewer.id], subscriberIds: [] });
  });

  it("links a subscriber to the viewer who logs in with the subscriber's address", async () => {
    await subscribe({ email: 'opal@example.com', purposes: ['newsletter'] });
    const viewer = await t().createViewer({ email: 'opal@example.com' });
    await t().db.updateTable('subscribers').set({ user_id: null }).execute();
    const login = await t().post('/api/login_v1', { email: 'opal@example.com', password: viewer.password });
    expect(login.http).toBe(200);
    expect(await t().db.selectFrom('subscribers').select(['email', 'user_id']).execute()).toEqual([
      { email: 'opal@example.com', user_id: viewer.id },
    ]);
  });
});
