// Who is calling: reads the `token` header (spec §6) and resolves a user session once per
// request. Routes that need a person use `requireUser` as their preHandler.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { AuthService } from '../modules/auth/auth.service';
import { unauthorized, forbidden } from './errors';
import { MESSAGES } from '../../shared/messages';

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

export function sessionGuards(auth: AuthService) {
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
  return { requireUser, requireStaff };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
