// Viewers over time as a small hand-drawn SVG line (decision 083: no chart library for one line),
// with the on-air events (went live, segment changes, draws, questions) as marked lines, and the
// same events listed under it with their times for screen readers and exact reading.
import type { ConsoleSnapshot } from '../../../../shared/contract/console';
import { SHOW_TIME_ZONE } from '../../../../shared/time';
import { chartPoints } from './chart-points';

const clock = new Intl.DateTimeFormat('en-US', { timeZone: SHOW_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
const WIDTH = 600;
const HEIGHT = 150;
const PAD = 6;

export function ViewersChart({
  timeline,
  live,
}: {
  timeline: ConsoleSnapshot['timeline'];
  /** The latest count from the stream, drawn as the line's last point. */
  live: { at: string; viewers: number };
}) {
  const { points, marks, peak, start, end } = chartPoints(timeline.samples, timeline.marks, live, {
    width: WIDTH,
    height: HEIGHT,
    pad: PAD,
  });
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm text-muted">
        Viewers over time (peak on the chart {peak}); lines mark on-air events.
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full rounded-lg border border-line bg-white"
        role="img"
        aria-label={`Line chart of viewers from ${start ? clock.format(start) : 'now'} to ${end ? clock.format(end) : 'now'}, peaking at ${peak}. The events are listed below.`}
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="stroke-line" />
        {marks.map((mark, index) => (
          <line
            key={`${mark.at}-${index}`}
            x1={mark.x}
            x2={mark.x}
            y1={0}
            y2={HEIGHT}
            strokeDasharray="4 3"
            className={mark.action === 'draw' ? 'stroke-secondary' : 'stroke-muted'}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {points.length > 1 && (
          <polyline
            points={line}
            fill="none"
            strokeWidth="2.5"
            className="stroke-primary"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      {timeline.marks.length > 0 && (
        <ol tabIndex={0} className="flex max-h-28 flex-col overflow-y-auto text-xs text-ink" aria-label="On-air events">
          {[...timeline.marks].reverse().map((mark, index) => (
            <li key={`${mark.at}-${index}`}>
              <time dateTime={mark.at} className="font-bold tabular-nums">
                {clock.format(new Date(mark.at))}
              </time>{' '}
              {mark.label}
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
