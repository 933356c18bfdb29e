// The producer console bench target (decision 080): Gemcast in one process on a SQLite file or on
// PostgreSQL (BENCH_DATABASE_URL), with a show on air watched by BENCH_VIEWERS viewers (default
// 5,000): each has a watch log that counts as watching, a check-in and an RSVP, an entry in the
// show's giveaway, and the room has a minute of chat. Prints one JSON line (port, show id, a staff
// token); then answers each "cpu" line on stdin with this process's CPU time so far (microseconds).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { newEventRow } from '../../src/server/modules/events/event-row';
import { eventsRepository } from '../../src/server/modules/events/events.repository';
import { insertViewers } from '../../src/server/testing/bulk-viewers';
import { openBenchDatabase } from './bench-database';

const viewerCount = Number(process.env.BENCH_VIEWERS ?? 5_000);
const CHUNK = 500;

const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-bench-console-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_DEMO: 'false' });
const { database, drop } = await openBenchDatabase(dataDir, process.env.BENCH_DATABASE_URL);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  await drop();
  process.exit(0);
});
const app = await buildApp(config, { database });
const db = app.ctx.db;
const now = new Date();
const iso = now.toISOString();
const event = (fields: Partial<Parameters<typeof newEventRow>[0]>) =>
  eventsRepository.insert(
    db,
    newEventRow({
      title: 'Emerald Evening',
      description: 'Bench show',
      cust_start: new Date(now.getTime() - 10 * 60_000).toISOString(),
      cust_end: new Date(now.getTime() + 2 * 60 * 60_000).toISOString(),
      created_at: iso,
      ...fields,
    }),
  );
const show = await event({ type: 'show' });
const giveaway = await event({ type: 'giveaway', title: 'Emerald ring giveaway' });
await db
  .insertInto('giveaways')
  .values({
    event_id: giveaway.id,
    show_id: show.id,
    prize: 'Emerald ring',
    prize_image: null,
    tnc: '',
    tnc_prices: '',
    winner_count: 1,
    access_code: null,
    seed: '00'.repeat(32),
    seed_hash: 'bench',
    seed_revealed_at: null,
    announced_at: null,
    created_at: iso,
    updated_at: iso,
  })
  .execute();
const viewers = await insertViewers(db, viewerCount, 'console', now);
const [staff] = await insertViewers(db, 1, 'staff', now);
await db.updateTable('users').set({ is_staff: 1 }).where('id', '=', staff!.id).execute();
// A staff session is staff only after a second factor (decision 085): as if it had just passed one.
await db
  .updateTable('sessions')
  .set({ second_factor_at: iso, second_factor_method: 'totp' })
  .where('user_id', '=', staff!.id)
  .execute();
// Watching throughout the bench: the last sign of life is set ahead, inside the presence window.
const seenAt = new Date(now.getTime() + 10 * 60_000).toISOString();
for (let i = 0; i < viewers.length; i += CHUNK) {
  const slice = viewers.slice(i, i + CHUNK);
  await db
    .insertInto('watch_logs')
    .values(
      slice.map((v) => ({
        event_id: show.id,
        user_id: v.id,
        reachby: 'web',
        seconds: 600,
        watching: 1,
        started_at: iso,
        last_seen_at: seenAt,
      })),
    )
    .execute();
  await db
    .insertInto('live_checkins')
    .values(slice.map((v) => ({ event_id: show.id, user_id: v.id, reachby: 'web', created_at: iso })))
    .execute();
  await db
    .insertInto('rsvps')
    .values(slice.map((v) => ({ event_id: show.id, user_id: v.id, rsvp_type: 'new', created_at: iso })))
    .execute();
  await db
    .insertInto('giveaway_entries')
    .values(
      slice.map((v) => ({
        giveaway_id: giveaway.id,
        user_id: v.id,
        entry_from: 'live' as const,
        whatnot_username: null,
        created_at: iso,
      })),
    )
    .execute();
}
// A busy room: 100 messages a minute, the last minute's still counted during the bench.
await db
  .insertInto('chat_messages')
  .values(
    viewers.slice(0, 100).map((v, n) => ({
      room: `show:${show.id}`,
      event_id: show.id,
      user_id: v.id,
      text: `Message ${n}`,
      created_at: new Date(now.getTime() + 60_000).toISOString(),
    })),
  )
  .execute();

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object')
  process.stdout.write(`${JSON.stringify({ port: address.port, eventId: show.id, token: staff!.token })}\n`);

const input = createInterface({ input: process.stdin });
input.on('line', () => {
  const usage = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ cpuMicros: usage.user + usage.system })}\n`);
});
