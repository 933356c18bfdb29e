// The audit log's filters as the page's address carries them (so a filtered list can be shared
// and reloaded), and the CSV export's address for the same filters.
import { AUDIT_CSV_PATH, AUDIT_FILTER_MAX, type AuditFilter } from '../../../../shared/contract/audit';

export type AuditFilterValues = {
  who: string;
  action: string;
  target_type: string;
  target_id: string;
  from: string;
  to: string;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TEXTS = ['who', 'action', 'target_type', 'target_id'] as const;

/** The filters in an address's search part; anything malformed is left out. */
export function auditFilterFromSearch(search: URLSearchParams): AuditFilterValues {
  const text = (name: string) => (search.get(name) ?? '').trim().slice(0, AUDIT_FILTER_MAX);
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const page = Number(search.get('page') ?? '1');
  return {
    who: text('who'),
    action: text('action'),
    target_type: text('target_type'),
    target_id: text('target_id'),
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's search part for these filters: only what narrows the list. */
export function auditSearchOf(values: AuditFilterValues): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of TEXTS) if (values[name].trim()) search.set(name, values[name].trim());
  if (values.from) search.set('from', values.from);
  if (values.to) search.set('to', values.to);
  if (values.page > 1) search.set('page', String(values.page));
  return search;
}

/** The list call's query. */
export function auditQueryOf(values: AuditFilterValues): AuditFilter {
  return Object.fromEntries(auditSearchOf(values).entries());
}

/** The CSV of every page of these filters. */
export function auditCsvPathOf(values: AuditFilterValues): string {
  const query = auditSearchOf({ ...values, page: 1 }).toString();
  return query ? `${AUDIT_CSV_PATH}?${query}` : AUDIT_CSV_PATH;
}

export type ChangedField = { field: string; before: string; after: string };

/** A value as one short line: text as it is, anything else as JSON. */
function shown(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parsed(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** The change a row records, field by field (a whole value under 'value' when it is not a record). */
export function changedFields(beforeJson: string | null, afterJson: string | null): ChangedField[] {
  const before = parsed(beforeJson);
  const after = parsed(afterJson);
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (before === undefined && after === undefined) return [];
  if ((before === undefined || isRecord(before)) && (after === undefined || isRecord(after))) {
    const b = before ?? {};
    const a = after ?? {};
    return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => ({
      field,
      before: shown(b[field]),
      after: shown(a[field]),
    }));
  }
  return [{ field: 'value', before: shown(before), after: shown(after) }];
}
