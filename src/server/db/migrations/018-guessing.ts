// The on-air guessing game (decision 058): questions with a committed answer, one guess per viewer
// per question (a constraint, not a read), and the winners fixed at the reveal (one row per place).
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('guess_questions')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    // The answer as answerText writes it, and its salt: never sent before the reveal.
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(100)
        .check(sql`points > 0`),
    )
    .addColumn('winner_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`winner_count >= 1`),
    )
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('open', 'closed', 'revealed')`))
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('revealed_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guess_questions_event_idx').on('guess_questions').columns(['event_id', 'id']).execute();

  await db.schema
    .createTable('guesses')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('question_id', 'integer', (c) => c.notNull().references('guess_questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('guesses_once', ['question_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('guess_winners')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('guess_questions.id').onDelete('cascade'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('guess_winners_pk', ['question_id', 'place'])
    .addUniqueConstraint('guess_winners_once', ['question_id', 'user_id'])
    .execute();
}
