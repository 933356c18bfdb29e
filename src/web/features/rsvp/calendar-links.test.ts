import { describe, expect, it } from 'vitest';
import { calendarEventOf, calendarFileName, googleCalendarUrl } from './calendar-links';

const show = {
  id: 12,
  title: 'Opal Hour: fire & colour',
  description: 'Stones from Coober Pedy.',
  cust_start: '2026-06-21T02:00:00.000Z',
  cust_end: '2026-06-21T03:30:00.000Z',
};

describe('calendarEventOf', () => {
  it('links the entry to the live page of the site it was made on', () => {
    expect(calendarEventOf(show, 'https://gemcast.example')).toEqual({
      id: 12,
      title: 'Opal Hour: fire & colour',
      description: 'Stones from Coober Pedy.',
      start: '2026-06-21T02:00:00.000Z',
      end: '2026-06-21T03:30:00.000Z',
      url: 'https://gemcast.example/live',
    });
  });
});

describe('googleCalendarUrl', () => {
  it('prefills the title, the UTC times, the details and the watch link', () => {
    const url = new URL(googleCalendarUrl(calendarEventOf(show, 'https://gemcast.example')));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Opal Hour: fire & colour');
    expect(url.searchParams.get('dates')).toBe('20260621T020000Z/20260621T033000Z');
    expect(url.searchParams.get('details')).toBe(
      'Stones from Coober Pedy.\n\nWatch live: https://gemcast.example/live',
    );
    expect(url.searchParams.get('location')).toBe('https://gemcast.example/live');
  });

  it('leaves out an empty description', () => {
    const url = new URL(googleCalendarUrl(calendarEventOf({ ...show, description: '  ' }, 'https://gemcast.example')));
    expect(url.searchParams.get('details')).toBe('Watch live: https://gemcast.example/live');
  });
});

describe('calendarFileName', () => {
  it('names the file after the title in plain lower-case words', () => {
    expect(calendarFileName('Opal Hour: fire & colour')).toBe('opal-hour-fire-colour.ics');
    expect(calendarFileName('Émeraude Élégance')).toBe('emeraude-elegance.ics');
  });

  it('keeps long names short and falls back when no letter is left', () => {
    expect(calendarFileName('a'.repeat(59) + ' b c')).toBe(`${'a'.repeat(59)}.ics`);
    expect(calendarFileName('💎 ✨')).toBe('show.ics');
  });
});
