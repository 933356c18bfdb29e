// The producer console (issue 20, decision 079): one screen from which one person runs a live show.
// GET the snapshot once, then follow the console's event stream: `counters` every two seconds and
// `changed` whenever anyone acts on the show (from any server process: the chat's pub/sub), on which
// the page reads the snapshot again. Every on-air action is one typed POST (`act`), logged with who
// took it; the rundown is edited with its own calls. A rehearsal is a private copy of a show run
// with synthetic viewers and removed, every row of it, when it ends.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { StaffPick } from './giveaways-staff';
import { OpenQuestionRequest, StaffGuessQuestion } from './guessing';
import { bodyId, queryId } from './ids';
import { Piece } from './pieces';

export const CONSOLE_PATH = '/staff/console';
/** The console page of one show. */
export const consolePath = (eventId: number) => `${CONSOLE_PATH}/${eventId}`;

export const CONSOLE_LIMITS = {
  /** Counters reach open consoles at least this often. */
  countersEveryMs: 2_000,
  /** Viewers-over-time samples are stored this often while a show is on air. */
  sampleEveryMs: 15_000,
  /** An armed action fires only on a second press within this time. */
  armMs: 4_000,
  segments: 100,
  segmentTitleChars: 120,
  segmentNotesChars: 2_000,
  segmentMaxMinutes: 600,
  announcementChars: 300,
  /** Lines of the action log the snapshot carries. */
  logLines: 50,
  /** Synthetic viewers a rehearsal may have. */
  rehearsalMaxViewers: 500,
  rehearsalDefaultViewers: 50,
  /** Chat messages per minute above which the flood alert shows. */
  floodPerMinute: 120,
  /** The ending-soon alert shows this long before the scheduled end. */
  endingSoonMinutes: 5,
  /** No viewer progress for this long while on air raises the stream-stalled alert. */
  stalledSeconds: 60,
} as const;

export const ConsoleParams = z.object({ eventid: queryId('eventid') });
export const SegmentParams = z.object({ eventid: queryId('eventid'), segmentid: queryId('segmentid') });

export const ON_AIR_STATES = ['upcoming', 'live', 'ended'] as const;
export type OnAirState = (typeof ON_AIR_STATES)[number];

export const ConsoleShow = z.object({
  id: z.number().int(),
  title: z.string(),
  cust_start: z.string(),
  cust_end: z.string(),
  platform: z.string(),
  stream_url: z.string().nullable(),
  state: z.enum(ON_AIR_STATES),
  /** When staff went live from the console (or the scheduled start once it passed); null before. */
  went_live_at: z.string().nullable(),
  /** Set on a rehearsal's private copy: which show it rehearses and with how many synthetic viewers. */
  rehearsal: z
    .object({ id: z.number().int(), source_event_id: z.number().int(), viewers: z.number().int() })
    .nullable(),
});
export type ConsoleShow = z.infer<typeof ConsoleShow>;

export const Segment = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  planned_minutes: z.number().int(),
  notes: z.string(),
  piece: Piece.nullable(),
  giveaway_id: z.number().int().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type Segment = z.infer<typeof Segment>;

export const SegmentInput = z.object({
  title: z
    .string({ error: 'Give the segment a title.' })
    .trim()
    .min(1, 'Give the segment a title.')
    .max(CONSOLE_LIMITS.segmentTitleChars, `A title is up to ${CONSOLE_LIMITS.segmentTitleChars} characters.`),
  planned_minutes: z
    .number({ error: 'Planned minutes is a number.' })
    .int('Planned minutes is a whole number.')
    .min(1, `Planned minutes is from 1 to ${CONSOLE_LIMITS.segmentMaxMinutes}.`)
    .max(CONSOLE_LIMITS.segmentMaxMinutes, `Planned minutes is from 1 to ${CONSOLE_LIMITS.segmentMaxMinutes}.`),
  notes: z
    .string({ error: 'Notes are text.' })
    .trim()
    .max(CONSOLE_LIMITS.segmentNotesChars, `Notes are up to ${CONSOLE_LIMITS.segmentNotesChars} characters.`)
    .default(''),
  piece_id: bodyId('piece_id').nullable().default(null),
  giveaway_id: bodyId('giveaway_id').nullable().default(null),
});
export type SegmentInput = z.input<typeof SegmentInput>;

export const RundownOrder = z.object({
  ids: z
    .array(bodyId('ids'), { error: 'ids is the list of segment ids in their new order.' })
    .max(CONSOLE_LIMITS.segments, `A rundown has up to ${CONSOLE_LIMITS.segments} segments.`),
});

export const Rundown = z.object({
  segments: z.array(Segment),
  current_segment_id: z.number().int().nullable(),
});
export type Rundown = z.infer<typeof Rundown>;

export const ConsoleGiveaway = z.object({
  id: z.number().int(),
  title: z.string(),
  prize: z.string(),
  /** The entry window. */
  cust_start: z.string(),
  cust_end: z.string(),
  entries_open: z.boolean(),
  entrants: z.number().int(),
  /** Chances across all entrants (social bonuses included). */
  tickets: z.number().int(),
  winner_count: z.number().int(),
  /** SHA-256 of the draw's seed, published before the draw. */
  commitment: z.string(),
  /** The seed once the first pick revealed it. */
  seed: z.string().nullable(),
  picks: z.array(StaffPick),
});
export type ConsoleGiveaway = z.infer<typeof ConsoleGiveaway>;

export const ConsoleSpinPrize = z.object({
  id: z.number().int(),
  label: z.string(),
  weight: z.number().int(),
  points: z.number().int(),
  /** Left to win; null for no limit. */
  stock: z.number().int().nullable(),
  won: z.number().int(),
});
export type ConsoleSpinPrize = z.infer<typeof ConsoleSpinPrize>;

export const ConsoleCounters = z.object({
  at: z.string(),
  viewers_now: z.number().int(),
  viewers_peak: z.number().int(),
  checkins: z.number().int(),
  rsvps: z.number().int(),
  entries: z.number().int(),
  spins: z.number().int(),
  messages_per_minute: z.number().int(),
});
export type ConsoleCounters = z.infer<typeof ConsoleCounters>;

export const ALERT_KINDS = ['unclaimed_winner', 'chat_flood', 'stream_stalled', 'ending_soon', 'over_time'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ConsoleAlert = z.object({
  kind: z.enum(ALERT_KINDS),
  /** In words, for the alert strip. */
  message: z.string(),
  since: z.string(),
});
export type ConsoleAlert = z.infer<typeof ConsoleAlert>;

/** What the event stream's `counters` event carries. */
export const ConsoleTick = z.object({ counters: ConsoleCounters, alerts: z.array(ConsoleAlert) });
export type ConsoleTick = z.infer<typeof ConsoleTick>;

export const ConsoleLogLine = z.object({
  id: z.number().int(),
  action: z.string(),
  detail: z.string(),
  /** The staff member's name; 'system' when nobody (a rehearsal's audience). */
  by: z.string(),
  created_at: z.string(),
});
export type ConsoleLogLine = z.infer<typeof ConsoleLogLine>;

/** The on-air actions marked on the viewers-over-time chart. */
export const MARKED_ACTIONS = [
  'go_live',
  'end',
  'next_segment',
  'set_segment',
  'draw',
  'guess_open',
  'guess_reveal',
] as const;

export const ConsoleInterest = z.object({
  id: z.number().int(),
  piece_id: z.number().int(),
  piece_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  created_at: z.string(),
  called_back_at: z.string().nullable(),
  called_back_by: z.string().nullable(),
});
export type ConsoleInterest = z.infer<typeof ConsoleInterest>;

export const ConsoleSnapshot = z.object({
  show: ConsoleShow,
  rundown: Rundown,
  now_showing: Piece.nullable(),
  giveaways: z.array(ConsoleGiveaway),
  spin: z.object({ prizes: z.array(ConsoleSpinPrize), spins: z.number().int() }),
  guessing: z.array(StaffGuessQuestion),
  chat: z.object({
    room: z.number().int(),
    paused: z.boolean(),
    slow_mode_seconds: z.number().int(),
  }),
  counters: ConsoleCounters,
  alerts: z.array(ConsoleAlert),
  timeline: z.object({
    samples: z.array(z.object({ at: z.string(), viewers: z.number().int() })),
    marks: z.array(z.object({ at: z.string(), action: z.string(), label: z.string() })),
  }),
  interest: z.array(ConsoleInterest),
  log: z.array(ConsoleLogLine),
});
export type ConsoleSnapshot = z.infer<typeof ConsoleSnapshot>;
export const ConsoleSnapshotResponse = envelopeOf(ConsoleSnapshot);

const giveawayId = bodyId('giveawayId');
const pickId = bodyId('pickId');
const questionId = bodyId('questionId');

/**
 * Every on-air action. `next_segment` names the segment the caller saw as current (null before the
 * first) so two staff pressing it at once advance once: the second gets a 409.
 */
export const ConsoleAction = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('go_live') }),
    z.object({ action: z.literal('end') }),
    z.object({ action: z.literal('next_segment'), from: bodyId('from').nullable() }),
    z.object({ action: z.literal('set_segment'), segmentId: bodyId('segmentId') }),
    z.object({ action: z.literal('show_piece'), pieceId: bodyId('pieceId').nullable() }),
    z.object({ action: z.literal('open_entries'), giveawayId }),
    z.object({ action: z.literal('close_entries'), giveawayId }),
    z.object({ action: z.literal('draw'), giveawayId }),
    z.object({ action: z.literal('respin'), giveawayId, pickId }),
    z.object({ action: z.literal('claim'), giveawayId, pickId }),
    z.object({
      action: z.literal('forfeit'),
      giveawayId,
      pickId,
      redraw: z.boolean({ error: 'redraw is true or false.' }).default(true),
    }),
    // The guessing game's own rules for a question (OpenQuestionRequest), timed from now in minutes.
    OpenQuestionRequest.pick({ question: true, unit: true, answer: true, points: true, winners: true }).extend({
      action: z.literal('guess_open'),
      minutes: z
        .number({ error: 'minutes is a number.' })
        .int('Minutes is a whole number from 1 to 60.')
        .min(1, 'Minutes is a whole number from 1 to 60.')
        .max(60, 'Minutes is a whole number from 1 to 60.')
        .default(5),
    }),
    z.object({ action: z.literal('guess_close'), questionId }),
    z.object({ action: z.literal('guess_reveal'), questionId }),
    z.object({ action: z.literal('chat_clear') }),
    z.object({
      action: z.literal('chat_announce'),
      text: z
        .string({ error: 'Write the announcement.' })
        .trim()
        .min(1, 'Write the announcement.')
        .max(
          CONSOLE_LIMITS.announcementChars,
          `An announcement is up to ${CONSOLE_LIMITS.announcementChars} characters.`,
        ),
    }),
    z.object({ action: z.literal('chat_pause'), paused: z.boolean({ error: 'paused is true or false.' }) }),
    z.object({ action: z.literal('called_back'), interestId: bodyId('interestId') }),
  ],
  { error: 'action is one of the console actions.' },
);
export type ConsoleAction = z.input<typeof ConsoleAction>;
export type ConsoleActionName = ConsoleAction['action'];

/** Actions that cannot be undone: the console arms them on the first press and fires on the second. */
export const ARMED_ACTIONS = ['go_live', 'end', 'draw', 'respin', 'forfeit', 'guess_reveal', 'chat_clear'] as const;

export const RehearsalStart = z.object({
  viewers: z
    .number({ error: 'viewers is a number.' })
    .int(`Synthetic viewers are a whole number from 1 to ${CONSOLE_LIMITS.rehearsalMaxViewers}.`)
    .min(1, `Synthetic viewers are a whole number from 1 to ${CONSOLE_LIMITS.rehearsalMaxViewers}.`)
    .max(
      CONSOLE_LIMITS.rehearsalMaxViewers,
      `Synthetic viewers are a whole number from 1 to ${CONSOLE_LIMITS.rehearsalMaxViewers}.`,
    )
    .default(CONSOLE_LIMITS.rehearsalDefaultViewers),
});
export type RehearsalStart = z.input<typeof RehearsalStart>;
export const RehearsalStarted = z.object({ rehearsal_id: z.number().int(), eventid: z.number().int() });
export const RehearsalEnded = z.object({ rehearsal_id: z.number().int(), source_event_id: z.number().int() });

/**
 * The console's event stream: GET with the `token` header, read as text/event-stream. Events:
 * `counters` (a ConsoleTick, at once and then every two seconds) and `changed` (a ConsoleChange).
 */
export const CONSOLE_STREAM_PATH = '/api/staff/console/:eventid/stream';
export const consoleStreamPath = (eventId: number) => CONSOLE_STREAM_PATH.replace(':eventid', String(eventId));
export const ConsoleChange = z.object({ action: z.string(), by: z.string(), at: z.string() });
export type ConsoleChange = z.infer<typeof ConsoleChange>;

export const CONSOLE_MESSAGES = {
  snapshot: 'Console ready.',
  done: 'Done.',
  notAShow: 'The console runs shows; that event is not one.',
  notFound: 'That show was not found.',
  alreadyLive: 'The show is already live.',
  notLive: 'The show is not live.',
  ended: 'The show has ended.',
  staleSegment: 'Someone already moved the rundown on. The console shows where it is now.',
  segmentNotFound: 'That segment is not in this rundown.',
  rundownFull: `A rundown has up to ${CONSOLE_LIMITS.segments} segments.`,
  orderMismatch: 'The new order must list every segment of the rundown once.',
  lastSegment: 'That was the last segment.',
  giveawayNotFound: 'That giveaway does not belong to this show.',
  pieceNotFound: 'That piece was not found.',
  questionNotFound: 'That question does not belong to this show.',
  interestNotFound: 'That request is not on this show’s list.',
  rehearsalRunning: 'A rehearsal of this show is already running.',
  notRehearsal: 'That is not a rehearsal.',
  rehearsalStarted: 'Rehearsal started.',
  rehearsalEnded: 'Rehearsal ended; everything it made has been removed.',
} as const;

export const consoleCalls = {
  snapshot: defineCall({
    method: 'GET',
    path: '/api/staff/console/:eventid',
    params: ConsoleParams,
    response: ConsoleSnapshotResponse,
  }),
  act: defineCall({
    method: 'POST',
    path: '/api/staff/console/:eventid/act',
    params: ConsoleParams,
    body: ConsoleAction,
    response: ConsoleSnapshotResponse,
  }),
  addSegment: defineCall({
    method: 'POST',
    path: '/api/staff/console/:eventid/segments',
    params: ConsoleParams,
    body: SegmentInput,
    response: envelopeOf(Rundown),
  }),
  updateSegment: defineCall({
    method: 'PUT',
    path: '/api/staff/console/:eventid/segments/:segmentid',
    params: SegmentParams,
    body: SegmentInput,
    response: envelopeOf(Rundown),
  }),
  deleteSegment: defineCall({
    method: 'DELETE',
    path: '/api/staff/console/:eventid/segments/:segmentid',
    params: SegmentParams,
    response: envelopeOf(Rundown),
  }),
  reorder: defineCall({
    method: 'PUT',
    path: '/api/staff/console/:eventid/rundown/order',
    params: ConsoleParams,
    body: RundownOrder,
    response: envelopeOf(Rundown),
  }),
  startRehearsal: defineCall({
    method: 'POST',
    path: '/api/staff/console/:eventid/rehearsal',
    params: ConsoleParams,
    body: RehearsalStart,
    response: envelopeOf(RehearsalStarted),
  }),
  /** eventid is the rehearsal's private copy. */
  endRehearsal: defineCall({
    method: 'POST',
    path: '/api/staff/console/:eventid/rehearsal/end',
    params: ConsoleParams,
    response: envelopeOf(RehearsalEnded),
  }),
};
