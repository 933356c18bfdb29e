// An events row as the API answers it: the public EventRecord, with its status worked out from the
// server clock and its image made a full address. Used by every module that returns an event.
import type { Selectable } from 'kysely';
import type { EventRecord } from '../../../shared/contract/events';
import { isLive } from '../../../shared/countdown';
import type { EventsTable } from '../../db/schema';

export function toEventRecord(row: Selectable<EventsTable>, now: Date, mediaBaseUrl: string): EventRecord {
  const start = new Date(row.cust_start);
  const end = new Date(row.cust_end);
  const status = isLive(start, end, now) ? 'live' : now.getTime() <= start.getTime() ? 'upcoming' : 'past';
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    image: publicImage(row.image, mediaBaseUrl),
    cust_start: row.cust_start,
    cust_end: row.cust_end,
    IS_Public: row.is_public,
    platform: row.platform,
    status,
  };
}

/** A stored image (a path under the media root, or a full URL) as viewers fetch it; '' for none. */
export function publicImage(stored: string | null, mediaBaseUrl: string): string {
  return !stored ? '' : /^https?:\/\//.test(stored) ? stored : mediaBaseUrl + stored;
}
