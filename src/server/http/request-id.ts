// The id on every log line of a request, answered in `x-request-id` (decision 091). Behind a trusted
// proxy the balancer's id is kept, so one request can be followed from nginx to the server's logs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming id may look like: a UUID, nginx's $request_id (32 hex) and the like; never a log injection. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's genReqId: the incoming `x-request-id` when a proxy is trusted (TRUST_PROXY is set) and
 * the value is well formed, else a new UUID. Without a trusted proxy a client could pick its own id
 * and pass for another request in the logs, so it is not believed.
 */
export function requestIdFrom(trustProxy: boolean | string): (request: IncomingMessage) => string {
  if (trustProxy === false) return () => randomUUID();
  return (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
  };
}
