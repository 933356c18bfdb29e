// Special events ask a few questions before an RSVP counts: staff write the questions, viewers'
// answers are stored once per viewer per event.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('event_questions')
    .addColumn('id', idColumn(dialect), (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('choices', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_questions_event_idx')
    .on('event_questions')
    .columns(['event_id', 'position'])
    .execute();
  await db.schema
    .createTable('quiz_answers')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_answers_pk', ['event_id', 'user_id'])
    .execute();
}
