// "Show live now" (decision 069): a show with 20,000 RSVPs and 5,000 e-mail subscribers goes on
// air. On SQLite and PostgreSQL: the rows the announcement writes per second (target ≥ 10,000/s),
// then the outbox workers handing the e-mails to an SMTP server (testing/smtp-sink.ts in a process
// of its own; BENCH_WORKERS workers over a pooled transport with as many connections), while
// checkifrsvpenroll_v1 is called throughout at 20 connections, against its p99 target (25 ms) and its rate with nothing else going
// on. Run alone with `npx tsx bench/show-live.bench.ts`; `npm run bench` runs it last.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { benchPostgres } from './giveaway-surge';
import { nextLine } from './server-info';
import autocannon from 'autocannon';

const TARGET_ROWS_PER_SECOND = 10_000;
const TARGET_P99_MS = 25;
const CONNECTIONS = 20;

type Info = { port: number; eventId: number; token: string; rsvps: number; subscribers: number };
type Announced = { phase: 'announce'; rows: number; inApp: number; ms: number };
type Delivered = { phase: 'deliver'; emails: number; claimed: number; ms: number };

export type ShowLiveResult = {
  engine: string;
  rowsPerSecond: number;
  emailsPerSecond: number;
  emails: number;
  idleRps: number;
  loadedRps: number;
  loadedP99: number;
};

export async function runShowLive(engine: string, pgUrl?: string): Promise<ShowLiveResult> {
  const sinkProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/smtp-sink.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const sinkLines = createInterface({ input: sinkProcess.stdout! });
  const sink = await nextLine<{ url: string }>(sinkLines);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/show-live.ts'], {
    env: {
      ...process.env,
      BENCH_SMTP_URL: `${sink.url}?pool=true&maxConnections=${process.env.BENCH_WORKERS ?? 8}&maxMessages=100000`,
      ...(pgUrl ? { BENCH_DATABASE_URL: pgUrl } : { BENCH_DATABASE_URL: '' }),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const info = await nextLine<Info>(lines);
  const url = `http://127.0.0.1:${info.port}/api/checkifrsvpenroll_v1?eventid=${info.eventId}&type=show`;
  const headers = { token: info.token };
  const idle = await autocannon({ url, connections: CONNECTIONS, duration: 3, headers });

  let stopLoad = () => undefined as void;
  const loaded = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: 600, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    stopLoad = () => instance.stop();
  });
  const announced = nextLine<Announced>(lines);
  child.stdin!.write('go\n');
  const a = await announced;
  const d = await nextLine<Delivered>(lines);
  stopLoad();
  const under = await loaded;

  const received = nextLine<{ received: number }>(sinkLines);
  sinkProcess.stdin!.write('count\n');
  const { received: sunk } = await received;
  for (const process of [child, sinkProcess]) {
    process.kill('SIGTERM');
    await new Promise((resolve) => process.once('exit', resolve));
  }
  const result: ShowLiveResult = {
    engine,
    rowsPerSecond: Math.round(a.rows / (a.ms / 1000)),
    emailsPerSecond: Math.round(d.emails / (d.ms / 1000)),
    emails: d.emails,
    idleRps: Math.round(idle.requests.average),
    loadedRps: Math.round(under.requests.average),
    loadedP99: under.latency.p99,
  };
  const bad = under.non2xx + under.errors;
  console.log(
    `${engine.padEnd(11)} ${a.rows} rows (${a.inApp} in-app) in ${Math.round(a.ms)} ms: ${result.rowsPerSecond} rows/s (target ≥ ${TARGET_ROWS_PER_SECOND}) ${result.rowsPerSecond >= TARGET_ROWS_PER_SECOND ? 'meets target' : 'BELOW TARGET'}`,
  );
  console.log(
    `${''.padEnd(11)} ${d.emails} e-mails handed to SMTP in ${Math.round(d.ms)} ms: ${result.emailsPerSecond}/s (the sink received ${sunk}; the rest stay due)`,
  );
  console.log(
    `${''.padEnd(11)} checkifrsvpenroll_v1 meanwhile: ${result.loadedRps} req/s (idle ${result.idleRps}), p99 ${result.loadedP99} ms (target < ${TARGET_P99_MS}) ${result.loadedP99 < TARGET_P99_MS ? 'meets target' : 'BELOW TARGET'}${bad ? `, ${bad} errors or non-2xx!` : ''}`,
  );
  return result;
}

export async function runShowLiveBench(pgUrl: string, postgresUp: boolean): Promise<ShowLiveResult[]> {
  console.log(
    `\nShow live now: ${process.env.BENCH_RSVPS ?? 20_000} RSVPs + ${process.env.BENCH_SUBSCRIBERS ?? 5_000} subscribers, worker to an SMTP sink, checkifrsvpenroll_v1 at ${CONNECTIONS} connections meanwhile:`,
  );
  const results = [await runShowLive('SQLite')];
  if (postgresUp) results.push(await runShowLive('PostgreSQL', pgUrl));
  else console.log('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL).');
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { pgUrl, postgresUp } = await benchPostgres();
  await runShowLiveBench(pgUrl, postgresUp);
}
