// Field rules shared by the forms and the server: e-mail, phone, names, dates, passwords and
// one-time codes. The server is the authority; the web uses the same rules to validate as you type.
import { z } from 'zod';
import { ISO_DATE } from './contract/user';
import { MESSAGES } from './messages';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
/** A one-time code lives this long, and a new one can be asked for after the resend wait. */
export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_SECONDS = 60;

// One @, a dot-atom local part (no quotes, no leading/trailing/double dots), a domain of
// letter/digit/hyphen labels with a letter TLD. Stricter than RFC 5321 on purpose.
const EMAIL_RE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email) && email.split('@')[0]!.length <= 64;
}

/** Digits with an optional leading +; US 10-digit numbers gain +1. Returns null when unusable. */
export function normalizePhone(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export function normalizePassword(raw: string): string {
  return raw.normalize('NFKC');
}

export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const emailField = z
  .string({ error: 'Enter your e-mail address.' })
  .transform(normalizeEmail)
  .refine(isValidEmail, 'Enter a valid e-mail address, like name@example.com.');

export const phoneField = z
  .string({ error: 'Enter your phone number.' })
  .refine((v) => normalizePhone(v) !== null, 'Enter a valid phone number, like (555) 123-4567.')
  .transform((v) => normalizePhone(v) ?? '');

export const passwordField = z
  .string({ error: 'Enter a password.' })
  .transform(normalizePassword)
  .refine((v) => [...v].length >= PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .refine((v) => [...v].length <= PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const codeField = z
  .string({ error: 'Enter the 6-digit code.' })
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits.');

/**
 * Characters nobody sees but that change what others see: C0 and C1 controls (NUL, tab, line
 * breaks and DEL included) and the marks that set or override the direction of text (U+202E turns
 * 'Ruby\u202Eyalp' into 'Rubyplay' on screen). Names are shown to other viewers, so they carry none.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this rule.
const HIDDEN_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}

const visible = (text: string) => !hasHiddenCharacters(text);

export const nameField = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(60, `Keep your ${label} under 60 characters.`)
    .refine(visible, MESSAGES.hiddenCharacters);

export const optionalText = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters.`);

/** A name that may be left empty (middle name, nickname, the recipient's name). */
export const optionalName = (max: number) => optionalText(max).refine(visible, MESSAGES.hiddenCharacters);

/** A calendar date (YYYY-MM-DD) in the past, or '' to clear it. */
export const optionalDateField = z
  .string()
  .trim()
  .refine((v) => v === '' || isRealDate(v), 'Enter a date as YYYY-MM-DD.')
  .refine((v) => v === '' || v <= new Date().toISOString().slice(0, 10), 'That date is in the future.');
