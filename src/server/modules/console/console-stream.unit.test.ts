import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import type { ConsoleTick } from '../../../shared/contract/console';
import { memoryPubSub } from '../../platform/pubsub';
import { createConsoleStreams, publishChange, type ConsoleSink } from './console-stream';

/** A response that keeps what was written, and closes as a client going away does. */
function fakeSink() {
  const events = new EventEmitter();
  const written: string[] = [];
  const sink: ConsoleSink & { written: string[]; hangUp: () => void } = {
    written,
    writableEnded: false,
    write: (text: string) => written.push(text),
    end: () => events.emit('close'),
    on: (event, listener) => events.on(event, listener),
    hangUp: () => events.emit('close'),
  };
  return sink;
}

const tick = (viewers: number): ConsoleTick => ({
  counters: {
    at: new Date().toISOString(),
    viewers_now: viewers,
    viewers_peak: viewers,
    checkins: 0,
    rsvps: 0,
    entries: 0,
    spins: 0,
    messages_per_minute: 0,
  },
  alerts: [],
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { warn: () => undefined };

it('reads the counters once per tick for every console of a show, and stops with the last one', async () => {
  const reads: number[] = [];
  const samples: number[] = [];
  const streams = createConsoleStreams(
    memoryPubSub(),
    async (eventId) => {
      reads.push(eventId);
      return { tick: tick(5_000), isLive: true };
    },
    async (_eventId, viewers) => {
      samples.push(viewers);
    },
    quiet,
    { countersEveryMs: 50, sampleEveryMs: 10_000, heartbeatMs: 10_000 },
  );
  const sinks = [fakeSink(), fakeSink(), fakeSink()];
  for (const sink of sinks) expect(streams.open(7, sink)).toBe('open');
  await sleep(330);
  expect(streams.timers()).toBe(1);
  // About one read per 50 ms for all three, not one per console.
  expect(reads.length).toBeGreaterThanOrEqual(3);
  expect(reads.length).toBeLessThanOrEqual(9);
  for (const sink of sinks)
    expect(sink.written.filter((w) => w.startsWith('event: counters')).length).toBeGreaterThanOrEqual(3);
  // Live: one sample for the first step, none again within the sample interval.
  expect(samples).toEqual([5_000]);
  for (const sink of sinks) sink.hangUp();
  await sleep(20);
  expect([streams.timers(), streams.size()]).toEqual([0, 0]);
  const settled = reads.length;
  await sleep(120);
  expect(reads.length).toBe(settled);
  await streams.close();
});

it('writes a change published for the show to each of its consoles, and none to another show', async () => {
  const pubsub = memoryPubSub();
  const streams = createConsoleStreams(
    pubsub,
    async () => ({ tick: tick(0), isLive: false }),
    async () => undefined,
    quiet,
  );
  const mine = fakeSink();
  const other = fakeSink();
  streams.open(1, mine);
  streams.open(2, other);
  await sleep(20);
  publishChange(pubsub, quiet, 1, { action: 'draw', by: 'Paula Producer', at: '2026-06-15T18:00:00.000Z' });
  await sleep(10);
  expect(mine.written).toContain(
    'event: changed\ndata: {"action":"draw","by":"Paula Producer","at":"2026-06-15T18:00:00.000Z"}\n\n',
  );
  expect(other.written.some((w) => w.startsWith('event: changed'))).toBe(false);
  await streams.close();
  expect(streams.open(1, fakeSink())).toBe('closing');
});
