// The "show live now" bench target (decision 069): Gemcast as in production (one process, its
// outbox worker in the same process) on a SQLite file or on PostgreSQL (BENCH_DATABASE_URL), its
// mail going to BENCH_SMTP_URL. A show on air with BENCH_RSVPS viewers RSVP'd (default 20,000) and
// BENCH_SUBSCRIBERS confirmed show-alert subscribers without an account (default 5,000), plus a
// thousand of the RSVP'd viewers who also asked for alerts. Prints one JSON line (port, show id, a
// viewer's token); on "go" from stdin it announces the show (one line: rows written, milliseconds),
// then drains the outbox to the SMTP server with BENCH_WORKERS workers at once for up to
// BENCH_DRAIN_SECONDS (one line: e-mails handed over, milliseconds).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { newEventRow } from '../../src/server/modules/events/event-row';
import { eventsRepository } from '../../src/server/modules/events/events.repository';
import { deliverDueNotifications } from '../../src/server/modules/notifications/notification-worker';
import { announceLiveShows } from '../../src/server/modules/notifications/show-live';
import { insertViewers } from '../../src/server/testing/bulk-viewers';
import { openBenchDatabase } from './bench-database';

const rsvps = Number(process.env.BENCH_RSVPS ?? 20_000);
const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 5_000);
const alsoAlerts = Math.min(1_000, rsvps);
/** Deliveries each worker claims at a time here: a bigger batch than the default 10. */
const BENCH_BATCH = Number(process.env.BENCH_BATCH ?? 100);
/**
 * Workers draining at once in this process, over one pooled SMTP transport with as many connections:
 * each hand-off waits for the server's answer, so a single worker sends one message per round trip.
 */
const BENCH_WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
/** The workers stop after the batch under way once this has passed: the rate is what counts. */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 30);

const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-bench-show-live-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  SEED_DEMO: 'false',
  ...(process.env.BENCH_SMTP_URL ? { SMTP_URL: process.env.BENCH_SMTP_URL } : {}),
});
const { database, drop } = await openBenchDatabase(dataDir, process.env.BENCH_DATABASE_URL);
process.on('SIGTERM', async () => {
  await database.close();
  await drop();
  process.exit(0);
});
const app = await buildApp(config, { database });
const db = app.ctx.db;
const now = new Date();
const show = await eventsRepository.insert(
  db,
  newEventRow({
    title: 'Opal Hour',
    description: 'Bench show',
    cust_start: new Date(now.getTime() + 2_000).toISOString(),
    cust_end: new Date(now.getTime() + 2 * 60 * 60_000).toISOString(),
    created_at: now.toISOString(),
  }),
);
const viewers = await insertViewers(db, rsvps, 'live', now);
for (let i = 0; i < viewers.length; i += 500) {
  await db
    .insertInto('rsvps')
    .values(
      viewers.slice(i, i + 500).map((v) => ({
        user_id: v.id,
        event_id: show.id,
        rsvp_type: 'new',
        created_at: now.toISOString(),
      })),
    )
    .execute();
}
const people = [
  ...viewers.slice(0, alsoAlerts).map((v, n) => ({ email: `live-${n}@bulk.example.com`, user_id: v.id })),
  ...Array.from({ length: subscribers }, (_, n) => ({ email: `alerts-${n}@bulk.example.com`, user_id: null })),
];
for (let i = 0; i < people.length; i += 500) {
  const added = await db
    .insertInto('subscribers')
    .values(people.slice(i, i + 500).map((p) => ({ ...p, name: 'Alert', created_at: now.toISOString() })))
    .returning('id')
    .execute();
  await db
    .insertInto('subscriptions')
    .values(
      added.map((s) => ({
        subscriber_id: s.id,
        purpose: 'show_alerts' as const,
        scope: 'all',
        event_id: null,
        state: 'confirmed' as const,
        requested_at: now.toISOString(),
        confirmed_at: now.toISOString(),
        cancelled_at: null,
      })),
    )
    .execute();
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object')
  process.stdout.write(
    `${JSON.stringify({ port: address.port, eventId: show.id, token: viewers[0]?.token, rsvps, subscribers })}\n`,
  );

const input = createInterface({ input: process.stdin });
input.once('line', async () => {
  // The show is on air by now (it starts 2 s after the server did).
  const startedAt = performance.now();
  const rows = await announceLiveShows(app.ctx);
  const announceMs = performance.now() - startedAt;
  const inApp = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', 'show_live')
    .where('in_app', '=', 1)
    .executeTakeFirstOrThrow();
  process.stdout.write(`${JSON.stringify({ phase: 'announce', rows, inApp: Number(inApp.n), ms: announceMs })}\n`);

  const deliverStart = performance.now();
  const deadline = deliverStart + DRAIN_SECONDS * 1000;
  const worker = async () => {
    let claimed = 0;
    for (;;) {
      const pass = await deliverDueNotifications(app.ctx, { batchSize: BENCH_BATCH });
      claimed += pass.claimed;
      if (pass.claimed < BENCH_BATCH || performance.now() > deadline) return claimed;
    }
  };
  const passes = await Promise.all(Array.from({ length: BENCH_WORKERS }, worker));
  const deliverMs = performance.now() - deliverStart;
  const emails = await db
    .selectFrom('notification_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('channel', '=', 'email')
    .where('state', '=', 'sent')
    .executeTakeFirstOrThrow();
  process.stdout.write(
    `${JSON.stringify({ phase: 'deliver', emails: Number(emails.n), claimed: passes.reduce((n, p) => n + p, 0), ms: deliverMs })}\n`,
  );
});
