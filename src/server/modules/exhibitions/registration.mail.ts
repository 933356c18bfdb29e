// The product registration's confirmation (decision 074): the registration number, what was
// registered and a link to its thanks page, in the branded layout (decision 067).
import { EXHIBITION_THANKS_PATH } from '../../../shared/contract/exhibitions';
import { button, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';

export type RegisteredPiece = {
  number: string;
  exhibition: string;
  venue: string;
  city: string;
  kind: string;
  description: string;
  priceCents: number;
  purchaseDate: string;
};

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const calendarDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

export const formatPrice = (cents: number) => dollars.format(cents / 100);
/** A YYYY-MM-DD day as words: June 14, 2026. */
export const formatDay = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));

export function thanksLink(publicUrl: string, number: string): string {
  return `${publicUrl}${EXHIBITION_THANKS_PATH}/${encodeURIComponent(number)}`;
}

export function registrationMail(
  to: string,
  firstName: string,
  piece: RegisteredPiece,
  brand: string,
  publicUrl: string,
): Mail {
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `Your piece is registered: ${piece.number}`,
    preview: `${piece.kind} from ${piece.exhibition}, registration ${piece.number}.`,
    heading: 'Your piece is registered',
    greeting: firstName ? `Hi ${firstName},` : `Hello from ${brand},`,
    blocks: [
      paragraph(`Thank you for registering the piece you bought at ${piece.exhibition}. Your registration number is:`),
      paragraph(piece.number),
      paragraph(
        `${piece.kind}: ${piece.description}. Bought on ${formatDay(piece.purchaseDate)} at ${piece.venue}, ${piece.city}, for ${formatPrice(piece.priceCents)}.`,
      ),
      paragraph(
        'Keep this number with your receipt. Our team checks each registration against the booth’s sales; if anything needs a second look we will contact you about this piece.',
      ),
      button('See your registration', thanksLink(publicUrl, piece.number)),
    ],
    signOff: ['Enjoy wearing it,', `The ${brand} team`],
    reason: `You got this e-mail because this address was given when a piece was registered with ${brand}.`,
  });
  return { to, ...mail };
}
