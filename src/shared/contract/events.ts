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

/**
 * An access code as a viewer gives it (decision 051): letters, digits and dashes, 4 to 32, so codes
 * saved before the 6-symbol rule for new codes still work. Not case-sensitive.
 */
export const accessCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,32}$/, 'The access code is 4 to 32 letters, digits or dashes.');

/** `code` opens a private giveaway (decision 051); without it a private event answers as a missing one does. */
export const EventDataQuery = z.object({ eventid: queryId('eventid'), code: accessCode.optional() });

export const LiveEventQuery = z.object({ type: z.enum(['show', 'giveaway'], { error: 'type is show or giveaway.' }) });

export const EventListResponse = envelopeOf(EventRecord);

export const eventsCalls = {
  /** eventlist_v1: public events of a type in a time bucket (upcoming by default), at most `limit`. */
  list: defineCall({ method: 'GET', path: '/api/eventlist_v1', query: EventListQuery, response: EventListResponse }),
  /**
   * eventdata_v1: one event by id; 404 when there is none, and for a private event the caller may not
   * see (staff, those who took part, or a private giveaway's `code` may; decision 051).
   */
  one: defineCall({ method: 'GET', path: '/api/eventdata_v1', query: EventDataQuery, response: EventListResponse }),
  /** liveevent_v1: the show or giveaway live now; HTTP 200 with status 0 and a message when none is. */
  live: defineCall({ method: 'GET', path: '/api/liveevent_v1', query: LiveEventQuery, response: EventListResponse }),
};
