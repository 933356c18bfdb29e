// The giveaway-entry surge target: Gemcast as in production (one process) on a SQLite file
// (synchronous=FULL, entries group-committed) or on PostgreSQL (BENCH_DATABASE_URL,
// synchronous_commit=on), with two giveaways open now (warm-up and measured) and enough
// viewers with sessions that every entry comes from a different viewer. Prints one JSON line:
// the port, the giveaway ids, the viewer tags and where the data lives, so the bench can count
// the stored entries itself after killing this process.
import { startActivityCredits } from '../../src/server/modules/rewards/earning.service';
import { insertViewers } from '../../src/server/testing/bulk-viewers';
import { startSurgeApp } from './bench-database';

const viewers = Number(process.env.BENCH_ENTRIES ?? 40_000);
const warmups = Number(process.env.BENCH_WARMUP_ENTRIES ?? 4_000);
const { app, now, where, staffToken } = await startSurgeApp('giveaway');
const open = async (title: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/giveaways',
    headers: { token: staffToken },
    payload: {
      title,
      cust_start: new Date(now.getTime() - 60_000).toISOString(),
      cust_end: new Date(now.getTime() + 2 * 60 * 60_000).toISOString(),
      prize: 'Bench prize',
    },
  });
  const id: unknown = res.json().data?.[0]?.id;
  if (typeof id !== 'number') throw new Error(`could not create the bench giveaway: ${res.body}`);
  return id;
};
const warmupGiveaway = await open('Warm-up giveaway');
const giveaway = await open('Entry surge giveaway');
await insertViewers(app.ctx.db, warmups, 'warm', now);
await insertViewers(app.ctx.db, viewers, 'surge', now);
// Entry points are credited beside the surge, as in production (every second here, not every 30 s).
startActivityCredits(app.ctx, app.log, 1_000);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object') {
  process.stdout.write(
    `${JSON.stringify({ port: address.port, giveaway, warmupGiveaway, viewers, warmups, warmTag: 'warm', surgeTag: 'surge', ...where })}\n`,
  );
}
