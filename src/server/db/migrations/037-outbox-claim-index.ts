// One index for the outbox worker's claim (decision 105): deliveries by (state, next_attempt_at,
// id), the order the worker takes them in, so a claim reads its first rows off the index for both
// due pending deliveries and leases run out. It replaces (state, next_attempt_at), a prefix of it,
// and (state, locked_until): through that one PostgreSQL read every pending delivery and sorted
// them all whenever its statistics still said few were pending, as just after a show started.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('notification_deliveries_claim_idx')
    .on('notification_deliveries')
    .columns(['state', 'next_attempt_at', 'id'])
    .execute();
  await db.schema.dropIndex('notification_deliveries_due_idx').execute();
  await db.schema.dropIndex('notification_deliveries_lease_idx').execute();
}
