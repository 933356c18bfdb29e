// A special-event question's right answer (decision 061): one of its choices, or null when the
// question has none (an opinion, a free answer). Staff set it with the questions; viewers never see it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('event_questions').addColumn('right_answer', 'text').execute();
}
