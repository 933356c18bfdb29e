// The server `npm run chaos` kills, started ahead of need: bundled with its dependencies' imports at
// the top, it loads and compiles everything, says "warm", and waits. On SIGUSR2 it runs Gemcast's
// own start (src/server/main.ts: open the database the killed process left, migrate, start the
// background jobs, listen). The restart after a kill then costs what recovery costs, not the module
// loading that a machine shared by many takes tens of seconds for.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

/**
 * Warming up is a rehearsal: the app built once on a throwaway SQLite database, booted and closed.
 * Importing alone left a restart to evaluate our own modules (esbuild initialises a dynamically
 * imported module on its import), to load the packages plugins require only when registered
 * (@fastify/static under the Swagger UI, yaml, ajv's JTD) and to register every route cold: 1.5 s
 * of the 2.4 s a restart took on a loaded machine, none of it recovery.
 */
async function rehearse() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-chaos-warm-'));
  try {
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      METRICS_PORT: '',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp(config);
    await app.ready();
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.once('SIGUSR2', () => {
  clearInterval(idle);
  void import('../../src/server/main');
});
const idle = setInterval(() => undefined, 60_000);
await rehearse();
process.stdout.write('warm\n');
