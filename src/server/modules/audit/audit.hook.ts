// The audit hook (decision 088): every route a staff guard stands in front of is found when it is
// registered, and each call to it that is not a plain read answers only after its audit row is stored.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { UserRow } from '../../db/schema';
import { isStaffGuard, tokenOf } from '../../http/session';
import { USER_TOKEN_PREFIX } from '../../platform/secrets';
import type { AuditChange, AuditService } from './audit.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'read': a GET that hands out personal data (an export) and is audited like a write. */
    audit?: 'read';
    /** The action's stable name in the log; `METHOD /route/pattern` when not given. */
    auditAction?: string;
    /**
     * A staff member's own security call that must work before staff rights do (the second factor,
     * guarded by requireUser): listed and audited like a staff route (decision 088).
     */
    auditSelf?: boolean;
  }
  interface FastifyRequest {
    /** The target and before/after a service noted for this request's audit row (auditChange). */
    auditChange: AuditChange | null;
  }
  interface FastifyInstance {
    /** Every route behind a staff guard, as the audit hook found it when it was registered. */
    staffRoutes: readonly StaffRoute[];
  }
}

export type StaffRoute = { method: string; url: string; isAudited: boolean };

/** Where a guard can stand: every hook that runs before the route's handler. */
const HOOKS_BEFORE_HANDLER = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/** Whether a staff guard stands anywhere in the route's chain. */
export function isStaffRoute(route: Pick<RouteOptions, (typeof HOOKS_BEFORE_HANDLER)[number]>): boolean {
  return HOOKS_BEFORE_HANDLER.some((name) => [route[name]].flat().some(isStaffGuard));
}

/** Whether a call with this method writes a row: anything but a read, and reads flagged `audit: 'read'`. */
function isAuditedMethod(method: string, flag: 'read' | undefined): boolean {
  if (method === 'HEAD') return false;
  return method !== 'GET' || flag === 'read';
}

/** Notes the target and what changed, for the audit row the hook writes when the answer goes. */
export function auditChange(request: FastifyRequest, change: AuditChange): void {
  request.auditChange = change;
}

/** Runs an edit between a read of the target and notes both sides on the request's audit row. */
export async function auditedEdit<T>(
  request: FastifyRequest,
  target: { type: string; id: number | string },
  read: () => Promise<T>,
  write: () => Promise<T>,
): Promise<T> {
  const before = await read();
  const after = await write();
  auditChange(request, { targetType: target.type, targetId: target.id, before, after });
  return after;
}

/** The route's own target: its last path parameter, named by the parameter or the segment before it. */
function targetOf(route: string, params: unknown): { type: string; id: string } | null {
  const names = [...route.matchAll(/([^/]*)\/:(\w+)/g)];
  const last = names.at(-1);
  if (!last || typeof params !== 'object' || params === null) return null;
  const [, segment = '', name = ''] = last;
  const value: unknown = Object.entries(params).find(([key]) => key === name)?.[1];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const type = name === 'id' ? segment.replace(/s$/, '') : name.replace(/_?id$/, '');
  return { type: type || name, id: String(value) };
}

/**
 * Registers the hook; call it before any route is registered. `userOf` finds the caller of a
 * request the guard did not reach (a body refused before it, say), so a refused attempt still has its actor.
 */
export function registerAudit(
  app: FastifyInstance,
  audit: AuditService,
  userOf: (token: string) => Promise<UserRow | null>,
): void {
  const staffRoutes: StaffRoute[] = [];
  app.decorate('staffRoutes', staffRoutes);
  app.decorateRequest('auditChange', null);

  async function actorOf(request: FastifyRequest): Promise<UserRow | null> {
    if (request.user) return request.user;
    const token = tokenOf(request);
    return token.startsWith(USER_TOKEN_PREFIX) ? userOf(token) : null;
  }

  async function writeRow(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const { config, url = '' } = request.routeOptions;
    if (!isAuditedMethod(request.method, config.audit)) return payload;
    try {
      // A caller with no live session did nothing as anyone: not recording it keeps anonymous
      // traffic from filling an append-only table (every signed-in attempt is recorded).
      const actor = await actorOf(request);
      if (!actor) return payload;
      const noted = request.auditChange;
      const target = noted ? { type: noted.targetType, id: noted.targetId } : targetOf(url, request.params);
      await audit.record({
        actor,
        action: config.auditAction ?? `${request.method} ${url}`,
        method: request.method,
        route: url,
        targetType: target?.type ?? null,
        targetId: target?.id ?? null,
        ...(noted && reply.statusCode < 400 ? { before: noted.before, after: noted.after } : {}),
        status: reply.statusCode,
        ip: request.ip,
        requestId: request.id,
      });
    } catch (error) {
      // The action itself is done (or refused); a lost row is logged loudly rather than turned into a 500.
      request.log.error({ err: error }, 'audit row not written');
    }
    return payload;
  }

  app.addHook('onRoute', (route) => {
    if (!isStaffRoute(route) && route.config?.auditSelf !== true) return;
    const methods = [route.method].flat();
    const isAudited = methods.some((method) => isAuditedMethod(method, route.config?.audit));
    for (const method of methods)
      if (method !== 'HEAD')
        staffRoutes.push({ method, url: route.url, isAudited: isAuditedMethod(method, route.config?.audit) });
    if (isAudited) route.onSend = [...[route.onSend ?? []].flat(), writeRow];
  });
}
