// How a piece on air reads to viewers: its price in dollars, how many are left, its details, and
// where it appears in a replay (12:05, 1:02:03). Pure and import-free (the live page's own chunk
// reads it), so the card, the past show's list, the staff list and their tests read it the same way.
import type { Piece } from '../../../shared/contract/pieces';

/** At or under this many, the card says how many are left. */
export const LOW_STOCK = 5;

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 125000 → '$1,250'; 125050 → '$1,250.50'. */
export function priceText(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollarsAndCents.format(cents / 100);
}

/** 'Sold out', 'Only 1 left', 'Only 3 left', or 'In stock'. */
export function stockText(stock: number): string {
  if (stock <= 0) return 'Sold out';
  if (stock <= LOW_STOCK) return `Only ${stock} left`;
  return 'In stock';
}

/** The details staff filled in, in the card's order; empty ones are left out. */
export function detailsOf(piece: Pick<Piece, 'gemstone' | 'carat' | 'metal' | 'size'>): [string, string][] {
  const details: [string, string][] = [
    ['Gemstone', piece.gemstone.trim()],
    ['Carat', piece.carat.trim() ? `${piece.carat.trim()} ct` : ''],
    ['Metal', piece.metal.trim()],
    ['Size', piece.size.trim()],
  ];
  return details.filter(([, value]) => value !== '');
}

const two = (n: number) => String(n).padStart(2, '0');

/** Seconds into a replay as a clock: 65 → '1:05', 3723 → '1:02:03'. */
export function replayTime(offsetSeconds: number): string {
  const total = Math.max(0, Math.floor(offsetSeconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** The same as a `<time datetime>` duration: 3723 → 'PT1H2M3S'. */
export function replayDuration(offsetSeconds: number): string {
  const total = Math.max(0, Math.floor(offsetSeconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || total === 0 ? `${seconds}S` : ''}`;
}

/**
 * The `?t=` of a replay link as seconds: '754', '12:34' or '1:02:03'; null when absent or
 * unreadable, so a stray value plays from the start.
 */
export function offsetFromParam(value: string | null): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d{1,6}$/.test(text)) return Number(text);
  const parts = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)$/.exec(text);
  if (!parts) return null;
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3]);
}
