// SHUTDOWN_DRAIN_MS (decision 093): a closing server stops listening at once but serves on over the
// connections it has, each answer closing its connection, before it cuts what is left. Behind nginx
// a kept-alive connection is then never cut while nginx may be writing a request to it.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';

const DRAIN_MS = 600;

/** A GET on `agent`'s kept-alive connection: the status, the Connection header and the socket used. */
function get(port: number, agent: http.Agent, url: string) {
  return new Promise<{ status: number; connection: string | undefined; socket: unknown }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, socket: request.socket }),
      );
    });
    request.on('error', reject);
  });
}

it('stops listening at once and serves the kept-alive connections while draining, closing each after its answer', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-drain-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });
  const app = await buildApp(config, { database: openDatabase({ kind: 'sqlite', file: ':memory:' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const before = await get(port, agent, '/api/liveevent_v1?type=show');
  expect(before).toMatchObject({ status: 200, connection: 'keep-alive' });

  const closeStarted = performance.now();
  const closed = app.close();
  // Mid-drain, the same idle connection still answers, and asks to be closed.
  const during = await get(port, agent, '/api/liveevent_v1?type=show');
  expect(during).toMatchObject({ status: 200, connection: 'close' });
  expect(during.socket).toBe(before.socket);
  // A new connection is refused at once: a proxy sends its request elsewhere, never having sent it here.
  await expect(get(port, new http.Agent(), '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

  await closed;
  expect(performance.now() - closeStarted).toBeGreaterThanOrEqual(DRAIN_MS - 20);
  agent.destroy();
});

it('refuses a drain that is not a whole number of milliseconds up to 30 s', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-drain-'));
  for (const bad of ['-1', 'soon', '30001'])
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: bad }), bad).toThrow(/SHUTDOWN_DRAIN_MS/);
});
