// A reference point: bare Fastify answering one primary-key read from the embedded SQLite, with no
// logging, headers, auth or contract. Shows what the framework and driver alone cost here.
import Fastify from 'fastify';
import { openSqlite } from '../../src/server/db/sqlite-engine';

const db = openSqlite(':memory:');
db.exec(
  "create table users (id integer primary key, first_name text, email text); insert into users values (1, 'Ruby', 'ruby@example.com')",
);
const read = db.prepare('select * from users where id = ?');
const app = Fastify();
app.get('/', async () => ({ status: 1, statusCode: 200, message: 'OK', data: read.all([1]) }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object') process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
