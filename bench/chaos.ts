// `npm run chaos`: crash safety, checked by killing (decision 095). Seeds a live show (giveaways with a
// wheel, guessing questions, contests open for votes, a chat room, viewers with points), starts the
// real server (src/server/main.ts, bundled once) and a load generator (bench/chaos-load.ts), and kills
// the server with SIGKILL at random moments, CHAOS_KILLS times (100) within CHAOS_MINUTES (10),
// restarting it at once on the same data. After each restart every acknowledged write must be there
// and the invariants hold (bench/chaos-checks.ts); at the end the full check. SQLite, then PostgreSQL
// with Redis when they answer. Prints the tally per engine; exits 1 if anything was lost or broken.
// A run that fails stops its load and keeps its data folder, with the server's log; CHAOS_KEEP=1
// keeps the folder of every run.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import { Redis } from 'ioredis';
import pg from 'pg';
import { postgresReachable } from './postgres-reachable';
import {
  emptyAcks,
  fullCheck,
  quickCheck,
  type AckProgress,
  type Acks,
  type CheckResult,
  type Where,
} from './chaos-checks';
import {
  ACK_KINDS,
  type AckKind,
  type ChaosPlan,
  type FailureTally,
  type LoadInput,
  type LoadMessage,
  type RunnerMessage,
} from './chaos-plan';
import { seedChaos } from './chaos-seed';

const KILLS = Number(process.env.CHAOS_KILLS ?? 100);
const MINUTES = Number(process.env.CHAOS_MINUTES ?? 10);
const VIEWERS = Number(process.env.CHAOS_VIEWERS ?? 300);
const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 120);
const CONNECTIONS = Number(process.env.CHAOS_CONNECTIONS ?? 24);
const CHATTERS = Number(process.env.CHAOS_CHATTERS ?? 40);
/** Spares warming at once: a warm-up (loading and a rehearsal boot) takes longer than one kill's turn on a loaded machine. */
const SPARES = Number(process.env.CHAOS_SPARES ?? 2);
/** Ports 3600–3620 are this script's: SQLite's server, then PostgreSQL's. */
const PORTS = { SQLite: 3600, PostgreSQL: 3601 } as const;
const PG_ADMIN_URL = process.env.CHAOS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A logical database of its own for rate limits; pub/sub channels are server-wide (see decision 095). */
const REDIS_URL = process.env.CHAOS_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
/** PostgreSQL ids start here, so this run's chat rooms never share a name with another test's on the shared Redis. */
const PG_FIRST_ID = 900_000;
const ENGINES = (process.env.CHAOS_ENGINES ?? 'sqlite,postgres').split(',');
const BUNDLE = path.resolve('dist/chaos-server/chaos-server.js');

type Engine = keyof typeof PORTS;

/** `kill -INT <pid of this process>` stops the kills early (Ctrl-C would reach the children too): the run then ends as after its last kill, with the full check and the tally. */
let isInterrupted = false;
process.on('SIGINT', () => {
  isInterrupted = true;
  console.log('  interrupted: no more kills; stopping the load, then the full check');
});

/** The real server, bundled once: a tsx start recompiles on every one of the hundred restarts. */
async function bundleServer() {
  await build({
    entryPoints: { 'chaos-server': 'bench/servers/chaos-server.ts' },
    outdir: path.dirname(BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

/**
 * One server process at a time on the engine's port and data, and SPARES warm spares waiting beside
 * it (bench/servers/chaos-server.ts): a kill is followed at once by the oldest spare's start. Output goes to a
 * log file; error lines are counted.
 */
function serverProcess(env: Record<string, string>, logFile: string) {
  const log = createWriteStream(logFile, { flags: 'a' });
  let child: ChildProcess | null = null;
  const spares: Promise<ChildProcess>[] = [];
  /** The server's error lines: counted, and the first few kept to be printed with the tally. */
  const errorLines: string[] = [];
  const countError = (line: string) => void errorLines.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);

  function warm(): Promise<ChildProcess> {
    const next = spawn(process.execPath, [BUNDLE], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    next.stderr?.pipe(log, { end: false });
    createInterface({ input: next.stderr! }).on('line', (line) => {
      if (/"level":(50|60)/.test(line) || /^Gemcast (failed|cannot)/.test(line)) countError(line);
    });
    return new Promise((resolve, reject) => {
      const lines = createInterface({ input: next.stdout! });
      lines.once('line', (line) => (line === 'warm' ? resolve(next) : reject(new Error(`spare said ${line}`))));
      next.once('exit', (code, signal) =>
        reject(new Error(`the spare server exited (${code ?? signal}); see ${logFile}`)),
      );
    });
  }

  return {
    /**
     * Starts the oldest spare and waits until it listens: the milliseconds from now, and how many of
     * them went to waiting for the spare to be warm. Another spare starts warming once this one
     * listens, so its module loading does not compete with the recovery being timed.
     */
    async start(): Promise<{ ms: number; spareWaitMs: number }> {
      const started = performance.now();
      const next = await (spares.shift() ?? warm());
      const spareWaitMs = performance.now() - started;
      child = next;
      const listening = new Promise<number>((resolve, reject) => {
        createInterface({ input: next.stdout! }).on('line', (line) => {
          log.write(`${line}\n`);
          if (line.startsWith('Gemcast is running')) resolve(performance.now() - started);
          if (/"level":(50|60)/.test(line)) countError(line);
        });
        next.once('exit', (code, signal) =>
          reject(new Error(`the server exited while starting (${code ?? signal}); see ${logFile}`)),
        );
      });
      next.kill('SIGUSR2');
      const ms = await listening;
      while (spares.length < SPARES) {
        const spare = warm();
        spare.catch(() => undefined);
        spares.push(spare);
      }
      return { ms, spareWaitMs };
    },
    kill(signal: NodeJS.Signals): Promise<void> {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        current.once('exit', () => resolve());
        current.kill(signal);
      });
    },
    /** Ends the spares too. */
    async close() {
      for (const spare of spares.splice(0)) (await spare.catch(() => null))?.kill('SIGKILL');
      log.end();
    },
    errorLines: () => errorLines,
  };
}

function startLoad(input: LoadInput, onAcks: (message: LoadMessage) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/chaos-load.ts'], {
    env: { ...process.env, CHAOS_LOAD: JSON.stringify(input) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stopped = new Promise<Extract<LoadMessage, { type: 'stopped' }>>((resolve) => {
    child.on('message', (message: LoadMessage) => {
      if (message.type === 'stopped') resolve(message);
      else onAcks(message);
    });
  });
  return {
    stop() {
      const message: RunnerMessage = { type: 'stop' };
      child.send(message);
      return stopped;
    },
    /** Ends the load at once, when the run failed: it must not go on alone once this script exits. */
    kill: () => child.kill('SIGKILL'),
  };
}

/**
 * Where the server's e-mails go: an SMTP sink process that counts them (bench/servers/smtp-sink.ts).
 * Without SMTP_URL the outbox keeps each e-mail's HTML in the database for a day: 60 MB of a 145 MB
 * run, which every restart's integrity_check read again, though no check is about e-mail.
 */
async function startMailSink() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/smtp-sink.ts', '--no-bodies'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const { url } = JSON.parse(await next()) as { url: string };
  return {
    /** Pooled, as a real SMTP relay would be used: one connection, not one per e-mail. */
    smtpUrl: `${url}?pool=true&maxConnections=2&maxMessages=1000000`,
    async received(): Promise<number> {
      const answer = next();
      child.stdin!.write('\n');
      return (JSON.parse(await answer) as { received: number }).received;
    },
    close: () => child.kill('SIGTERM'),
  };
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Tally = {
  engine: Engine;
  kills: number;
  restarts: number;
  seconds: number;
  restartMs: number[];
  /** Of each restart, the time spent waiting for the spare to finish warming. */
  spareWaitMs: number[];
  acks: Record<AckKind, number>;
  ledgerRows: number;
  missing: number;
  violations: string[];
  integrity: string[];
  checksMs: number[];
  /** Per part of the checks after restarts, the milliseconds of each. */
  checkParts: Record<string, number[]>;
  failures: FailureTally;
  refusals: string[];
  roundsDone: number;
  serverErrors: string[];
  mailsSent: number;
  logFile: string;
};

const meanOf = (list: number[], fallback: number) =>
  list.length ? list.reduce((a, b) => a + b, 0) / list.length : fallback;

/** Sum of what a check found lost: acknowledged writes of each kind, and ledger rows. */
const lostIn = (check: CheckResult) =>
  ACK_KINDS.reduce((sum, kind) => sum + check.missing[kind], 0) + check.missingLedger;

async function runEngine(engine: Engine, withRedis: boolean): Promise<Tally> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `gemcast-chaos-${engine.toLowerCase()}-`));
  const logFile = path.join(dataDir, 'server.log');
  const database = engine === 'PostgreSQL' ? `chaos_${randomBytes(4).toString('hex')}` : null;
  const pgUrl = database ? PG_ADMIN_URL.replace(/\/[^/]*$/, `/${database}`) : null;
  if (database) await adminQuery(`create database ${database}`);
  const mail = await startMailSink();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SMTP_URL: mail.smtpUrl,
    PORT: String(PORTS[engine]),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Every viewer of the load comes from 127.0.0.1.
    CHAT_SOCKETS_PER_IP: '100000',
    PER_IP_LIMIT_SCALE: '10000',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    ...(pgUrl && withRedis ? { REDIS_URL } : {}),
  };
  const where: Where = pgUrl ? { pgUrl } : { sqliteFile: path.join(dataDir, 'gemcast.db') };
  const baseUrl = `http://127.0.0.1:${PORTS[engine]}`;
  const tally: Tally = {
    engine,
    kills: 0,
    restarts: 0,
    seconds: 0,
    restartMs: [],
    spareWaitMs: [],
    acks: { entry: 0, spin: 0, guess: 0, vote: 0, redeem: 0, chat: 0 },
    ledgerRows: 0,
    missing: 0,
    violations: [],
    integrity: [],
    checksMs: [],
    checkParts: {},
    failures: {} as FailureTally,
    refusals: [],
    roundsDone: 0,
    serverErrors: [],
    mailsSent: 0,
    logFile,
  };
  const server = serverProcess(env, logFile);
  let load: ReturnType<typeof startLoad> | null = null;
  let finished = false;
  try {
    const seedStarted = performance.now();
    const plan: ChaosPlan = await seedChaos({ env, viewers: VIEWERS, rounds: ROUNDS, firstId: PG_FIRST_ID });
    console.log(
      `${engine}: seeded ${plan.viewerIds.length} viewers, ${plan.rounds.length} rounds (giveaway + wheel, question, contest) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; data in ${dataDir}${pgUrl ? ` and ${database}${withRedis ? ` with ${REDIS_URL}` : ''}` : ''}`,
    );
    await server.start();
    const acks: Acks = emptyAcks();
    load = startLoad({ baseUrl, plan, connections: CONNECTIONS, chatters: CHATTERS }, (message) => {
      if (message.type !== 'acks') return;
      for (const a of message.acks) acks[a.kind].push(a);
    });
    const record = (check: CheckResult, when: string) => {
      tally.checksMs.push(check.ms);
      if (check.integrity !== null) tally.integrity.push(check.integrity);
      const lost = lostIn(check);
      if (lost) {
        tally.missing = Math.max(tally.missing, lost);
        console.log(`  ${when}: MISSING ${JSON.stringify(check.missing)}, ledger rows ${check.missingLedger}`);
      }
      for (const violation of check.violations) {
        if (!tally.violations.includes(violation)) console.log(`  ${when}: VIOLATION ${violation}`);
        tally.violations.push(violation);
      }
    };

    const started = performance.now();
    // The kills are spread over 95% of the budget: the uptimes are random, and the last check's length
    // is only known once it ends, so a plan for the whole budget ends as often past it as before it.
    const budgetMs = MINUTES * 60_000 * 0.95;
    const progress: AckProgress = new Map();
    for (let kill = 1; kill <= KILLS && !isInterrupted; kill += 1) {
      // Uptime before this kill: random, around what is left of the budget per kill once the restart
      // and the check after it are paid for (the server is up and under load during the check too).
      // Those are estimated from the last ten: a check grows with what the surge has stored, and the
      // mean of the whole run, trailing behind, gave the early kills time the late ones then lacked.
      const left = budgetMs - (performance.now() - started);
      const perKill = left / (KILLS - kill + 1);
      const recent = (list: number[], fallback: number) => meanOf(list.slice(-10), fallback);
      // At least a second up: past the budget (slow restarts) the surge still gets to write between kills.
      const meanUp = Math.max(1_000, perKill - recent(tally.restartMs, 2_000) - recent(tally.checksMs, 300));
      await sleep(100 + Math.random() * 2 * meanUp);
      await server.kill('SIGKILL');
      tally.kills += 1;
      const restart = await server.start();
      tally.restartMs.push(restart.ms);
      tally.spareWaitMs.push(restart.spareWaitMs);
      tally.restarts += 1;
      const check = await quickCheck(where, plan, acks, progress);
      for (const [part, ms] of Object.entries(check.parts)) (tally.checkParts[part] ??= []).push(ms);
      record(check, `after kill ${kill}`);
      if (kill % 10 === 0)
        console.log(
          `  ${kill} kills, ${Math.round((performance.now() - started) / 1000)} s, ${ACK_KINDS.map((k) => `${k} ${acks[k].length}`).join(', ')}; last ten: restart ${Math.round(meanOf(tally.restartMs.slice(-10), 0))} ms (spare ${Math.round(meanOf(tally.spareWaitMs.slice(-10), 0))}), check ${Math.round(meanOf(tally.checksMs.slice(-10), 0))} ms`,
        );
    }
    const stopped = await load.stop();
    tally.seconds = (performance.now() - started) / 1000;
    // The end state is a killed server's too: once more, then the full check on the restarted one.
    await server.kill('SIGKILL');
    await server.start();
    record(await fullCheck(where, plan, acks, baseUrl), 'full check at the end');
    await server.kill('SIGTERM');
    await server.close();
    for (const kind of ACK_KINDS) tally.acks[kind] = acks[kind].length;
    tally.ledgerRows = acks.spin.filter((a) => a.kind === 'spin' && a.points > 0).length + acks.redeem.length;
    tally.failures = stopped.failures;
    tally.refusals = stopped.refusals;
    tally.roundsDone = stopped.roundsDone;
    tally.serverErrors = server.errorLines();
    tally.mailsSent = await mail.received();
    finished = true;
    return tally;
  } finally {
    if (!finished) load?.kill();
    await server.kill('SIGKILL');
    await server.close();
    mail.close();
    if (database) await adminQuery(`drop database if exists ${database} with (force)`);
    // A run that failed keeps its data folder: the server's log says why.
    if (finished && !process.env.CHAOS_KEEP) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`${engine}: data kept in ${dataDir}`);
  }
}

function printTally(t: Tally) {
  const seconds = Math.round(t.seconds);
  const mean = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const names: Record<AckKind, string> = {
    entry: 'entries',
    spin: 'spins',
    guess: 'guesses',
    vote: 'votes',
    redeem: 'coupons bought',
    chat: 'chat messages',
  };
  const totals = ACK_KINDS.reduce(
    (sum, kind) => {
      for (const [how, n] of Object.entries(t.failures[kind] ?? {})) sum[how] = (sum[how] ?? 0) + n;
      return sum;
    },
    {} as Record<string, number>,
  );
  const integrity = t.integrity.length
    ? Object.entries(
        t.integrity.reduce<Record<string, number>>((acc, answer) => ({ ...acc, [answer]: (acc[answer] ?? 0) + 1 }), {}),
      )
        .map(([answer, n]) => `${answer} ×${n}`)
        .join(', ')
    : 'not applicable (PostgreSQL)';
  console.log(`\nChaos tally, ${t.engine}`);
  console.log(
    `  kills (SIGKILL)         ${t.kills}, restarts ${t.restarts}, in ${Math.floor(seconds / 60)} min ${seconds % 60} s`,
  );
  console.log(
    `  restart to listening    mean ${s(mean(t.restartMs))}, max ${s(Math.max(0, ...t.restartMs))} (of which waiting for the spare to warm: mean ${s(mean(t.spareWaitMs))})`,
  );
  console.log(
    `  acknowledged writes     ${ACK_KINDS.map((k) => `${names[k]} ${t.acks[k]}`).join(', ')}; ledger rows ${t.ledgerRows}`,
  );
  console.log(`  rounds completed        ${t.roundsDone} of ${ROUNDS} (then coupons and chat only)`);
  console.log(`  missing acknowledged    ${t.missing}`);
  console.log(
    `  invariant violations    ${t.violations.length}${t.violations.length ? `: ${[...new Set(t.violations)].join('; ')}` : ''}`,
  );
  console.log(`  integrity_check         ${integrity}`);
  console.log(`  checks                  ${t.checksMs.length} (mean ${Math.round(mean(t.checksMs))} ms)`);
  const parts = Object.entries(t.checkParts)
    .map(([part, list]) => [part, mean(list), Math.max(...list)] as const)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `  check parts (mean/max)  ${parts
      .slice(0, 6)
      .map(([part, avg, max]) => `${part} ${Math.round(avg)}/${max} ms`)
      .join('; ')}`,
  );
  console.log(
    `  not acknowledged        ${Object.entries(totals)
      .map(([how, n]) => `${how} ${n}`)
      .join(', ')} (network and server: during kills and restarts, expected; already: stored, answer lost)`,
  );
  if (t.refusals.length) console.log(`  refusals seen           ${t.refusals.join(' | ')}`);
  console.log(`  e-mails to the SMTP sink ${t.mailsSent}`);
  console.log(`  server error log lines  ${t.serverErrors.length} (${t.logFile})`);
  for (const line of t.serverErrors.slice(0, 5)) console.log(`    ${line}`);
}

await bundleServer();
const tallies: Tally[] = [];
if (ENGINES.includes('sqlite')) tallies.push(await runEngine('SQLite', false));
if (ENGINES.includes('postgres')) {
  if (await postgresReachable(PG_ADMIN_URL)) {
    const withRedis = await redisAnswers();
    if (!withRedis) console.log(`Redis does not answer at ${REDIS_URL}: PostgreSQL runs without it.`);
    tallies.push(await runEngine('PostgreSQL', withRedis));
  } else console.log(`PostgreSQL does not answer at ${PG_ADMIN_URL}: its run is skipped.`);
}
for (const tally of tallies) printTally(tally);
const isClean = tallies.every(
  (t) => t.missing === 0 && t.violations.length === 0 && t.integrity.every((i) => i === 'ok'),
);
process.exit(isClean ? 0 : 1);
