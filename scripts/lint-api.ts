// `npm run lint:api`: builds the app in-process (a throwaway SQLite database, no network), writes the
// OpenAPI document it serves to reports/openapi.json and lints it with Redocly (redocly.yaml).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const root = path.resolve(import.meta.dirname, '..');
const documentFile = path.join(root, 'reports', 'openapi.json');

const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-openapi-'));
try {
  // A fixed environment rather than the caller's: the document describes the code, not a deployment.
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const app = await buildApp(config);
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  await app.close();
  if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
  mkdirSync(path.dirname(documentFile), { recursive: true });
  writeFileSync(documentFile, `${JSON.stringify(answer.json(), null, 2)}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const lint = spawnSync(process.execPath, [redocly, 'lint', documentFile, '--config', 'redocly.yaml'], {
  cwd: root,
  stdio: 'inherit',
  // Nothing is fetched or sent: no usage report, no look-up of a newer version.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(lint.status ?? 1);
