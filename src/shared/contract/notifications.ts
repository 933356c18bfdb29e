// Notifications (issue 18, decision 068): the viewer's in-app list with its unread count and their
// preferences per kind and channel (getnotification), marking read and choosing (setnotification),
// the live unread count (an event stream), and the unsubscribe link every e-mail but a security
// notice carries (a token signed per recipient and kind: no login needed).
import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KIND_NAMES } from '../notification-kinds';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { MAX_ID } from './ids';

export const NOTIFICATION_PAGE = { defaultLimit: 20, maxLimit: 50 } as const;
/** Ids marked read in one call. */
export const MAX_MARK_READ = 100;

const limitError = `limit is a number from 1 to ${NOTIFICATION_PAGE.maxLimit}.`;
const cursorError = 'cursor is the next_cursor of the page before.';
const kindError = `kind is one of ${NOTIFICATION_KIND_NAMES.join(', ')}.`;
const channelError = `channel is one of ${NOTIFICATION_CHANNELS.join(', ')}.`;

export const NotificationKindName = z.enum(NOTIFICATION_KIND_NAMES, { error: kindError });
export const NotificationChannelName = z.enum(NOTIFICATION_CHANNELS, { error: channelError });

export const GetNotificationQuery = z.object({
  /** The page after the one that answered this as next_cursor (notifications with a lower id). */
  cursor: z.coerce
    .number<number | string>({ error: cursorError })
    .int(cursorError)
    .positive(cursorError)
    .max(MAX_ID, cursorError)
    .optional(),
  limit: z.coerce
    .number<number | string>({ error: limitError })
    .int(limitError)
    .min(1, limitError)
    .max(NOTIFICATION_PAGE.maxLimit, limitError)
    .default(NOTIFICATION_PAGE.defaultLimit),
});
export type GetNotificationQuery = z.input<typeof GetNotificationQuery>;

export const NotificationItem = z.object({
  id: z.number().int(),
  kind: NotificationKindName,
  title: z.string(),
  body: z.string(),
  /** Where it leads on the site (a path such as /live or /contest/3), or null. */
  url: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** One cell of the grid: a kind on a channel it uses. Locked cells (security) are always on. */
export const PreferenceCell = z.object({
  kind: NotificationKindName,
  channel: NotificationChannelName,
  enabled: z.boolean(),
  locked: z.boolean(),
});
export type PreferenceCell = z.infer<typeof PreferenceCell>;

export const NotificationInbox = z.object({
  /** Newest first, `limit` at a time; next_cursor is null on the last page. */
  items: z.array(NotificationItem),
  next_cursor: z.number().int().nullable(),
  unread: z.number().int(),
  /** Every kind × channel the kinds use, in the order of src/shared/notification-kinds.ts. */
  preferences: z.array(PreferenceCell),
});
export type NotificationInbox = z.infer<typeof NotificationInbox>;

const idsError = `ids is a list of 1 to ${MAX_MARK_READ} notification ids.`;

export const PreferenceChange = z.object({
  kind: NotificationKindName,
  channel: NotificationChannelName,
  enabled: z.boolean({ error: 'enabled is true or false.' }),
});
export type PreferenceChange = z.infer<typeof PreferenceChange>;

const preferencesError = 'preferences is a list of 1 to 40 { kind, channel, enabled }.';

export const SetNotificationBody = z.discriminatedUnion(
  'action',
  [
    /** Marks these of the viewer's notifications read (others' ids are ignored). */
    z.object({
      action: z.literal('read'),
      ids: z
        .array(z.number({ error: idsError }).int(idsError).positive(idsError), { error: idsError })
        .min(1, idsError)
        .max(MAX_MARK_READ, idsError),
    }),
    z.object({ action: z.literal('read_all') }),
    /** Turns cells on or off; a locked cell or a channel the kind does not use is a 400. */
    z.object({
      action: z.literal('preferences'),
      preferences: z
        .array(PreferenceChange, { error: preferencesError })
        .min(1, preferencesError)
        .max(40, preferencesError),
    }),
  ],
  { error: 'action is read, read_all or preferences.' },
);
export type SetNotificationBody = z.input<typeof SetNotificationBody>;

export const NotificationState = z.object({
  unread: z.number().int(),
  preferences: z.array(PreferenceCell),
});
export type NotificationState = z.infer<typeof NotificationState>;

/**
 * The live unread count: GET this path with the `token` header and read the body as an event stream
 * (fetch and a ReadableStream, not EventSource, so the token never goes into a URL). Each `unread`
 * event's data is JSON { unread: number }, sent on connect and whenever the count changes on any
 * server process; a comment line comes every 25 s. 401 without a live token, 429 when the viewer
 * already holds the most streams a process allows; reconnect after a drop (the server's close too).
 */
export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';

/** The unsubscribe link of an e-mail: GET shows the page, POST with List-Unsubscribe=One-Click unsubscribes (RFC 8058). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

const tokenError = 'token is the one from the link in the e-mail.';
export const UnsubscribeToken = z.string({ error: tokenError }).min(16, tokenError).max(400, tokenError);

export const UnsubscribeQuery = z.object({ token: UnsubscribeToken });

/** What an unsubscribe link's page shows: whose link it is (masked), the kind it came with and the e-mail cells. */
export const UnsubscribeView = z.object({
  /** The address, masked: j•••@example.com. */
  email: z.string(),
  /** The kind of the e-mail the link came in; null for a subscriber's newsletter or show alerts. */
  kind: NotificationKindName.nullable(),
  /** The e-mail column of the viewer's grid (empty for a subscriber without an account). */
  preferences: z.array(PreferenceCell),
  /** Whether the link's own kind (or subscription) is still on. */
  subscribed: z.boolean(),
});
export type UnsubscribeView = z.infer<typeof UnsubscribeView>;

export const UnsubscribeBody = z.object({
  token: UnsubscribeToken,
  /** The e-mail cells to set; when not given, the link's own kind is turned off. */
  preferences: z.array(PreferenceChange).max(40).optional(),
});
export type UnsubscribeBody = z.input<typeof UnsubscribeBody>;

export const notificationCalls = {
  /** getnotification (token): a page of the in-app list, the unread count and the preferences grid. */
  list: defineCall({
    method: 'GET',
    path: '/api/getnotification',
    query: GetNotificationQuery,
    response: envelopeOf(NotificationInbox),
  }),
  /** setnotification (token): mark read, mark all read, or set preferences; answers the new count and grid. */
  set: defineCall({
    method: 'POST',
    path: '/api/setnotification',
    body: SetNotificationBody,
    response: envelopeOf(NotificationState),
  }),
  /** unsubscribe_v1 (the link's token, no login): what the unsubscribe page shows. */
  unsubscribeView: defineCall({
    method: 'GET',
    path: '/api/unsubscribe_v1',
    query: UnsubscribeQuery,
    response: envelopeOf(UnsubscribeView),
  }),
  /** unsubscribe_v1 (the link's token, no login): turn the link's kind off, or set the e-mail cells. */
  unsubscribe: defineCall({
    method: 'POST',
    path: '/api/unsubscribe_v1',
    body: UnsubscribeBody,
    response: envelopeOf(UnsubscribeView),
  }),
};
