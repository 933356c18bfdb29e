// `npm run cluster`: Gemcast as several processes behind nginx (decision 093). Builds what is stale,
// starts CLUSTER_PROCESSES servers on PostgreSQL and Redis with one secret and one push key pair,
// writes an nginx configuration into DATA_DIR/nginx and runs nginx in the foreground on PORT.
// A backend that dies is started again. SIGHUP (or `npm run cluster -- --rolling-restart`) restarts
// the backends one by one, each ready before the next; SIGINT/SIGTERM stops everything.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { startBackend, stopBackend, waitReady, type Backend } from '../src/server/cluster/backend';
import { nginxConfig } from '../src/server/cluster/nginx-config';

const MAX_PROCESSES = 32;
/** How long a backend may take to answer READY_PATH (migrations and the demo seed run first). */
const READY_TIMEOUT_MS = 300_000;

type Slot = {
  index: number;
  port: number;
  backend: Backend | null;
  stopping: boolean;
  startedAt: number;
  failures: number;
};

const log = (line: string) => console.log(`[cluster] ${line}`);

function fail(line: string): never {
  console.error(`Gemcast cluster cannot start: ${line}`);
  process.exit(1);
}

function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    fail(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** `--rolling-restart`: tells the cluster running on this DATA_DIR to restart its backends. */
function requestRollingRestart(dataDir: string): never {
  const pidFile = path.join(dataDir, 'cluster.pid');
  if (!existsSync(pidFile)) fail(`no cluster is running on ${dataDir} (no cluster.pid)`);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 'SIGHUP');
  } catch {
    fail(`the cluster in ${pidFile} (pid ${pid}) is not running`);
  }
  console.log(`Rolling restart requested from the cluster (pid ${pid}); it logs each backend as it comes back.`);
  process.exit(0);
}

/** nginx from Debian: installed with apt-get when missing (root only). */
function nginxBinary(): string {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  if (found) return found;
  log('nginx is missing: apt-get install -y nginx');
  const result = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
  if (result.status !== 0) fail('nginx is not installed and `apt-get install -y nginx` failed (run it as root)');
  return '/usr/sbin/nginx';
}

function loadClusterConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  if (process.argv.includes('--rolling-restart')) requestRollingRestart(dataDir);

  // Several processes share one database and one pub/sub: SQLite files and in-process pub/sub cannot be.
  if (!process.env.DATABASE_URL)
    fail('DATABASE_URL is required (postgres://…): the processes share one PostgreSQL database');
  if (!process.env.REDIS_URL)
    fail('REDIS_URL is required (redis://…): the processes share chat, rate limits and sign-outs');
  // Reads and checks every variable the servers will read, and makes DATA_DIR's secret.key and
  // vapid.json once, here, so every backend gets the same ones.
  const config = loadClusterConfig();
  const count = whole('CLUSTER_PROCESSES', 3, 1, MAX_PROCESSES);
  const basePort = whole('CLUSTER_BASE_PORT', config.port + 1, 1, 65535 - count);
  const nginx = nginxBinary();

  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);

  const backendEnv: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET: config.appSecret,
    // The visitor's address is the one nginx saw; X-Forwarded-For from anywhere else is not believed.
    TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1',
    PUBLIC_URL: config.publicUrl,
    // A closing backend serves on for two seconds, each answer closing its connection, while nginx
    // closes the ones it leaves idle for a second: none is left to cut under a request being written
    // (nginx does not resend a POST it has sent).
    SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS || '2000',
  };
  const command = [process.execPath, '--enable-source-maps', 'dist/server/main.js'];
  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({
    index,
    port: basePort + index,
    backend: null,
    stopping: false,
    startedAt: 0,
    failures: 0,
  }));
  let shuttingDown = false;

  const prefix = path.join(dataDir, 'nginx');
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const confFile = path.join(prefix, 'nginx.conf');
  const writeNginxConfig = () =>
    writeFileSync(
      confFile,
      nginxConfig({
        listen: { host: config.host, port: config.port },
        backends: slots.map((slot) => slot.port),
        prefix,
      }),
    );

  function launch(slot: Slot): Backend {
    const backend = startBackend({ command, port: slot.port, env: backendEnv });
    slot.backend = backend;
    slot.startedAt = Date.now();
    void backend.exited.then((code) => {
      if (slot.backend !== backend || slot.stopping || shuttingDown) return;
      // Died on its own: started again, waiting longer each time it dies young (a crash loop).
      slot.backend = null;
      slot.failures = Date.now() - slot.startedAt < 10_000 ? slot.failures + 1 : 0;
      const delay = Math.min(30_000, 1_000 * 2 ** slot.failures);
      log(`backend ${slot.index + 1} (port ${slot.port}) exited (${code}); starting it again in ${delay / 1000} s`);
      setTimeout(() => {
        if (!shuttingDown && !slot.backend) launch(slot);
      }, delay);
    });
    return backend;
  }

  let proxy: ChildProcess | null = null;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${signal}: stopping nginx and ${count} backends`);
    // nginx first (QUIT: it finishes the requests it has), then each server's own graceful close.
    const nginxExited =
      proxy && proxy.exitCode === null ? new Promise((resolve) => proxy?.once('exit', resolve)) : null;
    proxy?.kill('SIGQUIT');
    await Promise.all(slots.map((slot) => (slot.backend ? stopBackend(slot.backend) : undefined)));
    await nginxExited;
    rmSync(path.join(dataDir, 'cluster.pid'), { force: true });
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // One first, alone: on an empty database it migrates and seeds the demo once; the others find both done.
  const [first, ...rest] = slots;
  if (!first) fail('CLUSTER_PROCESSES must be at least 1');
  try {
    await waitReady(launch(first), READY_TIMEOUT_MS);
    await Promise.all(rest.map((slot) => waitReady(launch(slot), READY_TIMEOUT_MS)));
  } catch (error) {
    console.error(`Gemcast cluster cannot start: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown('start-up failed', 1);
  }

  writeNginxConfig();
  const nginxArgs = ['-c', confFile, '-p', prefix, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'];
  const test = spawnSync(nginx, ['-t', '-q', ...nginxArgs], { stdio: 'inherit' });
  if (test.status !== 0) fail(`nginx refused the configuration in ${confFile}`);
  const startProxy = () => {
    const child = spawn(nginx, nginxArgs, { stdio: 'inherit' });
    proxy = child;
    child.once('exit', (code, signal) => {
      if (shuttingDown) return;
      log(`nginx exited (${code ?? signal}); starting it again`);
      setTimeout(startProxy, 1_000);
    });
  };
  startProxy();

  writeFileSync(path.join(dataDir, 'cluster.pid'), String(process.pid));
  console.log(
    `Gemcast cluster is ready on ${config.publicUrl}: nginx on port ${config.port}, ` +
      `${count} processes on ports ${basePort}–${basePort + count - 1}`,
  );

  let rolling: Promise<void> | null = null;
  let rollAgain = false;
  async function rollingRestart() {
    const started = Date.now();
    log(`rolling restart of ${count} backends`);
    for (const slot of slots) {
      if (shuttingDown) return;
      const at = Date.now();
      log(`backend ${slot.index + 1}/${count} (port ${slot.port}): stopping`);
      // The server's graceful close: it stops listening (nginx retries the refused connection on
      // another backend), finishes what it has, and answers 503 to a request on a kept-alive
      // connection meanwhile (nginx retries that too, unless it is a POST).
      slot.stopping = true;
      if (slot.backend) await stopBackend(slot.backend);
      slot.stopping = false;
      if (shuttingDown) return;
      await waitReady(launch(slot), READY_TIMEOUT_MS);
      log(
        `backend ${slot.index + 1}/${count} (port ${slot.port}) restarted in ${((Date.now() - at) / 1000).toFixed(1)} s`,
      );
    }
    console.log(`Rolling restart done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  process.on('SIGHUP', () => {
    if (rolling) {
      rollAgain = true;
      return;
    }
    const run = async () => {
      do {
        rollAgain = false;
        await rollingRestart().catch((error: unknown) => log(`rolling restart failed: ${String(error)}`));
      } while (rollAgain && !shuttingDown);
      rolling = null;
    };
    rolling = run();
  });
}

main().catch((error: unknown) => {
  console.error(`Gemcast cluster failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
