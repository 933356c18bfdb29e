// Data hooks for the public event reads (eventlist_v1, eventdata_v1): a key factory and the query
// options every screen shares, so the home page, /live and /giveaways reuse one cache.
import { queryOptions } from '@tanstack/react-query';
import { callRef } from '../../../shared/contract/call';
import type { EventRecord, EventType, eventsCalls } from '../../../shared/contract/events';
import type { EventListWhen } from '../../../shared/first-screen';
import { apiCall, recordOf, recordsOf } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';

// Keyed by the contract's own unions, so a new type or status fails the type check here.
const TYPES = new Set(Object.keys({ show: true, giveaway: true, specialshow: true } satisfies Record<EventType, true>));
const STATUSES = new Set(
  Object.keys({ upcoming: true, live: true, past: true } satisfies Record<EventRecord['status'], true>),
);

/**
 * The server answers from the contract's schema; these field checks keep the schema library out
 * of the home page's bundle.
 */
export function isEventRecord(value: unknown): value is EventRecord {
  const fields = fieldsOf(value);
  if (!fields) return false;
  const isString = (key: string) => typeof fields.get(key) === 'string';
  const isInteger = (key: string) => Number.isInteger(fields.get(key));
  return (
    isInteger('id') &&
    isInteger('IS_Public') &&
    ['title', 'description', 'image', 'cust_start', 'cust_end', 'platform'].every(isString) &&
    TYPES.has(String(fields.get('type'))) &&
    STATUSES.has(String(fields.get('status')))
  );
}

const eventsAnswer = recordsOf(isEventRecord);

/** eventlist_v1 and eventdata_v1, their answers checked by isEventRecord. */
const eventListCall = callRef<typeof eventsCalls.list>({
  method: 'GET',
  path: '/api/eventlist_v1',
  response: eventsAnswer,
});
const eventCall = callRef<typeof eventsCalls.one>({ method: 'GET', path: '/api/eventdata_v1', response: eventsAnswer });

export const eventKeys = {
  all: ['events'] as const,
  list: (type: EventType, on: EventListWhen, limit: number) => [...eventKeys.all, 'list', type, on, limit] as const,
  one: (id: number, code?: string) => [...eventKeys.all, 'one', id, ...(code ? [code] : [])] as const,
};

/** Events of a type in a time bucket: soonest first for upcoming and live, newest first for past. */
export function eventListQuery(type: EventType, on: EventListWhen, limit = 12) {
  return queryOptions({
    queryKey: eventKeys.list(type, on, limit),
    // The same read as first-screen.ts's eventListRead, so the home page's lists take the page's answers.
    queryFn: async ({ signal }) => (await apiCall(eventListCall, { query: { type, on, limit }, signal })).data,
  });
}

/** Every giveaway open now: the most the list call gives (50), not only its first page of 12. */
export const openGiveawaysQuery = eventListQuery('giveaway', 'live', 50);

/** One event by id (a private giveaway with its `code`); a 404 (no such event, or one the caller may not see) is an ApiError with httpStatus 404. */
export function eventQuery(id: number, code?: string) {
  return queryOptions({
    queryKey: eventKeys.one(id, code),
    queryFn: async ({ signal }) => recordOf(await apiCall(eventCall, { query: { eventid: id, code }, signal })),
  });
}

/** The numeric id of a route parameter, or null when it is not a positive whole number. */
export function eventIdFrom(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
