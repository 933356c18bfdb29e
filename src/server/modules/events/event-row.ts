// New events rows, made in one place: the defaults (a public show on HLS with no image or stream
// yet) for the demo seed and the test harness, and the mapping of a staff create request.
import type { Insertable } from 'kysely';
import type { EventsTable } from '../../db/schema';

type NewEvent = Insertable<EventsTable>;

/** What every new row needs said: its text, its window and when it was made. */
export type EventRowFields = Pick<NewEvent, 'title' | 'description' | 'cust_start' | 'cust_end' | 'created_at'> &
  Partial<NewEvent>;

export function newEventRow(fields: EventRowFields): NewEvent {
  return { type: 'show', image: null, is_public: 1, platform: 'hls', stream_url: null, ...fields };
}

/** An instant with any offset, stored as UTC ('2026-06-15T19:00:00-07:00' → '2026-06-16T02:00:00.000Z'). */
export const utc = (instant: string) => new Date(instant).toISOString();

/**
 * Images are stored as a path under the media root (answers put the media base URL before it) or
 * a full URL; '/media/x.jpg' is stored as 'x.jpg', so what staff read back is what they can save.
 */
export const storedImage = (image: string) =>
  (image.startsWith('/media/') ? image.slice('/media/'.length) : image) || null;

/** What a staff create request says of the event itself, in the contracts' wire names. */
export type StaffEventInput = {
  type: EventsTable['type'];
  title: string;
  description: string;
  image: string;
  cust_start: string;
  cust_end: string;
  IS_Public: number;
  /** The stream's platform; a giveaway has no stream of its own and keeps the default, 'hls'. */
  platform?: string;
  stream_url?: string;
  replay_url?: string;
};

export function eventRowOf(input: StaffEventInput, createdAt: string): Insertable<EventsTable> {
  return newEventRow({
    type: input.type,
    title: input.title,
    description: input.description,
    image: storedImage(input.image),
    cust_start: utc(input.cust_start),
    cust_end: utc(input.cust_end),
    is_public: input.IS_Public,
    ...(input.platform ? { platform: input.platform } : {}),
    stream_url: input.stream_url || null,
    replay_url: input.replay_url || null,
    created_at: createdAt,
  });
}
