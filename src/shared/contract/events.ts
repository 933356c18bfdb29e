// Shows, giveaways and special events as the public reads return them (eventlist_v1,
// eventdata_v1). Times are ISO-8601 UTC instants; the web shows them in Los Angeles time.
import { z } from 'zod';
import { envelopeOf } from './envelope';

export const EVENT_TYPES = ['show', 'giveaway', 'specialshow'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_WHEN = ['upcoming', 'live', 'past', 'all'] as const;

export const EventRecord = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  cust_start: z.string(),
  cust_end: z.string(),
  /** 1 = public (spec §3). */
  IS_Public: z.number().int(),
  platform: z.string(),
  /** Worked out on the server from its clock: before, during or after the live window. */
  status: z.enum(['upcoming', 'live', 'past']),
});
export type EventRecord = z.infer<typeof EventRecord>;

export const EventListQuery = z.object({
  type: z.enum(EVENT_TYPES, { error: 'type is show, giveaway or specialshow.' }),
  on: z.enum(EVENT_WHEN, { error: 'on is upcoming, live, past or all.' }).default('upcoming'),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type EventListQuery = z.input<typeof EventListQuery>;

export const EventDataQuery = z.object({
  eventid: z.coerce.number({ error: 'eventid is a number.' }).int().positive('eventid is a number.'),
});

export const EventListResponse = envelopeOf(EventRecord);
