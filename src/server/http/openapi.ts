// The API's OpenAPI description (served at /api/docs/json, linted by `npm run lint:api`). What a
// generated client needs beyond each route's shapes is derived here from the routes themselves,
// however a route is written: which calls need the token, each call's operationId, error answers.
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponses } from './route';
import { isTokenGuard } from './session';

/** The security of a call that refuses a caller without a live token. */
export const TOKEN_SECURITY = [{ token: [] }];

/** Where a guard can stand: every hook that runs before the route's handler. */
const HOOKS_BEFORE_HANDLER = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Registers the document and its interactive page (/api/docs); before the routes, to see them all. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1 states a nullable field as a JSON Schema type ('null'), as zod writes it.
      openapi: '3.1.0',
      info: {
        title: 'Gemcast API',
        version: '1',
        description:
          'Every answer is an envelope { status, statusCode, message, data[] }. A call that needs a ' +
          'signed-in person declares the `token` security: send the session token in the `token` header.',
      },
      // The host that serves this document also serves the calls it lists.
      servers: [{ url: '/', description: 'The host serving this document' }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: 'The session token answered by login_v1, loginbyotp or registeruser_v1.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: withOperationIds,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** Whether a session guard that needs the token stands anywhere in the route's chain. */
function needsToken(route: RouteOptions): boolean {
  return HOOKS_BEFORE_HANDLER.some((name) => [route[name]].flat().some(isTokenGuard));
}

/**
 * One route's operation: its security follows its guards (a route without a guard may state its
 * own, e.g. a token it reads when present; otherwise it needs none), and its answers include the
 * error envelope the app's error handler sends for every call. Then the zod schemas become JSON.
 */
const documentRoute: SwaggerTransform = (input) => {
  const { schema, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const documented = {
    ...schema,
    security: needsToken(route) ? TOKEN_SECURITY : (schema.security ?? []),
    ...(schema.response ? { response: withErrorAnswers(schema.response) } : {}),
  };
  return jsonSchemaTransform({ ...input, schema: documented });
};

/** The route's answers, with the error envelope for the 4xx and 5xx classes it does not name. */
function withErrorAnswers(response: unknown): Record<string, unknown> {
  const answers: Record<string, unknown> = typeof response === 'object' && response !== null ? { ...response } : {};
  const codes = Object.keys(answers);
  for (const [code, envelope] of Object.entries(errorResponses)) {
    if (!codes.some((named) => named[0] === code[0])) answers[code] = envelope;
  }
  return answers;
}

/**
 * Gives every operation without an operationId of its route's own the call's name: its path after
 * /api/ with each run of other characters as `_` (`giveawaydata_v1`, `weavy_token`,
 * `staff_giveaways_id_draw`), led by the method when the path carries several (`get_profile_v1`).
 */
const withOperationIds: SwaggerTransformObject = (input) => {
  if (!('openapiObject' in input)) throw new Error('the API is described in OpenAPI 3 only');
  const doc = input.openapiObject;
  for (const [url, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    const methods = METHODS.filter((method) => item[method]);
    for (const method of methods) {
      const operation = item[method];
      if (operation && !operation.operationId)
        operation.operationId = operationIdOf(url, methods.length > 1 ? method : null);
    }
  }
  return doc;
};

function operationIdOf(url: string, method: string | null): string {
  const name = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_');
  return method ? `${method}_${name}` : name;
}
