// Who is calling: reads the `token` header (spec §6) and resolves a user session once per
// request. Routes that need a person use `requireUser` as their preHandler.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { UserRow } from '../db/schema';
import type { AuthService, Session } from '../modules/auth/auth.service';
import type { Caller } from '../modules/event-access/event-access.service';
import { AppError, unauthorized, forbidden } from './errors';
import { STATUS } from '../../shared/contract/envelope';
import type { Clock } from '../platform/clock';
import {
  SECOND_FACTOR_MESSAGES,
  STEP_UP_MINUTES,
  secondFactorFresh,
  type SecondFactorNeed,
} from '../../shared/second-factor';
import { MESSAGES } from '../../shared/messages';
import { USER_TOKEN_PREFIX } from '../platform/secrets';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    tokenHash: string | null;
    /** When the caller's session last passed a second factor (decision 085). */
    secondFactorAt: string | null;
  }
}

export function tokenOf(request: FastifyRequest): string {
  const header = request.headers.token;
  return typeof header === 'string' ? header.trim() : '';
}

/**
 * The guards that refuse a caller without a live token. The OpenAPI document marks a route as
 * needing the token when one of these stands in its chain, so the description follows the guard.
 */
const tokenGuards = new WeakSet<object>();

/** Whether a route hook is a session guard that needs the token (requireUser or requireStaff). */
export function isTokenGuard(hook: unknown): boolean {
  return typeof hook === 'function' && tokenGuards.has(hook);
}

/** The guards that let staff only through (requireStaff, requireStepUp): their routes are audited (decision 088). */
const staffGuards = new WeakSet<object>();

/** Whether a route hook is a staff guard (requireStaff or requireStepUp). */
export function isStaffGuard(hook: unknown): boolean {
  return typeof hook === 'function' && staffGuards.has(hook);
}

/** Whether the guard found a staff account whose session lacks the second factor. */
const pending = new WeakMap<FastifyRequest, boolean>();

/** The 403 the web turns into a second-factor prompt (the need rides in `data`). */
export function secondFactorNeeded(need: SecondFactorNeed['second_factor']): AppError {
  const need_: SecondFactorNeed = { second_factor: need };
  return new AppError(
    403,
    need === 'required' ? SECOND_FACTOR_MESSAGES.required : SECOND_FACTOR_MESSAGES.stepUp,
    STATUS.error,
    [need_],
  );
}

/** Refuses a sensitive staff action when the caller's second factor is older than STEP_UP_MINUTES. */
export function assertStepUp(request: FastifyRequest, nowMs: number): void {
  if (!secondFactorFresh(request.secondFactorAt, nowMs, STEP_UP_MINUTES * 60_000)) throw secondFactorNeeded('step_up');
}

export function sessionGuards(auth: Pick<AuthService, 'userForToken' | 'cachedUserForToken'>, clock: Clock) {
  function admit(request: FastifyRequest, session: Session): void {
    request.user = session.user;
    request.tokenHash = session.tokenHash;
    request.secondFactorAt = session.secondFactorAt;
    // Only the rare pending staff session is noted: a WeakMap entry per request cost more than the guard's other work.
    if (session.staffPending) pending.set(request, true);
  }
  async function signedIn(request: FastifyRequest): Promise<void> {
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    const session = await auth.userForToken(token);
    if (!session) throw unauthorized(MESSAGES.sessionExpired);
    admit(request, session);
  }
  /**
   * Callback-style, so a session this process has cached lets the request through at once: as an
   * async function the guard cost every authenticated call a promise and a microtask (issue 22).
   */
  function requireUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const cached = auth.cachedUserForToken(tokenOf(request));
    if (!cached) return void signedIn(request).then(() => done(), done);
    admit(request, cached);
    done();
  }
  /** Staff whose session passed the second factor; a staff account without it is told so (decision 085). */
  async function requireStaff(request: FastifyRequest): Promise<void> {
    await signedIn(request);
    if (pending.get(request)) throw secondFactorNeeded('required');
    if (!request.user?.is_staff) throw forbidden();
  }
  /** Staff whose second factor is at most STEP_UP_MINUTES old: for draws, exports and staff grants. */
  async function requireStepUp(request: FastifyRequest): Promise<void> {
    await requireStaff(request);
    assertStepUp(request, clock.now().getTime());
  }
  /** The caller's user id when the token header holds a live user token, else null; never throws. */
  async function identify(request: FastifyRequest): Promise<number | null> {
    const token = tokenOf(request);
    if (!token.startsWith(USER_TOKEN_PREFIX)) return null;
    return (await auth.userForToken(token))?.user.id ?? null;
  }
  /**
   * The caller as the private-event rule sees them (decision 051): address, the code they gave, and
   * their account, from the guard or else looked up from the token only when a private event asks.
   */
  function callerOf(request: FastifyRequest, code?: string): Caller {
    let lookup: Promise<UserRow | null> | undefined;
    const user = async () => {
      if (request.user) return request.user;
      const token = tokenOf(request);
      if (!token.startsWith(USER_TOKEN_PREFIX)) return null;
      return (await auth.userForToken(token))?.user ?? null;
    };
    return { ip: request.ip, code, user: () => (lookup ??= user()) };
  }
  tokenGuards.add(requireUser).add(requireStaff).add(requireStepUp);
  staffGuards.add(requireStaff).add(requireStepUp);
  return { requireUser, requireStaff, requireStepUp, identify, callerOf };
}

/**
 * The caller's own record as stored: a staff account whose session has not passed the second factor
 * is still staff when it reads itself, so the web keeps its staff links and can send it to verify.
 */
export function ownRecord(request: FastifyRequest): UserRow {
  const user = currentUser(request);
  return pending.get(request) ? { ...user, is_staff: 1 } : user;
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
