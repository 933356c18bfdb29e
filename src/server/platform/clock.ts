// Time and randomness are injected so tests can fix them (STYLE habit 3).
import { randomBytes, randomInt } from 'node:crypto';

export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function manualClock(start: Date): Clock & { advance: (ms: number) => void; set: (d: Date) => void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}

export type Random = {
  /** A CSPRNG integer in [0, max). */
  int: (max: number) => number;
  bytes: (n: number) => Buffer;
};
export const cryptoRandom: Random = { int: (max) => randomInt(max), bytes: (n) => randomBytes(n) };

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

export function isoAfter(clock: Clock, ms: number): string {
  return new Date(clock.now().getTime() + ms).toISOString();
}
