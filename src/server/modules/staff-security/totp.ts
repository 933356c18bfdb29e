// The authenticator app's codes (RFC 6238 through otplib v13) and how its secret and the recovery
// codes are kept: the secret sealed with AES-256-GCM, the codes as HMACs, both keyed from APP_SECRET.
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verify } from 'otplib';
import { normalRecoveryCode } from '../../../shared/contract/staff-security';
import type { Random } from '../../platform/clock';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that a code may come from (clocks drift; people type slowly). */
export const TOTP_WINDOW_STEPS = 1;
const ISSUER = 'Gemcast';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The code of one step (tests and the seeded demo use it; the app computes its own). */
export function codeAt(secret: string, step: number): string {
  return generateSync({ secret, epoch: step * TOTP_PERIOD_SECONDS });
}

/** The step whose code `code` is, within the window around `nowMs`; null when none is. */
export async function matchingStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
  });
  // The functional verify answers HOTP's result shape too; a TOTP match carries its step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Keys derived from APP_SECRET, one per use, so neither can stand in for the other. */
function keyFor(appSecret: string, purpose: string): Buffer {
  return createHmac('sha256', appSecret).update(`gemcast:${purpose}`).digest();
}

export function createFactorVault(appSecret: string) {
  const sealKey = keyFor(appSecret, 'staff-totp-secret');
  const codeKey = keyFor(appSecret, 'recovery-code');
  return {
    seal(secret: string, random: Random): string {
      const iv = random.bytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(stored: string): string {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unreadable staff TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
    /** The stored form of a recovery code: an HMAC of the owner and the code as normalRecoveryCode reads it. */
    recoveryHash: (userId: number, typed: string) =>
      createHmac('sha256', codeKey)
        .update(`${userId}:${normalRecoveryCode(typed)}`)
        .digest('base64url'),
  };
}
export type FactorVault = ReturnType<typeof createFactorVault>;

/** A recovery code from the CSPRNG: ten Crockford base-32 characters as `XXXXX-XXXXX` (50 bits). */
export function newRecoveryCode(random: Random): string {
  const chars = Array.from({ length: 10 }, () => CROCKFORD[random.int(CROCKFORD.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
