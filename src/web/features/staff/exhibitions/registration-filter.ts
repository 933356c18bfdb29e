// The staff registrations list's filters as the page's address carries them (so a filtered list
// can be shared and reloaded), and the CSV export's address for the same filters.
import { REGISTRATIONS_CSV_PATH, type RegistrationFilter } from '../../../../shared/contract/exhibitions';

export type Verified = 'all' | 'yes' | 'no';
export type FilterValues = { exhibition_id: string; from: string; to: string; verified: Verified; page: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function verifiedFrom(value: string | null): Verified {
  return value === 'yes' || value === 'no' ? value : 'all';
}

/** The filters in an address's search part; anything malformed is left out. */
export function filterFromSearch(search: URLSearchParams): FilterValues {
  const exhibition = search.get('exhibition_id') ?? '';
  const page = Number(search.get('page') ?? '1');
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    exhibition_id: /^[1-9]\d{0,11}$/.test(exhibition) ? exhibition : '',
    from: day('from'),
    to: day('to'),
    verified: verifiedFrom(search.get('verified')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's search part for these filters: only what narrows the list. */
export function searchOf(values: FilterValues): URLSearchParams {
  const search = new URLSearchParams();
  if (values.exhibition_id) search.set('exhibition_id', values.exhibition_id);
  if (values.from) search.set('from', values.from);
  if (values.to) search.set('to', values.to);
  if (values.verified !== 'all') search.set('verified', values.verified);
  if (values.page > 1) search.set('page', String(values.page));
  return search;
}

/** The list call's query. */
export function queryOf(values: FilterValues): RegistrationFilter {
  return {
    ...(values.exhibition_id ? { exhibition_id: values.exhibition_id } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    verified: values.verified,
    page: values.page,
  };
}

/** The CSV of every page of these filters. */
export function csvPathOf(values: FilterValues): string {
  const search = searchOf({ ...values, page: 1 });
  const query = search.toString();
  return query ? `${REGISTRATIONS_CSV_PATH}?${query}` : REGISTRATIONS_CSV_PATH;
}
