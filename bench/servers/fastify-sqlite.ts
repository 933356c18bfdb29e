// A reference point: bare Fastify answering one primary-key read from the embedded SQLite, with no
// logging, headers, auth or contract. Shows what the framework and driver alone cost here.
// By default the read is from a WAL file opened as the server opens its own (decision 115), so the
// reference pays for the same storage as the calls compared with it; REFERENCE_STORAGE=memory reads
// an in-memory database instead, which takes no file locks (the reference before decision 115).
// REFERENCE_WRITES=per-turn gives it Gemcast's per-turn writes (decision 121), for a like-for-like figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { openServerSqlite } from '../../src/server/db/database';
import { openSqlite } from '../../src/server/db/sqlite-engine';
import { writeAnswersPerTurn } from '../../src/server/http/turn-writes';

const inMemory = process.env.REFERENCE_STORAGE === 'memory';
const dataDir = inMemory ? null : mkdtempSync(path.join(tmpdir(), 'gemcast-reference-'));
const db = dataDir ? openServerSqlite(path.join(dataDir, 'reference.db')) : openSqlite(':memory:');
db.exec(
  "create table users (id integer primary key, first_name text, email text); insert into users values (1, 'Ruby', 'ruby@example.com')",
);
const read = db.prepare('select * from users where id = ?');
const app = Fastify();
if (process.env.REFERENCE_WRITES === 'per-turn') writeAnswersPerTurn(app);
app.get('/', async () => ({ status: 1, statusCode: 200, message: 'OK', data: read.all([1]) }));
process.on('SIGTERM', () => {
  db.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object') process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
