// The card's ways to buy (decision 082): call the network's number, or text it with a message that
// names the piece so staff know which one. The number is the site configuration's phone.
import type { Piece } from '../../../shared/contract/pieces';
import { dialable } from '../../shell/contact-cards';
import { priceText } from './piece-words';

/** The text a viewer sends to buy a piece, naming it so staff know which one. */
export function buyMessage(piece: Pick<Piece, 'id' | 'name' | 'price_cents'>): string {
  return `Hi! I would like to buy "${piece.name}" (${priceText(piece.price_cents)}, piece ${piece.id}) from the live show.`;
}

export function callHref(phone: string): string | null {
  const number = dialable(phone);
  return number.replace('+', '') ? `tel:${number}` : null;
}

/** sms: with the message filled in (`?body=`, which both iPhone and Android read). */
export function textHref(phone: string, piece: Pick<Piece, 'id' | 'name' | 'price_cents'>): string | null {
  const number = dialable(phone);
  if (!number.replace('+', '')) return null;
  return `sms:${number}?body=${encodeURIComponent(buyMessage(piece))}`;
}
