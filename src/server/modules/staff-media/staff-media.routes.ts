// POST /api/staff/media (requireStaff: visitors 401, viewers 403): a staff image upload as
// multipart field "image", answered with the stored path to save on a show, giveaway or prize.
// Uploads are limited per address (before the token is read) and per staff member (decision 053).
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, staffMediaCalls } from '../../../shared/contract/staff-media';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import type { StaffMediaService } from './staff-media.service';

const tags = ['staff'];
/** Image uploads in UPLOAD_WINDOW_MS: per address (times PER_IP_LIMIT_SCALE), and per staff member. */
const IMAGES_PER_IP = 60;
const IMAGES_PER_STAFF = 30;
const UPLOAD_WINDOW_MS = 10 * 60_000;

export function staffMediaRoutes(ctx: AppContext, media: StaffMediaService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    // Multipart lives only in this scope, as for the profile picture.
    await fastify.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } });
    const route = routeOf(staffMediaCalls.upload, {
      tags,
      summary: 'Upload an image for a show, giveaway or prize (multipart field "image"); stored at three widths',
    });
    fastify.withTypeProvider<ZodTypeProvider>().route({
      ...route,
      schema: { ...route.schema, consumes: ['multipart/form-data'] },
      preHandler: [
        rateLimit(ctx.limiter, {
          name: 'staff-media-ip',
          limit: IMAGES_PER_IP * ctx.config.perIpLimitScale,
          windowMs: UPLOAD_WINDOW_MS,
          key: byIp,
          message: MESSAGES.tooManyUploads,
        }),
        guards.requireStaff,
        rateLimit(ctx.limiter, {
          name: 'staff-media-user',
          limit: IMAGES_PER_STAFF,
          windowMs: UPLOAD_WINDOW_MS,
          key: byUser,
          message: MESSAGES.tooManyUploads,
        }),
      ],
      handler: async (request) => {
        const file = request.isMultipart()
          ? await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } })
          : undefined;
        const buffer = file ? await file.toBuffer().catch(() => null) : null;
        const truncated = Boolean(file?.file.truncated) || (file !== undefined && buffer === null);
        return ok([await media.upload(buffer, truncated)], MESSAGES.imageUploaded, ctx.clock.now());
      },
    });
  };
}
