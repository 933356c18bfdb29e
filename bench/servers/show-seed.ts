// The show-start bench's data (decision 094), written once before its servers start: a show and its
// giveaway, both scheduled a day ahead (the bench moves them to known moments of its run), a
// spin table for that giveaway, BENCH_VIEWERS viewers with sessions who all RSVP'd, a staff member
// with a second factor, and slow mode in the show's room. Opens DATA_DIR's SQLite file or
// DATABASE_URL, prints one JSON line (ids, tokens' tag, the staff token) and exits.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/database';
import { chatRepository } from '../../src/server/modules/chat/chat.repository';
import { newEventRow } from '../../src/server/modules/events/event-row';
import { eventsRepository } from '../../src/server/modules/events/events.repository';
import { insertViewers } from '../../src/server/testing/bulk-viewers';

export type ShowSeed = {
  /** Viewer n's token is bulkToken(tag, n). */
  tag: string;
  showId: number;
  giveawayId: number;
  viewers: number;
  firstViewerId: number;
  staffToken: string;
  slowModeSeconds: number;
};

const viewerCount = Number(process.env.BENCH_VIEWERS ?? 5_000);
const slowModeSeconds = Number(process.env.BENCH_SLOW_MODE_S ?? 30);
const CHUNK = 500;
const TAG = 'show';

/**
 * Ids far above anything a fresh test database reaches (1,000,000,000 and up, under PostgreSQL's
 * int4): the chat's Redis channel is shared by every Gemcast on the machine, and its payloads name
 * rooms (`show:<id>`) and viewers by id, so other people's runs must not hear ours nor we theirs.
 */
async function startIdsHigh(db: Db, dialect: 'sqlite' | 'postgres', base: number) {
  for (const table of ['users', 'events']) {
    if (dialect === 'postgres') await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${base})`.execute(db);
    else {
      await sql`delete from sqlite_sequence where name = ${table}`.execute(db);
      await sql`insert into sqlite_sequence (name, seq) values (${table}, ${base})`.execute(db);
    }
  }
}

const config = loadConfig({
  DATA_DIR: process.env.DATA_DIR ?? '',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
});
const app = await buildApp(config);
const { db, dialect } = app.ctx;
await startIdsHigh(db, dialect, 1_000_000_000 + randomInt(0, 1_000) * 1_000_000);

const now = new Date();
const iso = now.toISOString();
const show = await eventsRepository.insert(
  db,
  newEventRow({
    title: 'Sapphire Spectacular',
    description: 'Show-start bench',
    cust_start: new Date(now.getTime() + 24 * 60 * 60_000).toISOString(),
    cust_end: new Date(now.getTime() + 27 * 60 * 60_000).toISOString(),
    created_at: iso,
  }),
);
const [staff] = await insertViewers(db, 1, 'showstaff', now);
if (!staff) throw new Error('no staff member');
await db.updateTable('users').set({ is_staff: 1 }).where('id', '=', staff.id).execute();
// A second factor just passed, so the staff calls below (and the bench's opening of the giveaway) are let in.
await db
  .updateTable('sessions')
  .set({ second_factor_at: iso, second_factor_method: 'totp' })
  .where('user_id', '=', staff.id)
  .execute();
const staffCall = async (url: string, payload: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url, headers: { token: staff.token }, payload });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: { id?: number }[] }>();
};
const created = await staffCall('/api/staff/giveaways', {
  title: 'Sapphire pendant giveaway',
  show_id: show.id,
  prize: 'A 1 ct sapphire pendant',
  cust_start: new Date(now.getTime() + 24 * 60 * 60_000).toISOString(),
  cust_end: new Date(now.getTime() + 25 * 60 * 60_000).toISOString(),
});
const giveawayId = created.data[0]?.id;
if (typeof giveawayId !== 'number') throw new Error('the giveaway has no id');
await staffCall(`/api/staff/giveaways/spin-prizes/${giveawayId}`, {
  prizes: [
    { label: '50 points', weight: 60, points: 50 },
    { label: '200 points', weight: 30, points: 200 },
    { label: 'Gemstone pouch', weight: 9, points: 0, stock: 500 },
    { label: 'Sapphire studs', weight: 1, points: 0, stock: 5 },
  ],
});

const viewers = await insertViewers(db, viewerCount, TAG, now);
for (let i = 0; i < viewers.length; i += CHUNK) {
  await db
    .insertInto('rsvps')
    .values(
      viewers.slice(i, i + CHUNK).map((v) => ({ user_id: v.id, event_id: show.id, rsvp_type: 'new', created_at: iso })),
    )
    .execute();
}
if (slowModeSeconds > 0)
  await chatRepository.saveRoomSettings(db, `show:${show.id}`, { slow_mode_seconds: slowModeSeconds }, iso);

await app.close();
const seed: ShowSeed = {
  tag: TAG,
  showId: show.id,
  giveawayId,
  viewers: viewers.length,
  firstViewerId: viewers[0]?.id ?? 0,
  staffToken: staff.token,
  slowModeSeconds,
};
process.stdout.write(`${JSON.stringify(seed)}\n`);
