// The guess surge target: Gemcast as in production (one process) on a SQLite file or on PostgreSQL
// (BENCH_DATABASE_URL), with two live shows, each with an open question (warm-up and measured), and
// enough viewers with sessions that every guess comes from a different viewer. Prints one JSON line
// like bench/servers/giveaway.ts, so bench/guess-surge.ts can count the stored guesses after a kill.
import { newEventRow } from '../../src/server/modules/events/event-row';
import { eventsRepository } from '../../src/server/modules/events/events.repository';
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
  return id;
};
const warmupQuestion = await ask('Warm-up show');
const question = await ask('Guess surge show');
await insertViewers(app.ctx.db, warmups, 'warm', now);
await insertViewers(app.ctx.db, viewers, 'surge', now);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object') {
  process.stdout.write(
    `${JSON.stringify({ port: address.port, question, warmupQuestion, viewers, warmups, warmTag: 'warm', surgeTag: 'surge', ...where })}\n`,
  );
}
