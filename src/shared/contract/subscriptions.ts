// Subscriptions (issue 18, decision 072): the newsletter and show alerts by e-mail, for visitors and
// viewers, with double opt-in. subscribeuser asks (and sends one confirmation link), the link's
// page confirms it, updatesubscription changes or cancels, and a viewer reads their status and
// downloads their consent records.
import { z } from 'zod';
import { CONSENT_PURPOSES } from '../consent-texts';
import { emailField } from '../validation';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId } from './ids';

const purposeError = `purposes is a list of ${CONSENT_PURPOSES.join(' and/or ')}.`;
export const SubscriptionPurposeName = z.enum(['newsletter', 'show_alerts'], { error: purposeError });

const purposes = z
  .array(SubscriptionPurposeName, { error: purposeError })
  .min(1, 'Choose the newsletter, show alerts or both.')
  .max(2, purposeError)
  .refine((list) => new Set(list).size === list.length, purposeError);

const versionError = 'consent_version is the version of the words the form showed.';
const consentVersion = z.string({ error: versionError }).min(1, versionError).max(40, versionError);

export const SubscribeRequest = z.object({
  /** Needed from a visitor; a logged-in viewer's own address is used whatever is sent. */
  email: emailField.optional(),
  name: z.string().trim().max(80, 'Keep your name under 80 characters.').optional(),
  purposes,
  /** Alerts for this one show instead of every show (goes with show_alerts). */
  event_id: bodyId('event_id').optional(),
  consent_version: consentVersion,
});
export type SubscribeRequest = z.input<typeof SubscribeRequest>;

export const SubscribeResult = z.object({
  /** Always true for a visitor (the answer never tells whether the address was known). */
  confirmation_sent: z.boolean(),
});
export type SubscribeResult = z.infer<typeof SubscribeResult>;

const tokenError = 'token is the one from the link in the e-mail.';
export const ConfirmSubscriptionRequest = z.object({
  token: z.string({ error: tokenError }).min(16, tokenError).max(200, tokenError),
});
export type ConfirmSubscriptionRequest = z.input<typeof ConfirmSubscriptionRequest>;

export const SubscriptionItemState = z.enum(['pending', 'confirmed']);

/** One show whose alerts the viewer asked for. */
export const ShowAlert = z.object({
  event_id: z.number().int(),
  title: z.string(),
  state: SubscriptionItemState,
});
export type ShowAlert = z.infer<typeof ShowAlert>;

export const SubscriptionStatus = z.object({
  email: z.string(),
  /** null: not subscribed (never, or cancelled). */
  newsletter: SubscriptionItemState.nullable(),
  /** Alerts for every show. */
  show_alerts: SubscriptionItemState.nullable(),
  /** Alerts for single shows. */
  shows: z.array(ShowAlert),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const ConfirmedSubscription = z.object({
  /** The address, masked: j•••@example.com. */
  email: z.string(),
  newsletter: z.boolean(),
  show_alerts: z.boolean(),
  shows: z.array(z.object({ event_id: z.number().int(), title: z.string() })),
});
export type ConfirmedSubscription = z.infer<typeof ConfirmedSubscription>;

export const UpdateSubscriptionRequest = z.discriminatedUnion(
  'action',
  [
    /** Turns the newsletter or every-show alerts on (a confirmation link is sent) or off. */
    z.object({
      action: z.literal('change'),
      newsletter: z.boolean({ error: 'newsletter is true or false.' }).optional(),
      show_alerts: z.boolean({ error: 'show_alerts is true or false.' }).optional(),
      consent_version: consentVersion,
    }),
    /** Stops one show's alerts. */
    z.object({ action: z.literal('stop_show'), event_id: bodyId('event_id') }),
    /** Cancels everything: subscribing again asks for a new confirmation. */
    z.object({ action: z.literal('cancel') }),
  ],
  { error: 'action is change, stop_show or cancel.' },
);
export type UpdateSubscriptionRequest = z.input<typeof UpdateSubscriptionRequest>;

export const ConsentRecord = z.object({
  id: z.number().int(),
  purpose: SubscriptionPurposeName,
  /** 'all', or 'show:<id>'. */
  scope: z.string(),
  action: z.enum(['given', 'confirmed', 'withdrawn']),
  text_version: z.string(),
  /** The words shown (or what was done, for a withdrawal). */
  text: z.string(),
  how: z.enum(['form', 'link', 'one-click', 'account-page']),
  at: z.string(),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/** The page a confirmation link opens. */
export const CONFIRM_PAGE_PATH = '/subscribe/confirm';

export const subscriptionCalls = {
  /** subscribeuser (no login needed): record consent, make the chosen purposes pending, e-mail one confirmation link. */
  subscribe: defineCall({
    method: 'POST',
    path: '/api/subscribeuser',
    body: SubscribeRequest,
    response: envelopeOf(SubscribeResult),
  }),
  /** confirmsubscription_v1 (the link's token): confirms what the link asked for; works once, for 48 hours. */
  confirm: defineCall({
    method: 'POST',
    path: '/api/confirmsubscription_v1',
    body: ConfirmSubscriptionRequest,
    response: envelopeOf(ConfirmedSubscription),
  }),
  /** updatesubscription (token): change the purposes, stop one show's alerts, or cancel. */
  update: defineCall({
    method: 'POST',
    path: '/api/updatesubscription',
    body: UpdateSubscriptionRequest,
    response: envelopeOf(SubscriptionStatus),
  }),
  /** subscription_v1 (token): the viewer's subscription status, data[0]. */
  status: defineCall({
    method: 'GET',
    path: '/api/subscription_v1',
    response: envelopeOf(SubscriptionStatus),
  }),
  /** consentrecords_v1 (token): every consent record of the viewer's address, oldest first. */
  consentRecords: defineCall({
    method: 'GET',
    path: '/api/consentrecords_v1',
    response: envelopeOf(ConsentRecord),
  }),
};
