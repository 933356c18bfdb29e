// `npm run backup [-- FILE]`: copies the embedded database while the server runs (SQLite's online
// backup API), checks the copy, and prints where it is. On PostgreSQL it prints the pg_dump recipe.
import path from 'node:path';
import { backupFileName, backupSqlite } from '../src/server/db/backup';

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  // pg_dump must be at least the server's version and may need credentials of its own: the
  // operator runs it (decision 091). The README's Backups section has the same commands.
  const file = backupFileName(new Date()).replace(/\.db$/, '.dump');
  console.log('DATABASE_URL is set: back PostgreSQL up with its own tools, for example');
  console.log(`  pg_dump -Fc --no-owner -d "$DATABASE_URL" -f ${file}`);
  console.log('and restore into an empty database with');
  console.log(`  pg_restore --no-owner --exit-on-error -d "$DATABASE_URL" ${file}`);
  process.exit(0);
}

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const source = path.join(dataDir, 'gemcast.db');
const target = path.resolve(process.argv[2] ?? path.join(dataDir, 'backups', backupFileName(new Date())));
try {
  const started = performance.now();
  const result = await backupSqlite(source, target);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`Backed up ${source}`);
  console.log(`  to ${result.file} (${(result.bytes / 1024).toFixed(0)} KB in ${seconds} s)`);
  console.log(`  integrity_check: ${result.integrity}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
