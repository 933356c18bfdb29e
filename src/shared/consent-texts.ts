// The words a subscribe form shows for each purpose, by version (decision 072). The form shows the
// current version's words and sends the version back; the consent record keeps that version and the
// very words, so what a subscriber agreed to can be shown later even after the words change. A
// version, once published, is never edited: new words get a new version.

export type ConsentPurpose = 'newsletter' | 'show_alerts';
export const CONSENT_PURPOSES: readonly ConsentPurpose[] = ['newsletter', 'show_alerts'];

/** How a consent was given or withdrawn. */
export type ConsentHow = 'form' | 'link' | 'one-click' | 'account-page';

type ConsentWords = {
  newsletter: string;
  /** Alerts for every show. */
  show_alerts: string;
  /** Alerts for the one show the viewer is looking at. */
  show_alert_one: string;
};

export const CONSENT_TEXTS: Readonly<Record<string, ConsentWords>> = {
  '2026-11': {
    newsletter:
      'Send me the Gemcast newsletter: new collections, the show schedule and offers, about twice a month. I can unsubscribe at any time from any e-mail.',
    show_alerts: 'E-mail me when a Gemcast show is about to go live. I can unsubscribe at any time from any e-mail.',
    show_alert_one: 'E-mail me when this show is about to go live. I can unsubscribe at any time from any e-mail.',
  },
};

/** The version every form shows today. */
export const CONSENT_VERSION = '2026-11';

/** The words behind one purpose (and scope: 'all' or 'show:<id>') of a version; null for an unknown version. */
export function consentText(version: string, purpose: ConsentPurpose, scope = 'all'): string | null {
  const words = CONSENT_TEXTS[version];
  if (!words) return null;
  if (purpose === 'newsletter') return words.newsletter;
  return scope === 'all' ? words.show_alerts : words.show_alert_one;
}

/** What a withdrawal record keeps as its text: what the subscriber did, in their words. */
export const WITHDRAWAL_TEXTS: Readonly<Record<ConsentHow, string>> = {
  form: 'Unsubscribed with the subscribe form.',
  link: 'Unsubscribed with the link in an e-mail.',
  'one-click': "Unsubscribed with the e-mail's one-click unsubscribe.",
  'account-page': 'Unsubscribed on the subscriptions page of my account.',
};

/** What a confirmation record keeps as its text. */
export const CONFIRMATION_TEXT = 'Confirmed with the link in the confirmation e-mail.';
