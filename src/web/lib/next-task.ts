// A break in start-up work: what follows runs in a task of its own, so the browser can paint and
// answer input in between instead of holding the page in one long task (decision 108).

/** Resolves in a new task, after whatever the browser has queued meanwhile. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
