import { describe, expect, it } from 'vitest';
import { buyMessage, callHref, textHref } from './buy-links';

const piece = { id: 12, name: 'Opal & diamond ring', price_cents: 125_000 };

describe('call and text links', () => {
  it('dial the configured number and name the piece in the text', () => {
    expect(callHref('(555) 010-4367')).toBe('tel:5550104367');
    const href = textHref('+1 555 010 4367', piece);
    expect(href).toMatch(/^sms:\+15550104367\?body=/);
    expect(decodeURIComponent(href?.split('body=')[1] ?? '')).toBe(buyMessage(piece));
    expect(buyMessage(piece)).toContain('"Opal & diamond ring" ($1,250, piece 12)');
  });

  it('offer no link without a number', () => {
    expect(callHref('')).toBeNull();
    expect(textHref('  ', piece)).toBeNull();
  });
});
