// Deletes what has no further use: expired sessions, one-time codes older than two days and
// outbox rows older than a day, then runs the other hourly jobs it is given (watch points for shows
// that ended without staff pressing end, decision 056). Runs at start and every hour; the timer
// never holds the process.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from './clock';

const HOUR_MS = 60 * 60_000;

export async function sweep(db: Db, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  await db.deleteFrom('sessions').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .deleteFrom('one_time_codes')
    .where('created_at', '<', new Date(now - 48 * HOUR_MS).toISOString())
    .execute();
  await db
    .deleteFrom('mail_outbox')
    .where('created_at', '<', new Date(now - 24 * HOUR_MS).toISOString())
    .execute();
}

export function startHousekeeping(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  jobs: readonly (() => Promise<unknown>)[] = [],
): () => void {
  const run = async () => {
    for (const job of [() => sweep(db, clock), ...jobs])
      await job().catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  };
  void run();
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
