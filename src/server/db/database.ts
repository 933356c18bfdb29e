// Opens the database: the embedded SQLite (WAL, foreign keys, busy timeout) by default, PostgreSQL
// when DATABASE_URL is set. Runs the migrations in code. One Kysely code path for both engines.
import { setTimeout as delay } from 'node:timers/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { namedStatementPool } from './pg-named';
import pg from 'pg';
import { unavailableMessage } from '../http/errors';
import type { Database } from './schema';
import { allowDirectReads } from './compiled';
import { allowTurnBatches } from './turn-batch';
import { SharedSqliteDialect, type StatementSource } from './sqlite-driver';
import { createWalSync } from './wal-sync';
import { isSqliteUniqueFailure, openSqlite, type SqliteConnection, type SqliteStatement } from './sqlite-engine';
import * as foundation from './migrations/001-foundation';
import * as analytics from './migrations/002-analytics';
import * as rsvp from './migrations/003-rsvp';
import * as eventStreams from './migrations/004-event-streams';
import * as reminders from './migrations/005-reminders';
import * as presence from './migrations/006-presence';
import * as quiz from './migrations/007-quiz';
import * as chat from './migrations/008-chat';
import * as giveaways from './migrations/009-giveaways';
import * as chatSanctionRoom from './migrations/010-chat-sanction-room';
import * as giveawayDetailsBackfill from './migrations/011-giveaway-details-backfill';
import * as prizeImages from './migrations/012-prize-images';
import * as chatReports from './migrations/013-chat-reports';
import * as giveawayClaimMode from './migrations/014-giveaway-claim-mode';
import * as rewardsLedger from './migrations/015-rewards-ledger';
import * as earningRules from './migrations/016-earning-rules';
import * as coupons from './migrations/017-coupons';
import * as guessing from './migrations/018-guessing';
import * as quizRightAnswers from './migrations/019-quiz-right-answers';
import * as checkinCredits from './migrations/022-checkin-credits';
import * as contests from './migrations/023-contests';
import * as contestCountIndexes from './migrations/024-contest-count-indexes';
import * as notificationOutbox from './migrations/025-notification-outbox';
import * as notificationRecipients from './migrations/026-notification-recipients';
import * as subscriptionConsent from './migrations/028-subscription-consent';
import * as pushSubscriptions from './migrations/027-push-subscriptions';
import * as signInDevices from './migrations/031-sign-in-devices';
import * as showLiveAndDigests from './migrations/029-show-live-and-digests';
import * as exhibitions from './migrations/032-exhibitions';
import * as producerConsole from './migrations/033-producer-console';
import * as staffSecurity from './migrations/034-staff-security-and-audit';
import * as rehearsalDriver from './migrations/035-rehearsal-driver';
import * as activityCreditMarks from './migrations/036-activity-credit-marks';
import * as activityCreditTurns from './migrations/038-activity-credit-turns';
import * as outboxClaimIndex from './migrations/037-outbox-claim-index';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export type DatabaseHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

export type DatabaseOptions =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

/** The longest a request waits for a PostgreSQL connection (decision 092). */
export const CONNECT_TIMEOUT_MS = 5_000;

const isOnDisk = (file: string) => file !== ':memory:' && file !== '';

/**
 * The server's SQLite connection, in WAL mode with its pragmas. The hot calls' bench reference
 * opens its file this way too, so both pay for the same storage (decision 115).
 */
export function openServerSqlite(file: string): SqliteConnection {
  const sqlite = openSqlite(file);
  sqlite.exec('pragma journal_mode = WAL; pragma foreign_keys = ON; pragma busy_timeout = 5000;');
  // An acknowledged write survives a power cut (decision 023): it is answered once the WAL file
  // is flushed to disk. A file database flushes on the thread pool, once for all the commits made
  // meanwhile (decision 110); an in-memory one has nothing to flush.
  sqlite.exec(isOnDisk(file) ? 'pragma synchronous = NORMAL;' : 'pragma synchronous = FULL;');
  return sqlite;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'sqlite') {
    const sqlite = openServerSqlite(options.file);
    const onDisk = isOnDisk(options.file);
    const wal = onDisk ? createWalSync(`${options.file}-wal`) : null;
    const dialect = new SharedSqliteDialect(withStatementCache(sqlite), wal?.afterCommit);
    const db = new Kysely<Database>({ dialect });
    allowDirectReads(db, (sql) => dialect.directRead(sql));
    return {
      db,
      dialect: 'sqlite',
      close: async () => {
        await db.destroy();
        await wal?.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // synchronous_commit=on whatever the server's default: a commit has reached the WAL on disk.
    options: `-c synchronous_commit=on${options.schema ? ` -c search_path=${options.schema}` : ''}`,
    // A request waits at most this long for a connection, so an unreachable server answers 503
    // rather than holding requests; a restart's closed sockets fail at once (decision 092).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A connection lost while idle in the pool, or under a query, is reported as an 'error' event;
  // unheard, it would end the process. pg-pool drops the client and the query already failed.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
  allowTurnBatches(db);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** How long a starting server waits for PostgreSQL before it exits non-zero (decision 092). */
export const START_WAIT_MS = 60_000;

/**
 * Waits until the database answers: at boot PostgreSQL may still be starting beside us. Each
 * failed try is logged with its reason; after `waitMs` the last error is thrown, so the process
 * exits non-zero and its supervisor can restart it. Errors other than "unavailable" (a wrong
 * password, a missing database) are thrown at once: waiting would not fix them.
 */
export async function waitForDatabase(
  handle: DatabaseHandle,
  log: (message: string) => void,
  waitMs = START_WAIT_MS,
): Promise<void> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    try {
      await sql`select 1`.execute(handle.db);
      return;
    } catch (error) {
      if (!unavailableMessage(error) || Date.now() >= giveUpAt) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      log(`The database is not reachable yet (${reason}); trying again in 1 s.`);
      await delay(1_000);
    }
  }
}

/** Kysely prepares every query anew; SQLite statements are reusable, so keep recent ones. */
function withStatementCache(sqlite: SqliteConnection, size = 500): StatementSource {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value ?? '');
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Every migration by name, in order (the migration tests apply a prefix of them). */
export const MIGRATIONS: Record<string, (db: Kysely<unknown>, dialect: Dialect) => Promise<void>> = {
  '001-foundation': foundation.up,
  '002-analytics': analytics.up,
  '003-rsvp': rsvp.up,
  '004-event-streams': eventStreams.up,
  '005-reminders': reminders.up,
  '006-presence': presence.up,
  '007-quiz': quiz.up,
  '008-chat': chat.up,
  '009-giveaways': giveaways.up,
  '010-chat-sanction-room': chatSanctionRoom.up,
  '011-giveaway-details-backfill': giveawayDetailsBackfill.up,
  '012-prize-images': prizeImages.up,
  '013-chat-reports': chatReports.up,
  '014-giveaway-claim-mode': giveawayClaimMode.up,
  '015-rewards-ledger': rewardsLedger.up,
  '016-earning-rules': earningRules.up,
  '017-coupons': coupons.up,
  '018-guessing': guessing.up,
  '019-quiz-right-answers': quizRightAnswers.up,
  '022-checkin-credits': checkinCredits.up,
  '023-contests': contests.up,
  '024-contest-count-indexes': contestCountIndexes.up,
  '025-notification-outbox': notificationOutbox.up,
  '026-notification-recipients': notificationRecipients.up,
  '028-subscription-consent': subscriptionConsent.up,
  '027-push-subscriptions': pushSubscriptions.up,
  '031-sign-in-devices': signInDevices.up,
  '029-show-live-and-digests': showLiveAndDigests.up,
  '032-exhibitions': exhibitions.up,
  '033-producer-console': producerConsole.up,
  '034-staff-security-and-audit': staffSecurity.up,
  '035-rehearsal-driver': rehearsalDriver.up,
  '036-activity-credit-marks': activityCreditMarks.up,
  '037-outbox-claim-index': outboxClaimIndex.up,
  '038-activity-credit-turns': activityCreditTurns.up,
};

/** Kysely's table of applied migrations: its name and shape are kept so existing databases carry on. */
export type MigrationTables = { kysely_migration: { name: string; timestamp: string } };

/**
 * Applies the pending migrations in order, in one transaction, recording each in `kysely_migration`.
 * On PostgreSQL a lock on the schema's own name makes a second process wait for the first, while
 * other schemas in the same database (tests, benches beside) migrate at the same time. Kysely's
 * Migrator read every schema's catalogue, which fails when another schema is dropped meanwhile
 * (docs/decisions/035-own-migration-runner.md).
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    if (handle.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
    const db = trx.withTables<MigrationTables>();
    await db.schema
      .createTable('kysely_migration')
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
      .execute();
    const applied = new Set((await db.selectFrom('kysely_migration').select('name').execute()).map((row) => row.name));
    for (const [name, up] of Object.entries(MIGRATIONS)) {
      if (applied.has(name)) continue;
      try {
        // Migrations see the database as it was when they were written, not as the schema type says.
        await up(trx as unknown as Kysely<unknown>, handle.dialect);
      } catch (error) {
        throw new Error(
          `Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      await db.insertInto('kysely_migration').values({ name, timestamp: new Date().toISOString() }).execute();
    }
  });
}

/** True when a write failed on a unique constraint, in either engine. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; detail?: unknown; constraint?: unknown };
  const message = `${String(e.message ?? '')} ${String(e.detail ?? '')} ${String(e.constraint ?? '')}`;
  const isUnique = e.code === '23505' || isSqliteUniqueFailure(error);
  return isUnique && (column === undefined || message.includes(column));
}

/** How many times a transaction PostgreSQL ended to break a deadlock is run again before its error stands. */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` (a whole transaction) and, when PostgreSQL ended it to break a deadlock (40P01), runs it
 * again: the other side of the cycle has gone on by then. SQLite takes one writer at a time and
 * never deadlocks.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = DEADLOCK_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
      if (code !== '40P01' || attempt >= attempts) throw error;
    }
  }
}
