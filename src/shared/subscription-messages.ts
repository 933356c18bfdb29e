// What subscribing, confirming and managing subscriptions say (decision 072), in Gemcast's words.
// Kept apart from the contract so the footer's small bundle can use them without zod.
export const SUBSCRIPTION_MESSAGES = {
  checkInbox: 'Check your inbox to confirm. The link in our e-mail works for 48 hours.',
  nothingNew: 'You are already subscribed to everything you chose.',
  emailNeeded: 'Enter your e-mail address.',
  consentOutdated: 'These words have changed since the page loaded. Reload the page, read them again and subscribe.',
  showNeedsAlerts: 'A show goes with show alerts: choose show alerts to follow this show.',
  unknownShow: 'We could not find that show.',
  tooManyForAddress:
    'We already sent a few confirmation e-mails to this address. Check your inbox, or try again later.',
  tooManyFromNetwork: 'Lots of subscribing from your network right now. Please try again in a little while.',
  confirmed: 'You are subscribed. Thank you for confirming!',
  linkUnknown: 'This link is not one of ours. Copy the whole link from the e-mail, or subscribe again.',
  linkUsed:
    'This link was already used. Each confirmation link works once; you can see your subscriptions on the subscriptions page, or subscribe again.',
  linkExpired:
    'This link has expired: confirmation links work for 48 hours. Subscribe again and we will send a new one.',
  status: 'Your subscriptions.',
  updated: 'Your subscriptions are updated.',
  cancelled: 'You are unsubscribed from everything. Subscribing again will ask you to confirm again.',
  consentRecords: 'Your consent records, oldest first.',
} as const;
