// The vote review's chart: the server's per-minute counts (only minutes with votes) laid out as at
// most `maxBars` bars of equal width, every minute between the first and the last one covered, so a
// quiet hour shows as a gap and a burst as a spike. At least `minBars` bars: a short timeline starts
// earlier with empty bars, so one busy minute reads as a spike rather than a wall.
import type { VoteReview } from '../../../../shared/contract/contests';

export type TimelinePoint = VoteReview['timeline'][number];

export type TimelineBar = {
  /** The bar's first minute (ISO, UTC). */
  start: string;
  votes: number;
  voided: number;
};

export type Timeline = {
  bars: TimelineBar[];
  minutesPerBar: number;
  /** The tallest bar (votes and voided together); 0 when there are no votes. */
  peak: number;
};

/** Bar widths a person reads at a glance. */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080];
const MINUTE_MS = 60_000;

/** A minute as the server may write it ('2026-06-20T19:04', with seconds, or with a zone) in ms; NaN when it is none. */
export function minuteOf(minute: string): number {
  const bare = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(minute);
  const at = new Date(bare ? `${minute.replace(' ', 'T')}Z` : minute).getTime();
  return Number.isNaN(at) ? Number.NaN : Math.floor(at / MINUTE_MS);
}

export function timelineBars(points: readonly TimelinePoint[], maxBars = 60, minBars = 1): Timeline {
  const known = points
    .map((point) => ({ at: minuteOf(point.minute), votes: point.votes, voided: point.voided }))
    .filter((point) => !Number.isNaN(point.at));
  if (known.length === 0) return { bars: [], minutesPerBar: 1, peak: 0 };
  const first = Math.min(...known.map((point) => point.at));
  const last = Math.max(...known.map((point) => point.at));
  const minutesPerBar =
    STEPS.find((step) => Math.floor(last / step) - Math.floor(first / step) + 1 <= maxBars) ??
    Math.ceil((last - first + 1) / maxBars);
  const lastBar = Math.floor(last / minutesPerBar);
  const firstBar = Math.min(Math.floor(first / minutesPerBar), lastBar - Math.min(minBars, maxBars) + 1);
  const count = lastBar - firstBar + 1;
  const bars: TimelineBar[] = Array.from({ length: count }, (_, index) => ({
    start: new Date((firstBar + index) * minutesPerBar * MINUTE_MS).toISOString(),
    votes: 0,
    voided: 0,
  }));
  for (const point of known) {
    const bar = bars[Math.floor(point.at / minutesPerBar) - firstBar];
    if (!bar) continue;
    bar.votes += point.votes;
    bar.voided += point.voided;
  }
  return { bars, minutesPerBar, peak: Math.max(...bars.map((bar) => bar.votes + bar.voided)) };
}

/** A bar's width after 'votes per': 'minute', '15 minutes', 'hour', '2 hours', 'day'. */
export function barWidthWords(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'hour' : `${minutes / 60} hours`;
  return minutes === 1 ? 'minute' : `${minutes} minutes`;
}
