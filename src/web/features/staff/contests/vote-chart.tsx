// An entry's votes over time as a small SVG bar chart (counted votes below, removed ones stacked on
// top in another colour and pattern, so the two differ without colour too), with the same numbers
// in a table for screen readers and for anyone who wants them exactly.
import type { VoteReview } from '../../../../shared/contract/contests';
import { SHOW_TIME_ZONE } from '../../../../shared/time';
import { barWidthWords, timelineBars } from './vote-timeline';

const clockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const at = (iso: string) => clockFormat.format(new Date(iso));

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 24;

export function VoteChart({ timeline }: { timeline: VoteReview['timeline'] }) {
  const { bars, minutesPerBar, peak } = timelineBars(timeline, 60, 20);
  if (bars.length === 0) return <p className="text-muted">No votes yet, so there is nothing to chart.</p>;
  const slot = WIDTH / bars.length;
  const barWidth = Math.max(1, slot * 0.8);
  const scale = (n: number) => (peak === 0 ? 0 : (n / peak) * (HEIGHT - AXIS - 8));
  const first = bars[0];
  const last = bars.at(-1);
  const shown = bars.filter((bar) => bar.votes + bar.voided > 0);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm text-muted">
        Votes per {barWidthWords(minutesPerBar)}, Los Angeles time. The tallest bar is {peak.toLocaleString('en-US')}.
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-40 w-full rounded-lg border border-line bg-white"
        role="img"
        aria-label={`Bar chart of votes per ${barWidthWords(minutesPerBar)}; the table below has the same numbers.`}
        preserveAspectRatio="none"
      >
        <defs>
          <pattern id="voided-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" className="fill-danger-soft" />
            <line x1="0" y1="0" x2="0" y2="6" strokeWidth="3" className="stroke-danger" />
          </pattern>
        </defs>
        <line x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="stroke-line" />
        {bars.map((bar, index) => {
          const counted = scale(bar.votes);
          const voided = scale(bar.voided);
          const x = index * slot + (slot - barWidth) / 2;
          const base = HEIGHT - AXIS;
          return (
            <g key={bar.start}>
              {counted > 0 && (
                <rect x={x} y={base - counted} width={barWidth} height={counted} className="fill-primary" />
              )}
              {voided > 0 && (
                <rect x={x} y={base - counted - voided} width={barWidth} height={voided} fill="url(#voided-hatch)" />
              )}
            </g>
          );
        })}
      </svg>
      <div className="flex flex-wrap justify-between gap-2 text-xs text-muted" aria-hidden="true">
        <span>{first && at(first.start)}</span>
        <span>{last && at(last.start)}</span>
      </div>
      <p className="flex flex-wrap gap-4 text-sm text-ink" aria-hidden="true">
        <span className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-primary" /> Counted
        </span>
        <span className="flex items-center gap-2">
          <svg viewBox="0 0 12 12" className="size-3">
            <rect width="12" height="12" fill="url(#voided-hatch)" />
          </svg>{' '}
          Removed after review
        </span>
      </p>
      <details className="rounded-lg border border-line bg-white">
        <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-bold text-primary">The chart as a table</summary>
        <div className="max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label="Votes per period">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Votes per {barWidthWords(minutesPerBar)} (only periods with votes)</caption>
            <thead className="sticky top-0 bg-canvas text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-bold">
                  From (Los Angeles time)
                </th>
                <th scope="col" className="px-3 py-2 text-right font-bold">
                  Counted
                </th>
                <th scope="col" className="px-3 py-2 text-right font-bold">
                  Removed
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((bar) => (
                <tr key={bar.start} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 font-normal">
                    {at(bar.start)}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{bar.votes}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{bar.voided}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
