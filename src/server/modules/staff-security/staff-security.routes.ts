// The staff second-factor calls under /api/staff/second-factor (decision 086). A staff session
// that has not passed its factor is refused by requireStaff, so the caller's own calls take any
// signed-in user and the service checks the stored staff right; reading and resetting another
// staff member's factor needs a passed (for the reset, a recent) factor.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_SECURITY_MESSAGES as M, staffSecurityCalls as calls } from '../../../shared/contract/staff-security';
import type { AppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { ok } from '../../http/envelope';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { FactorCaller, StaffSecurityService } from './staff-security.service';

const tags = ['staff'];
/** Code tries per account (and per address) in 15 minutes, on top of the lockout's 5 wrong ones in a row. */
const CODE_TRIES = 20;
const CODE_WINDOW_MS = 15 * 60_000;

function callerOf(request: FastifyRequest): FactorCaller {
  const user = currentUser(request);
  if (!request.tokenHash) throw unauthorized();
  return { user, tokenHash: request.tokenHash, log: request.log };
}

export function staffSecurityRoutes(
  ctx: AppContext,
  factors: StaffSecurityService,
  guards: ReturnType<typeof sessionGuards>,
) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();
    const codeLimits = [
      rateLimit(ctx.limiter, {
        name: 'second-factor-ip',
        limit: CODE_TRIES * 3 * ctx.config.perIpLimitScale,
        windowMs: CODE_WINDOW_MS,
        key: byIp,
        message: M.tooManyTries,
      }),
      guards.requireUser,
      rateLimit(ctx.limiter, {
        name: 'second-factor-user',
        limit: CODE_TRIES,
        windowMs: CODE_WINDOW_MS,
        key: byUser,
        message: M.tooManyTries,
      }),
    ];

    app.route({
      ...routeOf(calls.status, {
        tags,
        summary: 'Whether your authenticator app is set up or locked, and this session’s factor',
      }),
      // Audited like a staff call, though it works before staff rights do (decision 088).
      config: { auditSelf: true },
      preHandler: [guards.requireUser],
      handler: async (request) => ok([await factors.status(callerOf(request))], M.status, now()),
    });

    app.route({
      ...routeOf(calls.enrol, {
        tags,
        summary: 'Start setting up an authenticator app: a new secret, its otpauth URI and QR code (SVG)',
      }),
      // Audited like a staff call, though it works before staff rights do (decision 088).
      config: { auditSelf: true },
      preHandler: [guards.requireUser],
      handler: async (request) => ok([await factors.enrol(callerOf(request))], M.enrolStarted, now()),
    });

    app.route({
      ...routeOf(calls.confirm, {
        tags,
        summary: 'Confirm the app with its first code: marks this session and answers 10 recovery codes, once',
      }),
      // Audited like a staff call, though it works before staff rights do (decision 088).
      config: { auditSelf: true },
      preHandler: codeLimits,
      handler: async (request) => ok([await factors.confirm(callerOf(request), request.body.code)], M.confirmed, now()),
    });

    app.route({
      ...routeOf(calls.verify, {
        tags,
        summary: 'Pass the second factor with an app code or a recovery code; 5 wrong in a row lock it (423)',
      }),
      // Audited like a staff call, though it works before staff rights do (decision 088).
      config: { auditSelf: true },
      preHandler: codeLimits,
      handler: async (request) => ok([await factors.verify(callerOf(request), request.body.code)], M.verified, now()),
    });

    app.route({
      ...routeOf(calls.regenerate, {
        tags,
        summary: 'Replace your recovery codes with 10 new ones (needs a second factor from the last 10 minutes)',
      }),
      // Audited like a staff call, though it works before staff rights do (decision 088).
      config: { auditSelf: true },
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await factors.regenerate(callerOf(request), request.secondFactorAt)], M.regenerated, now()),
    });

    app.route({
      ...routeOf(calls.member, { tags, summary: 'Another account’s second factor: set up, locked, codes left' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok([await factors.member(request.params.id)], M.memberStatus, now()),
    });

    app.route({
      ...routeOf(calls.reset, {
        tags,
        summary: 'Reset another staff member’s second factor (not your own): they set up their app again',
      }),
      preHandler: [guards.requireStepUp],
      handler: async (request) =>
        ok([await factors.reset(currentUser(request), request.params.id, request.log)], M.reset, now()),
    });
  };
}
