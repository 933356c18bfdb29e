// Registration, password and code login, password reset and sessions. The rules of
// docs/decisions/002-accounts.md live here; SQL lives in auth.repository.ts.
import type { z } from 'zod';
import type {
  CheckResetCodeRequest,
  LoginByCodeRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '../../../shared/contract/auth';
import type { AuthedUser } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '../../../shared/validation';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { CodeRow, UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, tooMany, unauthorized } from '../../http/errors';
import { isoAfter, isoNow } from '../../platform/clock';
import { decoyHash, hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords';
import { newCode, newUserToken, sha256Hex } from '../../platform/secrets';
import { assertNotFuture } from '../../http/dates';
import { BLANK_PROFILE, codesRepository, sessionsRepository, usersRepository } from './auth.repository';
import { loginLockout } from './login-lockout';
import { codeMail } from './auth.mail';
import { toUserRecord } from './user-record';
import { recordPasswordChange, recordSignIn, type SignInClient } from './account-notices';
import { createEarningService } from '../rewards/earning.service';
import { subscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { exhibitionsRepository } from '../exhibitions/exhibitions.repository';
import type { CachedSession } from '../../platform/session-cache';
import { STAFF_SESSION_HOURS, secondFactorFresh } from '../../../shared/second-factor';

export const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = CODE_RESEND_SECONDS * 1000;
export const CODE_DAILY_CAP = 10;
const DAY_MS = 24 * 60 * 60_000;
type LimitRule = { limit: number; windowMs: number };
// Limits keyed by the e-mail address stay here: they need the parsed address and belong to the code rules.
// Failed password logins are counted per account and per network in login-lockout.ts.
const ADDRESS_LIMITS = {
  codeChecks: { limit: 20, windowMs: 15 * 60_000 },
  codeResend: { limit: 1, windowMs: CODE_RESEND_MS },
  codesPerDay: { limit: CODE_DAILY_CAP, windowMs: DAY_MS },
} satisfies Record<string, LimitRule>;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type Purpose = CodeRow['purpose'];

export function createAuthService(ctx: AppContext) {
  const { db, clock, random, signer, limiter, config, sessions } = ctx;
  const earning = createEarningService(ctx);
  const lockout = loginLockout(limiter);

  async function limit(key: string, rule: LimitRule, message: string = MESSAGES.rateLimited) {
    const hit = await limiter.hit(key, rule.limit, rule.windowMs);
    if (!hit.allowed) throw tooMany(message, hit.retryAfterSeconds);
  }

  function checkPasswordStrength(password: string) {
    if (isCommonPassword(password))
      throw badRequest(MESSAGES.weakPassword, [{ field: 'password', message: MESSAGES.weakPassword }]);
  }

  /**
   * The session and, from a browser the account has not used before, the sign-in notice, in one
   * transaction. `alert` is false for the account's first session: nobody is alarmed by signing up.
   * `secondFactor` marks the new session as having passed one with the sign-in itself (decision 087).
   */
  async function startSession(
    user: UserRow,
    client: SignInClient,
    alert: boolean,
    secondFactor: 'passkey' | null = null,
  ): Promise<AuthedUser> {
    const token = newUserToken(random);
    const tokenHash = sha256Hex(token);
    const at = clock.now();
    await db.transaction().execute(async (trx) => {
      // A subscriber with this address becomes this viewer's subscriptions (decision 072).
      await subscriptionsRepository.linkUser(trx, user.email, user.id);
      // Product registrations made logged out with this address join the account (decision 074).
      await exhibitionsRepository.joinAccount(trx, user.email, user.id);
      await sessionsRepository.insert(
        trx,
        user.id,
        tokenHash,
        at.toISOString(),
        isoAfter(clock, config.sessionDays * DAY_MS),
      );
      if (secondFactor) await sessionsRepository.markSecondFactor(trx, tokenHash, secondFactor, at.toISOString());
      await recordSignIn(trx, {
        secret: config.appSecret,
        publicUrl: config.publicUrl,
        userId: user.id,
        client,
        at,
        alert,
      });
    });
    return { ...toUserRecord(user, config.mediaBaseUrl), tokenvalue: token };
  }

  function newInviteCode(): string {
    let code = '';
    for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[random.int(INVITE_ALPHABET.length)];
    return code;
  }

  /** Limits are checked before anything is written, so a refused call changes nothing. */
  async function checkSendLimits(email: string, purpose: Purpose) {
    await limit(`send:${purpose}:${email}`, ADDRESS_LIMITS.codeResend, MESSAGES.codeSendWait);
    await limit(`send-day:${purpose}:${email}`, ADDRESS_LIMITS.codesPerDay, MESSAGES.codeDailyCap);
  }

  async function issueCode(email: string, purpose: Purpose, sessionId: string | undefined) {
    const code = newCode(random);
    const now = isoNow(clock);
    await db.transaction().execute(async (trx) => {
      await codesRepository.voidActive(trx, email, [purpose], now);
      await codesRepository.insert(trx, {
        email,
        purpose,
        code_hmac: signer.codeDigest(purpose, email, code),
        session_id: sessionId || null,
        created_at: now,
        expires_at: isoAfter(clock, CODE_TTL_MS),
      });
    });
    // A code row exists for unknown addresses too, so every later answer is the same for them.
    // The mail is written for both; whether the address has an account is looked up in the mail
    // queue, after the answer has gone, so known and unknown addresses cost the call the same.
    const mail = codeMail(email, code, purpose, config.publicUrl);
    ctx.sendMail(async () => ((await usersRepository.byEmail(db, email)) ? mail : null));
  }

  /** Checks a code; wrong tries count, and the fifth wrong one kills the code. */
  async function checkCode(
    email: string,
    purpose: Purpose,
    code: string,
    sessionId: string | undefined,
  ): Promise<CodeRow> {
    await limit(`code:addr:${email}`, ADDRESS_LIMITS.codeChecks);
    const row = await codesRepository.latestActive(db, email, purpose);
    if (!row) throw unauthorized(MESSAGES.codeWrong);
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw unauthorized(MESSAGES.codeDead);
    if (row.expires_at <= isoNow(clock)) throw unauthorized(MESSAGES.codeExpired);
    const sessionMatches = !row.session_id || row.session_id === sessionId;
    if (!sessionMatches || !signer.sameDigest(row.code_hmac, signer.codeDigest(purpose, email, code))) {
      await codesRepository.addAttempt(db, row.id);
      throw unauthorized(MESSAGES.codeWrong);
    }
    return row;
  }

  /**
   * The session behind a token when this process has it cached, without a promise: the guard of
   * every authenticated call answers from here and awaits only on a miss (issue 22). Null on a miss.
   */
  function cachedUserForToken(token: string): Session | null {
    const nowMs = clock.now().getTime();
    const cached = sessions.get(token, nowMs);
    return cached ? asCaller(cached, nowMs) : null;
  }

  return {
    async register(
      input: z.output<typeof RegisterRequest>,
      client: SignInClient,
    ): Promise<{ user: AuthedUser; message: string }> {
      assertNotFuture(clock, { birthday: input.birthday, anniversary: input.anniversary });
      if (input.password !== undefined) checkPasswordStrength(input.password);
      const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
      const inviteCode = input.invitedCode?.toUpperCase() || null;
      const inviter = inviteCode ? await usersRepository.byInviteCode(db, inviteCode) : undefined;
      const now = isoNow(clock);
      // An unconfirmed code-mode account whose code has expired does not hold its e-mail or phone.
      await usersRepository.deleteStaleUnconfirmed(db, input.email, input.phone, isoAfter(clock, -CODE_TTL_MS));
      let created: UserRow | undefined;
      for (let attempt = 0; !created; attempt++) {
        try {
          created = await usersRepository.insert(db, {
            ...BLANK_PROFILE,
            email: input.email,
            phone: input.phone,
            password_hash: passwordHash,
            first_name: input.first_name,
            middle_name: input.middle_name ?? '',
            last_name: input.last_name,
            nickname: input.nickname ?? '',
            birthday: input.birthday || null,
            anniversary: input.anniversary || null,
            isactive: passwordHash ? 1 : 0,
            is_staff: 0,
            my_invite_code: newInviteCode(),
            invited_code: inviter ? inviteCode : null,
            invited_by: inviter?.id ?? null,
            ref_id: input.refId || null,
            created_at: now,
            updated_at: now,
          });
        } catch (error) {
          if (isUniqueViolation(error, 'email')) throw conflict(MESSAGES.emailTaken);
          if (isUniqueViolation(error, 'phone')) throw conflict(MESSAGES.phoneTaken);
          if (!isUniqueViolation(error, 'my_invite_code') || attempt >= 5) throw error;
        }
      }
      // The inviter's points wait for this viewer's first check-in (decision 056).
      if (created.invited_by !== null) await earning.referral(created.invited_by, created.id);
      if (passwordHash) return { user: await startSession(created, client, false), message: MESSAGES.registered };
      await issueCode(created.email, 'login', input.session_id);
      return {
        user: { ...toUserRecord(created, config.mediaBaseUrl), tokenvalue: '' },
        message: MESSAGES.registeredConfirm,
      };
    },

    /** The client's address: wrong passwords pause its network for this account (decision 052). */
    async login(input: z.output<typeof LoginRequest>, client: SignInClient): Promise<AuthedUser> {
      const { ip } = client;
      const admission = await lockout.admit(input.email, ip);
      if (!admission.allowed) throw tooMany(MESSAGES.loginLocked, admission.retryAfterSeconds);
      const user = await usersRepository.byEmail(db, input.email);
      const password = input.password.normalize('NFKC');
      const matches = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
      if (!user || !user.password_hash || !matches) {
        await lockout.failed(input.email, ip);
        throw unauthorized(MESSAGES.badCredentials);
      }
      await lockout.succeeded(input.email, ip);
      // Told only to someone who knows the password, so the answer reveals nothing to others.
      refuseDeactivated(user);
      return startSession(user, client, true);
    },

    /**
     * A sign-in proven without a password or code (a passkey, decision 087): the same session,
     * sign-in device and notice as a login. `secondFactor` when the proof also counts as one.
     */
    async startVerifiedSession(
      user: UserRow,
      client: SignInClient,
      secondFactor: 'passkey' | null,
    ): Promise<AuthedUser> {
      return startSession(user, client, true, secondFactor);
    },

    async sendLoginCode(email: string, sessionId: string | undefined) {
      await checkSendLimits(email, 'login');
      await issueCode(email, 'login', sessionId);
    },
    async sendResetCode(email: string) {
      await checkSendLimits(email, 'reset');
      await issueCode(email, 'reset', undefined);
    },

    async loginByCode(input: z.output<typeof LoginByCodeRequest>, client: SignInClient): Promise<AuthedUser> {
      const row = await checkCode(input.email, 'login', input.OTP, input.session_id);
      const user = await usersRepository.byEmail(db, input.email);
      if (!user || !(await codesRepository.consume(db, row.id, isoNow(clock)))) throw unauthorized(MESSAGES.codeWrong);
      // Checked before the confirmation below: a code login never switches a deactivated account back on.
      refuseDeactivated(user);
      const active = user.isactive
        ? user
        : ((await usersRepository.update(db, user.id, { isactive: 1, updated_at: isoNow(clock) })) ?? user);
      sessions.forgetUser(user.id);
      // An account made in code mode is confirmed by its first code login: its first session.
      return startSession(active, client, user.isactive === 1);
    },

    async checkResetCode(input: z.output<typeof CheckResetCodeRequest>): Promise<void> {
      await checkCode(input.email, 'reset', input.OTP, undefined);
    },

    /** Sets the new password, then revokes every session and every pending code of the account. */
    async resetPassword(input: z.output<typeof ResetPasswordRequest>): Promise<void> {
      checkPasswordStrength(input.password);
      const row = await checkCode(input.email, 'reset', input.OTP, undefined);
      const user = await usersRepository.byEmail(db, input.email);
      if (!user) throw unauthorized(MESSAGES.codeWrong);
      refuseDeactivated(user);
      const passwordHash = await hashPassword(input.password);
      const now = isoNow(clock);
      await db.transaction().execute(async (trx) => {
        if (!(await codesRepository.consume(trx, row.id, now))) throw unauthorized(MESSAGES.codeWrong);
        await usersRepository.update(trx, user.id, { password_hash: passwordHash, isactive: 1, updated_at: now });
        await sessionsRepository.deleteForUser(trx, user.id);
        await codesRepository.voidActive(trx, user.email, ['login', 'reset'], now);
        await recordPasswordChange(trx, { publicUrl: config.publicUrl, userId: user.id, at: new Date(now) });
      });
      await ctx.revokeSessions({ scope: 'account', userId: user.id });
    },

    async logout(tokenHash: string): Promise<void> {
      const ended = await sessionsRepository.deleteByTokenHash(db, tokenHash);
      if (ended) await ctx.revokeSessions({ scope: 'session', userId: ended.user_id, sessionId: ended.id, tokenHash });
      else sessions.forgetToken(tokenHash);
    },

    async emailExists(email: string): Promise<boolean> {
      return Boolean(await usersRepository.byEmail(db, email));
    },

    async phoneExists(phone: string): Promise<boolean> {
      return Boolean(await usersRepository.byPhone(db, phone));
    },

    cachedUserForToken,

    /**
     * The session behind a token header, or null. One indexed read; never argon2. A staff account
     * whose session has not passed the second factor in the last STAFF_SESSION_HOURS is answered as
     * a viewer (`is_staff` 0) with `staffPending` set, so no staff rule anywhere trusts it (decision 085).
     */
    async userForToken(token: string): Promise<Session | null> {
      const cached = cachedUserForToken(token);
      if (cached) return cached;
      const nowMs = clock.now().getTime();
      const tokenHash = sha256Hex(token);
      const row = await sessionsRepository.userByTokenHash(db, tokenHash, new Date(nowMs).toISOString());
      if (!row) return null;
      const { second_factor_at: secondFactorAt, token_hash: _hash, ...user } = row;
      const session = { user, tokenHash, secondFactorAt };
      sessions.set(token, session, nowMs);
      return asCaller(session, nowMs);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** A staff-deactivated account signs in by no path (decision 089); `isactive` 0 alone is only unconfirmed. */
export function refuseDeactivated(user: Pick<UserRow, 'deactivated_at'>): void {
  if (user.deactivated_at) throw forbidden(MESSAGES.accountDeactivated);
}

/** A signed-in caller: `staffPending` when the account is staff but the session lacks the second factor. */
export type Session = { user: UserRow; tokenHash: string; secondFactorAt: string | null; staffPending: boolean };

const STAFF_SESSION_MS = STAFF_SESSION_HOURS * 60 * 60_000;

/**
 * A viewer's caller, made once per cached session rather than once per request: the session
 * lookup runs on every authenticated call, and the copy showed in its profile (decision 096).
 */
const viewerCallers = new WeakMap<CachedSession, Session>();

function asCaller(session: CachedSession, nowMs: number): Session {
  if (session.user.is_staff !== 1) {
    let caller = viewerCallers.get(session);
    if (!caller) viewerCallers.set(session, (caller = { ...session, staffPending: false }));
    return caller;
  }
  if (secondFactorFresh(session.secondFactorAt, nowMs, STAFF_SESSION_MS)) return { ...session, staffPending: false };
  return { ...session, user: { ...session.user, is_staff: 0 }, staffPending: true };
}
