// Which counter changes are worth saying aloud: not every two-second tick, only a new viewer peak
// past a round number (every 10 up to 100, then every 50, then every 500 past 1,000).

function stepFor(count: number): number {
  if (count < 100) return 10;
  if (count < 1000) return 50;
  return 500;
}

/** The round number the peak just passed, or null when it passed none. */
export function peakMilestone(previousPeak: number, peak: number): number | null {
  if (peak <= previousPeak) return null;
  const step = stepFor(peak);
  const milestone = Math.floor(peak / step) * step;
  return milestone > previousPeak && milestone > 0 ? milestone : null;
}
