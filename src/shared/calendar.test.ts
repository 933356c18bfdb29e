import { describe, expect, it } from 'vitest';
import { icsFor } from './calendar';

const event = {
  id: 7,
  title: 'Opal Hour; live, from Coober Pedy',
  description: 'Line one\nLine two',
  start: '2026-06-21T02:00:00.000Z',
  end: '2026-06-21T03:00:00.000Z',
  url: 'http://localhost:3000/live',
};

describe('calendar file', () => {
  const ics = icsFor(event, 'Gemcast', new Date('2026-06-15T18:00:00Z'));
  it('writes the event in UTC with a stable id and a reminder', () => {
    expect(ics).toContain('DTSTART:20260621T020000Z\r\n');
    expect(ics).toContain('DTEND:20260621T030000Z\r\n');
    expect(ics).toContain('UID:event-7@gemcast\r\n');
    expect(ics).toContain('TRIGGER:-PT15M');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
  it('escapes text and folds long lines', () => {
    expect(ics).toContain('SUMMARY:Opal Hour\\; live\\, from Coober Pedy');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two');
    const long = icsFor({ ...event, description: 'ø'.repeat(100) }, 'Gemcast', new Date());
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
