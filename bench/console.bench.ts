// The producer console's live counters (decision 080): a show on air with 5,000 viewers (watch logs,
// check-ins, RSVPs, giveaway entries, a busy chat), Gemcast in a process of its own. Opens 0, 1, 10,
// then 50 console event streams of the show, then none again, and measures the server process's CPU
// over BENCH_CONSOLE_SECONDS (default 20) each. The rise over the quieter idle step, divided by the
// consoles, is each console's share; the figure checked against the target (< 1% of a core per
// console) is the stricter one: everything the process did with 50 open, divided by 50, which no
// idle-time noise (the seed's after-work, a collection) can make look smaller. On SQLite and PostgreSQL. Run
// alone with `npm run bench:console`; `npm run bench` runs it after "show live now".
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { consoleStreamPath } from '../src/shared/contract/console';
import { benchPostgres } from './giveaway-surge';
import { nextLine } from './server-info';

const TARGET_PERCENT_PER_CONSOLE = 1;
const SECONDS = Number(process.env.BENCH_CONSOLE_SECONDS ?? 20);
const STEPS = [0, 1, 10, 50, 0];

type Info = { port: number; eventId: number; token: string };
export type ConsoleBenchStep = { consoles: number; percentOfCore: number; counters: number };
export type ConsoleBenchResult = { engine: string; steps: ConsoleBenchStep[]; perConsole: number };

/** A console stream that counts its `counters` events and throws the rest away. */
async function openConsole(base: string, eventId: number, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${consoleStreamPath(eventId)}`, {
    headers: { token },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream refused: ${response.status}`);
  const state = { counters: 0 };
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        state.counters += value.split('event: counters').length - 1;
      }
    } catch {
      // Aborted at the end of the step.
    }
  })();
  return {
    state,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

export async function runConsole(engine: string, pgUrl?: string): Promise<ConsoleBenchResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/console.ts'], {
    env: { ...process.env, BENCH_DATABASE_URL: pgUrl ?? '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const info = await nextLine<Info>(lines);
  const base = `http://127.0.0.1:${info.port}`;
  const cpu = async () => {
    const answer = nextLine<{ cpuMicros: number }>(lines);
    child.stdin!.write('cpu\n');
    return (await answer).cpuMicros;
  };
  // Warm up: the first stream compiles the counters' code paths and reads the show cold; that once-off
  // cost is not what an open console costs, so it is paid before the measured steps.
  const warm = await openConsole(base, info.eventId, info.token);
  await delay(6_000);
  await warm.close();
  const steps: ConsoleBenchStep[] = [];
  for (const consoles of STEPS) {
    const open = await Promise.all(Array.from({ length: consoles }, () => openConsole(base, info.eventId, info.token)));
    // Settle: the first read of the show and the connections' own set-up are not the steady cost.
    await delay(2_500);
    const before = await cpu();
    const startedAt = performance.now();
    const countedBefore = open.reduce((sum, c) => sum + c.state.counters, 0);
    await delay(SECONDS * 1000);
    const used = (await cpu()) - before;
    const wallMicros = (performance.now() - startedAt) * 1000;
    const counters = open.reduce((sum, c) => sum + c.state.counters, 0) - countedBefore;
    await Promise.all(open.map((c) => c.close()));
    steps.push({ consoles, percentOfCore: (used / wallMicros) * 100, counters });
  }
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));

  const idle = Math.min(...steps.filter((step) => step.consoles === 0).map((step) => step.percentOfCore));
  const most = steps.reduce((a, b) => (b.consoles > a.consoles ? b : a));
  const perConsole = most.percentOfCore / most.consoles;
  for (const step of steps) {
    const rise = Math.max(0, step.percentOfCore - idle);
    const per = step.consoles ? `${(rise / step.consoles).toFixed(3)}% per console over idle` : 'idle';
    console.log(
      `${engine.padEnd(11)} ${String(step.consoles).padStart(2)} consoles: ${step.percentOfCore.toFixed(2)}% of a core (${per}), ${step.counters} counters events in ${SECONDS} s`,
    );
  }
  console.log(
    `${''.padEnd(11)} at most per open console (the whole process with ${most.consoles} open ÷ ${most.consoles}): ${perConsole.toFixed(3)}% of a core (target < ${TARGET_PERCENT_PER_CONSOLE}%) ${perConsole < TARGET_PERCENT_PER_CONSOLE ? 'meets target' : 'ABOVE TARGET'}`,
  );
  return { engine, steps, perConsole };
}

export async function runConsoleBench(pgUrl: string, postgresUp: boolean): Promise<ConsoleBenchResult[]> {
  console.log(
    `\nProducer console: a show on air with ${process.env.BENCH_VIEWERS ?? 5_000} viewers, ${STEPS.join(', ')} console streams, server CPU over ${SECONDS} s each:`,
  );
  const results = [await runConsole('SQLite')];
  if (postgresUp) results.push(await runConsole('PostgreSQL', pgUrl));
  else console.log('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL).');
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { pgUrl, postgresUp } = await benchPostgres();
  await runConsoleBench(pgUrl, postgresUp);
}
