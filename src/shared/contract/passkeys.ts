// Passkeys for every account (issue 21, decision 087): add one after signing in, sign in with one
// (a discoverable credential, also offered by the browser's autofill), list, rename and remove
// them, and confirm it is you with one for the current session (the staff second factor).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { queryId } from './ids';
import { AuthedUserResponse } from './user';

/** How long a challenge handed to the browser stays good. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

/** The words the passkey calls and screens use. */
export const PASSKEY_MESSAGES = {
  added: 'Passkey added. Next time, sign in with it.',
  alreadyAdded: 'This passkey is already saved to an account.',
  list: 'Your passkeys.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: 'We could not find that passkey.',
  none: 'There is no passkey on this account yet.',
  options: 'Ready for your passkey.',
  /** The challenge was used, expired or never given: the browser should ask again. */
  expired: 'That passkey request has expired. Try again.',
  notRecognised: 'We do not recognise that passkey. Sign in with an e-mailed code instead.',
  notVerified: 'We could not check that passkey. Try again.',
  /** The confirm step needs the device to check it is you (PIN, fingerprint or face). */
  needsVerification: 'Your device did not check it was you. Use a passkey with a PIN, fingerprint or face.',
  confirmed: 'Thanks, that was you.',
  nameRequired: 'Give the passkey a name.',
} as const;

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url.')
  .max(8192);

export const PasskeyTransport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
export type PasskeyTransport = z.infer<typeof PasskeyTransport>;
const Requirement = z.enum(['discouraged', 'preferred', 'required']);
const CredentialDescriptor = z.object({
  id: base64url,
  type: z.literal('public-key'),
  transports: z.array(PasskeyTransport).optional(),
});

/** What the browser's navigator.credentials.create() takes (as @simplewebauthn's optionsJSON). */
export const RegistrationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(CredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: Requirement.optional(),
      userVerification: Requirement.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type RegistrationOptions = z.infer<typeof RegistrationOptions>;

/** What navigator.credentials.get() takes; `allowCredentials` is empty for a discoverable sign-in. */
export const AuthenticationOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptor).optional(),
  userVerification: Requirement.optional(),
});
export type AuthenticationOptions = z.infer<typeof AuthenticationOptions>;

const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** The browser's new credential, as @simplewebauthn/browser's startRegistration answers it. */
export const RegistrationCredential = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults,
});

/** The browser's signed answer to a challenge, as startAuthentication answers it. */
export const AuthenticationCredential = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults,
});

const passkeyName = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, `Keep the name to ${PASSKEY_NAME_MAX} characters.`);

export const RegisterPasskeyRequest = z.object({
  credential: RegistrationCredential,
  /** The viewer's own label; the browser and device ('Chrome on a Mac') when not given. */
  name: passkeyName.optional(),
});
export type RegisterPasskeyRequest = z.input<typeof RegisterPasskeyRequest>;

export const PasskeyAssertionRequest = z.object({ credential: AuthenticationCredential });
export type PasskeyAssertionRequest = z.input<typeof PasskeyAssertionRequest>;

export const RenamePasskeyRequest = z.object({ name: passkeyName });
export const PasskeyParams = z.object({ id: queryId('id') });

/** One of the viewer's passkeys as the profile lists it. */
export const Passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced to the viewer's other devices by their password manager. */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyConfirmed = z.object({ second_factor_at: z.string() });

const EmptyResponse = envelopeOf(z.never());

export const passkeyCalls = {
  /** Options to create a passkey for the signed-in account (its own passkeys excluded). */
  registrationOptions: defineCall({
    method: 'POST',
    path: '/api/passkeys/registration-options',
    response: envelopeOf(RegistrationOptions),
  }),
  /** Stores the new passkey under its name; 409 when the credential is already stored. */
  register: defineCall({
    method: 'POST',
    path: '/api/passkeys',
    body: RegisterPasskeyRequest,
    response: envelopeOf(Passkey),
  }),
  list: defineCall({ method: 'GET', path: '/api/passkeys', response: envelopeOf(Passkey) }),
  rename: defineCall({
    method: 'POST',
    path: '/api/passkeys/:id/rename',
    params: PasskeyParams,
    body: RenamePasskeyRequest,
    response: envelopeOf(Passkey),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/api/passkeys/:id/remove',
    params: PasskeyParams,
    response: EmptyResponse,
  }),
  /** Options to sign in with any passkey of this site (no token: the passkey says whose it is). */
  loginOptions: defineCall({
    method: 'POST',
    path: '/api/passkeys/login-options',
    response: envelopeOf(AuthenticationOptions),
  }),
  /** Signs in with a passkey; data[0] is the user with tokenvalue, as login_v1 answers. */
  login: defineCall({
    method: 'POST',
    path: '/api/passkeys/login',
    body: PasskeyAssertionRequest,
    response: AuthedUserResponse,
  }),
  /** Options to confirm it is you with one of your own passkeys (user verification required). */
  confirmOptions: defineCall({
    method: 'POST',
    path: '/api/passkeys/confirm-options',
    response: envelopeOf(AuthenticationOptions),
  }),
  /** Marks this session's second factor as passed with a passkey (staff, and step-up). */
  confirm: defineCall({
    method: 'POST',
    path: '/api/passkeys/confirm',
    body: PasskeyAssertionRequest,
    response: envelopeOf(PasskeyConfirmed),
  }),
};
