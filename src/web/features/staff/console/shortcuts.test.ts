// The shortcut guard: plain keys map to their actions; nothing fires while typing in a field, in a
// menu or dialog, with a modifier held, or from a held-down key.
import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutOf, SHORTCUTS } from './shortcuts';

const element = (tagName: string, extra: Record<string, unknown> = {}) => ({
  tagName,
  isContentEditable: false,
  closest: () => null,
  ...extra,
});
const key = (k: string, target: unknown = element('BODY'), mods: Partial<Record<string, boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  target,
  ...mods,
});

describe('isTypingTarget', () => {
  it('counts text inputs, text areas, selects and editable elements as typing', () => {
    expect(isTypingTarget(element('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(element('INPUT', { type: 'number' }))).toBe(true);
    expect(isTypingTarget(element('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(element('SELECT'))).toBe(true);
    expect(isTypingTarget(element('DIV', { isContentEditable: true }))).toBe(true);
  });

  it('does not count buttons, checkboxes or the page', () => {
    expect(isTypingTarget(element('BUTTON'))).toBe(false);
    expect(isTypingTarget(element('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(element('BODY'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('counts anything inside an open menu or dialog', () => {
    expect(isTypingTarget(element('DIV', { closest: () => ({}) }))).toBe(true);
  });
});

describe('shortcutOf', () => {
  it('maps each key, either case, to its action', () => {
    expect(shortcutOf(key('n'))).toBe('nextSegment');
    expect(shortcutOf(key('D'))).toBe('draw');
    expect(shortcutOf(key(SHORTCUTS.goLive))).toBe('goLive');
    expect(shortcutOf(key('z'))).toBeNull();
  });

  it('ignores keys typed into a field', () => {
    expect(shortcutOf(key('n', element('TEXTAREA')))).toBeNull();
    expect(shortcutOf(key('d', element('INPUT', { type: 'search' })))).toBeNull();
  });

  it('ignores keys with a modifier and held-down keys', () => {
    expect(shortcutOf(key('n', element('BODY'), { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key('n', element('BODY'), { metaKey: true }))).toBeNull();
    expect(shortcutOf(key('n', element('BODY'), { altKey: true }))).toBeNull();
    expect(shortcutOf(key('n', element('BODY'), { repeat: true }))).toBeNull();
  });

  it('gives every action its own key', () => {
    const keys = Object.values(SHORTCUTS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
