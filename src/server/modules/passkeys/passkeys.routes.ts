// The passkey calls under /api/passkeys (decision 087), mapped once to the passkeys service. The
// sign-in calls need no token; the confirm calls take any signed-in session, also a staff one
// still waiting for its second factor (requireStaff would refuse it).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PASSKEY_MESSAGES, passkeyCalls } from '../../../shared/contract/passkeys';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { unauthorized } from '../../http/errors';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { PasskeysService } from './passkeys.service';

const tags = ['passkeys'];
const FIFTEEN_MINUTES_MS = 15 * 60_000;

function clientOf(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
}

export function passkeyRoutes(ctx: AppContext, passkeys: PasskeysService, guards: ReturnType<typeof sessionGuards>) {
  const scale = ctx.config.perIpLimitScale;
  /** Challenges for anyone who asks: a flood of them is refused before a row is written. */
  const limitLoginOptions = rateLimit(ctx.limiter, {
    name: 'passkey-options-ip',
    limit: 60 * scale,
    windowMs: 60_000,
    key: byIp,
  });
  const limitLogins = rateLimit(ctx.limiter, {
    name: 'passkey-login-ip',
    limit: 100 * scale,
    windowMs: FIFTEEN_MINUTES_MS,
    key: byIp,
  });
  const limitUserChecks = rateLimit(ctx.limiter, {
    name: 'passkey-user',
    limit: 30,
    windowMs: FIFTEEN_MINUTES_MS,
    key: byUser,
  });

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();
    /** The signed-in caller's session hash, which requireUser always sets. */
    const tokenHashOf = (request: FastifyRequest) => {
      if (!request.tokenHash) throw unauthorized();
      return request.tokenHash;
    };

    app.route({
      ...routeOf(passkeyCalls.registrationOptions, { tags, summary: 'Options to create a passkey for this account' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await passkeys.registrationOptions(currentUser(request))], PASSKEY_MESSAGES.options, now()),
    });

    app.route({
      ...routeOf(passkeyCalls.register, { tags, summary: 'Store a new passkey for this account' }),
      preHandler: [guards.requireUser, limitUserChecks],
      handler: async (request) => {
        const { credential, name } = request.body;
        const passkey = await passkeys.register(
          currentUser(request),
          credential,
          name,
          request.headers['user-agent'] ?? '',
        );
        return ok([passkey], PASSKEY_MESSAGES.added, now());
      },
    });

    app.route({
      ...routeOf(passkeyCalls.list, { tags, summary: 'This account’s passkeys' }),
      preHandler: [guards.requireUser],
      handler: async (request) => ok(await passkeys.list(currentUser(request)), PASSKEY_MESSAGES.list, now()),
    });

    app.route({
      ...routeOf(passkeyCalls.rename, { tags, summary: 'Rename one of this account’s passkeys' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(
          [await passkeys.rename(currentUser(request), request.params.id, request.body.name)],
          PASSKEY_MESSAGES.renamed,
          now(),
        ),
    });

    app.route({
      ...routeOf(passkeyCalls.remove, { tags, summary: 'Remove one of this account’s passkeys' }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        await passkeys.remove(currentUser(request), request.params.id);
        return ok([], PASSKEY_MESSAGES.removed, now());
      },
    });

    app.route({
      ...routeOf(passkeyCalls.loginOptions, { tags, summary: 'Options to sign in with any passkey (discoverable)' }),
      preHandler: [limitLoginOptions],
      handler: async () => ok([await passkeys.loginOptions()], PASSKEY_MESSAGES.options, now()),
    });

    app.route({
      ...routeOf(passkeyCalls.login, { tags, summary: 'Sign in with a passkey' }),
      preHandler: [limitLogins],
      handler: async (request) =>
        ok([await passkeys.login(request.body.credential, clientOf(request))], MESSAGES.loggedIn, now()),
    });

    app.route({
      ...routeOf(passkeyCalls.confirmOptions, {
        tags,
        summary: 'Options to confirm it is you with one of your passkeys',
      }),
      preHandler: [guards.requireUser, limitUserChecks],
      handler: async (request) =>
        ok([await passkeys.confirmOptions(currentUser(request))], PASSKEY_MESSAGES.options, now()),
    });

    app.route({
      ...routeOf(passkeyCalls.confirm, {
        tags,
        summary: 'Confirm it is you with a passkey: this session passes its second factor',
      }),
      preHandler: [guards.requireUser, limitUserChecks],
      handler: async (request) => {
        const confirmed = await passkeys.confirm(currentUser(request), tokenHashOf(request), request.body.credential);
        return ok([confirmed], PASSKEY_MESSAGES.confirmed, now());
      },
    });
  };
}
