// A console shortcut as a hook: while `handler` is given, its key runs it, unless focus is in a
// field (or a menu or dialog), a modifier is held, or the key is repeating. Each action button
// registers its own, so the key shown on a button is the key that runs it.
import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutName } from './shortcuts';

export function useShortcut(name: ShortcutName | undefined, handler: (() => void) | null): void {
  const current = useRef(handler);
  useEffect(() => {
    current.current = handler;
  });
  const isOn = Boolean(name && handler);
  useEffect(() => {
    if (!isOn) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || shortcutOf(event) !== name) return;
      event.preventDefault();
      current.current?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOn, name]);
}
