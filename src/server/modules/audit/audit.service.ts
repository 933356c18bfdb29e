// The audit log (decision 088): writes one row per staff action (from the HTTP hook, the chat
// socket and the command line), and reads them back for the staff list and its CSV.
import type { z } from 'zod';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
} from '../../../shared/contract/audit';
import type { Db } from '../../db/database';
import type { AuditLogTable, UserRow } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { csvCell } from '../exhibitions/exhibitions-staff.service';
import { laDateTime, laDayStart } from '../reports/reports.service';
import { auditRepository, type AuditQuery } from './audit.repository';
import type { Selectable } from 'kysely';

type Filter = z.output<typeof AuditFilter>;

/** Who acted, when no account stands behind it. */
export const AUDIT_ACTORS = { commandLine: 'command line', noSession: 'no session' } as const;

/** The actor's label, written at the time: the row keeps it when the account changes or goes. */
export function actorLabel(user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name ? `${name} <${user.email}>` : `<${user.email}>`;
}

/** What one action changed, as the service saw it. */
export type AuditChange = {
  targetType: string;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
};

/** One row to write. `at` defaults to the clock's now. */
export type AuditRecord = {
  actor: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'email'> | null;
  /** Overrides the label (e.g. 'command line'); otherwise it is made from `actor`. */
  actorLabel?: string;
  action: string;
  method: string;
  route: string;
  targetType?: string | null;
  targetId?: number | string | null;
  before?: unknown;
  after?: unknown;
  status: number;
  ip: string;
  requestId: string;
};

/** Keys whose values never enter the log, at any depth: secrets of a person or a session. */
const SECRET_KEY = /password|passwd|token|secret|hash|totp|recovery|otp|credential|private_key|cookie/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Before and after as stored: secrets dropped, and when both are records only the keys whose
 * values differ, so a row reads as the change itself (and a large record costs no more than its edit).
 */
export function changeOf(before: unknown, after: unknown): { before: string | null; after: string | null } {
  const b = withoutSecrets(before);
  const a = withoutSecrets(after);
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  if (!isRecord(b) || !isRecord(a)) return { before: json(b), after: json(a) };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  );
  return {
    before: JSON.stringify(Object.fromEntries(keys.filter((k) => k in b).map((k) => [k, b[k]]))),
    after: JSON.stringify(Object.fromEntries(keys.filter((k) => k in a).map((k) => [k, a[k]]))),
  };
}

/** Nothing longer than this is taken from a request for a row (a target id from a path, say). */
const FIELD_MAX = 200;

function queryOf(filter: Filter): AuditQuery {
  const who = filter.who;
  const actorId = who !== undefined && /^\d{1,10}$/.test(who) ? Number(who) : undefined;
  return {
    ...(actorId !== undefined ? { actorId } : {}),
    ...(who !== undefined ? { actorText: who } : {}),
    ...(filter.action !== undefined ? { actionText: filter.action } : {}),
    ...(filter.target_type !== undefined ? { targetType: filter.target_type } : {}),
    ...(filter.target_id !== undefined ? { targetId: filter.target_id } : {}),
    ...(filter.from ? { from: laDayStart(filter.from) } : {}),
    ...(filter.to ? { before: laDayStart(nextDay(filter.to)) } : {}),
  };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000).toISOString().slice(0, 10);
}

function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return { ...row, id: Number(row.id), actor_id: row.actor_id === null ? null : Number(row.actor_id) };
}

export function createAuditService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async record(entry: AuditRecord): Promise<void> {
      const change =
        entry.before === undefined && entry.after === undefined ? null : changeOf(entry.before, entry.after);
      const clip = (v: number | string | null | undefined) =>
        v === null || v === undefined ? null : String(v).slice(0, FIELD_MAX);
      await auditRepository.insert(db, {
        at: clock.now().toISOString(),
        actor_id: entry.actor?.id ?? null,
        actor_label: entry.actorLabel ?? (entry.actor ? actorLabel(entry.actor) : AUDIT_ACTORS.noSession),
        action: entry.action.slice(0, FIELD_MAX),
        method: entry.method,
        route: entry.route.slice(0, FIELD_MAX),
        target_type: clip(entry.targetType),
        target_id: clip(entry.targetId),
        before_json: change?.before ?? null,
        after_json: change?.after ?? null,
        status: entry.status,
        ip: entry.ip,
        request_id: entry.requestId,
      });
    },

    /** Records an action of the account `actorId` (the label is read now, from the account). */
    async recordFor(actorId: number, entry: Omit<AuditRecord, 'actor' | 'actorLabel'>): Promise<void> {
      const actor = await auditRepository.actor(db, actorId);
      // An account gone since keeps its number; the label says only that.
      const known = actor ?? { id: actorId, first_name: '', last_name: '', email: '' };
      await this.record({ ...entry, actor: known, ...(actor ? {} : { actorLabel: `#${actorId}` }) });
    },

    async list(filter: Filter): Promise<AuditPage> {
      const query = queryOf(filter);
      const offset = (filter.page - 1) * AUDIT_PAGE_SIZE;
      const rows = await auditRepository.page(db, query, AUDIT_PAGE_SIZE, offset);
      return {
        entries: rows.map(toEntry),
        page: filter.page,
        per_page: AUDIT_PAGE_SIZE,
        total: await auditRepository.count(db, query),
      };
    },

    async csv(filter: Filter): Promise<string> {
      const rows = (await auditRepository.all(db, queryOf(filter))).map(toEntry);
      const value = (r: AuditEntry, column: (typeof AUDIT_CSV_COLUMNS)[number]) => {
        switch (column) {
          case 'at_utc':
            return r.at;
          case 'at_los_angeles':
            return laDateTime(r.at);
          case 'actor':
            return r.actor_label;
          case 'before':
            return r.before_json;
          case 'after':
            return r.after_json;
          default:
            return r[column];
        }
      };
      const lines = [
        AUDIT_CSV_COLUMNS.join(','),
        ...rows.map((r) => AUDIT_CSV_COLUMNS.map((column) => csvCell(value(r, column))).join(',')),
      ];
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
