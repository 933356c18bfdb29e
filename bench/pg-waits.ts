// What a PostgreSQL setup's backends were doing through a show-start run (BENCH_PG_WAITS=1): the
// bench's database's sessions in pg_stat_activity, sampled every SAMPLE_MS, counted by state and
// wait event, and the statements that waited on a lock. A backend "idle in transaction" waiting
// for its client is a transaction held open while the server's process has not yet sent the next
// statement (decision 094).
import pg from 'pg';

const SAMPLE_MS = 20;
const TOP = 8;

type Sample = { state: string; wait_event_type: string | null; wait_event: string | null; query: string };

export type PgWaitSampler = { stop: () => Promise<string[]> };

export async function samplePgWaits(adminUrl: string, database: string): Promise<PgWaitSampler> {
  const client = new pg.Client({ connectionString: adminUrl });
  let failure: string | null = null;
  // A dropped connection is an 'error' event, which would otherwise end the bench.
  client.on('error', (error) => (failure ??= error.message));
  await client.connect();
  const byState = new Map<string, number>();
  const lockWaits = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await client.query<Sample>(
          `select state, wait_event_type, wait_event, left(query, 100) as query from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid() and state <> 'idle'`,
          [database],
        );
        samples += 1;
        for (const row of rows) {
          count(
            byState,
            `${row.state}, ${row.wait_event_type ?? 'no wait'}${row.wait_event ? `: ${row.wait_event}` : ''}`,
          );
          if (row.wait_event_type === 'Lock') count(lockWaits, row.query);
        }
      } catch (error) {
        // A diagnostic must not end the run: say why the counts stop where they do.
        failure = error instanceof Error ? error.message : String(error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end().catch(() => undefined);
      const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
      return [
        `  PostgreSQL backends over the run (${samples} samples, every ${SAMPLE_MS} ms; backend-samples by state and wait):`,
        ...top(byState).map(([key, n]) => `    ${String(n).padStart(7)}  ${key}`),
        ...(lockWaits.size ? ['  waiting on a lock, by statement:'] : []),
        ...top(lockWaits).map(([query, n]) => `    ${String(n).padStart(7)}  ${query}`),
        ...(failure ? [`  (sampling stopped early: ${failure})`] : []),
      ];
    },
  };
}
