// Guess surge (decision 058): POST /api/guesscrtdata_v1 by distinct viewers at 100 connections,
// through the same harness as the giveaway-entry surge (bench/giveaway-surge.ts): guesses per second
// and p99, then kill -9 and count the stored guesses; stored must equal acknowledged. Target ≥ 4,000/s.
// The check-in surge (iamatlive_v2) runs on the same server. Run both alone with
// `npx tsx bench/guess-surge.ts`; `npm run bench` runs them after the entry surge.
import { pathToFileURL } from 'node:url';
import { benchPostgres, runSurge, type SurgeKind, type SurgeResult } from './giveaway-surge';

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

/**
 * Live check-ins (iamatlive_v2) by distinct viewers on the same server: one transaction each, with
 * its check-in points in the ledger (decision 056). Target: 20,000 viewers checked in within 20 s.
 */
export const CHECKIN_SURGE: SurgeKind = {
  script: 'bench/servers/guessing.ts',
  path: '/api/iamatlive_v2',
  unit: 'check-ins',
  target: (info) => Number(info.show),
  warmup: (info) => Number(info.warmupShow),
  body: (eventid) => ({ eventid, reachby: 'web' }),
  table: 'live_checkins',
  column: 'event_id',
  targets: { perSecond: 1_000, p99Ms: 250 },
};

export async function runCheckInSurges(pgUrl: string, postgresUp: boolean): Promise<SurgeResult[]> {
  console.log(
    '\nCheck-in surge: distinct viewers, 100 connections, each check-in and its points durable before its 200 (target ≥ 1,000/s, p99 < 250 ms):',
  );
  const results = [await runSurge(CHECKIN_SURGE, 'SQLite')];
  if (postgresUp) results.push(await runSurge(CHECKIN_SURGE, 'PostgreSQL', pgUrl));
  else console.log('PostgreSQL not reachable: surge skipped (set BENCH_DATABASE_URL).');
  return results;
}

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
  const { pgUrl, postgresUp } = await benchPostgres();
  await runGuessSurges(pgUrl, postgresUp);
  await runCheckInSurges(pgUrl, postgresUp);
}
