// One server process of a cluster (decision 093): how it is started, how we know it is ready, and
// how it is stopped. Used by `npm run cluster`, its rolling-restart check and the two-process suite.
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

/** The readiness call (decision 091): 200 once the backend's database and Redis answer. */
export const READY_PATH = '/readyz';

export type Backend = {
  readonly port: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  readonly exited: Promise<number | string>;
};

export type StartOptions = {
  /** The command and its arguments: `node dist/server/main.js`, or tsx on the sources in tests. */
  command: readonly string[];
  port: number;
  env: Record<string, string>;
  /** Where the process's stdout and stderr go: inherited, or ignored. */
  output?: 'inherit' | 'ignore';
};

export function startBackend({ command, port, env, output = 'inherit' }: StartOptions): Backend {
  const [file = process.execPath, ...args] = command;
  const child = spawn(file, args, {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', output, output],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { port, child, exited };
}

/** Polls READY_PATH until it answers 200; rejects when the process exits or the time runs out. */
export async function waitReady(backend: Backend, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | string | null = null;
  void backend.exited.then((code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the server on port ${backend.port} exited (${exited}) before it was ready`);
    try {
      const res = await fetch(`http://127.0.0.1:${backend.port}${READY_PATH}`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(100);
  }
  throw new Error(`the server on port ${backend.port} was not ready within ${timeoutMs} ms`);
}

/** SIGTERM (the server's graceful close), then SIGKILL if it has not exited after `graceMs`. */
export async function stopBackend(backend: Backend, graceMs = 15_000): Promise<number | string> {
  if (backend.child.exitCode === null && backend.child.signalCode === null) {
    backend.child.kill('SIGTERM');
    const timer = setTimeout(() => backend.child.kill('SIGKILL'), graceMs);
    const code = await backend.exited;
    clearTimeout(timer);
    return code;
  }
  return backend.exited;
}
