// What Gemcast tells viewers about and how (issue 18, decision 068): each kind of notification, the
// channels it may use, which of them are on until the viewer says otherwise, and whether the viewer
// may turn it off at all (security notices may not). The server records and delivers by this list;
// the preferences grid is drawn from it, so the two cannot disagree.

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'On the site',
  email: 'E-mail',
  push: 'This device',
};

export type KindDefinition = {
  /** The row's name in the preferences grid. */
  label: string;
  /** One line under the label: when it is sent. */
  hint: string;
  /** The channels this kind may use, each with whether it is on for a viewer who changed nothing. */
  channels: Partial<Record<NotificationChannel, boolean>>;
  /** Security notices: always sent on every channel they use, whatever the preferences say. */
  locked: boolean;
};

export const NOTIFICATION_KINDS = {
  show_starting: {
    label: 'Show starting soon',
    hint: 'Before a show you RSVP’d to goes on air.',
    channels: { in_app: true, email: true, push: true },
    locked: false,
  },
  show_live: {
    label: 'Show live now',
    hint: 'When a show you RSVP’d to or asked alerts for goes on air.',
    channels: { in_app: true, email: true, push: true },
    locked: false,
  },
  giveaway_result: {
    label: 'Giveaway results',
    hint: 'When the winner of a giveaway you entered is drawn.',
    channels: { in_app: true, email: true, push: true },
    locked: false,
  },
  contest_result: {
    label: 'Contest results',
    hint: 'When a contest you entered announces its winners.',
    channels: { in_app: true, email: true, push: true },
    locked: false,
  },
  coupon_issued: {
    label: 'New coupons',
    hint: 'When a coupon is added to your rewards.',
    channels: { in_app: true, email: true, push: false },
    locked: false,
  },
  coupon_expiring: {
    label: 'Coupons about to expire',
    hint: 'A few days before an unused coupon runs out.',
    channels: { in_app: true, email: true, push: false },
    locked: false,
  },
  points_expiring: {
    label: 'Points about to expire',
    hint: 'Before reward points you have not spent expire.',
    channels: { in_app: true, email: true },
    locked: false,
  },
  chat_mention: {
    label: 'Mentions in chat',
    hint: 'When someone writes @ and your name in a show’s chat.',
    channels: { in_app: true, email: false, push: true },
    locked: false,
  },
  submission_activity: {
    label: 'Likes and votes on your entries',
    hint: 'At most one message an hour, adding them up.',
    channels: { in_app: true, email: true, push: false },
    locked: false,
  },
  security_sign_in: {
    label: 'New sign-in to your account',
    hint: 'Always sent, so you can act if it was not you.',
    channels: { in_app: true, email: true },
    locked: true,
  },
  security_password: {
    label: 'Password changed',
    hint: 'Always sent, so you can act if it was not you.',
    channels: { in_app: true, email: true },
    locked: true,
  },
} as const satisfies Record<string, KindDefinition>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, value);
}

/** The channels a kind may use, in the grid's order. */
export function channelsOf(kind: NotificationKind): NotificationChannel[] {
  const channels: Partial<Record<NotificationChannel, boolean>> = NOTIFICATION_KINDS[kind].channels;
  return NOTIFICATION_CHANNELS.filter((channel) => channel in channels);
}

/** Whether a channel is on for a viewer who has not chosen; false when the kind does not use it. */
export function defaultEnabled(kind: NotificationKind, channel: NotificationChannel): boolean {
  const channels: Partial<Record<NotificationChannel, boolean>> = NOTIFICATION_KINDS[kind].channels;
  return channels[channel] ?? false;
}
