// `npx tsx bench/metrics.bench.ts`: what the metrics hook costs on GET /api/profile_v1 (decision 091).
// The profile bench's server (bench/servers/gemcast.ts, on SQLite) with METRICS_PORT unset (no hook)
// and set, loaded in turns (off, on, off, on) so other work on the machine falls on both alike;
// prints req/s and the server's CPU time per request from /proc, and the ratios of "on" to "off"
// measured in this run. Asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createMetrics } from '../src/server/platform/metrics';
import { processCpuUs } from './machine-cpu';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 50;

type Started = { child: ChildProcess; port: number; metricsPort: number | null; token: string };

function start(isMetricsOn: boolean): Promise<Started> {
  // On SQLite, logging warnings only: what the two runs differ in is the hook alone.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/gemcast.ts'], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      METRICS_PORT: isMetricsOn ? '0' : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function measure(server: Started) {
  const options = {
    url: `http://127.0.0.1:${server.port}/api/profile_v1`,
    connections: CONNECTIONS,
    headers: { token: server.token },
  };
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = processCpuUs(server.child.pid!);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpu = processCpuUs(server.child.pid!) - cpuBefore;
  return { rps: result.requests.average, cpuPerRequest: cpu / result.requests.total, p99: result.latency.p99 };
}

async function stop(server: Started) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

/**
 * The hook alone: a real request and reply of a Fastify route (kept from its own onResponse), handed
 * to the metrics hook a million times; CPU time per call from process.cpuUsage.
 */
async function hookCostNs(): Promise<number> {
  const app = Fastify();
  const kept: { request?: FastifyRequest; reply?: FastifyReply } = {};
  app.addHook('onResponse', (request, reply, done) => {
    Object.assign(kept, { request, reply });
    done();
  });
  app.get('/api/profile_v1', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/api/profile_v1' });
  const metrics = createMetrics({ mailPending: () => 0, notificationBacklog: async () => [] });
  const { request, reply } = kept;
  if (!request || !reply) throw new Error('no request kept');
  const calls = 1_000_000;
  const done = () => undefined;
  for (let i = 0; i < 10_000; i += 1) metrics.onResponse(request, reply, done);
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) metrics.onResponse(request, reply, done);
  const used = process.cpuUsage(before);
  await app.close();
  return ((used.user + used.system) * 1000) / calls;
}

const hookNs = await hookCostNs();
console.log(`the metrics hook alone: ${hookNs.toFixed(0)} ns CPU per request (1,000,000 calls)\n`);

console.log(
  `metrics hook cost: GET /api/profile_v1, ${CONNECTIONS} connections, ${DURATION_S} s x ${ROUNDS} rounds each\n`,
);
const totals = { off: { rps: 0, cpu: 0 }, on: { rps: 0, cpu: 0 } };
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const mode of ['off', 'on'] as const) {
    const server = await start(mode === 'on');
    const row = await measure(server);
    if (mode === 'on' && server.metricsPort) {
      const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
      const count =
        /gemcast_http_request_duration_seconds_count\{method="GET",route="\/api\/profile_v1",status="2xx"\} (\d+)/.exec(
          text,
        );
      console.log(`    (scraped: ${count?.[1] ?? '?'} profile_v1 answers counted)`);
    }
    await stop(server);
    totals[mode].rps += row.rps;
    totals[mode].cpu += row.cpuPerRequest;
    console.log(
      `round ${round} metrics ${mode.padEnd(3)} ${row.rps.toFixed(0).padStart(7)} req/s  ${row.cpuPerRequest.toFixed(1).padStart(6)} µs CPU/request  p99 ${row.p99} ms`,
    );
  }
}
const mean = (mode: 'off' | 'on') => ({ rps: totals[mode].rps / ROUNDS, cpu: totals[mode].cpu / ROUNDS });
const off = mean('off');
const on = mean('on');
console.log(`\nmean off: ${off.rps.toFixed(0)} req/s, ${off.cpu.toFixed(1)} µs CPU/request`);
console.log(`mean on:  ${on.rps.toFixed(0)} req/s, ${on.cpu.toFixed(1)} µs CPU/request`);
console.log(
  `the hook alone is ${((hookNs / 1000 / off.cpu) * 100).toFixed(2)}% of the CPU of one profile_v1 request with metrics off`,
);
console.log(
  `ratio on/off: throughput ${(on.rps / off.rps).toFixed(3)}, CPU per request ${(on.cpu / off.cpu).toFixed(3)} (${(on.cpu - off.cpu).toFixed(1)} µs added)`,
);
