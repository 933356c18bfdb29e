// GET /healthz (the process is alive and answering) and GET /readyz (its database and, when
// configured, Redis answer too): what a load balancer or an orchestrator asks (decision 091).
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { STATUS } from '../../../shared/contract/envelope';
import { fail, ok } from '../../http/envelope';

/** How long readiness waits for each dependency: a probe must answer even while one hangs. */
export const READY_TIMEOUT_MS = 1_000;

export const HEALTH_MESSAGES = {
  alive: 'Alive',
  ready: 'Ready',
  notReady: (names: string[]) => `Not ready: ${names.join(', ')}`,
} as const;

/** What readiness asks of one dependency: any answer is enough. */
export type Dependency = { name: string; ping: () => Promise<unknown> };

/** `ok`, or why not: `unreachable` (it answered with an error) or `timeout` (it did not answer). */
export type DependencyState = 'ok' | 'unreachable' | 'timeout';

export function dependenciesOf(db: Db, redis: Redis | null): Dependency[] {
  const database: Dependency = { name: 'database', ping: () => sql`select 1`.execute(db) };
  return redis ? [database, { name: 'redis', ping: () => redis.ping() }] : [database];
}

async function stateOf(dependency: Dependency, timeoutMs: number): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  // Called inside an async function, so a ping that throws at once counts as unreachable too.
  const answer = (async () => dependency.ping())().then(
    (): DependencyState => 'ok',
    (): DependencyState => 'unreachable',
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every dependency's state, asked at the same time, in at most about timeoutMs. */
export async function readiness(
  dependencies: Dependency[],
  timeoutMs = READY_TIMEOUT_MS,
): Promise<Record<string, DependencyState>> {
  const states = await Promise.all(
    dependencies.map(async (dependency) => [dependency.name, await stateOf(dependency, timeoutMs)] as const),
  );
  return Object.fromEntries(states);
}

/**
 * Not in the API document (they are not calls under /api/), not rate limited, and logged at warn
 * only: a probe every few seconds from every balancer would otherwise fill the request log.
 */
export function healthRoutes(dependencies: Dependency[], timeoutMs = READY_TIMEOUT_MS) {
  return async function routes(fastify: FastifyInstance) {
    fastify.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok([{ alive: true }], HEALTH_MESSAGES.alive);
    });

    fastify.get('/readyz', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const states = await readiness(dependencies, timeoutMs);
      const notReady = Object.keys(states).filter((name) => states[name] !== 'ok');
      if (notReady.length)
        return reply.code(503).send(fail(503, HEALTH_MESSAGES.notReady(notReady), STATUS.error, [states]));
      return ok([states], HEALTH_MESSAGES.ready);
    });
  };
}
