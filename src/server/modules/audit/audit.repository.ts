// SQL of the audit log (decision 088, migration 034): rows are only ever inserted (triggers refuse
// updates and deletes on both engines), and read back filtered, newest first.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditLogTable } from '../../db/schema';

/** The list's filters, parsed: `from` and `before` are UTC instants (LA days turned into bounds). */
export type AuditQuery = {
  actorId?: number;
  /** Text found in the actor's label, any case. */
  actorText?: string;
  /** Text found in the action's name, any case. */
  actionText?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  before?: string;
};

type Counted = { n: number | string | bigint };

/** `%`, `_` and the escape itself match only themselves. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, filter: AuditQuery) {
  let q = db.selectFrom('audit_log');
  const { actorId, actorText } = filter;
  if (actorId !== undefined && actorText !== undefined)
    q = q.where((eb) =>
      eb.or([eb('actor_id', '=', actorId), sql<boolean>`lower(actor_label) like ${containing(actorText)} escape '\\'`]),
    );
  else if (actorText !== undefined)
    q = q.where(sql<boolean>`lower(actor_label) like ${containing(actorText)} escape '\\'`);
  if (filter.actionText !== undefined)
    q = q.where(sql<boolean>`lower(action) like ${containing(filter.actionText)} escape '\\'`);
  if (filter.targetType !== undefined) q = q.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) q = q.where('target_id', '=', filter.targetId);
  if (filter.from) q = q.where('at', '>=', filter.from);
  if (filter.before) q = q.where('at', '<', filter.before);
  return q;
}

export const auditRepository = {
  insert: (db: Db, row: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(row).execute(),

  actor: (db: Db, id: number) =>
    db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('id', '=', id).executeTakeFirst(),

  page: (db: Db, filter: AuditQuery, limit: number, offset: number) =>
    filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),

  all: (db: Db, filter: AuditQuery) =>
    filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').execute(),

  async count(db: Db, filter: AuditQuery): Promise<number> {
    const row = await filtered(db, filter)
      .select((eb) => eb.fn.countAll<Counted['n']>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
