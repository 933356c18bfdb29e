// The access code of a private giveaway (decision 051): what staff may set, said once for the staff
// form and the server, and a generator for the form's "Make a code" button.
// Codes are compared without regard to case, so the alphabet is A-Z and 0-9 (36 symbols); dashes
// may separate groups and do not count towards the length.

/** The fewest letters and digits a new code has: 36^6, about 2.2 billion codes. */
export const ACCESS_CODE_MIN_SYMBOLS = 6;
/** The longest code, dashes included. */
export const ACCESS_CODE_MAX_LENGTH = 32;

export const ACCESS_CODE_RULE =
  'At least 6 letters or digits (dashes may separate groups), not one character repeated or a run such as 123456 or ABCDEF. Not case-sensitive.';

export const ACCESS_CODE_PROBLEMS = {
  shape: 'The access code is letters, digits and dashes, 32 characters at most.',
  short: 'Make the access code at least 6 letters or digits long.',
  repeated: 'The access code cannot be one character repeated. Choose a harder one to guess.',
  run: 'The access code cannot be a run such as 123456 or ABCDEF. Choose a harder one to guess.',
} as const;

const isRun = (symbols: string) => {
  const steps = new Set<number>();
  for (let i = 1; i < symbols.length; i++) steps.add(symbols.charCodeAt(i) - symbols.charCodeAt(i - 1));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
};

/** What is wrong with a code staff want to set, or null when it will do. Codes saved earlier are not checked again. */
export function accessCodeProblem(code: string): string | null {
  const trimmed = code.trim();
  if (!/^[A-Za-z0-9-]+$/.test(trimmed) || trimmed.length > ACCESS_CODE_MAX_LENGTH) return ACCESS_CODE_PROBLEMS.shape;
  const symbols = trimmed.replaceAll('-', '').toUpperCase();
  if (symbols.length < ACCESS_CODE_MIN_SYMBOLS) return ACCESS_CODE_PROBLEMS.short;
  if (new Set(symbols).size === 1) return ACCESS_CODE_PROBLEMS.repeated;
  if (isRun(symbols)) return ACCESS_CODE_PROBLEMS.run;
  return null;
}

/** Letters and digits that cannot be mistaken for one another when read aloud or off a sign (no 0/O, 1/I/L). */
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh code such as 'K7QH-M3XP': 8 symbols from 31, about 850 billion codes; `randomIndex(n)` is 0 ≤ i < n. */
export function makeAccessCode(randomIndex: (n: number) => number): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < 8; i++) code += (i === 4 ? '-' : '') + READABLE[randomIndex(READABLE.length)];
    // One draw in 31^7 is a repeat or a run; draw again rather than hand out a code the rule refuses.
    if (!accessCodeProblem(code)) return code;
  }
}
