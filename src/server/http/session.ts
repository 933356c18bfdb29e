// Who is calling: reads the `token` header (spec §6) and resolves a user session once per
// request. Routes that need a person use `requireUser` as their preHandler.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { AuthService } from '../modules/auth/auth.service';
import type { Caller } from '../modules/event-access/event-access.service';
import { unauthorized, forbidden } from './errors';
import { MESSAGES } from '../../shared/messages';
import { USER_TOKEN_PREFIX } from '../platform/secrets';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    tokenHash: string | null;
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

export function sessionGuards(auth: Pick<AuthService, 'userForToken'>) {
  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    const session = await auth.userForToken(token);
    if (!session) throw unauthorized(MESSAGES.sessionExpired);
    request.user = session.user;
    request.tokenHash = session.tokenHash;
  }
  async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (!request.user?.is_staff) throw forbidden();
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
  tokenGuards.add(requireUser).add(requireStaff);
  return { requireUser, requireStaff, identify, callerOf };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
