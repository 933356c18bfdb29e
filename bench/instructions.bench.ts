// `npm run bench:instructions`: the hot calls of decision 096 and the bench's reference (bare Fastify
// answering one SQLite read), each counted in machine instructions per request on the server's main
// thread, under valgrind's callgrind (decision 122). Time on a shared machine moves by a quarter
// within minutes; the count moves by under 1% between runs of the same code, so it shows what a
// change to our own JavaScript saves or costs when the timed bench cannot. It counts no kernel work
// (socket writes, file locks, wake-ups) and none of V8's helper threads (compiler, collector), so it
// is a check on a change, never the ratio. Needs valgrind (`apt-get install -y valgrind`).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { serverInfo } from './server-info';

/** Requests counted per target, after WARM_ROUNDS as many to settle the JIT. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const WARM_ROUNDS = 4;
const CONNECTIONS = 20;

type Target = { title: string; script: string; path: (info: ServerInfo) => string };
type ServerInfo = { port: number; token?: string; eventId?: number };

const TARGETS: Target[] = [
  { title: 'reference: Fastify + 1 SQLite file read', script: 'bench/servers/fastify-sqlite.ts', path: () => '/' },
  { title: 'GET /api/profile_v1', script: 'bench/servers/gemcast.ts', path: () => '/api/profile_v1' },
  { title: 'GET /api/liveevent_v1', script: 'bench/servers/gemcast.ts', path: () => '/api/liveevent_v1?type=show' },
  {
    title: 'GET /api/checkifrsvpenroll_v1',
    script: 'bench/servers/gemcast.ts',
    path: (info) => `/api/checkifrsvpenroll_v1?eventid=${info.eventId}&type=show`,
  },
];

/** The main thread's instruction total from a dump, once callgrind has written it (it writes in the background). */
async function mainThreadTotals(outDir: string, prefix: string): Promise<RegExpExecArray | null> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const mainThread = readdirSync(outDir).find((name) => name.startsWith(prefix) && name.endsWith('-01'));
    const totals = mainThread ? /^totals: (\d+)/m.exec(readFileSync(path.join(outDir, mainThread), 'utf8')) : null;
    if (totals) return totals;
    await delay(250);
  }
  return null;
}

/** The main thread's instructions per request, from callgrind's dump of that thread (`…-01`). */
async function instructionsPerRequest(target: Target, outDir: string): Promise<number> {
  const outFile = path.join(outDir, `${path.basename(target.script, '.ts')}-${TARGETS.indexOf(target)}.out`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      '--import',
      'tsx',
      target.script,
    ],
    { env: { ...process.env, BENCH_DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    const info = await serverInfo<ServerInfo>(child, `${target.script} under valgrind`);
    const run = () =>
      autocannon({
        url: `http://127.0.0.1:${info.port}${target.path(info)}`,
        connections: CONNECTIONS,
        amount: REQUESTS,
        headers: { token: info.token ?? '' },
        timeout: 60,
      });
    for (let round = 0; round < WARM_ROUNDS; round += 1) await run();
    const pid = String(child.pid);
    execFileSync('callgrind_control', ['--instr=on', pid], { stdio: 'ignore' });
    const result = await run();
    execFileSync('callgrind_control', ['--instr=off', pid], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--dump', pid], { stdio: 'ignore' });
    if (result.non2xx + result.errors > 0)
      throw new Error(`${target.title}: ${result.non2xx + result.errors} bad answers`);
    const totals = await mainThreadTotals(outDir, path.basename(outFile));
    if (!totals) throw new Error(`${target.title}: callgrind wrote no totals for the main thread`);
    return Number(totals[1]) / result.requests.total;
  } finally {
    child.kill('SIGKILL');
  }
}

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('valgrind is not installed: apt-get install -y valgrind');
  process.exit(0);
}
console.log(
  `Instructions per request on the server's main thread, callgrind, ${REQUESTS} requests per target after ${WARM_ROUNDS} × as many to warm up, SQLite, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}\n`,
);
const outDir = mkdtempSync(path.join(tmpdir(), 'gemcast-callgrind-'));
try {
  let reference = 0;
  for (const target of TARGETS) {
    const perRequest = await instructionsPerRequest(target, outDir);
    reference ||= perRequest;
    console.log(
      `${target.title.padEnd(42)} ${(perRequest / 1000).toFixed(1).padStart(7)} k instructions   reference ÷ it ${(reference / perRequest).toFixed(2)}`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
