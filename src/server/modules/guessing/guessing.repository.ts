// SQL of the guessing game (decision 058, migration 018): questions, guesses (one per viewer per
// question, written in groups by the grouped commit), and the winners fixed at the reveal.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { GuessQuestionsTable } from '../../db/schema';

export type NewGuess = { question_id: number; user_id: number; value: number; created_at: string };

export const guessingRepository = {
  insertQuestion: (db: Db, row: Insertable<GuessQuestionsTable>) =>
    db.insertInto('guess_questions').values(row).returningAll().executeTakeFirstOrThrow(),

  questionById: (db: Db, id: number) =>
    db.selectFrom('guess_questions').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The show's newest question: the one its viewers see. */
  currentOf: (db: Db, eventId: number) =>
    db
      .selectFrom('guess_questions')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  questionsOf: (db: Db, eventId: number) =>
    db.selectFrom('guess_questions').selectAll().where('event_id', '=', eventId).orderBy('id', 'desc').execute(),

  /** Questions of the show still marked open (their closing time may have passed). */
  openOf: (db: Db, eventId: number) =>
    db
      .selectFrom('guess_questions')
      .select(['id', 'closes_at'])
      .where('event_id', '=', eventId)
      .where('state', '=', 'open')
      .execute(),

  /** Close early: the closing time becomes now. Only an open question that has not closed yet. */
  closeNow: (db: Db, id: number, now: string) =>
    db
      .updateTable('guess_questions')
      .set({ state: 'closed', closes_at: now })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .where('closes_at', '>', now)
      .returningAll()
      .executeTakeFirst(),

  /**
   * Marks the question revealed, once: the update takes the row's lock (PostgreSQL) or the write lock
   * (SQLite), so a second reveal waits, then finds it revealed and changes nothing (undefined).
   */
  markRevealed: (db: Db, id: number, now: string) =>
    db
      .updateTable('guess_questions')
      .set({ state: 'revealed', revealed_at: now })
      .where('id', '=', id)
      .where('state', '!=', 'revealed')
      .where('closes_at', '<=', now)
      .returningAll()
      .executeTakeFirst(),

  insertGuess: (db: Db, row: NewGuess) =>
    db
      .insertInto('guesses')
      .values(row)
      .onConflict((oc) => oc.columns(['question_id', 'user_id']).doNothing())
      .returning(['id', 'value', 'created_at'])
      .executeTakeFirst(),

  /** Many guesses in one statement (one commit); answers the new ones. */
  insertGuesses: (db: Db, rows: NewGuess[]) =>
    db
      .insertInto('guesses')
      .values(rows)
      .onConflict((oc) => oc.columns(['question_id', 'user_id']).doNothing())
      .returning(['id', 'question_id', 'user_id', 'value', 'created_at'])
      .execute(),

  guessOf: (db: Db, questionId: number, userId: number) =>
    db
      .selectFrom('guesses')
      .select(['value', 'created_at'])
      .where('question_id', '=', questionId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  /**
   * Every guess made by the close. A guess is refused at or after closes_at, so `<=` adds only those
   * accepted in the same millisecond as an early close (which moves closes_at to that instant).
   */
  guessesBefore: (db: Db, questionId: number, closesAt: string) =>
    db
      .selectFrom('guesses')
      .select(['id', 'user_id', 'value', 'created_at'])
      .where('question_id', '=', questionId)
      .where('created_at', '<=', closesAt)
      .execute(),

  countGuesses: async (db: Db, questionId: number) => {
    const row = await db
      .selectFrom('guesses')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('question_id', '=', questionId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  insertWinners: (db: Db, rows: { question_id: number; place: number; user_id: number; value: number }[]) =>
    rows.length ? db.insertInto('guess_winners').values(rows).execute() : Promise.resolve([]),

  winnersOf: (db: Db, questionId: number) =>
    db
      .selectFrom('guess_winners')
      .innerJoin('users', 'users.id', 'guess_winners.user_id')
      .select([
        'guess_winners.place',
        'guess_winners.user_id',
        'guess_winners.value',
        'users.first_name',
        'users.last_name',
      ])
      .where('guess_winners.question_id', '=', questionId)
      .orderBy('guess_winners.place')
      .execute(),
};
