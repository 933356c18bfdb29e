// The staff second factor's timings and the words a refused staff call answers with (decision
// 085). The server's guards and the web's prompts read these, so both name one rule.

/** Staff rights on a session last this long after its second factor; then staff verify again. */
export const STAFF_SESSION_HOURS = 12;
/** A draw, a large points grant, a data export and a staff grant want a second factor this recent. */
export const STEP_UP_MINUTES = 10;
/** A points grant above this many points is large: it asks for step-up. */
export const LARGE_POINTS_GRANT = 1000;

export const SECOND_FACTOR_MESSAGES = {
  /** A staff call from a session that has not passed the second factor (or passed it > 12 h ago). */
  required: 'Confirm it is you with your second factor to use staff tools.',
  /** A sensitive staff call whose second factor is older than STEP_UP_MINUTES. */
  stepUp: 'Confirm it is you again to do this.',
} as const;

/** The `data` item of a 403 that the web turns into a prompt rather than an error. */
export type SecondFactorNeed = { second_factor: 'required' | 'step_up' };

/** Whether a second factor passed at `atIso` still counts at `nowMs` for `withinMs`. */
export function secondFactorFresh(atIso: string | null, nowMs: number, withinMs: number): boolean {
  if (!atIso) return false;
  const at = Date.parse(atIso);
  return Number.isFinite(at) && nowMs - at < withinMs;
}

/** The web page that enrols or verifies the staff second factor; `?next=` is where it goes afterwards. */
export const SECOND_FACTOR_PATH = '/staff/second-factor';
export const NEXT_QUERY = 'next';

/** The second-factor page that comes back to `next` afterwards. */
export function secondFactorPathFor(next: string): string {
  return `${SECOND_FACTOR_PATH}?${new URLSearchParams({ [NEXT_QUERY]: next }).toString()}`;
}
