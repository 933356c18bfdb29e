import { describe, expect, it } from 'vitest';
import { isRealDate, isValidEmail, normalizeEmail, normalizePassword, normalizePhone } from './validation';

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
