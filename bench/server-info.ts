// The line a bench server prints once it listens: `{"port": …}` and what else the bench needs of it
// (a token, the ids it seeded). Its other stdout lines are its log.
import type { ChildProcess } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';

/**
 * Resolves with the server's own line, parsed, once `child` prints it; rejects if it exits first.
 * The rest of its stdout, the request log, is read and dropped, as a log collector's pipe would.
 */
export function serverInfo<Info extends { port: number }>(child: ChildProcess, script: string): Promise<Info> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{"port"')) return;
      lines.close();
      child.stdout!.resume();
      resolve(JSON.parse(line) as Info);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** The next line a bench server writes on `lines` (its stdout, or a sink's), parsed as JSON. */
export function nextLine<T>(lines: Interface): Promise<T> {
  return new Promise((resolve) => lines.once('line', (line) => resolve(JSON.parse(line) as T)));
}
