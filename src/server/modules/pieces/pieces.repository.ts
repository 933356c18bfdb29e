// SQL of the pieces sold on air (decision 081, migration 033): the catalogue with its interest
// counts, what a show has on air, when each piece went on air, and the "I want this" list.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PieceInterestTable, PiecesTable } from '../../db/schema';

export const piecesRepository = {
  /** Every piece, newest first, with how many viewers asked for it across shows. */
  listWithInterest: (db: Db) =>
    db
      .selectFrom('pieces as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('piece_interest as i')
          .select((sub) => sub.fn.countAll<number | string>().as('n'))
          .whereRef('i.piece_id', '=', 'p.id')
          .as('interested'),
      )
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute(),

  byId: (db: Db, id: number) => db.selectFrom('pieces').selectAll().where('id', '=', id).executeTakeFirst(),

  interestCount: async (db: Db, pieceId: number) => {
    const row = await db
      .selectFrom('piece_interest')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('piece_id', '=', pieceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert: (db: Db, row: Insertable<PiecesTable>) =>
    db.insertInto('pieces').values(row).returningAll().executeTakeFirstOrThrow(),

  update: (db: Db, id: number, patch: Updateable<PiecesTable>) =>
    db.updateTable('pieces').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),

  /** Whether the user is one of the synthetic viewers of the rehearsal whose private copy the event is. */
  isRehearsalAudience: async (db: Db, eventId: number, userId: number) =>
    Boolean(
      await db
        .selectFrom('rehearsals as r')
        .innerJoin('users as u', 'u.rehearsal_id', 'r.id')
        .select('u.id')
        .where('r.event_id', '=', eventId)
        .where('u.id', '=', userId)
        .executeTakeFirst(),
    ),

  liveState: (db: Db, eventId: number) =>
    db.selectFrom('show_live_state').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

  /** The newest time the piece went on air in the show; undefined when it never did. */
  lastShowing: (db: Db, eventId: number, pieceId: number) =>
    db
      .selectFrom('piece_showings')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('piece_id', '=', pieceId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The show's showings in the order they happened, each with its piece. */
  showingsOf: (db: Db, eventId: number) =>
    db
      .selectFrom('piece_showings as s')
      .innerJoin('pieces as p', 'p.id', 's.piece_id')
      .selectAll('p')
      .select(['s.shown_at'])
      .where('s.event_id', '=', eventId)
      .orderBy('s.shown_at')
      .orderBy('s.id')
      .execute(),

  hasInterest: async (db: Db, pieceId: number, userId: number) =>
    Boolean(
      await db
        .selectFrom('piece_interest')
        .select('id')
        .where('piece_id', '=', pieceId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),

  /** Adds the viewer to the call-back list; undefined when they are on it for this piece already. */
  insertInterest: (db: Db, row: Insertable<PieceInterestTable>) =>
    db
      .insertInto('piece_interest')
      .values(row)
      .onConflict((oc) => oc.columns(['piece_id', 'user_id']).doNothing())
      .returning(['id', 'piece_id', 'created_at'])
      .executeTakeFirst(),
};
