import { describe, expect, it } from 'vitest';
import { auditCsvPathOf, auditFilterFromSearch, auditQueryOf, changedFields } from './audit-filter';

describe('audit filters in the address', () => {
  it('reads good values, drops malformed ones and keeps only what narrows the list', () => {
    const values = auditFilterFromSearch(new URLSearchParams('who=ada&from=2026-06-01&to=June&page=0&action=%20'));
    expect(values).toEqual({
      who: 'ada',
      action: '',
      target_type: '',
      target_id: '',
      from: '2026-06-01',
      to: '',
      page: 1,
    });
    expect(auditQueryOf({ ...values, page: 3 })).toEqual({ who: 'ada', from: '2026-06-01', page: '3' });
    expect(auditCsvPathOf({ ...values, page: 3 })).toBe('/api/staff/audit.csv?who=ada&from=2026-06-01');
  });
});

describe('changedFields', () => {
  it('pairs each changed field with its value before and after', () => {
    expect(changedFields('{"title":"Opal Hour"}', '{"title":"Opal Night","price":5}')).toEqual([
      { field: 'title', before: 'Opal Hour', after: 'Opal Night' },
      { field: 'price', before: '—', after: '5' },
    ]);
    expect(changedFields(null, '{"minutes":5}')).toEqual([{ field: 'minutes', before: '—', after: '5' }]);
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields('[1]', '[2]')).toEqual([{ field: 'value', before: '[1]', after: '[2]' }]);
  });
});
