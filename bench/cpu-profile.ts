// What a --cpu-prof profile says about a window of a run: where the main thread's busy time went,
// by function (self time) and by file or package. Used by the show-start bench (decision 094).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** Self time per profile node over [fromUs, toUs] (V8's profile clock is CLOCK_MONOTONIC, as nowUs is). */
function selfTimes(profile: CpuProfile, fromUs: number, toUs: number): Map<number, number> {
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= fromUs && at <= toUs) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  return selfUs;
}

/**
 * Where the server's main thread spent the run (from a --cpu-prof profile, idle left out): the top
 * functions by self time, and the same time by file or package.
 */
export function summariseProfile(profile: CpuProfile, fromUs: number, toUs: number, top = 15): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = selfTimes(profile, fromUs, toUs);
  for (const [id] of selfUs) if (byId.get(id)?.callFrame.functionName === '(idle)') selfUs.delete(id);
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const where = (url: string) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg) return pkg;
    const at = url.indexOf('/src/');
    return at >= 0 ? url.slice(at + 1) : url.replace(/^file:\/\//, '') || '(native, GC, idle)';
  };
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const name = frame.functionName || '(anonymous)';
    const place = where(frame.url);
    const key = frame.url ? `${name}  ${place}:${frame.lineNumber + 1}` : name;
    functions.set(key, (functions.get(key) ?? 0) + us);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const share = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `  profile of the server's main thread over the run: ${(total / 1e6).toFixed(1)} s busy; top self time by function:`,
    ...sorted(functions).map(([key, us]) => `    ${share(us)}  ${key}`),
    '  by file or package:',
    ...sorted(places).map(([key, us]) => `    ${share(us)}  ${key}`),
  ];
}

/** The main thread's profile (the busiest; tsx's module loader thread writes one too). */
export function printProfile(profileDir: string, fromUs: number, toUs: number) {
  const files = existsSync(profileDir) ? readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')) : [];
  const profiles: CpuProfile[] = files.map((file) => JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')));
  const busy = (p: CpuProfile) => {
    const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    return [...selfTimes(p, fromUs, toUs)].reduce((sum, [id, us]) => (idle.has(id) ? sum : sum + us), 0);
  };
  const main = profiles.sort((a, b) => busy(b) - busy(a))[0];
  if (main) for (const line of summariseProfile(main, fromUs, toUs)) console.log(line);
  console.log(`  (the profiles and the servers' logs stay in ${path.dirname(profileDir)})`);
}
