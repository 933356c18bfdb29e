// The staff second factor (issue 21, decision 086): enrolling an authenticator app (TOTP) with a QR
// code, verifying a session with a code or a single-use recovery code, new recovery codes, and
// another staff member's reset of a locked or lost factor. The web's second-factor page reads these.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { queryId } from './ids';

/** Six digits from the authenticator app. */
export const TOTP_CODE = /^\d{6}$/;
/** Ten Crockford base-32 characters shown as two groups of five: `7K3MQ-9TPXA`. */
export const RECOVERY_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-?[0-9A-HJKMNP-TV-Z]{5}$/;
/** Recovery codes given at each enrolment (and each regeneration). */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes in a row that lock the factor until another staff member resets it. */
export const MAX_SECOND_FACTOR_FAILURES = 5;
/** The HTTP status of a locked factor's refusal. */
export const LOCKED_HTTP_STATUS = 423;

/** A recovery code as typed (any case, spaces or a hyphen) in its stored form: upper case, no hyphen. */
export function normalRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export const STAFF_SECURITY_MESSAGES = {
  status: 'Your second factor.',
  enrolStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  alreadyEnrolled:
    'Your authenticator app is already set up. Ask another staff member to reset it to set up a new one.',
  notStarted: 'Start setting up your authenticator app first.',
  notEnrolled: 'Set up your authenticator app first.',
  confirmed: 'Your authenticator app is set up. Save your recovery codes now: they are shown only once.',
  verified: 'Thank you, that is you.',
  wrongCode: 'That code is not right. Check the time on your phone and try the newest code.',
  usedCode: 'That code has already been used. Wait for the next one in your app.',
  wrongRecoveryCode: 'That recovery code is not right, or it has been used.',
  notACode: 'Enter the 6-digit code from your app, or a recovery code like 7K3MQ-9TPXA.',
  locked:
    'Your second factor is locked after 5 wrong codes. Ask another staff member to reset it from your staff account page, then set it up again.',
  regenerated: 'New recovery codes. The old ones no longer work; save these now.',
  memberStatus: 'Their second factor.',
  reset: 'Their second factor is reset. They set up their authenticator app again when they next sign in.',
  notYourself: 'You cannot reset your own second factor. Ask another staff member.',
  staffOnly: 'This is for staff accounts.',
  noSuchUser: 'We could not find that account.',
  tooManyTries: 'Too many tries. Wait a few minutes and try again.',
} as const;

export const SecondFactorStatus = z.object({
  /** An authenticator app was set up (perhaps not yet confirmed). */
  enrolled: z.boolean(),
  confirmed: z.boolean(),
  locked: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** When this session last passed a second factor, and with what. */
  second_factor_at: z.string().nullable(),
  second_factor_method: z.enum(['totp', 'recovery', 'passkey']).nullable(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

export const EnrolStart = z.object({
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The base-32 secret, for typing into the app by hand. */
  secret: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});
export type EnrolStart = z.infer<typeof EnrolStart>;

export const CodeRequest = z.object({
  code: z
    .string({ error: STAFF_SECURITY_MESSAGES.notACode })
    .trim()
    .min(1, STAFF_SECURITY_MESSAGES.notACode)
    .max(32, STAFF_SECURITY_MESSAGES.notACode),
});
export type CodeRequest = z.infer<typeof CodeRequest>;

export const TotpCodeRequest = z.object({
  code: z.string({ error: STAFF_SECURITY_MESSAGES.notACode }).trim().regex(TOTP_CODE, STAFF_SECURITY_MESSAGES.notACode),
});

export const Verified = z.object({
  second_factor_at: z.string(),
  second_factor_method: z.enum(['totp', 'recovery']),
  recovery_codes_left: z.number().int(),
});
export type Verified = z.infer<typeof Verified>;

export const RecoveryCodes = z.object({
  /** Shown once; only keyed hashes are stored. */
  recovery_codes: z.array(z.string()),
  second_factor_at: z.string(),
});
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const MemberParams = z.object({ id: queryId('The account id') });

/** Another staff member's factor, as the staff account page shows it. */
export const MemberSecondFactor = z.object({
  user_id: z.number().int(),
  enrolled: z.boolean(),
  confirmed: z.boolean(),
  locked: z.boolean(),
  failures: z.number().int(),
  recovery_codes_left: z.number().int(),
});
export type MemberSecondFactor = z.infer<typeof MemberSecondFactor>;

export const staffSecurityCalls = {
  status: defineCall({ method: 'GET', path: '/api/staff/second-factor', response: envelopeOf(SecondFactorStatus) }),
  enrol: defineCall({ method: 'POST', path: '/api/staff/second-factor/enrol', response: envelopeOf(EnrolStart) }),
  confirm: defineCall({
    method: 'POST',
    path: '/api/staff/second-factor/enrol/confirm',
    body: TotpCodeRequest,
    response: envelopeOf(RecoveryCodes),
  }),
  verify: defineCall({
    method: 'POST',
    path: '/api/staff/second-factor/verify',
    body: CodeRequest,
    response: envelopeOf(Verified),
  }),
  regenerate: defineCall({
    method: 'POST',
    path: '/api/staff/second-factor/recovery-codes',
    response: envelopeOf(RecoveryCodes),
  }),
  member: defineCall({
    method: 'GET',
    path: '/api/staff/second-factor/users/:id',
    params: MemberParams,
    response: envelopeOf(MemberSecondFactor),
  }),
  reset: defineCall({
    method: 'POST',
    path: '/api/staff/second-factor/users/:id/reset',
    params: MemberParams,
    response: envelopeOf(MemberSecondFactor),
  }),
};
