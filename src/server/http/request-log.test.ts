import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { requestLineWriter } from './request-log';

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
// Each test builds the whole app, which took over the default 20 s on the shared machine.
const BUILDS_AN_APP = { timeout: 60_000 };
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-log-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: level, SEED_DEMO: 'false' });
  const app = await buildApp(config, {
    database: openDatabase({ kind: 'sqlite', file: ':memory:' }),
    logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  apps.push(app);
  return { app, lines };
}

it('writes one line per request at info, with method, url, status, time and request id', BUILDS_AN_APP, async () => {
  const { app, lines } = await appLoggingAt('info');
  const response = await app.inject({
    method: 'GET',
    url: '/api/profile_v1',
    headers: { token: 'gc_secret-token-value', cookie: 'session=secret', authorization: 'Bearer secret' },
  });
  expect(response.statusCode).toBe(401);
  const requestLines = lines.filter((line) => line.reqId === response.headers['x-request-id']);
  expect(requestLines).toEqual([
    expect.objectContaining({ level: 30, msg: 'request', method: 'GET', url: '/api/profile_v1', status: 401 }),
  ]);
  expect(typeof requestLines[0]?.ms).toBe('number');
  expect(JSON.stringify(lines)).not.toContain('secret');
  // The line is pino's own shape: the same leading fields as every other line of the log.
  app.log.info('probe');
  const probe = lines.find((line) => line.msg === 'probe');
  expect(Object.keys(requestLines[0]!)).toEqual([
    ...Object.keys(probe!).filter((key) => key !== 'msg'),
    'reqId',
    'method',
    'url',
    'status',
    'ms',
    'msg',
  ]);
  expect(requestLines[0]).toMatchObject({ pid: probe!.pid, hostname: probe!.hostname });
});

it('writes a request line that stays one JSON line whatever the address holds', () => {
  const written: string[] = [];
  const write = requestLineWriter({ write: (line: string) => void written.push(line) });
  const url = '/api/liveevent_v1?note="quoted"\\back\tslash\u00e9\u2028\n{"level":60}';
  write({ reqId: 'id-"1"', method: 'GET', url, status: 200, ms: 1.5 });
  expect(written).toHaveLength(1);
  expect(written[0]!.endsWith('}\n')).toBe(true);
  expect(written[0]!.slice(0, -1)).not.toContain('\n');
  expect(JSON.parse(written[0]!)).toMatchObject({ level: 30, reqId: 'id-"1"', url, status: 200, ms: 1.5 });
});

it('writes no request lines above info', BUILDS_AN_APP, async () => {
  const { app, lines } = await appLoggingAt('warn');
  await app.inject({ method: 'GET', url: '/api/liveevent_v1?type=show' });
  expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
});

it('leaves the health probes out of the request log: their routes log at warn', BUILDS_AN_APP, async () => {
  const { app, lines } = await appLoggingAt('info');
  let probeLevel = '';
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.url === '/healthz') probeLevel = request.log.level;
    done();
  });
  await app.inject({ method: 'GET', url: '/healthz' });
  const answered = await app.inject({ method: 'GET', url: '/api/liveevent_v1?type=show' });
  expect(probeLevel).toBe('warn');
  expect(lines.filter((line) => line.msg === 'request').map((line) => line.url)).toEqual([
    '/api/liveevent_v1?type=show',
  ]);
  expect(lines.find((line) => line.msg === 'request')?.reqId).toBe(answered.headers['x-request-id']);
});

it('keeps the secret headers out of anything that logs the request', BUILDS_AN_APP, async () => {
  const { app, lines } = await appLoggingAt('info');
  app.log.info({ req: { headers: { token: 'gc_abc', cookie: 'a=b', authorization: 'Basic x' } } }, 'probe');
  expect(lines.find((line) => line.msg === 'probe')).toBeDefined();
  expect(JSON.stringify(lines)).not.toMatch(/gc_abc|a=b|Basic x/);
});
