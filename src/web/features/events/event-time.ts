// How show times read on screen: in the network's own time zone (America/Los_Angeles), with its
// abbreviation, whatever the viewer's zone is (DESIGN: time).
import type { EventRecord } from '../../../shared/contract/events';
import { SHOW_TIME_ZONE } from '../../../shared/time';

const showTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const showDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Sat, Mar 9, 6:00 PM PST'. */
export function showTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : showTimeFormat.format(at);
}

/** 'March 9, 2024'. */
export function showDay(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : showDayFormat.format(at);
}

/** 'Jan 3, 2027', the Los Angeles day. */
export function shortDay(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : shortDayFormat.format(at);
}

type CountdownSpec = { label: string; target: Date; kind: 'event' | 'giveaway' };

/**
 * What an event's countdown counts to: a show's start, or its end while it is live (spec §1); a
 * giveaway's opening, then its draw at the end of its window.
 */
export function eventCountdown(event: Pick<EventRecord, 'type' | 'status' | 'cust_start' | 'cust_end'>): CountdownSpec {
  const kind = event.type === 'giveaway' ? 'giveaway' : 'event';
  if (event.status === 'upcoming')
    return { label: kind === 'giveaway' ? 'Opens in' : 'Starts in', target: new Date(event.cust_start), kind };
  return { label: kind === 'giveaway' ? 'Winner drawn in' : 'Ends in', target: new Date(event.cust_end), kind };
}
