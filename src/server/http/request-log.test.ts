import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';

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
});

it('writes no request lines above info', BUILDS_AN_APP, async () => {
  const { app, lines } = await appLoggingAt('warn');
  await app.inject({ method: 'GET', url: '/api/liveevent_v1?type=show' });
  expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
});

it('keeps the secret headers out of anything that logs the request', BUILDS_AN_APP, async () => {
  const { app, lines } = await appLoggingAt('info');
  app.log.info({ req: { headers: { token: 'gc_abc', cookie: 'a=b', authorization: 'Basic x' } } }, 'probe');
  expect(lines.find((line) => line.msg === 'probe')).toBeDefined();
  expect(JSON.stringify(lines)).not.toMatch(/gc_abc|a=b|Basic x/);
});
