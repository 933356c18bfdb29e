// CPU time from /proc for the benches: a process's (every bench that measures a server reads it
// here), and where the whole machine's CPU went over a run (decision 118): busy and stolen time from
// /proc/stat and the database and cache processes' share, so a run says how much of the machine its
// servers had and who took the rest.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's figures (100 on every Linux we run). */
const TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Processes counted apart, by their command name in /proc/<pid>/comm. */
const NAMED = { PostgreSQL: 'postgres', Redis: 'redis-server' } as const;
type Named = keyof typeof NAMED;

export type MachineCpu = {
  cores: number;
  /** All the cores' busy and stolen time, in ms. */
  busyMs: number;
  stealMs: number;
  /** CPU time of the processes by name, in ms, per pid (a process started later counts from 0). */
  named: Record<Named, Map<number, number>>;
};

/** User plus system CPU time a process has used so far, in ms (fields 14 and 15 of /proc/<pid>/stat). */
export function processCpuMs(pid: number | string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name: field 3 is the state, so utime (14) and stime (15) are at 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** The same in microseconds, as the per-request figures are printed. */
export const processCpuUs = (pid: number | string): number => processCpuMs(pid) * 1000;

export function machineCpu(): MachineCpu {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  // cpu user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = (lines[0] ?? '').split(/\s+/).slice(1).map(Number);
  const named: MachineCpu['named'] = { PostgreSQL: new Map(), Redis: new Map() };
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      for (const [who, name] of Object.entries(NAMED) as [Named, string][])
        if (comm === name) named[who].set(Number(pid), processCpuMs(pid));
    } catch {
      // The process ended while we read: its time is not counted.
    }
  }
  const ticks = [user, nice, system, irq, softirq].reduce((sum: number, n) => sum + (n ?? 0), 0);
  return {
    cores: lines.filter((line) => /^cpu\d/.test(line)).length,
    busyMs: (ticks * 1000) / TICKS_PER_S,
    stealMs: ((steal ?? 0) * 1000) / TICKS_PER_S,
    named,
  };
}

/**
 * One line on the machine between two readings: how busy its cores were, and how much of that
 * the servers, PostgreSQL, Redis and the load generators took (the rest: the bench itself, the
 * system, anything else running).
 */
export function describeMachine(
  before: MachineCpu,
  after: MachineCpu,
  seconds: number,
  serversMs: number,
  generatorsMs: number,
) {
  const namedMs = (who: Named) =>
    [...after.named[who]].reduce((sum, [pid, ms]) => sum + ms - (before.named[who].get(pid) ?? 0), 0);
  const busy = after.busyMs - before.busyMs;
  const parts: [string, number][] = [
    ['servers', serversMs],
    ['PostgreSQL', namedMs('PostgreSQL')],
    ['Redis', namedMs('Redis')],
    ['load generators', generatorsMs],
  ];
  const rest = busy - parts.reduce((sum, [, ms]) => sum + ms, 0);
  const cores = (ms: number) => (ms / 1000 / seconds).toFixed(2);
  return (
    `  machine CPU: ${cores(busy)} of ${after.cores} cores busy on average (${((busy / 1000 / seconds / after.cores) * 100).toFixed(0)}%), ` +
    `${cores(after.stealMs - before.stealMs)} stolen by the host; in cores: ` +
    [...parts, ['the rest', rest] as [string, number]].map(([who, ms]) => `${who} ${cores(ms)}`).join(', ')
  );
}
