// A throwaway PostgreSQL cluster of a fault test's own, on its own port, which the test may stop
// and start at will: the shared server on 5432 is never touched (decision 092).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

/** The folder holding initdb and pg_ctl, or null when this machine has none (the test then skips). */
export function postgresBinaries(): string | null {
  return BIN_DIRS.find((dir) => existsSync(path.join(dir, 'initdb'))) ?? null;
}

export type PrivatePostgres = {
  url: string;
  /** `pg_ctl stop -m immediate`: every backend is killed at once, as in a crash. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the cluster if it runs and deletes its files. */
  destroy: () => Promise<void>;
};

/** initdb and start a cluster as the postgres user (PostgreSQL refuses to run as root). */
export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb) are not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-pg-fault-'));
  const data = path.join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) chownSync(dir, idOf('-u'), idOf('-g'));
  // Asynchronous, so the app under test keeps serving while the cluster stops and starts.
  const asPostgres = async (tool: string, args: string[]) => {
    const program = path.join(bin, tool);
    if (isRoot) await run('runuser', ['-u', 'postgres', '--', program, ...args]);
    else await run(program, args);
  };
  let isRunning = false;
  const start = async () => {
    // fsync off: the test kills the cluster, not the machine; it only needs to be quick.
    const options = `-p ${port} -k ${dir} -c fsync=off`;
    await asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    isRunning = true;
  };
  const stop = async () => {
    await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    isRunning = false;
  };
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      try {
        if (isRunning) await stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const run = promisify(execFile);

/** The postgres user's uid (`-u`) or gid (`-g`). */
function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres']).toString().trim());
}
