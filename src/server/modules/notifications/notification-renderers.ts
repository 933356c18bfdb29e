// How each kind of notification becomes an e-mail (decision 066): the worker looks the kind up here
// when it delivers, with the viewer's current address and name.
import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../db/schema';
import type { Mail } from '../../platform/mail';
import { reminderMail } from '../rsvp/rsvp.mail';

export type Recipient = { email: string; first_name: string };
export type Site = { brand: string; publicUrl: string };
export type EmailRenderer = (notification: Selectable<NotificationsTable>, user: Recipient, site: Site) => Mail;

/** What a 'show_starting' notification carries in its data: the show as the reminder words it. */
export type ShowStartingData = {
  event_id: number;
  title: string;
  description: string;
  cust_start: string;
  cust_end: string;
};

export const emailRenderers: Record<string, EmailRenderer> = {
  show_starting(notification, user, site) {
    const show = JSON.parse(notification.data) as ShowStartingData;
    return reminderMail(
      user.email,
      user.first_name,
      {
        id: show.event_id,
        title: show.title,
        description: show.description,
        cust_start: show.cust_start,
        cust_end: show.cust_end,
      },
      site.brand,
      site.publicUrl,
    );
  },
};
