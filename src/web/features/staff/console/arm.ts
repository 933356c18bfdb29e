// The arm-then-confirm rule for actions that cannot be undone (decision 079): the first press arms
// one action (only one at a time), a second press of the same action within the arm time fires it,
// pressing another action arms that one instead, and an armed action lapses when its time is up.

export type ArmState = { key: string; until: number } | null;

export type PressOutcome = { state: ArmState; fire: boolean };

/** What a press of `key` at `now` does, given what is armed. */
export function press(state: ArmState, key: string, now: number, armMs: number): PressOutcome {
  if (state && state.key === key && now < state.until) return { state: null, fire: true };
  return { state: { key, until: now + armMs }, fire: false };
}

/** The armed action once its time has passed: nothing. */
export function lapse(state: ArmState, now: number): ArmState {
  return state && now >= state.until ? null : state;
}

/** Whole seconds left to confirm `key` (rounded up), or null when it is not armed. */
export function secondsLeft(state: ArmState, key: string, now: number): number | null {
  if (!state || state.key !== key || now >= state.until) return null;
  return Math.ceil((state.until - now) / 1000);
}
