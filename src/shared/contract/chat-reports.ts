// Viewers' own chat tools (decision 045): reporting a message to staff, hiding a person's messages
// from their own chat (and showing them again), and the staff calls that list and resolve reports.
import { z } from 'zod';
import { RoomRef } from './chat';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId } from './ids';

export const REPORT_LIMITS = {
  /** Characters in the optional reason, after trimming. */
  reasonChars: 200,
  /** Reports one viewer may send in one window. */
  perWindow: 10,
  windowMs: 10 * 60_000,
  /** Hides and unhides one viewer may make in one window. */
  hidesPerWindow: 30,
  hideWindowMs: 60_000,
  /** Reports the staff list answers at most. */
  listMax: 100,
} as const;

/** What staff can do with a reported message: nothing (dismiss), or act through chat moderation. */
export const REPORT_RESOLUTIONS = ['dismiss', 'delete', 'mute', 'ban'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

const reasonError = `A reason can be up to ${REPORT_LIMITS.reasonChars} characters.`;

export const ReportMessageRequest = z.object({
  messageId: bodyId('messageId'),
  reason: z
    .string({ error: 'reason is text.' })
    .max(REPORT_LIMITS.reasonChars * 2, reasonError)
    .optional(),
});
export type ReportMessageRequest = z.input<typeof ReportMessageRequest>;

export const ReportReceipt = z.object({ messageId: z.number().int(), reportedAt: z.string() });
export const ReportReceiptResponse = envelopeOf(ReportReceipt);

export const HidePersonRequest = z.object({ userId: bodyId('userId') });
export type HidePersonRequest = z.input<typeof HidePersonRequest>;

/** Someone a viewer hid: their id and chat name. */
export const HiddenPerson = z.object({ userId: z.number().int(), name: z.string(), hiddenAt: z.string() });
export type HiddenPerson = z.infer<typeof HiddenPerson>;
export const HiddenPeopleResponse = envelopeOf(HiddenPerson);

/** One reported message with every open report of it, for staff. */
export const ChatReport = z.object({
  messageId: z.number().int(),
  text: z.string(),
  room: RoomRef,
  roomTitle: z.string().nullable(),
  sentAt: z.string(),
  /** Staff deleted the message already (by another way); resolving still clears the reports. */
  isDeleted: z.boolean(),
  author: z.object({
    userId: z.number().int(),
    name: z.string(),
    fullName: z.string(),
    email: z.string(),
    isStaff: z.boolean(),
  }),
  count: z.number().int(),
  reports: z.array(
    z.object({
      reporterId: z.number().int(),
      reporterName: z.string(),
      reason: z.string(),
      reportedAt: z.string(),
    }),
  ),
});
export type ChatReport = z.infer<typeof ChatReport>;
export const ChatReportsResponse = envelopeOf(ChatReport);

export const ChatReportsQuery = z.object({
  limit: z.coerce
    .number<number | string>({ error: `limit is a number from 1 to ${REPORT_LIMITS.listMax}.` })
    .int(`limit is a number from 1 to ${REPORT_LIMITS.listMax}.`)
    .min(1, `limit is a number from 1 to ${REPORT_LIMITS.listMax}.`)
    .max(REPORT_LIMITS.listMax, `limit is a number from 1 to ${REPORT_LIMITS.listMax}.`)
    .default(50),
});

export const ResolveReportRequest = z.object({
  messageId: bodyId('messageId'),
  action: z.enum(REPORT_RESOLUTIONS, { error: 'action is dismiss, delete, mute or ban.' }),
  /** For mute: how long, 1 minute to 7 days; an hour when left out. */
  minutes: z
    .number({ error: 'minutes is a number from 1 to 10080.' })
    .int('minutes is a number from 1 to 10080.')
    .min(1, 'minutes is a number from 1 to 10080.')
    .max(7 * 24 * 60, 'minutes is a number from 1 to 10080.')
    .optional(),
});
export type ResolveReportRequest = z.input<typeof ResolveReportRequest>;

export const ResolvedReport = z.object({
  messageId: z.number().int(),
  action: z.enum(REPORT_RESOLUTIONS),
  /** How many open reports this closed. */
  resolved: z.number().int(),
});
export const ResolvedReportResponse = envelopeOf(ResolvedReport);

export const REPORT_MESSAGES = {
  reported: 'Thanks. Staff will look at that message.',
  alreadyReported: 'You have already reported that message.',
  ownMessage: 'You cannot report your own message.',
  messageGone: 'That message is no longer there.',
  reasonTooLong: reasonError,
  hidden: "{name}'s messages are hidden from your chat.",
  unhidden: "{name}'s messages show in your chat again.",
  hideSelf: 'You cannot hide your own messages.',
  hideStaff: 'Messages from staff cannot be hidden.',
  noSuchPerson: 'There is no such viewer.',
  hiddenListed: 'People you have hidden.',
  reportsListed: 'Reported messages waiting for staff.',
  noOpenReports: 'Those reports have already been resolved.',
  dismissed: 'Reports dismissed; the message stays.',
  deleted: 'Message deleted and reports resolved.',
  muted: '{name} is muted for {minutes} minutes; reports resolved.',
  banned: '{name} is banned from chat; reports resolved.',
  cannotSanctionStaff: 'Staff cannot be muted or banned. Dismiss the reports or delete the message.',
} as const;

export const chatReportCalls = {
  /** chat/report (token): reports a message to staff, once per viewer per message; not one's own. */
  report: defineCall({
    method: 'POST',
    path: '/api/chat/report',
    body: ReportMessageRequest,
    response: ReportReceiptResponse,
  }),
  /** chat/hidden (token): the people this viewer has hidden from their chat. */
  hidden: defineCall({ method: 'GET', path: '/api/chat/hidden', response: HiddenPeopleResponse }),
  /** chat/hide (token): hides a person's messages from this viewer's chat; answers the list. */
  hide: defineCall({ method: 'POST', path: '/api/chat/hide', body: HidePersonRequest, response: HiddenPeopleResponse }),
  /** chat/unhide (token): shows a hidden person's messages again; answers the list. */
  unhide: defineCall({
    method: 'POST',
    path: '/api/chat/unhide',
    body: HidePersonRequest,
    response: HiddenPeopleResponse,
  }),
};

export const chatReportStaffCalls = {
  /** staff/chat/reports (staff token): reported messages with open reports, the most recently reported first. */
  reports: defineCall({
    method: 'GET',
    path: '/api/staff/chat/reports',
    query: ChatReportsQuery,
    response: ChatReportsResponse,
  }),
  /** staff/chat/reports/resolve (staff token): dismisses a message's reports, or deletes it, mutes or bans its author. */
  resolve: defineCall({
    method: 'POST',
    path: '/api/staff/chat/reports/resolve',
    body: ResolveReportRequest,
    response: ResolvedReportResponse,
  }),
};
