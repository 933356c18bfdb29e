// The RSVP confirmation (with a calendar file) and the reminder before the show, in Gemcast's words.
import { icsFor } from '../../../shared/calendar';
import { SHOW_TIME_ZONE } from '../../../shared/time';
import type { EventsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { Mail } from '../../platform/mail';

type Show = Pick<Selectable<EventsTable>, 'id' | 'title' | 'description' | 'cust_start' | 'cust_end'>;

const showTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function rsvpConfirmationMail(
  to: string,
  firstName: string,
  show: Show,
  brand: string,
  publicUrl: string,
  now: Date,
): Mail {
  const url = `${publicUrl}/live`;
  return {
    to,
    subject: `You're on the list: ${show.title}`,
    text: [
      `Hi ${firstName},`,
      '',
      `Your seat is saved for "${show.title}" on ${showTime.format(new Date(show.cust_start))}.`,
      '',
      `Watch it live at ${url}. We will e-mail you a reminder about an hour before we go on air, and the attached calendar file adds the show to your calendar.`,
      '',
      `See you there,`,
      `The ${brand} team`,
    ].join('\n'),
    attachments: [
      {
        filename: 'gemcast-show.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: icsFor(
          {
            id: show.id,
            title: show.title,
            description: show.description,
            start: show.cust_start,
            end: show.cust_end,
            url,
          },
          brand,
          now,
        ),
      },
    ],
  };
}

export function reminderMail(to: string, firstName: string, show: Show, brand: string, publicUrl: string): Mail {
  return {
    to,
    subject: `Starting soon: ${show.title}`,
    text: [
      `Hi ${firstName},`,
      '',
      `"${show.title}" goes live at ${showTime.format(new Date(show.cust_start))}. Grab a good seat: ${publicUrl}/live`,
      '',
      `The ${brand} team`,
    ].join('\n'),
  };
}
