// What every console panel needs: the snapshot, the clock, the armed action and `run`, which sends
// an on-air action and reports its outcome to the page (an error to read, a line for the live region).
import { createContext, useContext } from 'react';
import type { ConsoleAction, ConsoleSnapshot } from '../../../../shared/contract/console';
import type { Arming } from './use-arm';

export type Console = {
  eventId: number;
  snapshot: ConsoleSnapshot;
  /** Milliseconds since the epoch, ticking each second. */
  now: number;
  arm: Arming;
  /** Sends the action; `done` is what the live region says once it succeeds. */
  run: (action: ConsoleAction, done: string) => void;
  /** The action being sent, if any. */
  busy: ConsoleAction['action'] | null;
};

export const ConsoleContext = createContext<Console | null>(null);

export function useConsole(): Console {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole is for the console page');
  return value;
}
