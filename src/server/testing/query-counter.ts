// A database handle that counts the queries run through it (tests only), for tests that show a call
// costs the same few queries however much it reads, or that one turn's reads share one.
import type { KyselyPlugin } from 'kysely';
import type { Db } from '../db/database';
import { allowTurnBatches, batchesPerTurn } from '../db/turn-batch';

/** `db` with a counter; it shares one turn's reads as `db` does (PostgreSQL's, decision 111). */
export function countingQueries(db: Db) {
  let count = 0;
  let failure: Error | null = null;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      count += 1;
      if (failure) throw failure;
      return args.result;
    },
  };
  const counted = db.withPlugin(plugin);
  if (batchesPerTurn(db)) allowTurnBatches(counted);
  return {
    db: counted,
    /** The queries run since the last take. */
    take() {
      const taken = count;
      count = 0;
      return taken;
    },
    /** From now on each query fails with `error` once it has run (a connection lost under it); null: none do. */
    failWith(error: Error | null) {
      failure = error;
    },
  };
}
