// The account calls of spec §7 under /api/, mapped once to the auth service. The per-IP limits
// are in each route's chain; the limits keyed by the e-mail address stay with the service's rules.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authCalls } from '../../../shared/contract/auth';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { cookieValue } from '../../http/cookies';
import { ok } from '../../http/envelope';
import { byIp, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import { newVisitorToken } from '../../platform/secrets';
import type { SignInClient } from './account-notices';
import type { AuthService } from './auth.service';

const tags = ['accounts'];
const FIFTEEN_MINUTES_MS = 15 * 60_000;

/**
 * Requests one IP address may make in a window. Each counter's name is its key's prefix (the IP
 * follows). The limits scale by config.perIpLimitScale where many share one address (a trade show).
 */
const IP_LIMITS = {
  /** Password logins. */
  login: { name: 'login:ip', limit: 100, windowMs: FIFTEEN_MINUTES_MS },
  /** Code checks: code login, reset-code check and password reset. */
  code: { name: 'code:ip', limit: 100, windowMs: FIFTEEN_MINUTES_MS },
  /** checkifemailexists and checkifphoneexists together. */
  exists: { name: 'exists:ip', limit: 30, windowMs: 60_000 },
  /** Login and reset codes sent, to any addresses. */
  sends: { name: 'send-ip', limit: 30, windowMs: FIFTEEN_MINUTES_MS },
  registrations: { name: 'register-ip', limit: 30, windowMs: FIFTEEN_MINUTES_MS },
};

/** Who is signing in: for the new-browser notice (decision 070) and the lockout's network. */
function clientOf(request: FastifyRequest): SignInClient {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
}

export function authRoutes(ctx: AppContext, auth: AuthService, guards: ReturnType<typeof sessionGuards>) {
  const perIp = (rule: (typeof IP_LIMITS)[keyof typeof IP_LIMITS]) =>
    rateLimit(ctx.limiter, { ...rule, limit: rule.limit * ctx.config.perIpLimitScale, key: byIp });
  const limitLogins = perIp(IP_LIMITS.login);
  const limitCodeChecks = perIp(IP_LIMITS.code);
  const limitExistsChecks = perIp(IP_LIMITS.exists);
  const limitSends = perIp(IP_LIMITS.sends);
  const limitRegistrations = perIp(IP_LIMITS.registrations);

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();

    app.route({
      ...routeOf(authCalls.register, {
        tags,
        summary: 'Create an account (password mode, or code mode without a password)',
      }),
      preHandler: [limitRegistrations],
      handler: async (request) => {
        // The referral cookie counts even when the form did not send it.
        const refId = request.body.refId || cookieValue(request.headers.cookie, 'refId')?.slice(0, 100);
        const { user, message } = await auth.register({ ...request.body, refId }, clientOf(request));
        return ok([user], message, now());
      },
    });

    app.route({
      ...routeOf(authCalls.login, { tags, summary: 'Log in with e-mail and password' }),
      preHandler: [limitLogins],
      handler: async (request) => ok([await auth.login(request.body, clientOf(request))], MESSAGES.loggedIn, now()),
    });

    app.route({
      ...routeOf(authCalls.sendLoginCode, { tags, summary: 'E-mail a 6-digit login code' }),
      preHandler: [limitSends],
      handler: async (request) => {
        await auth.sendLoginCode(request.query.emailid, request.query.session_id);
        return ok([], MESSAGES.codeSent, now());
      },
    });

    app.route({
      ...routeOf(authCalls.loginByCode, { tags, summary: 'Log in with an e-mailed code' }),
      preHandler: [limitCodeChecks],
      handler: async (request) =>
        ok([await auth.loginByCode(request.body, clientOf(request))], MESSAGES.loggedIn, now()),
    });

    app.route({
      ...routeOf(authCalls.sendResetCode, { tags, summary: 'E-mail a password reset code' }),
      preHandler: [limitSends],
      handler: async (request) => {
        await auth.sendResetCode(request.query.emailId);
        return ok([], MESSAGES.codeSent, now());
      },
    });

    app.route({
      ...routeOf(authCalls.checkResetCode, { tags, summary: 'Check a password reset code without using it' }),
      preHandler: [limitCodeChecks],
      handler: async (request) => {
        await auth.checkResetCode(request.body);
        return ok([], MESSAGES.codeAccepted, now());
      },
    });

    app.route({
      ...routeOf(authCalls.resetPassword, { tags, summary: 'Set a new password with a reset code' }),
      preHandler: [limitCodeChecks],
      handler: async (request) => {
        await auth.resetPassword(request.body);
        return ok([], MESSAGES.passwordReset, now());
      },
    });

    app.route({
      ...routeOf(authCalls.emailExists, { tags, summary: 'Whether an account uses this e-mail (rate-limited)' }),
      preHandler: [limitExistsChecks],
      handler: async (request) => ok([{ exists: await auth.emailExists(request.query.emailid) }], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(authCalls.phoneExists, {
        tags,
        summary: 'Whether an account uses this phone number (rate-limited)',
      }),
      preHandler: [limitExistsChecks],
      handler: async (request) => ok([{ exists: await auth.phoneExists(request.query.phone) }], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(authCalls.logout, { tags, summary: 'Revoke this session token' }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        currentUser(request);
        if (request.tokenHash) await auth.logout(request.tokenHash);
        return ok([], MESSAGES.loggedOut, now());
      },
    });

    app.route({
      ...routeOf(authCalls.visitorToken, { tags, summary: 'An opaque token (tkn) for an anonymous visitor' }),
      handler: async () => ok([{ tkn: newVisitorToken(ctx.random) }], MESSAGES.ok, now()),
    });
  };
}
