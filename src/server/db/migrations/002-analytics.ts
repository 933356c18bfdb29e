// First-party analytics: visits (spec §3 visit record), page views, events and time on page.
// Each row carries its Los Angeles day so reports group by the network's calendar.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  const pk = dialect === 'sqlite';
  const common = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (c) => (pk ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull());

  await common('visits')
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('resolution', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('route_param', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('url_referrer', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('full_url', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visits_day_idx').on('visits').column('day').execute();

  await common('page_views')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_views_day_idx').on('page_views').column('day').execute();

  await common('analytics_events')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .execute();
  await db.schema.createIndex('analytics_events_day_idx').on('analytics_events').column('day').execute();

  await common('page_times')
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_times_day_idx').on('page_times').column('day').execute();
}
