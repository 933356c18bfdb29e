// How exhibition pages write days, date ranges and prices: exhibition days are calendar days
// (YYYY-MM-DD, no time zone), prices are whole cents.

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const shortDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

function asDate(day: string): Date | null {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Fri, Feb 5, 2027' for '2027-02-05'. */
export function dayWords(day: string): string {
  const date = asDate(day);
  return date ? dayFormat.format(date) : day;
}

/** 'Feb 5 – Feb 7, 2027', or one day when the exhibition lasts one. */
export function dayRangeWords(first: string, last: string): string {
  const start = asDate(first);
  const end = asDate(last);
  if (!start || !end) return `${first} – ${last}`;
  if (first === last) return dayFormat.format(start);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  const from = sameYear ? shortDayFormat.format(start) : dayFormat.format(start);
  return `${from} – ${dayFormat.format(end)}`;
}

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,250.00' for 125000 cents. */
export function priceWords(cents: number): string {
  return dollarFormat.format(cents / 100);
}
