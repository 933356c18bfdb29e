// Steady requests for the fault tests (decision 092): a few workers call the app in turn while the
// test breaks something, and every answer is kept with its time, so the test can count what was
// answered, what failed how, and whether anything hung past the bound.

export type Answer = { http: number; body: { message: string } };

export type Outcome = {
  call: string;
  /** The HTTP status, 'hung' when no answer came within the bound, 'threw' when the call itself failed. */
  http: number | 'hung' | 'threw';
  message: string;
  startedAt: number;
  ms: number;
};

export type Call = { name: string; send: () => Promise<Answer> };

/** Starts `workers` loops, each sending the calls in turn; `stop()` waits for the last answers. */
export function startLoad(calls: Call[], { workers = 6, boundMs = 5_000, pauseMs = 5 } = {}) {
  const outcomes: Outcome[] = [];
  let isRunning = true;
  async function once(call: Call) {
    const startedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), boundMs);
    });
    try {
      const answer = await Promise.race([call.send(), bound]);
      outcomes.push(
        answer === 'hung'
          ? { call: call.name, http: 'hung', message: '', startedAt, ms: boundMs }
          : { call: call.name, http: answer.http, message: answer.body.message, startedAt, ms: Date.now() - startedAt },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcomes.push({ call: call.name, http: 'threw', message, startedAt, ms: Date.now() - startedAt });
    } finally {
      clearTimeout(timer);
    }
  }
  async function worker(offset: number) {
    for (let i = offset; isRunning; i += 1) {
      const call = calls[i % calls.length];
      if (call) await once(call);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  const running = Promise.all(Array.from({ length: workers }, (_, i) => worker(i)));
  return {
    outcomes,
    /** Resolves once a call of each name succeeded after `since` (ms epoch); rejects after `withinMs`. */
    async recovered(since: number, withinMs = 15_000): Promise<number> {
      const giveUpAt = Date.now() + withinMs;
      for (;;) {
        const after = outcomes.filter((o) => o.startedAt >= since && o.http === 200);
        if (calls.every((call) => after.some((o) => o.call === call.name)))
          return Math.max(...calls.map((call) => after.find((o) => o.call === call.name)?.startedAt ?? since)) - since;
        if (Date.now() > giveUpAt) throw new Error(`not every call succeeded within ${withinMs} ms of the fault's end`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      isRunning = false;
      await running;
    },
  };
}

/** One line for the test's output: "PG restart: 412 requests, 97 answered 503, 0 hung, 0 other errors, recovered in 1.3 s". */
export function tally(title: string, outcomes: Outcome[], recoveredMs?: number): string {
  const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
  const ok = count((o) => o.http === 200);
  const unavailable = count((o) => o.http === 503);
  const hung = count((o) => o.http === 'hung');
  const other = outcomes.length - ok - unavailable - hung;
  const recovery = recoveredMs === undefined ? '' : `, recovered in ${(recoveredMs / 1000).toFixed(1)} s`;
  return `${title}: ${outcomes.length} requests, ${ok} answered 200, ${unavailable} answered 503, ${hung} hung, ${other} other errors${recovery}`;
}
