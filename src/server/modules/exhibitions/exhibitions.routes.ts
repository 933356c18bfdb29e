// The public exhibitions calls (decision 074): GET /api/exhibitions, productregistration (multipart,
// token optional, limited per address before the body is read) and the registration's summary.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exhibitionCalls,
  ProductRegistrationFields,
  RECEIPT_PHOTO_MAX_BYTES,
} from '../../../shared/contract/exhibitions';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { byIp, rateLimit } from '../../http/rate-limit';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import { EXHIBITION_MESSAGES } from './exhibition-messages';
import { photoFailure, type ExhibitionsService } from './exhibitions.service';

const tags = ['exhibitions'];
const HOUR_MS = 60 * 60_000;
const FIELD_NAMES = new Set(Object.keys(ProductRegistrationFields.shape));
const PHOTO_FIELD = 'receipt_photo';

const originOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** The form's text fields and its one photo, read from the multipart body. */
async function readForm(request: FastifyRequest) {
  const values: Record<string, string> = {};
  let photo: Buffer | null = null;
  let truncated = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: RECEIPT_PHOTO_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== PHOTO_FIELD) continue;
        photo = content;
        truncated = part.file.truncated;
      } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 413) throw error;
    truncated = true;
  }
  return { values, photo, truncated };
}

export function exhibitionRoutes(
  ctx: AppContext,
  exhibitions: ExhibitionsService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(exhibitionCalls.list, {
        tags,
        summary: 'The exhibitions taking registrations, with their product kinds',
      }),
      handler: async () => ok(await exhibitions.list(), EXHIBITION_MESSAGES.list, now()),
    });

    app.route({
      ...routeOf(exhibitionCalls.summary, {
        tags,
        summary: 'A registration’s summary for its thanks page (personal details masked)',
      }),
      preHandler: [
        rateLimit(ctx.limiter, {
          name: 'registration-lookup-ip',
          limit: ctx.config.registrationLookupsPerHour * ctx.config.perIpLimitScale,
          windowMs: HOUR_MS,
          key: byIp,
          message: EXHIBITION_MESSAGES.tooManyLookups,
        }),
      ],
      handler: async (request) =>
        ok([await exhibitions.summary(request.params.number)], EXHIBITION_MESSAGES.summary, now()),
    });

    // Multipart lives only in this scope, as for profile pictures and contest photos.
    await app.register(async (upload) => {
      await upload.register(multipart, { limits: { fileSize: RECEIPT_PHOTO_MAX_BYTES, files: 1, fields: 20 } });
      const route = routeOf(exhibitionCalls.register, {
        tags,
        summary:
          'productregistration: register a piece bought at an exhibition (multipart: the form fields and an optional receipt_photo)',
        security: OPTIONAL_TOKEN,
      });
      upload.withTypeProvider<ZodTypeProvider>().route({
        ...route,
        schema: { ...route.schema, consumes: ['multipart/form-data'] },
        preHandler: [
          rateLimit(ctx.limiter, {
            name: 'productregistration-ip',
            limit: ctx.config.productRegistrationsPerHour * ctx.config.perIpLimitScale,
            windowMs: HOUR_MS,
            key: byIp,
            message: EXHIBITION_MESSAGES.tooManyRegistrations,
          }),
        ],
        handler: async (request) => {
          if (!request.isMultipart()) throw badRequest(EXHIBITION_MESSAGES.notMultipart);
          const { values, photo, truncated } = await readForm(request);
          // An oversize photo is refused whatever else came with it (the rest of the body is unread).
          if (truncated) throw photoFailure(413, EXHIBITION_MESSAGES.photoTooLarge);
          const parsed = ProductRegistrationFields.safeParse(values);
          if (!parsed.success) {
            const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
            throw badRequest(issues[0]?.message ?? MESSAGES.invalidInput, issues);
          }
          const viewer = await guards.callerOf(request).user();
          const summary = await exhibitions.register(parsed.data, photo, viewer, originOf(request));
          return ok([summary], EXHIBITION_MESSAGES.registered, now());
        },
      });
    });
  };
}
