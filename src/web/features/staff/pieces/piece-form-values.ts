// The piece form's values and what they become (decision 082): the price is typed in dollars
// ('1,250', '$1250.50') and sent in cents, stock as a whole number, photos in their order.
import type { PieceInput, StaffPiece } from '../../../../shared/contract/pieces';

export type PieceFormValues = {
  name: string;
  gemstone: string;
  carat: string;
  metal: string;
  size: string;
  /** Dollars, as typed. */
  price: string;
  stock: string;
  photos: { url: string }[];
  active: boolean;
};

export const PRICE_WORDS = 'Type the price in dollars, such as 1250 or 1250.50.';

/** '1,250', '$1,250.5', '1250.50' → cents; anything else (or more than two decimals) is NaN. */
export function centsOf(dollars: string): number {
  const text = dollars.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the form shows them: 125000 → '1250', 125050 → '1250.50'. */
export function dollarsOf(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A whole number as typed; empty or unreadable is NaN, which the contract refuses in its words. */
function wholeOf(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

export function inputOf(values: PieceFormValues): PieceInput {
  return {
    name: values.name,
    gemstone: values.gemstone,
    carat: values.carat,
    metal: values.metal,
    size: values.size,
    price_cents: centsOf(values.price),
    stock: wholeOf(values.stock),
    photos: values.photos.map((photo) => photo.url),
    active: values.active,
  };
}

export function defaultsOf(piece: StaffPiece | null): PieceFormValues {
  if (!piece)
    return {
      name: '',
      gemstone: '',
      carat: '',
      metal: '',
      size: '',
      price: '',
      stock: '1',
      photos: [],
      active: true,
    };
  return {
    name: piece.name,
    gemstone: piece.gemstone,
    carat: piece.carat,
    metal: piece.metal,
    size: piece.size,
    price: dollarsOf(piece.price_cents),
    stock: String(piece.stock),
    photos: piece.photos.map((url) => ({ url })),
    active: piece.active,
  };
}

export const TEXT_FIELDS = ['name', 'gemstone', 'carat', 'metal', 'size', 'price', 'stock'] as const;
export type TextFieldName = (typeof TEXT_FIELDS)[number];

/** The form field a contract or server issue belongs to: price_cents is the price in dollars here. */
export function fieldOf(path: string): TextFieldName | 'photos' | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'price_cents') return 'price';
  if (head === 'photos') return 'photos';
  return TEXT_FIELDS.find((field) => field === head) ?? null;
}
