// Add-to-calendar for a show the viewer is in: a calendar file made here in the browser (the same
// entry the confirmation e-mail attaches) for Apple, Outlook and the rest, and a Google Calendar link.
import type { EventRecord } from '../../../shared/contract/events';
import { icsFor } from '../../../shared/calendar';
import { useBrand } from '../../shell/site-config';
import { Button, buttonStyles } from '../../ui/button';
import { calendarEventOf, calendarFileName, googleCalendarUrl } from './calendar-links';

/** Long enough for the browser to start the download before the file's address is released. */
const RELEASE_AFTER_MS = 60_000;

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function AddToCalendar({ event }: { event: EventRecord }) {
  const brand = useBrand();
  const entry = calendarEventOf(event, window.location.origin);

  function handleDownload() {
    const file = new Blob([icsFor(entry, brand, new Date())], { type: 'text/calendar;charset=utf-8' });
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = calendarFileName(event.title);
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
  }

  return (
    <div role="group" aria-label={`Add ${event.title} to your calendar`} className="flex flex-wrap items-center gap-2">
      <span className="w-full text-xs font-bold tracking-wider text-muted uppercase" aria-hidden="true">
        Add to your calendar
      </span>
      <Button variant="outline" size="sm" onClick={handleDownload}>
        <CalendarIcon />
        Apple / Outlook (.ics)
      </Button>
      <a
        href={googleCalendarUrl(entry)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonStyles('outline', 'sm')}
      >
        <CalendarIcon />
        Google Calendar
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
