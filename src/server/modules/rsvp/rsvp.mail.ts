// The RSVP confirmation (with a calendar file) and the reminder before the show, in Gemcast's
// words and the branded layout (decision 067).
import { icsFor } from '../../../shared/calendar';
import { SHOW_TIME_ZONE } from '../../../shared/time';
import type { EventsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { button, paragraph, renderEmail } from '../../platform/email/layout';
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
  const when = showTime.format(new Date(show.cust_start));
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `You're on the list: ${show.title}`,
    preview: `Your seat is saved for ${when}.`,
    heading: "You're on the list",
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(`Your seat is saved for "${show.title}" on ${when}.`),
      paragraph(
        'We will e-mail you a reminder about an hour before we go on air, and the attached calendar file adds the show to your calendar.',
      ),
      button('Watch it live', url),
    ],
    signOff: ['See you there,', `The ${brand} team`],
    reason: `You got this e-mail because you saved a seat for this show on ${brand}.`,
  });
  return {
    to,
    ...mail,
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
  const when = showTime.format(new Date(show.cust_start));
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `Starting soon: ${show.title}`,
    preview: `We go live at ${when}.`,
    heading: 'Starting soon',
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(`"${show.title}" goes live at ${when}. Grab a good seat.`),
      button('Watch it live', `${publicUrl}/live`),
    ],
    signOff: [`The ${brand} team`],
    reason: `You got this reminder because you saved a seat for this show on ${brand}.`,
  });
  return { to, ...mail };
}
