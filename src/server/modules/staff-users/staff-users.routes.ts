// Staff user management calls under /api/staff/users (decision 089), all behind requireStaff
// (viewers 403, visitors 401); granting staff, the data export and erasing need a second factor
// from the last few minutes too (requireStepUp).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_USER_MESSAGES as M,
  USER_EXPORT_PATH,
  UserParams,
  staffUserCalls as calls,
} from '../../../shared/contract/staff-users';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { StaffCaller, StaffUsersService } from './staff-users.service';

const tags = ['staff'];

function callerOf(request: FastifyRequest): StaffCaller {
  return { user: currentUser(request), tokenHash: request.tokenHash };
}

export function staffUserRoutes(ctx: AppContext, users: StaffUsersService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const staff = [guards.requireStaff];
    const stepUp = [guards.requireStepUp];
    const now = () => ctx.clock.now();

    app.route({
      ...routeOf(calls.search, {
        tags,
        summary: 'Viewers by name, e-mail or phone, newest first, a page at a time; staff or switched-off only',
      }),
      preHandler: staff,
      handler: async (request) => ok([await users.search(request.query)], M.found, now()),
    });

    app.route({
      ...routeOf(calls.detail, {
        tags,
        summary:
          'One viewer: profile, state, activity (RSVPs, check-ins, entries, wins, chat sanctions, points), sessions',
      }),
      preHandler: staff,
      handler: async (request) => ok([await users.detail(request.params.id, callerOf(request))], M.detail, now()),
    });

    app.route({
      ...routeOf(calls.grantStaff, { tags, summary: 'Grant staff rights (second factor in the last 10 minutes)' }),
      preHandler: stepUp,
      handler: async (request) => ok([await users.grantStaff(callerOf(request), request.params.id)], M.granted, now()),
    });

    app.route({
      ...routeOf(calls.revokeStaff, {
        tags,
        summary: 'Remove staff rights (not one’s own, never the last staff account’s); at once on every process',
      }),
      preHandler: staff,
      handler: async (request) => ok([await users.revokeStaff(callerOf(request), request.params.id)], M.revoked, now()),
    });

    app.route({
      ...routeOf(calls.deactivate, {
        tags,
        summary: 'Switch an account off: every session and chat socket ends at once on every process',
      }),
      preHandler: staff,
      handler: async (request) =>
        ok([await users.deactivate(callerOf(request), request.params.id)], M.deactivated, now()),
    });

    app.route({
      ...routeOf(calls.reactivate, { tags, summary: 'Switch a deactivated account back on' }),
      preHandler: staff,
      handler: async (request) =>
        ok([await users.reactivate(callerOf(request), request.params.id)], M.reactivated, now()),
    });

    app.route({
      ...routeOf(calls.endSession, { tags, summary: 'End one of the viewer’s sessions, on every process' }),
      preHandler: staff,
      handler: async (request) =>
        ok(
          [await users.endSession(callerOf(request), request.params.id, request.params.sessionId)],
          M.sessionEnded,
          now(),
        ),
    });

    app.route({
      ...routeOf(calls.erase, {
        tags,
        summary: 'Erase a viewer on request: personal fields anonymised, draws and ledgers kept by id',
      }),
      preHandler: stepUp,
      handler: async (request) =>
        ok([await users.erase(callerOf(request), request.params.id, request.body.confirm)], M.erased, now()),
    });

    // A file, not an envelope: no call descriptor, only the path and its parameters from the contract.
    app.get(
      USER_EXPORT_PATH,
      {
        preHandler: stepUp,
        schema: {
          tags,
          summary: 'Everything stored about a viewer, as a JSON download (second factor in the last 10 minutes)',
          params: UserParams,
        },
      },
      async (request, reply) => {
        const data = await users.exportData(request.params.id);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="gemcast-user-${request.params.id}.json"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(data, null, 2));
      },
    );
  };
}
