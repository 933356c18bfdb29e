import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  hasHiddenCharacters,
  isRealDate,
  isValidEmail,
  nameField,
  normalizeEmail,
  normalizePassword,
  normalizePhone,
  optionalName,
} from './validation';

describe('e-mail addresses', () => {
  it('normalises case and surrounding space', () => {
    expect(normalizeEmail('  Ruby.Alvarez@Example.COM ')).toBe('ruby.alvarez@example.com');
  });
  it.each(['ruby@example.com', 'ruby+shows@gem.example.co.uk', "o'neil@example.com"])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    '"ruby"@example.com',
    'ruby@@example.com',
    'ru@by@example.com',
    'ruby@example',
    '.ruby@example.com',
    'ruby..a@example.com',
    'ruby@-example.com',
    'ruby example@example.com',
    '',
  ])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('phone numbers', () => {
  it.each([
    ['(555) 123-4567', '+15551234567'],
    ['1-555-123-4567', '+15551234567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalises %s to %s', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });
  it.each(['12345', 'call me', '+1', '555-1234-5678-9999-0000'])('refuses %s', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });
});

describe('dates and passwords', () => {
  it('accepts only real calendar dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2023-13-01')).toBe(false);
    expect(isRealDate('01/02/2023')).toBe(false);
  });
  it('NFKC-normalises passwords so look-alike forms match', () => {
    expect(normalizePassword('ｐａｓｓ１')).toBe('pass1');
  });
});

describe('hidden characters in names', () => {
  const codePoint = (n: number) => String.fromCodePoint(n);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const hidden = [
    ...range(0x00, 0x1f),
    ...range(0x7f, 0x9f),
    0x061c,
    0x200e,
    0x200f,
    ...range(0x202a, 0x202e),
    ...range(0x2066, 0x2069),
  ];

  it('finds every control and text-direction character, wherever it is in the text', () => {
    for (const n of hidden) {
      const label = `U+${n.toString(16).padStart(4, '0')}`;
      expect([label, hasHiddenCharacters(`Ru${codePoint(n)}by`)]).toEqual([label, true]);
      expect([label, hasHiddenCharacters(`${codePoint(n)}`)]).toEqual([label, true]);
    }
  });

  it('leaves letters of every script, accents, emoji and joiners alone', () => {
    for (const name of [
      'Zoë',
      'José Ángel',
      'Nguyễn',
      'محمد',
      'שרה',
      '李小龍',
      "O'Brien-Smith",
      'Ruby 💎',
      '👩‍👩‍👧',
      'Ａｍｙ',
    ])
      expect([name, hasHiddenCharacters(name)]).toEqual([name, false]);
  });

  it('makes the name fields refuse them with their own message', () => {
    const first = nameField('first name').safeParse('Ruby\u202Eyalp');
    expect(first.success ? null : first.error.issues.map((issue) => issue.message)).toEqual([
      MESSAGES.hiddenCharacters,
    ]);
    const nickname = optionalName(40).safeParse('Rubes\u0000');
    expect(nickname.success ? null : nickname.error.issues.map((issue) => issue.message)).toEqual([
      MESSAGES.hiddenCharacters,
    ]);
    expect(optionalName(40).parse('  Rubes  ')).toBe('Rubes');
    expect(optionalName(40).parse('')).toBe('');
  });
});
