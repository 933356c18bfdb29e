// The demo's producer console (decision 081): four pieces in the catalogue and a five-segment rundown
// for the demo show that is live at every start (three segments sell a piece, one runs its giveaway).
// Idempotent: missing pieces are added by name, the rundown is made once; each start takes the show
// back to the top of its rundown (nothing on air yet), as its times start over. Buyers' requests stay.
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import type { PiecesTable } from './schema';
import { DEMO_GIVEAWAY_TITLE } from './seed-giveaways';

type DemoPiece = Omit<Insertable<PiecesTable>, 'created_at' | 'updated_at' | 'photos' | 'active'>;

/** Our own made-up pieces; no photos ship with the demo, so the card shows their details alone. */
export const DEMO_PIECES: readonly DemoPiece[] = [
  {
    name: 'Montana Sapphire Halo Ring',
    gemstone: 'Montana sapphire',
    carat: '1.10',
    metal: '14k white gold',
    size: '7 (resizable)',
    price_cents: 289_900,
    stock: 4,
  },
  {
    name: 'London Blue Topaz Drop Pendant',
    gemstone: 'London blue topaz',
    carat: '3.5',
    metal: 'Sterling silver',
    size: '18 in chain',
    price_cents: 18_900,
    stock: 12,
  },
  {
    name: 'Tanzanite Three-Stone Earrings',
    gemstone: 'Tanzanite',
    carat: '2.25',
    metal: '14k yellow gold',
    size: '12 mm drop',
    price_cents: 124_500,
    stock: 6,
  },
  {
    name: 'Ethiopian Opal Line Bracelet',
    gemstone: 'Ethiopian opal',
    carat: '4.8',
    metal: '18k rose gold vermeil',
    size: '7.25 in',
    price_cents: 39_900,
    stock: 8,
  },
];

type DemoSegment = {
  title: string;
  planned_minutes: number;
  notes: string;
  /** A DEMO_PIECES name, or null. */
  piece: string | null;
  /** Runs the show's demo giveaway. */
  giveaway: boolean;
};

export const DEMO_RUNDOWN: readonly DemoSegment[] = [
  {
    title: 'Welcome and tonight’s lineup',
    planned_minutes: 5,
    notes: 'Say hello to the chat, name the four pieces, remind viewers the giveaway opens at the half hour.',
    piece: null,
    giveaway: false,
  },
  {
    title: 'Montana sapphire halo ring',
    planned_minutes: 12,
    notes: 'Turn it under the daylight lamp: the teal flash. Only four made.',
    piece: 'Montana Sapphire Halo Ring',
    giveaway: false,
  },
  {
    title: 'Giveaway: the London blue topaz ring',
    planned_minutes: 8,
    notes: 'Open entries, read the prize value, draw on air; the winner has five minutes to message in.',
    piece: null,
    giveaway: true,
  },
  {
    title: 'Tanzanite three-stone earrings',
    planned_minutes: 10,
    notes: 'Show both colours: violet by the window, blue under the studio light.',
    piece: 'Tanzanite Three-Stone Earrings',
    giveaway: false,
  },
  {
    title: 'Opal line bracelet, and goodnight',
    planned_minutes: 10,
    notes: 'Play of colour close up; thank everyone and trail Sapphire Sunday.',
    piece: 'Ethiopian Opal Line Bracelet',
    giveaway: false,
  },
];

export async function seedDemoConsole(ctx: AppContext, liveShowTitle: string): Promise<void> {
  const { db } = ctx;
  const at = ctx.clock.now().toISOString();
  const show = await db
    .selectFrom('events')
    .select('id')
    .where('title', '=', liveShowTitle)
    .where('type', '=', 'show')
    .where('rehearsal_of', 'is', null)
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    const names = DEMO_PIECES.map((p) => p.name);
    const present = new Set(
      (await trx.selectFrom('pieces').select('name').where('name', 'in', names).execute()).map((p) => p.name),
    );
    const missing = DEMO_PIECES.filter((p) => !present.has(p.name));
    if (missing.length)
      await trx
        .insertInto('pieces')
        .values(missing.map((p) => ({ ...p, photos: '[]', active: 1, created_at: at, updated_at: at })))
        .execute();
    if (!show) return;

    const hasRundown = await trx
      .selectFrom('rundown_segments')
      .select('id')
      .where('event_id', '=', show.id)
      .limit(1)
      .executeTakeFirst();
    if (hasRundown) {
      // The show starts over at every start: back to the top of its rundown, nothing on air.
      await trx
        .updateTable('rundown_segments')
        .set({ started_at: null, ended_at: null })
        .where('event_id', '=', show.id)
        .execute();
      await trx.deleteFrom('show_live_state').where('event_id', '=', show.id).execute();
      await trx.deleteFrom('piece_showings').where('event_id', '=', show.id).execute();
      return;
    }
    const pieceIds = new Map(
      (await trx.selectFrom('pieces').select(['id', 'name']).where('name', 'in', names).orderBy('id').execute()).map(
        (p) => [p.name, p.id],
      ),
    );
    const giveaway = await trx
      .selectFrom('events')
      .innerJoin('giveaways', 'giveaways.event_id', 'events.id')
      .select('events.id')
      .where('events.title', '=', DEMO_GIVEAWAY_TITLE)
      .where('giveaways.show_id', '=', show.id)
      .executeTakeFirst();
    await trx
      .insertInto('rundown_segments')
      .values(
        DEMO_RUNDOWN.map((segment, position) => ({
          event_id: show.id,
          position,
          title: segment.title,
          planned_minutes: segment.planned_minutes,
          notes: segment.notes,
          piece_id: segment.piece ? (pieceIds.get(segment.piece) ?? null) : null,
          giveaway_id: segment.giveaway ? (giveaway?.id ?? null) : null,
          started_at: null,
          ended_at: null,
          created_at: at,
        })),
      )
      .execute();
  });
}
