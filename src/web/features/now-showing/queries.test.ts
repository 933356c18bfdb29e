import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Piece } from '../../../shared/contract/pieces';
import { applyNowShowing, isNowShowing, isPiece, pieceKeys, type OnAir } from './queries';

const piece = (id: number): Piece => ({
  id,
  name: `Piece ${id}`,
  gemstone: 'Opal',
  carat: '1.25',
  metal: 'Gold',
  size: '7',
  price_cents: 125_000,
  stock: 2,
  photos: ['/media/events/a-1280w.webp'],
});

describe('the card follows now_showing frames through the query cache', () => {
  it('shows a new piece unasked, keeps what the viewer said about the same piece, and goes for null', () => {
    const client = new QueryClient();
    const key = pieceKeys.nowShowing(7);
    const asked: OnAir = { piece: piece(1), wanted: true };
    client.setQueryData(key, asked);
    applyNowShowing(client, 7, piece(1));
    expect(client.getQueryData<OnAir>(key)).toEqual({ piece: piece(1), wanted: true });
    applyNowShowing(client, 7, piece(2));
    expect(client.getQueryData<OnAir>(key)).toEqual({ piece: piece(2), wanted: false });
    applyNowShowing(client, 7, null);
    expect(client.getQueryData<OnAir>(key)).toBeNull();
    applyNowShowing(client, 8, piece(3));
    expect(client.getQueryData<OnAir>(pieceKeys.nowShowing(8))).toEqual({ piece: piece(3), wanted: false });
  });
});

describe('answer checks', () => {
  it('accept the contract shape and refuse a piece missing a field or with a bad photo list', () => {
    expect(isPiece(piece(1))).toBe(true);
    expect(isPiece({ ...piece(1), price_cents: '12' })).toBe(false);
    expect(isPiece({ ...piece(1), photos: [1] })).toBe(false);
    const { stock: _stock, ...noStock } = piece(1);
    expect(isPiece(noStock)).toBe(false);
    expect(isNowShowing({ eventid: 7, piece: piece(1), since: '2026-06-15T18:00:00.000Z', wanted: false })).toBe(true);
    expect(isNowShowing({ eventid: 7, piece: piece(1), since: '2026-06-15T18:00:00.000Z' })).toBe(false);
  });
});
