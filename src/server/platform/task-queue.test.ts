import { describe, expect, it } from 'vitest';
import { taskQueue } from './task-queue';

/** A task that runs until told to finish, noting when it starts. */
function controlled(log: string[], name: string) {
  let finish: (outcome: 'ok' | 'fail') => void = () => undefined;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (outcome) => (outcome === 'ok' ? resolve(name) : reject(new Error(name)));
    });
  return { task, finish: (outcome: 'ok' | 'fail' = 'ok') => finish(outcome) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('task queue', () => {
  it('runs one task at a time, in the order they came', async () => {
    const queue = taskQueue(1);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlled(log, name));
    const results = tasks.map((t) => queue.run(t.task));
    await settle();
    expect([log, queue.running, queue.waiting]).toEqual([['start a'], 1, 2]);
    tasks[0]?.finish();
    await settle();
    expect([log, queue.running, queue.waiting]).toEqual([['start a', 'start b'], 1, 1]);
    tasks[1]?.finish();
    await settle();
    tasks[2]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('never runs more than its concurrency, with many tasks of different lengths', async () => {
    const queue = taskQueue(1);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        queue.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('goes on after a task rejects or throws, and hands the caller its error', async () => {
    const queue = taskQueue(1);
    const failing = queue.run(() => Promise.reject(new Error('bad image')));
    const throwing = queue.run(() => {
      throw new Error('threw');
    });
    const after = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('bad image');
    await expect(throwing).rejects.toThrow('threw');
    expect(await after).toBe('next');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('runs up to its concurrency side by side', async () => {
    const queue = taskQueue(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlled(log, name));
    const results = tasks.map((t) => queue.run(t.task));
    const failure = results[1]?.catch((error: Error) => error.message);
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]?.finish('fail');
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    tasks[0]?.finish();
    tasks[2]?.finish();
    expect(await failure).toBe('b');
    expect(await results[0]).toBe('a');
    expect(await results[2]).toBe('c');
  });
});
