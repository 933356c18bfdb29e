// Passkeys (decision 087): creating one for a signed-in account, signing in with one, and
// confirming it is you with one for the current session. WebAuthn checks are @simplewebauthn's;
// the challenges, counters and who may do what are ours. SQL lives in passkeys.repository.ts.
import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MESSAGES,
  PasskeyTransport,
  type AuthenticationCredential,
  type AuthenticationOptions,
  type Passkey,
  type RegistrationCredential,
  type RegistrationOptions,
} from '../../../shared/contract/passkeys';
import type { AuthedUser } from '../../../shared/contract/user';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { PasskeysTable, UserRow, WebauthnChallengesTable } from '../../db/schema';
import type { AppError } from '../../http/errors';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { isoAfter, isoNow } from '../../platform/clock';
import type { SignInClient } from '../auth/account-notices';
import { describeBrowser } from '../auth/account-notices';
import { sessionsRepository, usersRepository } from '../auth/auth.repository';
import type { AuthService } from '../auth/auth.service';
import { challengesRepository, passkeysRepository } from './passkeys.repository';

const CHALLENGE_TTL_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
/** The browser's own time limit for the prompt: as long as the challenge lives. */
const PROMPT_TIMEOUT_MS = CHALLENGE_TTL_MS;

type PasskeyRow = Selectable<PasskeysTable>;
type Credential = z.output<typeof AuthenticationCredential>;

/**
 * Who the browser must be talking to. The relying party id is the public URL's host name (a
 * browser refuses an IP address as one, so a site reached by its address cannot use passkeys) and
 * the origin is the public URL's.
 */
export function relyingPartyOf(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The passkey as the profile lists it. */
function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    backed_up: row.backed_up === 1,
  };
}

/** The challenge the browser signed, read from its client data; null when that is not readable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    return typeof data === 'object' && data !== null && 'challenge' in data && typeof data.challenge === 'string'
      ? data.challenge
      : null;
  } catch {
    return null;
  }
}

/** The transports the browser named when the passkey was made, so it can offer the right ones. */
function transportsOf(row: PasskeyRow): PasskeyTransport[] {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      const transport = PasskeyTransport.safeParse(item);
      return transport.success ? [transport.data] : [];
    });
  } catch {
    return [];
  }
}

/** A stored passkey as the browser's options list it. */
function descriptorOf(row: PasskeyRow) {
  return { id: row.credential_id, type: 'public-key' as const, transports: transportsOf(row) };
}

export function createPasskeysService(ctx: AppContext, auth: Pick<AuthService, 'startVerifiedSession'>) {
  const { db, clock, random, config, sessions } = ctx;
  const { rpID, origin } = relyingPartyOf(config.publicUrl);

  /** The account's WebAuthn user handle: stable, and says nothing about who it is. */
  function userHandle(userId: number): Uint8Array<ArrayBuffer> {
    const digest = createHmac('sha256', config.appSecret).update(`webauthn-user:${userId}`).digest();
    return new Uint8Array(digest);
  }

  async function storeChallenge(
    challenge: string,
    purpose: WebauthnChallengesTable['purpose'],
    userId: number | null,
  ): Promise<void> {
    const now = isoNow(clock);
    await challengesRepository.deleteExpired(db, now);
    await challengesRepository.insert(db, {
      challenge,
      purpose,
      user_id: userId,
      created_at: now,
      expires_at: isoAfter(clock, CHALLENGE_TTL_MS),
    });
  }

  /** Takes the challenge the browser signed, once; `fail` says how a missing one is refused. */
  async function takeChallenge(
    clientDataJSON: string,
    purpose: WebauthnChallengesTable['purpose'],
    userId: number | null,
    fail: (message: string) => AppError,
  ): Promise<string> {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge || !(await challengesRepository.consume(db, challenge, purpose, userId, isoNow(clock))))
      throw fail(PASSKEY_MESSAGES.expired);
    return challenge;
  }

  /** Checks an assertion against the stored passkey and records its use; the result's user verification. */
  async function checkAssertion(
    credential: Credential,
    challenge: string,
    passkey: PasskeyRow,
    fail: (message: string) => AppError,
  ): Promise<{ userVerified: boolean }> {
    let verification;
    try {
      const response: AuthenticationResponseJSON = credential;
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        // Whether the device checked it was the person is read below: sign-in takes either.
        requireUserVerification: false,
      });
    } catch {
      throw fail(PASSKEY_MESSAGES.notVerified);
    }
    const { verified, authenticationInfo } = verification;
    if (!verified) throw fail(PASSKEY_MESSAGES.notVerified);
    const { newCounter, userVerified } = authenticationInfo;
    // A counter that went backwards (or stood still) means a cloned authenticator; zero means the
    // device keeps no counter, as synced passkeys do.
    if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter)
      throw fail(PASSKEY_MESSAGES.notVerified);
    if (!(await passkeysRepository.recordUse(db, passkey.id, passkey.counter, newCounter, isoNow(clock))))
      throw fail(PASSKEY_MESSAGES.notVerified);
    return { userVerified };
  }

  /** Options for a sign-in or a confirmation; `allow` lists the passkeys that may answer (none: any). */
  async function authenticationOptions(
    userId: number | null,
    allow: PasskeyRow[],
    userVerification: 'preferred' | 'required',
  ): Promise<AuthenticationOptions> {
    const options = await generateAuthenticationOptions({
      rpID,
      challenge: new Uint8Array(random.bytes(32)),
      timeout: PROMPT_TIMEOUT_MS,
      userVerification,
    });
    await storeChallenge(options.challenge, 'authenticate', userId);
    return { ...options, allowCredentials: allow.map(descriptorOf) };
  }

  return {
    async list(user: UserRow): Promise<Passkey[]> {
      return (await passkeysRepository.forUser(db, user.id)).map(toPasskey);
    },

    async registrationOptions(user: UserRow): Promise<RegistrationOptions> {
      const existing = await passkeysRepository.forUser(db, user.id);
      const options = await generateRegistrationOptions({
        rpName: config.site.brand,
        rpID,
        userID: userHandle(user.id),
        userName: user.email,
        userDisplayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
        challenge: new Uint8Array(random.bytes(32)),
        timeout: PROMPT_TIMEOUT_MS,
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storeChallenge(options.challenge, 'register', user.id);
      return { ...options, excludeCredentials: existing.map(descriptorOf) };
    },

    async register(
      user: UserRow,
      credential: z.output<typeof RegistrationCredential>,
      name: string | undefined,
      userAgent: string,
    ): Promise<Passkey> {
      const challenge = await takeChallenge(credential.response.clientDataJSON, 'register', user.id, badRequest);
      let verification;
      try {
        const response: RegistrationResponseJSON = credential;
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        throw badRequest(PASSKEY_MESSAGES.notVerified);
      }
      if (!verification.verified) throw badRequest(PASSKEY_MESSAGES.notVerified);
      const info = verification.registrationInfo;
      try {
        const row = await passkeysRepository.insert(db, {
          user_id: user.id,
          credential_id: info.credential.id,
          public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: JSON.stringify(info.credential.transports ?? credential.response.transports ?? []),
          device_type: info.credentialDeviceType,
          backed_up: info.credentialBackedUp ? 1 : 0,
          name: name ?? describeBrowser(userAgent),
          created_at: isoNow(clock),
          last_used_at: null,
        });
        return toPasskey(row);
      } catch (error) {
        if (isUniqueViolation(error, 'credential_id')) throw conflict(PASSKEY_MESSAGES.alreadyAdded);
        throw error;
      }
    },

    async rename(user: UserRow, id: number, name: string): Promise<Passkey> {
      const row = await passkeysRepository.rename(db, id, user.id, name);
      if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
      return toPasskey(row);
    },

    async remove(user: UserRow, id: number): Promise<void> {
      if (!(await passkeysRepository.remove(db, id, user.id))) throw notFound(PASSKEY_MESSAGES.notFound);
    },

    /** Discoverable: no passkeys are listed, so the browser offers every one it holds for Gemcast. */
    loginOptions: () => authenticationOptions(null, [], 'preferred'),

    /**
     * Signs in with a passkey. A staff account whose device checked it was them (user verification)
     * has passed the second factor with it too; without that check it has not (decision 087).
     */
    async login(credential: Credential, client: SignInClient): Promise<AuthedUser> {
      const challenge = await takeChallenge(credential.response.clientDataJSON, 'authenticate', null, unauthorized);
      const passkey = await passkeysRepository.byCredentialId(db, credential.id);
      if (!passkey) throw unauthorized(PASSKEY_MESSAGES.notRecognised);
      const user = await usersRepository.byId(db, passkey.user_id);
      if (!user || user.deactivated_at || user.erased_at) throw unauthorized(PASSKEY_MESSAGES.notRecognised);
      const { userVerified } = await checkAssertion(credential, challenge, passkey, unauthorized);
      return auth.startVerifiedSession(user, client, user.is_staff === 1 && userVerified ? 'passkey' : null);
    },

    async confirmOptions(user: UserRow): Promise<AuthenticationOptions> {
      const own = await passkeysRepository.forUser(db, user.id);
      if (own.length === 0) throw notFound(PASSKEY_MESSAGES.none);
      return authenticationOptions(user.id, own, 'required');
    },

    /**
     * Confirms it is you with one of your own passkeys, checked by the device (PIN, fingerprint or
     * face): this session has then passed its second factor. Refusals are 400, not 401, so the
     * session itself is not taken for ended.
     */
    async confirm(user: UserRow, tokenHash: string, credential: Credential): Promise<{ second_factor_at: string }> {
      const challenge = await takeChallenge(credential.response.clientDataJSON, 'authenticate', user.id, badRequest);
      const passkey = await passkeysRepository.byCredentialId(db, credential.id);
      if (!passkey || passkey.user_id !== user.id) throw badRequest(PASSKEY_MESSAGES.notRecognised);
      const { userVerified } = await checkAssertion(credential, challenge, passkey, badRequest);
      if (!userVerified) throw badRequest(PASSKEY_MESSAGES.needsVerification);
      const at = isoNow(clock);
      await sessionsRepository.markSecondFactor(db, tokenHash, 'passkey', at);
      sessions.forgetToken(tokenHash);
      return { second_factor_at: at };
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
