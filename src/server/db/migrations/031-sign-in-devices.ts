// The browsers each account has signed in from (decision 070), so a sign-in from a new one can be
// told to the viewer and a familiar one is not. A device is a keyed hash of the browser, the system
// and the network's address range: no address or user agent is stored, only the plain words shown.
// Also an index for the "points about to expire" job, which looks credits up by their expiry.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // HMAC-SHA-256 (base64url) of browser, system and address range under the app secret.
    .addColumn('device_key', 'text', (c) => c.notNull())
    // How the notice words it: 'Chrome on Windows'.
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_devices_key', ['user_id', 'device_key'])
    .execute();
  await db.schema.createIndex('reward_ledger_by_expiry').on('reward_ledger').columns(['expires_at']).execute();
  await db.schema.createIndex('coupons_by_expiry').on('coupons').columns(['state', 'expires_at']).execute();
}
