// The staff second factor's rules (decision 086): enrolling an authenticator app, verifying a session
// with a code (±1 step, each step taken once) or a recovery code (each once), the lockout after 5
// wrong tries, new recovery codes, and another staff member's reset.
import QRCode from 'qrcode';
import {
  LOCKED_HTTP_STATUS,
  MAX_SECOND_FACTOR_FAILURES,
  RECOVERY_CODE,
  RECOVERY_CODE_COUNT,
  STAFF_SECURITY_MESSAGES as M,
  TOTP_CODE,
  normalRecoveryCode,
  type EnrolStart,
  type MemberSecondFactor,
  type RecoveryCodes,
  type SecondFactorStatus,
  type Verified,
} from '../../../shared/contract/staff-security';
import { STATUS } from '../../../shared/contract/envelope';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { secondFactorNeeded } from '../../http/session';
import { STEP_UP_MINUTES, secondFactorFresh } from '../../../shared/second-factor';
import { sessionsRepository } from '../auth/auth.repository';
import { staffSecurityRepository as repo } from './staff-security.repository';
import { createFactorVault, matchingStep, newRecoveryCode, newTotpSecret, otpauthUri } from './totp';

/** The caller's account and session as the guard found them. */
/** Who asks, and the request's logger, so a lockout's log line carries the request's id (decision 091). */
export type FactorCaller = { user: UserRow; tokenHash: string; log: FastifyBaseLogger };

const locked = () => new AppError(LOCKED_HTTP_STATUS, M.locked, STATUS.error, [{ second_factor: 'locked' }]);
const wrong = (message: string) => badRequest(message, [{ field: 'code', message }]);

export function createStaffSecurityService(ctx: AppContext) {
  const { db, clock, random } = ctx;
  const vault = createFactorVault(ctx.config.appSecret);
  const nowIso = () => clock.now().toISOString();

  /** The account's stored staff right: a pending staff session reads as a viewer everywhere else. */
  async function assertStaff(userId: number): Promise<void> {
    if (!(await repo.isStaff(db, userId))) throw forbidden(M.staffOnly);
  }

  async function markSession(tokenHash: string, method: 'totp' | 'recovery', atIso: string): Promise<void> {
    await sessionsRepository.markSecondFactor(db, tokenHash, method, atIso);
    ctx.sessions.forgetToken(tokenHash);
  }

  async function freshRecoveryCodes(userId: number, atIso: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode(random));
    await repo.replaceRecoveryCodes(
      db,
      userId,
      codes.map((code) => vault.recoveryHash(userId, code)),
      atIso,
    );
    return codes;
  }

  /** Counts a wrong try and answers its refusal: the 5th (and any try after) is the lockout. */
  async function refuse({ user, log }: FactorCaller, message: string): Promise<never> {
    const failures = await repo.countFailure(db, user.id, MAX_SECOND_FACTOR_FAILURES, nowIso());
    if (failures === null || failures >= MAX_SECOND_FACTOR_FAILURES) {
      log.warn({ userId: user.id }, 'staff second factor locked after wrong codes');
      throw locked();
    }
    throw wrong(message);
  }

  async function memberState(userId: number): Promise<MemberSecondFactor> {
    const totp = await repo.totpOf(db, userId);
    return {
      user_id: userId,
      enrolled: Boolean(totp),
      confirmed: Boolean(totp?.confirmed_at),
      locked: Boolean(totp?.locked_at),
      failures: totp?.failures ?? 0,
      recovery_codes_left: totp?.confirmed_at ? await repo.recoveryCodesLeft(db, userId) : 0,
    };
  }

  return {
    async status({ user, tokenHash }: FactorCaller): Promise<SecondFactorStatus> {
      await assertStaff(user.id);
      const state = await memberState(user.id);
      const session = await repo.sessionOf(db, tokenHash);
      return {
        enrolled: state.enrolled,
        confirmed: state.confirmed,
        locked: state.locked,
        recovery_codes_left: state.recovery_codes_left,
        second_factor_at: session?.second_factor_at ?? null,
        second_factor_method: session?.second_factor_method ?? null,
      };
    },

    async enrol({ user }: FactorCaller): Promise<EnrolStart> {
      await assertStaff(user.id);
      const secret = newTotpSecret();
      if (!(await repo.startEnrolment(db, user.id, vault.seal(secret, random), nowIso())))
        throw conflict(M.alreadyEnrolled);
      const uri = otpauthUri(secret, user.email);
      const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { uri, secret, qr_svg };
    },

    async confirm({ user, tokenHash }: FactorCaller, code: string): Promise<RecoveryCodes> {
      await assertStaff(user.id);
      const totp = await repo.totpOf(db, user.id);
      if (!totp) throw conflict(M.notStarted);
      if (totp.confirmed_at) throw conflict(M.alreadyEnrolled);
      const step = await matchingStep(vault.open(totp.secret), code, clock.now().getTime());
      if (step === null) throw wrong(M.wrongCode);
      const atIso = nowIso();
      if (!(await repo.confirm(db, user.id, step, atIso))) throw conflict(M.alreadyEnrolled);
      const recovery_codes = await freshRecoveryCodes(user.id, atIso);
      await markSession(tokenHash, 'totp', atIso);
      return { recovery_codes, second_factor_at: atIso };
    },

    async verify(caller: FactorCaller, typed: string): Promise<Verified> {
      const { user, tokenHash } = caller;
      await assertStaff(user.id);
      const isTotp = TOTP_CODE.test(typed);
      const recovery = normalRecoveryCode(typed);
      if (!isTotp && !RECOVERY_CODE.test(recovery)) throw wrong(M.notACode);
      const totp = await repo.totpOf(db, user.id);
      if (!totp?.confirmed_at) throw conflict(M.notEnrolled);
      if (totp.locked_at) throw locked();
      const atIso = nowIso();
      let method: Verified['second_factor_method'];
      if (isTotp) {
        const step = await matchingStep(vault.open(totp.secret), typed, clock.now().getTime());
        if (step === null) return refuse(caller, M.wrongCode);
        if (!(await repo.takeStep(db, user.id, step))) return refuse(caller, M.usedCode);
        method = 'totp';
      } else {
        if (!(await repo.useRecoveryCode(db, user.id, vault.recoveryHash(user.id, recovery), atIso)))
          return refuse(caller, M.wrongRecoveryCode);
        await repo.resetFailures(db, user.id);
        method = 'recovery';
      }
      await markSession(tokenHash, method, atIso);
      return {
        second_factor_at: atIso,
        second_factor_method: method,
        recovery_codes_left: await repo.recoveryCodesLeft(db, user.id),
      };
    },

    async regenerate({ user }: FactorCaller, secondFactorAt: string | null): Promise<RecoveryCodes> {
      await assertStaff(user.id);
      if (!secondFactorFresh(secondFactorAt, clock.now().getTime(), STEP_UP_MINUTES * 60_000))
        throw secondFactorNeeded('step_up');
      const totp = await repo.totpOf(db, user.id);
      if (!totp?.confirmed_at) throw conflict(M.notEnrolled);
      const atIso = nowIso();
      return { recovery_codes: await freshRecoveryCodes(user.id, atIso), second_factor_at: atIso };
    },

    async member(userId: number): Promise<MemberSecondFactor> {
      if (!(await repo.userExists(db, userId))) throw notFound(M.noSuchUser);
      return memberState(userId);
    },

    async reset(actor: UserRow, userId: number, log: FastifyBaseLogger): Promise<MemberSecondFactor> {
      if (actor.id === userId) throw forbidden(M.notYourself);
      if (!(await repo.userExists(db, userId))) throw notFound(M.noSuchUser);
      await repo.reset(db, userId);
      ctx.sessions.forgetUser(userId);
      log.info({ actorId: actor.id, userId }, 'staff second factor reset by another staff member');
      return memberState(userId);
    },
  };
}
export type StaffSecurityService = ReturnType<typeof createStaffSecurityService>;
