// The shows a giveaway may belong to, as the staff show picker lists them: upcoming and live shows
// soonest first, then those of the last 30 days latest first (and the one already chosen, however
// old), each named by its title and Los Angeles date and time; the filter matches either.
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import { laTime } from '../shows/show-format';

export type ShowChoice = { id: number; title: string; when: string; status: StaffEventRecord['status'] };

const RECENT_MS = 30 * 24 * 60 * 60_000;

export function showChoices(shows: readonly StaffEventRecord[], now: Date, selectedId: number | null): ShowChoice[] {
  const cutoff = now.getTime() - RECENT_MS;
  const kept = shows.filter(
    (show) =>
      show.type === 'show' &&
      (show.status !== 'past' || new Date(show.cust_start).getTime() >= cutoff || show.id === selectedId),
  );
  const coming = kept.filter((s) => s.status !== 'past').sort((a, b) => a.cust_start.localeCompare(b.cust_start));
  const past = kept.filter((s) => s.status === 'past').sort((a, b) => b.cust_start.localeCompare(a.cust_start));
  return [...coming, ...past].map((show) => ({
    id: show.id,
    title: show.title,
    when: laTime(show.cust_start),
    status: show.status,
  }));
}

/** The choices whose title or date contain every word typed, in any case. */
export function filterChoices(choices: readonly ShowChoice[], typed: string): ShowChoice[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  return choices.filter((choice) => {
    const text = `${choice.title} ${choice.when}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
