// Shows, giveaways and special events as the public reads return them (eventlist_v1,
// eventdata_v1, liveevent_v1). Times are ISO-8601 UTC instants; the web shows them in Los Angeles time.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { queryId } from './ids';

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
  limit: z.coerce.number<number | string>().int().min(1).max(50).default(12),
});
export type EventListQuery = z.input<typeof EventListQuery>;

export const EventDataQuery = z.object({ eventid: queryId('eventid') });

export const LiveEventQuery = z.object({ type: z.enum(['show', 'giveaway'], { error: 'type is show or giveaway.' }) });

export const EventListResponse = envelopeOf(EventRecord);

export const eventsCalls = {
  /** eventlist_v1: public events of a type in a time bucket (upcoming by default), at most `limit`. */
  list: defineCall({ method: 'GET', path: '/api/eventlist_v1', query: EventListQuery, response: EventListResponse }),
  /** eventdata_v1: one event by id, private ones included; 404 when there is none. */
  one: defineCall({ method: 'GET', path: '/api/eventdata_v1', query: EventDataQuery, response: EventListResponse }),
  /** liveevent_v1: the show or giveaway live now; HTTP 200 with status 0 and a message when none is. */
  live: defineCall({ method: 'GET', path: '/api/liveevent_v1', query: LiveEventQuery, response: EventListResponse }),
};
