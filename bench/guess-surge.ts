// Guess surge (decision 058): POST /api/guesscrtdata_v1 by distinct viewers at 100 connections,
// through the same harness as the giveaway-entry surge (bench/giveaway-surge.ts): guesses per second
// and p99, then kill -9 and count the stored guesses; stored must equal acknowledged. Target ≥ 4,000/s.
// Run alone with `npx tsx bench/guess-surge.ts`; `npm run bench` runs it after the entry surge.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { runSurge, type SurgeKind, type SurgeResult } from './giveaway-surge';

export const GUESS_SURGE: SurgeKind = {
  script: 'bench/servers/guessing.ts',
  path: '/api/guesscrtdata_v1',
  unit: 'guesses',
  target: (info) => Number(info.question),
  warmup: (info) => Number(info.warmupQuestion),
  // Guesses spread over 0.0001 to 9.9999 ct, four decimals.
  body: (questionid, n) => ({ questionid, guess: ((n % 99_999) + 1) / 10_000 }),
  table: 'guesses',
  column: 'question_id',
};

export async function runGuessSurges(pgUrl: string, postgresUp: boolean): Promise<SurgeResult[]> {
  console.log(
    '\nGuess surge: distinct viewers, 100 connections, each guess durable before its 200 (target ≥ 4,000/s):',
  );
  const results = [await runSurge(GUESS_SURGE, 'SQLite')];
  if (postgresUp) results.push(await runSurge(GUESS_SURGE, 'PostgreSQL', pgUrl));
  else console.log('PostgreSQL not reachable: surge skipped (set BENCH_DATABASE_URL).');
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pgUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 1000 });
  const postgresUp = await client.connect().then(
    () => client.end().then(() => true),
    () => false,
  );
  await runGuessSurges(pgUrl, postgresUp);
}
