// Test data for pieces (decision 081): a piece in the catalogue, and a piece put on air in a show as
// the console's show_piece action does it (the live state's piece and a showing row), written directly.
import type { PieceInput } from '../../shared/contract/pieces';
import type { Db } from '../db/database';
import type { TestApp } from './harness';

export const pieceInput = (fields: Partial<PieceInput> = {}): PieceInput => ({
  name: 'Padparadscha Halo Ring',
  gemstone: 'Padparadscha sapphire',
  carat: '1.25',
  metal: '18k rose gold',
  size: '7',
  price_cents: 489_900,
  stock: 3,
  photos: ['/media/demo/ring.jpg'],
  active: true,
  ...fields,
});

export async function createPiece(t: TestApp, fields: Partial<PieceInput> = {}) {
  const input = pieceInput(fields);
  const now = t.clock.now().toISOString();
  return t.db
    .insertInto('pieces')
    .values({
      name: input.name,
      gemstone: input.gemstone,
      carat: input.carat,
      metal: input.metal,
      size: input.size,
      price_cents: input.price_cents,
      stock: input.stock,
      photos: JSON.stringify(input.photos),
      active: input.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A show on air now: started ten minutes ago, ends in fifty. */
export async function createLiveShow(t: TestApp, fields: Parameters<TestApp['createEvent']>[0] = {}) {
  const now = t.clock.now().getTime();
  return t.createEvent({
    type: 'show',
    cust_start: new Date(now - 10 * 60_000).toISOString(),
    cust_end: new Date(now + 50 * 60_000).toISOString(),
    ...fields,
  });
}

/** Puts a piece (or nothing, with null) on viewers' screens in the show at `at` (the clock's now by default). */
export async function putOnAir(
  db: Db,
  eventId: number,
  pieceId: number | null,
  at: string,
  wentLiveAt: string | null = null,
) {
  await db
    .insertInto('show_live_state')
    .values({
      event_id: eventId,
      current_segment_id: null,
      piece_id: pieceId,
      went_live_at: wentLiveAt,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ piece_id: pieceId, updated_at: at }))
    .execute();
  if (pieceId !== null)
    await db.insertInto('piece_showings').values({ event_id: eventId, piece_id: pieceId, shown_at: at }).execute();
}
