import { describe, expect, it } from 'vitest';
import { PieceInput } from '../../../../shared/contract/pieces';
import { centsOf, defaultsOf, dollarsOf, fieldOf, inputOf } from './piece-form-values';

describe('the price in dollars', () => {
  it('becomes cents, with or without a dollar sign, commas or cents', () => {
    expect(centsOf('1250')).toBe(125_000);
    expect(centsOf('$1,250.5')).toBe(125_050);
    expect(centsOf(' 1250.05 ')).toBe(125_005);
    expect(centsOf('0.99')).toBe(99);
  });

  it('is unreadable with letters, a minus or more than two decimals', () => {
    for (const text of ['', 'abc', '-5', '12.345', '1.2.3']) expect(centsOf(text)).toBeNaN();
  });

  it('shows back as typed', () => {
    expect(dollarsOf(125_000)).toBe('1250');
    expect(dollarsOf(125_050)).toBe('1250.50');
  });
});

describe('the form values', () => {
  it('make an input the contract accepts, photos in their order', () => {
    const values = {
      ...defaultsOf(null),
      name: 'Opal ring',
      carat: '1.25',
      price: '1,250',
      stock: '2',
      photos: [{ url: '/media/events/a-1280w.webp' }, { url: '/media/events/b-1280w.webp' }],
    };
    const parsed = PieceInput.safeParse(inputOf(values));
    expect(parsed.success).toBe(true);
    expect(inputOf(values)).toMatchObject({
      price_cents: 125_000,
      stock: 2,
      photos: ['/media/events/a-1280w.webp', '/media/events/b-1280w.webp'],
    });
  });

  it("place the contract's refusals beside the form's own fields", () => {
    const parsed = PieceInput.safeParse(inputOf({ ...defaultsOf(null), price: '0', stock: 'x' }));
    const fields = parsed.success ? [] : parsed.error.issues.map((issue) => fieldOf(issue.path.join('.')));
    expect(fields).toEqual(expect.arrayContaining(['name', 'price', 'stock']));
    expect(fieldOf('photos.2')).toBe('photos');
    expect(fieldOf('unknown')).toBeNull();
  });
});
