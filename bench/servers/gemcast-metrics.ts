// Gemcast on a SQLite file with one registered viewer, metrics kept or not as METRICS_PORT says:
// what bench/metrics.bench.ts loads to price the metrics hook (decision 091).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { serveMetrics } from '../../src/server/platform/metrics';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-bench-metrics-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SEED_DEMO: 'false',
  METRICS_PORT: process.env.METRICS_PORT ?? '',
});
const app = await buildApp(config);
const registered = await app.inject({
  method: 'POST',
  url: '/api/registeruser_v1',
  payload: {
    first_name: 'Bench',
    last_name: 'Viewer',
    email: 'bench@example.com',
    phone: '+15550109999',
    password: 'bench-garnet-spinel-77',
  },
});
const token: unknown = registered.json().data?.[0]?.tokenvalue;
const metricsServer = app.metrics ? await serveMetrics(app.metrics, 0, '127.0.0.1') : null;
const stop = async () => {
  metricsServer?.close();
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: 0, host: '127.0.0.1' });
const portOf = (address: ReturnType<typeof app.server.address>) =>
  address && typeof address === 'object' ? address.port : null;
const info = { port: portOf(app.server.address()), metricsPort: portOf(metricsServer?.address() ?? null), token };
process.stdout.write(`${JSON.stringify(info)}\n`);
