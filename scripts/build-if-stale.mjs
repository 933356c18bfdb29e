// Builds the web app and the server when their output is missing or older than their sources
// (`npm start` and `npm run cluster` call it). Run alone: `node scripts/build-if-stale.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > built);
}

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildIfStale() {
  if (stale('dist/web/index.html', ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'public']))
    run('build:web');
  if (stale('dist/server/main.js', ['src/server', 'src/shared', 'src/web'])) run('build:server');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
