import { closeSync, openSync, readFileSync, write, writeSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { bufferedDestination, QUIET_FLUSH_MS, RETRY_MS, type DescriptorWrites } from './log-destination';

const opened: number[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const fd of opened.splice(0)) closeSync(fd);
});

function logFile() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gemcast-log-')), 'server.log');
  const fd = openSync(file, 'a');
  opened.push(fd);
  return { fd, read: () => readFileSync(file, 'utf8') };
}

const line = (n: number) => `${JSON.stringify({ level: 30, msg: 'request', n, url: '/api/liveevent_v1' })}\n`;

it('writes a full block at once, every line whole and in order', async () => {
  const { fd, read } = logFile();
  const log = bufferedDestination(fd, 4096);
  const lines = Array.from({ length: 200 }, (_, n) => line(n));
  for (const l of lines) log.write(l);
  await vi.waitFor(() => expect(read()).toBe(lines.join('')));
});

it('keeps a short tail until the server has been quiet for a while, then writes it', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { fd, read } = logFile();
  const log = bufferedDestination(fd, 4096);
  log.write(line(1));
  log.write(line(2));
  vi.advanceTimersByTime(QUIET_FLUSH_MS - 1);
  expect(read()).toBe('');
  vi.advanceTimersByTime(1);
  await vi.waitFor(() => expect(read()).toBe(line(1) + line(2)));
});

it('writes the tail synchronously when the process exits or the app closes', () => {
  const { fd, read } = logFile();
  const log = bufferedDestination(fd, 4096);
  log.write(line(1));
  log.flushSync();
  expect(read()).toBe(line(1));
  log.flushSync();
  expect(read()).toBe(line(1));
});

it('tries again when the reader is not ready, and finishes a block the reader took in part', async () => {
  const { fd, read } = logFile();
  let refusals = 1;
  const io: DescriptorWrites = {
    write: ((target: number, block: Buffer, offset: number, length: number, position: null, done: WriteDone) => {
      if (refusals > 0) {
        refusals -= 1;
        return void done(Object.assign(new Error('busy'), { code: 'EAGAIN' }), 0, block);
      }
      // The reader takes at most 1 KB a write, as a pipe near full does.
      write(target, block, offset, Math.min(length, 1024), position, done);
    }) as DescriptorWrites['write'],
    writeSync,
  };
  const log = bufferedDestination(fd, 4096, io);
  const lines = Array.from({ length: 100 }, (_, n) => line(n));
  for (const l of lines) log.write(l);
  await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
  // The first full block, then the tail once quiet.
  await vi.waitFor(() => expect(read()).toBe(lines.join('')), { timeout: QUIET_FLUSH_MS * 3 });
  expect(refusals).toBe(0);
});

it('drops what a reader that takes nothing would pile up, and says how much once it reads again', () => {
  const { fd, read } = logFile();
  const stuck: DescriptorWrites = {
    // The first block's write never returns: the reader is stuck.
    write: (() => undefined) as unknown as DescriptorWrites['write'],
    writeSync,
  };
  const log = bufferedDestination(fd, 100, stuck, 1_000);
  const lines = Array.from({ length: 40 }, (_, n) => line(n));
  for (const l of lines) log.write(l);
  // The first full block went to the stuck write; what gathered after it stopped at the cap.
  log.flushSync();
  const written = read().trim().split('\n');
  const note = JSON.parse(written.at(-1)!) as Record<string, unknown>;
  const kept = written.slice(0, -1);
  expect(note).toMatchObject({ level: 40, msg: 'log lines dropped: the reader took nothing' });
  expect(kept.join('\n').length).toBeLessThanOrEqual(1_000);
  expect(kept).toEqual(lines.slice(firstBlockSize(lines, 100), -Number(note.dropped)).map((l) => l.trim()));
});

/** How many lines the first block took: lines gather until they reach `minChars`. */
function firstBlockSize(lines: string[], minChars: number): number {
  let chars = 0;
  return lines.findIndex((l) => (chars += l.length) >= minChars) + 1;
}

type WriteDone = (error: NodeJS.ErrnoException | null, written: number, buffer: Buffer) => void;
