// Tokens and code digests: opaque session tokens stored as SHA-256, random visitor tokens,
// and HMAC digests of one-time codes compared in constant time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Random } from './clock';

export const USER_TOKEN_PREFIX = 'gc_';
export const VISITOR_TOKEN_PREFIX = 'gv_';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 256 random bits, base64url, with a prefix that says what it is. */
export function newUserToken(random: Random): string {
  return USER_TOKEN_PREFIX + random.bytes(32).toString('base64url');
}

export function createSigner(secret: string) {
  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  const same = (a: string, b: string) => {
    const ab = Buffer.from(a);
    const bb = Buffer.from(b);
    return ab.length === bb.length && timingSafeEqual(ab, bb);
  };
  return {
    codeDigest: (purpose: string, email: string, code: string) => hmac(`code:${purpose}:${email}:${code}`),
    sameDigest: same,
  };
}
export type Signer = ReturnType<typeof createSigner>;

/** An anonymous visitor's session id (spec's tkn): 128 random bits, never stored. */
export function newVisitorToken(random: Random): string {
  return VISITOR_TOKEN_PREFIX + random.bytes(16).toString('base64url');
}

/** A six-digit code from the CSPRNG, leading zeros kept. */
export function newCode(random: Random): string {
  return String(random.int(1_000_000)).padStart(6, '0');
}
