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
 * Where the servers' main threads spent the run (from --cpu-prof profiles, idle left out, summed
 * over the profiles given): the top functions by self time, and the same time by file or package.
 */
export function summariseProfiles(profiles: CpuProfile[], fromUs: number, toUs: number, top = 15): string[] {
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  const where = (url: string) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg) return pkg;
    const at = url.indexOf('/src/');
    return at >= 0 ? url.slice(at + 1) : url.replace(/^file:\/\//, '') || '(native, GC, idle)';
  };
  let total = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [id, us] of selfTimes(profile, fromUs, toUs)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)') continue;
      total += us;
      const name = frame.functionName || '(anonymous)';
      const place = where(frame.url);
      add(functions, frame.url ? `${name}  ${place}:${frame.lineNumber + 1}` : name, us);
      add(places, place, us);
    }
  }
  const share = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  const whose = profiles.length === 1 ? "the server's main thread" : `the ${profiles.length} servers' main threads`;
  return [
    `  profile of ${whose} over the run: ${(total / 1e6).toFixed(1)} s busy; top self time by function:`,
    ...sorted(functions).map(([key, us]) => `    ${share(us)}  ${key}`),
    '  by file or package:',
    ...sorted(places).map(([key, us]) => `    ${share(us)}  ${key}`),
  ];
}

/**
 * Each server process's main-thread profile (its busiest: tsx's module loader thread writes one
 * too), summed. A profile's name holds its process id: CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile.
 */
export function printProfile(profileDir: string, fromUs: number, toUs: number) {
  const files = existsSync(profileDir) ? readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')) : [];
  const busy = (p: CpuProfile) => {
    const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    return [...selfTimes(p, fromUs, toUs)].reduce((sum, [id, us]) => (idle.has(id) ? sum : sum + us), 0);
  };
  const busiest = new Map<string, { profile: CpuProfile; busyUs: number }>();
  for (const file of files) {
    const pid = file.split('.')[3] ?? file;
    const profile: CpuProfile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8'));
    const busyUs = busy(profile);
    if (busyUs > (busiest.get(pid)?.busyUs ?? -1)) busiest.set(pid, { profile, busyUs });
  }
  const mains = [...busiest.values()].map((entry) => entry.profile);
  if (mains.length) for (const line of summariseProfiles(mains, fromUs, toUs)) console.log(line);
  console.log(`  (the profiles and the servers' logs stay in ${path.dirname(profileDir)})`);
}
