// The console's single-key shortcuts: which key runs which on-air action, and the guard that keeps
// keys typed into a field (a chat announcement, a segment's notes) from firing anything.

/** Keys as `KeyboardEvent.key` gives them, lower case. */
export const SHORTCUTS = {
  goLive: 'g',
  end: 'e',
  nextSegment: 'n',
  openEntries: 'o',
  closeEntries: 'x',
  draw: 'd',
  claim: 'k',
  forfeit: 'f',
  respin: 's',
  guessClose: 'l',
  guessReveal: 'v',
  chatPause: 'p',
  chatClear: 'w',
  announce: 'a',
  question: 'q',
  hidePiece: 'h',
} as const;
export type ShortcutName = keyof typeof SHORTCUTS;
const isShortcutName = (name: string): name is ShortcutName => name in SHORTCUTS;
const SHORTCUT_NAMES: ShortcutName[] = Object.keys(SHORTCUTS).filter(isShortcutName);

type TargetLike = { tagName?: string; isContentEditable?: boolean; closest?: (selector: string) => unknown } | null;

/** Focus is somewhere keys mean text: a text field, a list box, an editable element. */
export function isTypingTarget(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const element: TargetLike = target;
  if (element.isContentEditable) return true;
  const tag = element.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (Reflect.get(target, 'type') ?? 'text').toString().toLowerCase();
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(type);
  }
  // Inside a menu or a dialog the keys belong to it.
  return Boolean(element.closest?.('[role="menu"], [role="dialog"], [role="listbox"]'));
}

type KeyLike = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; repeat: boolean; target: unknown };

/** The shortcut a key press asks for, or null: plain keys only, none held down, none while typing. */
export function shortcutOf(event: KeyLike): ShortcutName | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  if (isTypingTarget(event.target)) return null;
  const key = event.key.toLowerCase();
  return SHORTCUT_NAMES.find((name) => SHORTCUTS[name] === key) ?? null;
}
