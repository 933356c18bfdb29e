// The guess and check-in surge target: Gemcast as in production (one process) on a SQLite file or on
// PostgreSQL (BENCH_DATABASE_URL), with two live shows, each with an open question (warm-up and
// measured), and enough viewers with sessions that every guess or check-in comes from a different
// viewer. Prints one JSON line like bench/servers/giveaway.ts (the questions' and the shows' ids), so
// bench/guess-surge.ts can count the stored guesses or check-ins after a kill.
import { newEventRow } from '../../src/server/modules/events/event-row';
import { eventsRepository } from '../../src/server/modules/events/events.repository';
import { startActivityCredits } from '../../src/server/modules/rewards/earning.service';
import { insertViewers } from '../../src/server/testing/bulk-viewers';
import { startSurgeApp } from './bench-database';

const viewers = Number(process.env.BENCH_GUESSES ?? process.env.BENCH_ENTRIES ?? 40_000);
const warmups = Number(process.env.BENCH_WARMUP_ENTRIES ?? 4_000);
const { app, now, where, staffToken } = await startSurgeApp('guessing');
const ask = async (title: string) => {
  const show = await eventsRepository.insert(
    app.ctx.db,
    newEventRow({
      title,
      description: 'Bench show',
      cust_start: new Date(now.getTime() - 60_000).toISOString(),
      cust_end: new Date(now.getTime() + 2 * 60 * 60_000).toISOString(),
      created_at: now.toISOString(),
    }),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/guessing',
    headers: { token: staffToken },
    payload: {
      eventid: show.id,
      question: 'Carat weight of this sapphire?',
      unit: 'ct',
      answer: 2.35,
      closes_at: new Date(now.getTime() + 60 * 60_000).toISOString(),
    },
  });
  const id: unknown = res.json().data?.[0]?.id;
  if (typeof id !== 'number') throw new Error(`could not open the bench question: ${res.body}`);
  return { question: id, show: show.id };
};
const { question: warmupQuestion, show: warmupShow } = await ask('Warm-up show');
const { question, show } = await ask('Surge show');
await insertViewers(app.ctx.db, warmups, 'warm', now);
await insertViewers(app.ctx.db, viewers, 'surge', now);
// Check-in points are credited beside the surge, every second, as main.ts does every 30 s.
startActivityCredits(app.ctx, app.log, 1_000);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object') {
  process.stdout.write(
    `${JSON.stringify({ port: address.port, question, warmupQuestion, show, warmupShow, viewers, warmups, warmTag: 'warm', surgeTag: 'surge', ...where })}\n`,
  );
}
