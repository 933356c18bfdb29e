// SQL for special-event quizzes: the questions staff write (event_questions) and each viewer's
// answers (quiz_answers), whose unique (event_id, user_id) key keeps them to one set per viewer.
import type { Db } from '../../db/database';

export type NewQuestion = { prompt: string; choices: string[]; right_answer: string | null };

export const quizRepository = {
  /** The event's questions in the order staff set them; choices as stored (a JSON array), right answers too. */
  questions: (db: Db, eventId: number) =>
    db.selectFrom('event_questions').selectAll().where('event_id', '=', eventId).orderBy('position').execute(),

  hasQuestions: async (db: Db, eventId: number) =>
    Boolean(
      await db.selectFrom('event_questions').select('id').where('event_id', '=', eventId).limit(1).executeTakeFirst(),
    ),

  /** Replaces every question of the event, numbering them in the order given. */
  async replaceQuestions(db: Db, eventId: number, questions: NewQuestion[]): Promise<void> {
    await db.deleteFrom('event_questions').where('event_id', '=', eventId).execute();
    await db
      .insertInto('event_questions')
      .values(
        questions.map((q, position) => ({
          event_id: eventId,
          position,
          prompt: q.prompt,
          choices: JSON.stringify(q.choices),
          right_answer: q.right_answer,
        })),
      )
      .execute();
  },

  hasAnswers: async (db: Db, eventId: number) =>
    Boolean(
      await db.selectFrom('quiz_answers').select('user_id').where('event_id', '=', eventId).limit(1).executeTakeFirst(),
    ),

  hasAnswered: async (db: Db, userId: number, eventId: number) =>
    Boolean(
      await db
        .selectFrom('quiz_answers')
        .select('user_id')
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),

  /** A viewer's answers as one JSON row; a second set for the same event is a unique violation. */
  insertAnswers: (db: Db, eventId: number, userId: number, answersJson: string, createdAt: string) =>
    db
      .insertInto('quiz_answers')
      .values({ event_id: eventId, user_id: userId, answers: answersJson, created_at: createdAt })
      .execute(),

  /** Every viewer's answers for the event with who gave them, first answered first. */
  submissions: (db: Db, eventId: number) =>
    db
      .selectFrom('quiz_answers')
      .innerJoin('users', 'users.id', 'quiz_answers.user_id')
      .select([
        'users.id as user_id',
        'users.first_name',
        'users.last_name',
        'users.email',
        'quiz_answers.created_at',
        'quiz_answers.answers',
      ])
      .where('quiz_answers.event_id', '=', eventId)
      .orderBy('quiz_answers.created_at')
      .execute(),
};
