// A first-in, first-out queue that runs at most `concurrency` tasks at a time. Image re-encoding goes
// through one (media.ts), so a burst of uploads waits its turn instead of taking the show's CPU.

export type TaskQueue = {
  /** Runs `task` once fewer than `concurrency` tasks are running and every earlier one has started. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for their turn. */
  readonly waiting: number;
};

export function taskQueue(concurrency: number): TaskQueue {
  const queued: (() => void)[] = [];
  let running = 0;

  function startNext() {
    if (running >= concurrency) return;
    const start = queued.shift();
    if (!start) return;
    running += 1;
    start();
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queued.push(() => {
          // A task that throws, or rejects, ends like any other: the next one starts.
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              startNext();
            });
        });
        startNext();
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return queued.length;
    },
  };
}
