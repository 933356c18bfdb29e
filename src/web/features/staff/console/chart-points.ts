// Where the viewers-over-time chart draws: samples (and the live count) scaled into the box, the
// on-air marks placed on the same time axis. Pure, so it is tested without a browser.

type Sample = { at: string; viewers: number };
type Mark = { at: string; action: string; label: string };
type Box = { width: number; height: number; pad: number };

export function chartPoints(samples: Sample[], marks: Mark[], live: Sample | null, box: Box) {
  const all = [...samples, ...(live ? [live] : [])]
    .map((s) => ({ t: Date.parse(s.at), viewers: s.viewers }))
    .filter((s) => Number.isFinite(s.t))
    .sort((a, b) => a.t - b.t);
  const times = [...all.map((s) => s.t), ...marks.map((m) => Date.parse(m.at)).filter(Number.isFinite)];
  const first = times.length ? Math.min(...times) : null;
  const last = times.length ? Math.max(...times) : null;
  const peak = all.reduce((max, s) => Math.max(max, s.viewers), 0);
  const span = first !== null && last !== null && last > first ? last - first : 1;
  const x = (t: number) => (first === null ? 0 : ((t - first) / span) * box.width);
  const y = (viewers: number) =>
    box.height - box.pad - (peak === 0 ? 0 : (viewers / peak) * (box.height - 2 * box.pad));
  return {
    points: all.map((s) => ({ x: x(s.t), y: y(s.viewers) })),
    marks: marks.map((m) => ({ ...m, x: x(Date.parse(m.at)) })).filter((m) => Number.isFinite(m.x)),
    peak,
    start: first === null ? null : new Date(first),
    end: last === null ? null : new Date(last),
  };
}
