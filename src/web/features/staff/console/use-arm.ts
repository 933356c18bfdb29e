// The console's one armed action, as a hook: `trigger(key, fire)` arms on the first press and fires
// on the second within the arm time; the armed state ticks so its button can count down.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONSOLE_LIMITS } from '../../../../shared/contract/console';
import { lapse, press, secondsLeft, type ArmState } from './arm';

export type Arming = {
  /** Presses the armed action `key`: arms it, or fires `fire` when it is armed already. */
  trigger: (key: string, fire: () => void) => void;
  /** Seconds left to confirm `key`, or null when it is not the armed one. */
  secondsLeft: (key: string) => number | null;
  disarm: () => void;
};

export function useArm(armMs: number = CONSOLE_LIMITS.armMs): Arming {
  const [state, setState] = useState<ArmState>(null);
  const stateRef = useRef<ArmState>(null);
  const [now, setNow] = useState(() => Date.now());

  const set = useCallback((next: ArmState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  useEffect(() => {
    if (!state) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      const next = lapse(stateRef.current, at);
      if (next !== stateRef.current) set(next);
    }, 200);
    return () => window.clearInterval(timer);
  }, [state, set]);

  // Escape lets go of an armed action.
  useEffect(() => {
    if (!state) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') set(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, set]);

  const trigger = useCallback(
    (key: string, fire: () => void) => {
      const at = Date.now();
      const outcome = press(stateRef.current, key, at, armMs);
      setNow(at);
      set(outcome.state);
      if (outcome.fire) fire();
    },
    [armMs, set],
  );

  return {
    trigger,
    secondsLeft: (key) => secondsLeft(state, key, now),
    disarm: () => set(null),
  };
}
