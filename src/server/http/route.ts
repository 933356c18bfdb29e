// A route's method, URL and schemas, taken from the call's descriptor in the contract, so the path
// and the request and answer shapes are written once for the server, the web client and OpenAPI.
// The route file adds what is policy: who may call it (preHandler) and what it does (handler).
import type { CallDescriptor } from '../../shared/contract/call';
import { ErrorEnvelope } from '../../shared/contract/envelope';

/** Every route's error answers: the envelope with status 0, 2 or -1 and an empty or issue data. */
export const errorResponses = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/**
 * What OpenAPI shows of a route beyond its shapes. `security` is for calls that read the token
 * only when one is sent (`[{}, { token: [] }]`); a guarded call's security comes from its guard.
 */
export type RouteDoc = { tags: string[]; summary: string; security?: Record<string, string[]>[] };

/** The security of a call that works without a token and reads one when it is sent. */
export const OPTIONAL_TOKEN: Record<string, string[]>[] = [{}, { token: [] }];

type SchemaPart<C, K extends 'params' | 'query' | 'body', As extends string> = C extends {
  readonly [P in K]: infer S;
}
  ? { [P in As]: S }
  : unknown;

export type RouteSchemaOf<C extends CallDescriptor> = RouteDoc & {
  response: { 200: C['response'] } & typeof errorResponses;
} & SchemaPart<C, 'params', 'params'> &
  SchemaPart<C, 'query', 'querystring'> &
  SchemaPart<C, 'body', 'body'>;

export type RouteOf<C extends CallDescriptor> = { method: C['method']; url: C['path']; schema: RouteSchemaOf<C> };

export function routeOf<const C extends CallDescriptor>(call: C, doc: RouteDoc): RouteOf<C>;
// The signature above carries each schema's type to the handler; this one assembles the object.
export function routeOf(call: CallDescriptor, doc: RouteDoc): object {
  const schema: Record<string, unknown> = { ...doc, response: { 200: call.response, ...errorResponses } };
  if (call.params) schema.params = call.params;
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  return { method: call.method, url: call.path, schema };
}
