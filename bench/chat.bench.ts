// `npm run bench:chat`: N authenticated WebSocket clients in one room of one Gemcast process, one
// sender at 10 messages/s for 20 s; delivery latency p50/p99, messages lost and server memory per
// client for N = 1,000 and 5,000, next to a bare `ws` broadcast server measured in the same run.
// Targets: nothing lost; at 5,000 clients p99 at most twice the bare server's and under 150 ms;
// under 30 KB of server memory per client. Exits 1 when a target is missed.
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface, type Interface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';

const SIZES = (process.env.BENCH_CHAT_CLIENTS ?? '1000,5000').split(',').map(Number);
const RATE_PER_S = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const MESSAGES = RATE_PER_S * SECONDS;
const MARK = Buffer.from('bench#');
const KB = 1024;
/** Receiving 50,000 frames a second is a lot for one thread: the clients are spread over child processes. */
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);

/**
 * Microseconds on the monotonic clock (CLOCK_MONOTONIC), which every process on the machine
 * shares; performance.timeOrigin is fixed per process at start and can be off by seconds under load.
 */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

type Server = { child: ChildProcess; lines: Interface; info: { port: number; sender?: string; viewers?: string[] } };
type Memory = { rss: number; heapUsed: number; external: number; arrayBuffers: number };
type Row = {
  server: string;
  clients: number;
  p50: number;
  p99: number;
  lost: number;
  rssPerClient: number;
  heapPerClient: number;
};

function nextLine(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a bench process exited with ${code}`));
    server.child.once('exit', onExit);
    server.lines.once('line', (line) => {
      server.child.off('exit', onExit);
      resolve(line);
    });
  });
}

/** Every process this run started, ended with it even when it fails. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

async function start(script: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  const lines = createInterface({ input: child.stdout! });
  const server: Server = { child, lines, info: { port: 0 } };
  server.info = JSON.parse(await nextLine(server));
  return server;
}

async function memory(server: Server): Promise<Memory> {
  const reply = nextLine(server);
  server.child.stdin!.write('mem\n');
  return JSON.parse(await reply);
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

/** The send time (µs) the sender wrote after `bench#` in a frame, read from the bytes (no JSON parse on the hot path). */
function sentTimeOf(data: Buffer): number {
  const at = data.indexOf(MARK);
  if (at < 0) return -1;
  let us = 0;
  for (let i = at + MARK.length; i < data.length; i++) {
    const c = data[i] ?? 0;
    if (c < 48 || c > 57) break;
    us = us * 10 + (c - 48);
  }
  return us;
}

/** Opens `count` sockets, 200 at a time; `join` is the first frame each sends (and waits to be welcomed) if given. */
async function openClients(
  port: number,
  count: number,
  onFrame: (data: Buffer) => void,
  join?: (i: number) => string,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += 200) {
    const batch = Array.from({ length: Math.min(200, count - start) }, (_, k) => start + k);
    await Promise.all(
      batch.map((i) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/api/chat/ws`, {
            perMessageDeflate: false,
            skipUTF8Validation: true,
          });
          sockets.push(socket);
          socket.once('error', reject);
          socket.once('open', () => {
            if (!join) return resolve();
            socket.once('message', (data: Buffer) =>
              data.includes('"welcome"') ? resolve() : reject(new Error(`join refused: ${data.toString()}`)),
            );
            socket.send(join(i));
          });
        }).then(() => undefined),
      ),
    );
  }
  for (const socket of sockets) socket.on('message', onFrame);
  return sockets;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

type ClientJob = { port: number; tokens: string[] | null; count: number };
/** closedByServer: sockets the server closed during the run, by close code. */
type ClientReport = { received: number; latencies: number[]; closedByServer: Record<string, number> };

/** A child process's share of the clients: connect (and join), then note how long each message took. */
async function clientProcess(): Promise<void> {
  // The job (with up to thousands of tokens) comes on stdin: too large for an environment variable.
  const lines = createInterface({ input: process.stdin });
  const job: ClientJob = JSON.parse(await new Promise<string>((resolve) => lines.once('line', resolve)));
  const latencies: number[] = [];
  const record = (data: Buffer) => {
    const sent = sentTimeOf(data);
    if (sent > 0) latencies.push((nowUs() - sent) / 1000);
  };
  const sockets = await openClients(
    job.port,
    job.count,
    record,
    job.tokens ? (i) => JSON.stringify({ type: 'join', token: job.tokens?.[i] ?? '', room: 'lobby' }) : undefined,
  );
  const closes: Record<string, number> = {};
  for (const socket of sockets) socket.once('close', (code) => (closes[code] = (closes[code] ?? 0) + 1));
  process.stdout.write('ready\n');
  lines.on('line', (line) => {
    if (line === 'count') {
      process.stdout.write(`${latencies.length}\n`);
      return;
    }
    const closedByServer = { ...closes };
    for (const socket of sockets) socket.terminate();
    process.stdout.write(
      `${JSON.stringify({ received: latencies.length, latencies, closedByServer } satisfies ClientReport)}\n`,
      () => process.exit(0),
    );
  });
}

async function startClients(
  job: ClientJob,
): Promise<{ count: () => Promise<number>; finish: () => Promise<ClientReport> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/chat.bench.ts'], {
    env: { ...process.env, BENCH_CHAT_CLIENT: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  child.stdin!.write(`${JSON.stringify(job)}\n`);
  const group: Server = { child, lines: createInterface({ input: child.stdout! }), info: { port: 0 } };
  await nextLine(group);
  const ask = async (command: string) => {
    const reply = nextLine(group);
    child.stdin!.write(`${command}\n`);
    return reply;
  };
  return {
    count: async () => Number(await ask('count')),
    finish: async () => JSON.parse(await ask('finish')),
  };
}

async function run(kind: 'bare ws' | 'Gemcast', clients: number): Promise<Row> {
  const server =
    kind === 'bare ws'
      ? await start('bench/servers/chat-bare.ts', {})
      : await start('bench/servers/chat-gemcast.ts', { BENCH_CLIENTS: String(clients) });
  const before = await memory(server);
  const viewers = server.info.viewers ?? [];
  const share = Math.ceil(clients / CLIENT_PROCESSES);
  const groups = await Promise.all(
    Array.from({ length: CLIENT_PROCESSES }, (_, g) => {
      const from = g * share;
      const count = Math.max(0, Math.min(share, clients - from));
      return startClients({
        port: server.info.port,
        tokens: kind === 'Gemcast' ? viewers.slice(from, from + count) : null,
        count,
      });
    }),
  );
  const joinFrame = (token: string) => JSON.stringify({ type: 'join', token, room: 'lobby' });
  const [sender] = await openClients(
    server.info.port,
    1,
    () => undefined,
    kind === 'Gemcast' ? () => joinFrame(server.info.sender ?? '') : undefined,
  );
  if (!sender) throw new Error('no sender');
  await delay(1500); // member counts settle
  const after = await memory(server);

  const padding = 'a sparkling line about a 2 ct oval sapphire';
  const t0 = performance.now();
  for (let seq = 0; seq < MESSAGES; seq++) {
    const due = t0 + (seq * 1000) / RATE_PER_S;
    const wait = due - performance.now();
    if (wait > 0) await delay(wait);
    const text = `bench#${nowUs()} ${seq} ${padding}`;
    sender.send(
      kind === 'Gemcast'
        ? JSON.stringify({ type: 'message', text })
        : JSON.stringify({
            type: 'message',
            message: {
              id: seq + 1,
              room: 'lobby',
              userId: 1,
              name: 'Host 0.',
              isStaff: true,
              text,
              createdAt: new Date().toISOString(),
            },
          }),
    );
  }
  // Late is not lost: wait while deliveries still arrive; what has not come 5 s after the last one is lost.
  const expected = clients * MESSAGES;
  let delivered = 0;
  let lastProgress = performance.now();
  while (performance.now() - lastProgress < 5000) {
    const total = (await Promise.all(groups.map((g) => g.count()))).reduce((a, b) => a + b, 0);
    if (total >= expected) break;
    if (total > delivered) {
      delivered = total;
      lastProgress = performance.now();
    }
    await delay(250);
  }
  const reports = await Promise.all(groups.map((g) => g.finish()));
  sender.terminate();
  await stop(server);

  const received = reports.reduce((n, r) => n + r.received, 0);
  for (const report of reports) {
    const closed = Object.entries(report.closedByServer);
    if (closed.length)
      console.log(
        `  (${kind}, ${clients} clients: sockets closed during the run, by close code: ${closed.map(([code, n]) => `${code} × ${n}`).join(', ')})`,
      );
  }
  const sorted = new Float64Array(received);
  let at = 0;
  for (const report of reports) {
    sorted.set(report.latencies, at);
    at += report.latencies.length;
  }
  sorted.sort();
  return {
    server: kind,
    clients,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    lost: expected - received,
    rssPerClient: (after.rss - before.rss) / clients / KB,
    heapPerClient: (after.heapUsed + after.external - before.heapUsed - before.external) / clients / KB,
  };
}

async function main() {
  console.log(
    `Gemcast chat bench: one room, one sender at ${RATE_PER_S} msg/s for ${SECONDS} s, on ${process.platform} / Node ${process.version}\n`,
  );
  console.log('server     clients   p50 ms   p99 ms   lost   memory/client (RSS)   (heap+external)');
  const rows: Row[] = [];
  for (const clients of SIZES) {
    for (const kind of ['bare ws', 'Gemcast'] as const) {
      const row = await run(kind, clients);
      rows.push(row);
      console.log(
        `${row.server.padEnd(9)} ${String(row.clients).padStart(8)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)} ${String(row.lost).padStart(6)}   ${row.rssPerClient.toFixed(1).padStart(8)} KB            ${row.heapPerClient.toFixed(1).padStart(6)} KB`,
      );
    }
  }

  console.log('\nTargets:');
  let failed = false;
  for (const row of rows.filter((r) => r.server === 'Gemcast')) {
    const bare = rows.find((r) => r.server === 'bare ws' && r.clients === row.clients);
    const checks: [string, boolean][] = [
      ['no message lost', row.lost === 0],
      [`memory ${row.rssPerClient.toFixed(1)} KB per client < 30 KB`, row.rssPerClient < 30],
    ];
    if (row.clients >= 5000 && bare) {
      checks.push([
        `p99 ${row.p99.toFixed(1)} ms <= 2 x bare (${(2 * bare.p99).toFixed(1)} ms)`,
        row.p99 <= 2 * bare.p99,
      ]);
      checks.push([`p99 ${row.p99.toFixed(1)} ms < 150 ms`, row.p99 < 150]);
    }
    for (const [label, ok] of checks) {
      console.log(
        `  ${String(row.clients).padStart(5)} clients: ${label.padEnd(50)} ${ok ? 'meets target' : 'MISSED'}`,
      );
      if (!ok) failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.env.BENCH_CHAT_CLIENT) await clientProcess();
else await main();
