// The security notices of an account (decision 070): a sign-in from a browser the account has not
// used before, and a password change. Both are recorded in the transaction of the change they report.
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { SHOW_TIME_ZONE } from '../../../shared/time';
import type { Db } from '../../db/database';
import { notify } from '../notifications/notifications.service';
import { devicesRepository } from './auth.repository';

/** Who is signing in, as the request says: its User-Agent header and its address. */
export type SignInClient = { userAgent: string; ip: string };

/** What a 'security_sign_in' notification carries for its e-mail. */
export type SignInNoticeData = { at: string; browser: string; place: string };
/** What a 'security_password' notification carries for its e-mail. */
export type PasswordNoticeData = { at: string };

const laTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Monday, June 15, 2026 at 11:00 AM PDT': when, in the shows' own time zone. */
export function laDateTime(iso: string): string {
  return laTime.format(new Date(iso));
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome, and Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'an iPhone'],
  [/iPad/, 'an iPad'],
  [/Android/, 'an Android device'],
  [/CrOS/, 'a Chromebook'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'a Mac'],
  [/Linux/, 'Linux'],
];

/** The browser and system in plain words: 'Chrome on Windows', 'Safari on an iPhone'. */
export function describeBrowser(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return userAgent.trim() ? 'An app or browser we could not name' : 'An app or browser that did not say what it is';
}

/**
 * The address range a sign-in came from, as the notice shows it and the device key uses it: the
 * first three parts of an IPv4 address ('203.0.113.x'), the first three groups of an IPv6 one
 * ('2001:db8:85a3:…'), so a router's new address on the same line is the same place.
 */
export function addressRange(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(ip) === 6) {
    const [head = ''] = ip.split('::');
    const groups = head.split(':').filter(Boolean);
    return `${[...groups, '0', '0', '0'].slice(0, 3).join(':')}:…`;
  }
  return '';
}

/** Where, as the notice says it; loopback and private ranges are said as such, not as a number. */
export function describePlace(ip: string): string {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (/^(127\.|::1$)/.test(v4)) return 'this computer (a local address)';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd][0-9a-f]{2}:)/i.test(v4)) return 'a private network';
  const range = addressRange(ip);
  return range ? `the internet address ${range}` : 'an address we could not read';
}

/** The device's key: the app secret's HMAC of browser and range, so the table holds no address. */
export function deviceKey(secret: string, browser: string, range: string): string {
  return createHmac('sha256', secret).update(`sign-in device\u0000${browser}\u0000${range}`).digest('base64url');
}

/**
 * Remembers the browser behind a sign-in and, when the account has not used it before and `alert`
 * is set, records a 'security_sign_in' notice in `trx`. A viewer's first session (registration, or
 * the first code login of an account made in code mode) passes alert false: that browser becomes
 * known without alarming anyone. Answers whether a notice was recorded.
 */
export async function recordSignIn(
  trx: Db,
  input: { secret: string; publicUrl: string; userId: number; client: SignInClient; at: Date; alert: boolean },
): Promise<boolean> {
  const browser = describeBrowser(input.client.userAgent);
  const at = input.at.toISOString();
  const key = deviceKey(input.secret, browser, addressRange(input.client.ip));
  // An account with no device yet signed up before devices were kept (migration 031): its first
  // sign-in since is remembered quietly, or every existing viewer would get a notice at once.
  const alert = input.alert && (await devicesRepository.hasAny(trx, input.userId));
  if (!(await devicesRepository.add(trx, input.userId, key, browser, at))) {
    await devicesRepository.seen(trx, input.userId, key, at);
    return false;
  }
  if (!alert) return false;
  const place = describePlace(input.client.ip);
  const data: SignInNoticeData = { at, browser, place };
  await notify(trx, {
    userIds: [input.userId],
    kind: 'security_sign_in',
    subject: `sign-in:${at}:${key.slice(0, 12)}`,
    title: 'New sign-in to your account',
    body: `${browser} signed in to your account on ${laDateTime(at)}, from ${place}. If this was not you, reset your password.`,
    url: `${input.publicUrl}/forgot-password`,
    data,
    at: input.at,
  });
  return true;
}

/** Records a 'security_password' notice in the transaction that changed the password. */
export async function recordPasswordChange(
  trx: Db,
  input: { publicUrl: string; userId: number; at: Date },
): Promise<void> {
  const at = input.at.toISOString();
  const data: PasswordNoticeData = { at };
  await notify(trx, {
    userIds: [input.userId],
    kind: 'security_password',
    subject: `password:${at}`,
    title: 'Your password was changed',
    body: `The password of your account was changed on ${laDateTime(at)}, and every browser was signed out. If this was not you, reset it again now.`,
    url: `${input.publicUrl}/forgot-password`,
    data,
    at: input.at,
  });
}
