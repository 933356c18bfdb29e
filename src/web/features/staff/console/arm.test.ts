// The arm-then-confirm rule: a first press arms, a second within the time fires, another action
// re-arms instead, and an armed action lapses.
import { describe, expect, it } from 'vitest';
import { lapse, press, secondsLeft } from './arm';

const ARM_MS = 4_000;

describe('press', () => {
  it('arms on the first press without firing', () => {
    expect(press(null, 'draw', 1_000, ARM_MS)).toEqual({ state: { key: 'draw', until: 5_000 }, fire: false });
  });

  it('fires on a second press of the same action within the arm time, and disarms', () => {
    const first = press(null, 'draw', 1_000, ARM_MS);
    expect(press(first.state, 'draw', 4_999, ARM_MS)).toEqual({ state: null, fire: true });
  });

  it('arms again instead of firing once the arm time has passed', () => {
    const first = press(null, 'draw', 1_000, ARM_MS);
    expect(press(first.state, 'draw', 5_000, ARM_MS)).toEqual({ state: { key: 'draw', until: 9_000 }, fire: false });
  });

  it('arms the other action when a different one is pressed while one is armed', () => {
    const first = press(null, 'draw', 1_000, ARM_MS);
    expect(press(first.state, 'end', 2_000, ARM_MS)).toEqual({ state: { key: 'end', until: 6_000 }, fire: false });
  });
});

describe('lapse and secondsLeft', () => {
  it('lets go of an armed action when its time is up', () => {
    const state = { key: 'end', until: 5_000 };
    expect(lapse(state, 4_999)).toBe(state);
    expect(lapse(state, 5_000)).toBeNull();
  });

  it('counts whole seconds up for the armed action only', () => {
    const state = { key: 'end', until: 5_000 };
    expect(secondsLeft(state, 'end', 1_000)).toBe(4);
    expect(secondsLeft(state, 'end', 3_900)).toBe(2);
    expect(secondsLeft(state, 'draw', 1_000)).toBeNull();
    expect(secondsLeft(state, 'end', 5_000)).toBeNull();
  });
});
