import { describe, expect, it } from 'vitest';
import { csvPathOf, filterFromSearch, queryOf, searchOf } from './registration-filter';

describe('the registrations filter in the address', () => {
  it('reads the filters and leaves out what is malformed', () => {
    const values = filterFromSearch(
      new URLSearchParams('exhibition_id=7&from=2027-02-01&to=yesterday&verified=no&page=3'),
    );
    expect(values).toEqual({ exhibition_id: '7', from: '2027-02-01', to: '', verified: 'no', page: 3 });
    expect(filterFromSearch(new URLSearchParams('exhibition_id=x&verified=maybe&page=-2'))).toEqual({
      exhibition_id: '',
      from: '',
      to: '',
      verified: 'all',
      page: 1,
    });
  });

  it('writes back only what narrows the list, and the CSV of every page', () => {
    const values = { exhibition_id: '7', from: '', to: '2027-02-09', verified: 'all', page: 2 } as const;
    expect(searchOf(values).toString()).toBe('exhibition_id=7&to=2027-02-09&page=2');
    expect(queryOf(values)).toEqual({ exhibition_id: '7', to: '2027-02-09', verified: 'all', page: 2 });
    expect(csvPathOf(values)).toBe('/api/staff/productregistrations.csv?exhibition_id=7&to=2027-02-09');
    expect(csvPathOf({ exhibition_id: '', from: '', to: '', verified: 'all', page: 1 })).toBe(
      '/api/staff/productregistrations.csv',
    );
  });
});
