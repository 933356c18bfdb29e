// A call of the API as one value: method, path and the zod schemas of its parameters, query, body
// and answer. The server registers its route from it and the web client calls it through it, so a
// page cannot send what the server would refuse. zod is imported for types only: a page whose
// bundle must stay small uses a light copy of a descriptor (callRef) with its own answer check.
import type { z } from 'zod';
import type { Envelope } from './envelope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type CallDescriptor = {
  readonly method: HttpMethod;
  /** Under /api/, with `:name` for each path parameter (`/api/staff/giveaways/:id`). */
  readonly path: `/api/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The 200 answer: an envelope of the call's records. */
  readonly response: z.ZodType<Envelope<unknown>>;
};

/** Declares a call; `const` keeps its method and path as literal types. */
export function defineCall<const C extends CallDescriptor>(call: C): C {
  return call;
}

type Part<C, K extends 'params' | 'query' | 'body'> = C extends { readonly [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What the caller sends: exactly the parts the call declares, each as its schema accepts it. */
export type CallInput<C extends CallDescriptor> = Part<C, 'params'> & Part<C, 'query'> & Part<C, 'body'>;

/** The envelope the call answers with, as its response schema reads it. */
export type CallAnswer<C extends CallDescriptor> = z.output<C['response']>;

/** What checks an answer: a zod schema fits, and so does a hand-written check. */
export type AnswerParser<T> = {
  safeParse: (body: unknown) => { success: true; data: T } | { success: false };
};

declare const contractCall: unique symbol;

/**
 * A descriptor's method and path with an answer check of the page's own, typed by the descriptor
 * (imported as a type only): for the first screen's calls, which keep zod out of the home bundle.
 */
export type CallRef<C extends CallDescriptor> = {
  readonly method: C['method'];
  readonly path: C['path'];
  readonly response: AnswerParser<CallAnswer<C>>;
  readonly [contractCall]?: C;
};

export function callRef<C extends CallDescriptor>(ref: Omit<CallRef<C>, typeof contractCall>): CallRef<C> {
  return ref;
}

/** The call's path with its `:name` parameters filled in (encoded). */
export function pathWith(path: string, params: unknown): string {
  const values = new Map<string, unknown>(typeof params === 'object' && params !== null ? Object.entries(params) : []);
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values.get(name);
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
