// A chat bench server's memory, on request: the bench writes `mem` to its stdin and reads one JSON
// line of process.memoryUsage() back, taken after garbage collection (node --expose-gc).
import { createInterface } from 'node:readline';

export function answerMemoryRequests(): void {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line !== 'mem') return;
    globalThis.gc?.();
    globalThis.gc?.();
    process.stdout.write(`${JSON.stringify(process.memoryUsage())}\n`);
  });
}
