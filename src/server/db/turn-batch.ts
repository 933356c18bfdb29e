// Point reads asked for in the same turn of the event loop, answered together (decision 111). When a
// show starts, thousands of viewers make the same kind of call within seconds. On PostgreSQL each
// read is a round trip and tens of microseconds of the driver's work, so the reads that arrive in
// one turn share one query. SQLite answers in-process, where one indexed read each is already the
// cheapest way, and does not use this.

type Waiting<Answer> = { resolve: (answer: Answer) => void; reject: (error: unknown) => void };

/** Above this many distinct keys, a turn's reads are split into several queries. */
export const MAX_GROUP = 500;

export type TurnBatchOptions<Query, Answer> = {
  /** Two queries with the same key share one answer. */
  key: (query: Query) => string;
  /** Answers for `queries` (distinct keys, `first` the turn's first), by key; a key left out gets `missing`. */
  read: (queries: Query[], first: Query) => Promise<Map<string, Answer>>;
  missing: Answer;
  maxGroup?: number;
};

/**
 * A reader whose calls wait for the end of the current turn (`setImmediate`), then are read in
 * groups of at most `maxGroup` keys. Each caller gets its key's answer, or its group's error.
 */
export function batchPerTurn<Query, Answer>(options: TurnBatchOptions<Query, Answer>) {
  const { key, read, missing, maxGroup = MAX_GROUP } = options;
  let waiting = new Map<string, { query: Query; waiters: Waiting<Answer>[] }>();

  async function readGroup(group: Map<string, { query: Query; waiters: Waiting<Answer>[] }>, first: Query) {
    try {
      const answers = await read(
        [...group.values()].map((entry) => entry.query),
        first,
      );
      for (const [k, { waiters }] of group) for (const waiter of waiters) waiter.resolve(answers.get(k) ?? missing);
    } catch (error) {
      for (const { waiters } of group.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function flush() {
    const all = waiting;
    waiting = new Map();
    let group = new Map<string, { query: Query; waiters: Waiting<Answer>[] }>();
    let first: Query | undefined;
    for (const [k, entry] of all) {
      first ??= entry.query;
      group.set(k, entry);
      if (group.size === maxGroup) {
        void readGroup(group, first);
        group = new Map();
      }
    }
    if (group.size && first !== undefined) void readGroup(group, first);
  }

  return (query: Query): Promise<Answer> =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const k = key(query);
      const entry = waiting.get(k);
      if (entry) entry.waiters.push({ resolve, reject });
      else waiting.set(k, { query, waiters: [{ resolve, reject }] });
    });
}
