// Staff scheduling calls (under /api/staff/): create, edit, end and list shows, giveaways and
// special events with their stream, and see who RSVPed. Guarded on the server (403 for viewers).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { MAX_ID } from './ids';
import { eventDescription, eventImage, eventTitle, eventVisibility, instant } from './event-fields';
import { EVENT_TYPES, EventRecord } from './events';

export const PLATFORMS = ['hls', 'youtube', 'facebook', 'agora'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Where a platform's stream may come from; checked on save so a typo never reaches viewers. */
export function isValidStream(platform: Platform, value: string): boolean {
  if (value === '') return true;
  switch (platform) {
    case 'hls':
      return /^(https?:\/\/[^\s]+|\/media\/[^\s]+)\.m3u8(\?[^\s]*)?$/i.test(value);
    case 'youtube':
      return (
        /^[\w-]{11}$/.test(value) ||
        /^https:\/\/(www\.)?(youtube\.com\/(watch\?v=|live\/|embed\/)|youtu\.be\/)[\w-]{11}/.test(value)
      );
    case 'facebook':
      return /^https:\/\/(www\.)?facebook\.com\/[^\s]+\/videos\/\d+/.test(value);
    case 'agora':
      return /^[A-Za-z0-9_-]{1,64}$/.test(value);
  }
}

const eventFields = {
  type: z.enum(EVENT_TYPES, { error: 'type is show, giveaway or specialshow.' }),
  title: eventTitle('event'),
  description: eventDescription,
  image: eventImage,
  cust_start: instant('The start'),
  cust_end: instant('The end'),
  IS_Public: eventVisibility,
  platform: z.enum(PLATFORMS, { error: 'platform is hls, youtube, facebook or agora.' }),
  stream_url: z.string().trim().max(500),
  replay_url: z.string().trim().max(500),
};

type Timed = { cust_start?: string; cust_end?: string; platform?: Platform; stream_url?: string; replay_url?: string };
function checkEvent(value: Timed, ctx: z.RefinementCtx) {
  if (
    value.cust_start &&
    value.cust_end &&
    new Date(value.cust_end).getTime() <= new Date(value.cust_start).getTime()
  ) {
    ctx.addIssue({ code: 'custom', path: ['cust_end'], message: 'The end must come after the start.' });
  }
  if (value.platform && value.stream_url !== undefined && !isValidStream(value.platform, value.stream_url)) {
    ctx.addIssue({ code: 'custom', path: ['stream_url'], message: `That is not a ${value.platform} stream address.` });
  }
  if (value.replay_url && !/^(https:\/\/|\/media\/)[^\s]+$/.test(value.replay_url)) {
    ctx.addIssue({ code: 'custom', path: ['replay_url'], message: 'The replay is an https:// URL or a /media/ path.' });
  }
}

export const CreateEventRequest = z
  .object({
    ...eventFields,
    description: eventFields.description.default(''),
    image: eventFields.image.default(''),
    IS_Public: eventFields.IS_Public.default(1),
    platform: eventFields.platform.default('hls'),
    stream_url: eventFields.stream_url.default(''),
    replay_url: eventFields.replay_url.default(''),
  })
  .superRefine(checkEvent);
export type CreateEventRequest = z.input<typeof CreateEventRequest>;

export const UpdateEventRequest = z.object(eventFields).partial().superRefine(checkEvent);
export type UpdateEventRequest = z.input<typeof UpdateEventRequest>;

export const EventIdParams = z.object({
  id: z.coerce
    .number<number | string>({ error: 'The event id is a number.' })
    .int()
    .positive('The event id is a number.')
    .max(MAX_ID, 'The event id is a number.'),
});

export const StaffEventQuery = z.object({
  type: z.enum(EVENT_TYPES, { error: 'type is show, giveaway or specialshow.' }).optional(),
  on: z.enum(['upcoming', 'live', 'past', 'all'], { error: 'on is upcoming, live, past or all.' }).default('all'),
});

export const StaffEventRecord = EventRecord.extend({
  stream_url: z.string(),
  replay_url: z.string(),
  rsvp_count: z.number().int(),
});
export type StaffEventRecord = z.infer<typeof StaffEventRecord>;
export const StaffEventResponse = envelopeOf(StaffEventRecord);

export const RsvpEntry = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type RsvpEntry = z.infer<typeof RsvpEntry>;
export const RsvpListResponse = envelopeOf(RsvpEntry);

export const staffEventsCalls = {
  /** Every event, private ones included, with RSVP counts (all time buckets by default). */
  list: defineCall({
    method: 'GET',
    path: '/api/staff/events',
    query: StaffEventQuery,
    response: StaffEventResponse,
  }),
  /** Schedule a show, giveaway or special event. */
  create: defineCall({
    method: 'POST',
    path: '/api/staff/events',
    body: CreateEventRequest,
    response: StaffEventResponse,
  }),
  /** One event with its stream, replay and RSVP count. */
  one: defineCall({
    method: 'GET',
    path: '/api/staff/events/:id',
    params: EventIdParams,
    response: StaffEventResponse,
  }),
  /** Edit an event: details, schedule, stream or replay. */
  update: defineCall({
    method: 'POST',
    path: '/api/staff/events/:id',
    params: EventIdParams,
    body: UpdateEventRequest,
    response: StaffEventResponse,
  }),
  /** End a live event now. */
  end: defineCall({
    method: 'POST',
    path: '/api/staff/events/:id/end',
    params: EventIdParams,
    response: StaffEventResponse,
  }),
  /** Who RSVPed, in order. */
  rsvps: defineCall({
    method: 'GET',
    path: '/api/staff/events/:id/rsvps',
    params: EventIdParams,
    response: RsvpListResponse,
  }),
};
