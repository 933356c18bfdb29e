// Online backups of the embedded database (decision 091): SQLite's backup API copies a consistent
// snapshot while the server keeps writing, and the copy is checked before it is called a backup.
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { openSqlite } from './sqlite-engine';

export type BackupResult = { file: string; bytes: number; integrity: string };

/** `gemcast-2026-11-26T14-05-09Z.db`: UTC, sortable, no characters a file system refuses. */
export function backupFileName(at: Date): string {
  return `gemcast-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.db`;
}

/**
 * Makes the copy one self-contained file (the copied header says WAL, which would leave -wal and
 * -shm files beside it; the server sets WAL again when it opens it), then runs SQLite's own check
 * of every page and index: 'ok', or what is wrong.
 */
function settleAndCheck(file: string): string {
  const copy = openSqlite(file);
  try {
    copy.exec('pragma journal_mode = delete');
    const rows = copy.prepare('pragma integrity_check').all([]);
    return rows
      .map((row) => (typeof row === 'object' && row !== null ? Object.values(row).join(' ') : String(row)))
      .join('; ');
  } finally {
    copy.close();
  }
}

/**
 * Copies the database at `source` to `target` and checks the copy. It is written beside the target
 * under a temporary name and renamed once checked, so a file with the backup's name is always whole.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} already exists`);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const database = openSqlite(source);
  try {
    // The server may hold a write lock for a moment: wait for it as the server's own connections do.
    database.exec('pragma busy_timeout = 5000');
    await database.backup(partial);
  } finally {
    database.close();
  }
  const integrity = settleAndCheck(partial);
  if (integrity !== 'ok') {
    rmSync(partial, { force: true });
    throw new Error(`the copy failed its integrity check: ${integrity}`);
  }
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, integrity };
}
