// Direct access to the e2e server's SQLite file for what the API cannot do yet: scheduling shows
// and giveaways (staff writes arrive with the shows feature), granting staff rights (a CLI
// command), and reading back the analytics rows the browser sent.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from './env';
import type { Selectable } from 'kysely';
import type { VisitsTable } from '../../../src/server/db/schema';

const DB_FILE = path.join(E2E_DATA_DIR, 'gemcast.db');

/** Opens the e2e server's database for one action; it waits out the server's own writes. */
export function withDatabase<T>(readonly: boolean, action: (db: Database.Database) => T): T {
  const db = new Database(DB_FILE, { readonly, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return action(db);
  } finally {
    db.close();
  }
}

const MINUTE = 60_000;

export type ScheduledEvent = { id: number; title: string };

/** A public show or giveaway running from `startsInMinutes` (negative: already started) for `minutes`. */
export function scheduleEvent(options: {
  type: 'show' | 'giveaway' | 'specialshow';
  title: string;
  startsInMinutes: number;
  minutes: number;
  description?: string;
  platform?: string;
  image?: string;
}): ScheduledEvent {
  const start = new Date(Date.now() + options.startsInMinutes * MINUTE);
  const end = new Date(start.getTime() + options.minutes * MINUTE);
  const now = new Date().toISOString();
  const id = withDatabase(false, (db) =>
    db.transaction(() => {
      const eventId = Number(
        db
          .prepare(
            'insert into events (type, title, description, image, cust_start, cust_end, is_public, platform, created_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?)',
          )
          .run(
            options.type,
            options.title,
            options.description ?? '',
            options.image ?? null,
            start.toISOString(),
            end.toISOString(),
            options.platform ?? 'hls',
            now,
          ).lastInsertRowid,
      );
      // A giveaway has its details (the seed commitment) from the start, as the staff calls make it.
      if (options.type === 'giveaway') {
        const seed = randomBytes(32);
        db.prepare(
          "insert into giveaways (event_id, prize, tnc, tnc_prices, winner_count, seed, seed_hash, created_at, updated_at) values (?, '', '', '', 1, ?, ?, ?, ?)",
        ).run(eventId, seed.toString('hex'), createHash('sha256').update(seed).digest('hex'), now, now);
      }
      return eventId;
    })(),
  );
  return { id, title: options.title };
}

/** What `npm run staff -- add EMAIL` does (or, with `isStaff` false, takes back). */
export function grantStaff(email: string, isStaff = true): void {
  const changed = withDatabase(
    false,
    (db) =>
      db.prepare('update users set is_staff = ? where email = ?').run(isStaff ? 1 : 0, email.toLowerCase()).changes,
  );
  if (changed !== 1) throw new Error(`no user ${email} in the e2e database`);
}

/**
 * Marks the account's sessions as having passed the second factor now, for journeys about other
 * things than signing in (the second-factor journeys enrol and verify through the pages).
 */
export function passSecondFactor(email: string): void {
  withDatabase(false, (db) =>
    db
      .prepare(
        `update sessions set second_factor_at = ?, second_factor_method = 'totp'
         where user_id = (select id from users where email = ?)`,
      )
      .run(new Date().toISOString(), email.toLowerCase()),
  );
}

/** A stored visit, as the server's schema describes it. */
export type VisitRow = Omit<Selectable<VisitsTable>, 'id' | 'user_id' | 'day' | 'created_at'>;

export function visitsWithRefId(refId: string): VisitRow[] {
  return withDatabase(true, (db) =>
    db.prepare<[string], VisitRow>('select * from visits where ref_id = ? order by id').all(refId),
  );
}

export function pageViewsOf(sessionId: string): { path: string; title: string }[] {
  return withDatabase(true, (db) =>
    db
      .prepare<[string], { path: string; title: string }>(
        'select path, title from page_views where session_id = ? order by id',
      )
      .all(sessionId),
  );
}

export function pageTimesOf(sessionId: string): { route: string; seconds: number }[] {
  return withDatabase(true, (db) =>
    db
      .prepare<[string], { route: string; seconds: number }>(
        'select route, seconds from page_times where session_id = ? order by id',
      )
      .all(sessionId),
  );
}

export function trackedEventsOf(sessionId: string): { category: string; action: string; label: string }[] {
  return withDatabase(true, (db) =>
    db
      .prepare<[string], { category: string; action: string; label: string }>(
        'select category, action, label from analytics_events where session_id = ? order by id',
      )
      .all(sessionId),
  );
}

/** Sets a show's platform, live stream and replay, as staff do on the shows page. */
export function setStream(
  id: number,
  stream: { platform?: string; stream_url?: string | null; replay_url?: string | null },
): void {
  withDatabase(false, (db) => {
    if (stream.platform !== undefined)
      db.prepare('update events set platform = ? where id = ?').run(stream.platform, id);
    if (stream.stream_url !== undefined)
      db.prepare('update events set stream_url = ? where id = ?').run(stream.stream_url, id);
    if (stream.replay_url !== undefined)
      db.prepare('update events set replay_url = ? where id = ?').run(stream.replay_url, id);
  });
}

/** Ends an event now (what staff's End button does); ends every public show on air when no id is given. */
export function endEvent(id?: number): void {
  const now = new Date().toISOString();
  withDatabase(false, (db) => {
    if (id === undefined)
      db.prepare(
        "update events set cust_end = ? where type = 'show' and is_public = 1 and cust_start < ? and cust_end > ?",
      ).run(now, now, now);
    else db.prepare('update events set cust_end = ? where id = ?').run(now, id);
  });
}

/** Removes an event a journey made only for itself. */
export function removeEvent(id: number): void {
  withDatabase(false, (db) => db.prepare('delete from events where id = ?').run(id));
}

export type WatchLogRow = { user_id: number; reachby: string; watching: number; seconds: number };

/** The watch log of a show: one row per viewer who opened it. */
export function watchLogOf(eventId: number): WatchLogRow[] {
  return withDatabase(true, (db) =>
    db
      .prepare<[number], WatchLogRow>(
        'select user_id, reachby, watching, seconds from watch_logs where event_id = ? order by user_id',
      )
      .all(eventId),
  );
}

/** Who checked in to a show, and how they came. */
export function checkinsOf(eventId: number): { user_id: number; reachby: string }[] {
  return withDatabase(true, (db) =>
    db
      .prepare<[number], { user_id: number; reachby: string }>(
        'select user_id, reachby from live_checkins where event_id = ? order by user_id',
      )
      .all(eventId),
  );
}
