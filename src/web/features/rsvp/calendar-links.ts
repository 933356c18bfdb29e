// Add-to-calendar for a show: the calendar entry (the same one the RSVP e-mail attaches), a
// Google Calendar link that opens the entry prefilled, and the name of the downloaded file.
import type { EventRecord } from '../../../shared/contract/events';
import { calendarStamp, type CalendarEvent } from '../../../shared/calendar';

type Show = Pick<EventRecord, 'id' | 'title' | 'description' | 'cust_start' | 'cust_end'>;

/** The show as a calendar entry; its link is the live page, where the show plays. */
export function calendarEventOf(show: Show, origin: string): CalendarEvent {
  return {
    id: show.id,
    title: show.title,
    description: show.description,
    start: show.cust_start,
    end: show.cust_end,
    url: `${origin}/live`,
  };
}

/** Google Calendar's "add event" page with the title, times (UTC), details and the watch link. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const details = [event.description.trim(), `Watch live: ${event.url}`].filter(Boolean).join('\n\n');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${calendarStamp(event.start)}/${calendarStamp(event.end)}`,
    details,
    location: event.url,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** 'sapphire-sunday.ics': the title in plain lower-case words, or a generic name without any. */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'show'}.ics`;
}
