// The fields staff write for any event, shared by the staff events and staff giveaways calls so an
// event's title, text, image, window and visibility follow one rule whichever screen saves them.
import { z } from 'zod';

/** An instant with its offset; `label` names it in the message ('The start'). */
export const instant = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: `${label} is a date and time with its offset, like 2026-06-15T19:00:00-07:00.`,
  });

/** The title, its message naming what is saved ('event', 'giveaway'). */
export const eventTitle = (noun: string) =>
  z
    .string({ error: `Give the ${noun} a title.` })
    .trim()
    .min(1, `Give the ${noun} a title.`)
    .max(120, 'Keep the title under 120 characters.');

export const eventDescription = z.string().trim().max(2000, 'Keep the description under 2,000 characters.');

export const eventImage = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || /^(https:\/\/|\/media\/)[^\s]+$/.test(v),
    'The image is an https:// URL or a /media/ path.',
  );

/** IS_Public of spec §3: 1 listed for viewers; 0 seen only by staff, those who took part, and a private giveaway's code holders (decision 051). */
export const eventVisibility = z.union([z.literal(0), z.literal(1)], {
  error: 'IS_Public is 1 (public) or 0 (private).',
});
