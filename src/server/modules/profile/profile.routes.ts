// Profile calls of spec §7: profile_v1 (GET/POST), profileimage_v1, baupdate, userregistrationinfo.
// Picture uploads are limited per address (before the token is read) and per viewer (decision 053).
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PICTURE_MAX_BYTES, profileCalls } from '../../../shared/contract/profile';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, ownRecord, type sessionGuards } from '../../http/session';
import type { ProfileService } from './profile.service';

const tags = ['profile'];
/** Picture uploads in UPLOAD_WINDOW_MS: per address (times PER_IP_LIMIT_SCALE), and per viewer. */
const PICTURES_PER_IP = 30;
const PICTURES_PER_VIEWER = 10;
const UPLOAD_WINDOW_MS = 10 * 60_000;

export function profileRoutes(ctx: AppContext, profile: ProfileService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();

    app.route({
      ...routeOf(profileCalls.view, { tags, summary: 'The signed-in user' }),
      preHandler: [guards.requireUser],
      handler: async (request) => ok([profile.view(ownRecord(request))], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(profileCalls.update, { tags, summary: 'Update the allowed profile fields; others are dropped' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await profile.update(currentUser(request), request.body)], MESSAGES.profileUpdated, now()),
    });

    app.route({
      ...routeOf(profileCalls.updateDates, { tags, summary: 'Set or clear birthday and anniversary' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await profile.updateDates(currentUser(request), request.body)], MESSAGES.datesUpdated, now()),
    });

    app.route({
      ...routeOf(profileCalls.registrationInfo, { tags, summary: 'Optional sign-up answers' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await profile.saveRegistrationInfo(currentUser(request), request.body)], MESSAGES.infoSaved, now()),
    });

    // Multipart lives only in this scope: the plugin adds hooks that other calls need not pay for.
    await app.register(async (upload) => {
      await upload.register(multipart, { limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5 } });
      const route = routeOf(profileCalls.picture, {
        tags,
        summary: 'Upload a profile picture (multipart field "image")',
      });
      upload.withTypeProvider<ZodTypeProvider>().route({
        ...route,
        schema: { ...route.schema, consumes: ['multipart/form-data'] },
        preHandler: [
          rateLimit(ctx.limiter, {
            name: 'picture-ip',
            limit: PICTURES_PER_IP * ctx.config.perIpLimitScale,
            windowMs: UPLOAD_WINDOW_MS,
            key: byIp,
            message: MESSAGES.tooManyUploads,
          }),
          guards.requireUser,
          rateLimit(ctx.limiter, {
            name: 'picture-user',
            limit: PICTURES_PER_VIEWER,
            windowMs: UPLOAD_WINDOW_MS,
            key: byUser,
            message: MESSAGES.tooManyUploads,
          }),
        ],
        handler: async (request) => {
          const user = currentUser(request);
          const file = request.isMultipart()
            ? await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } })
            : undefined;
          const buffer = file ? await file.toBuffer().catch(() => null) : null;
          const truncated = Boolean(file?.file.truncated) || (file !== undefined && buffer === null);
          return ok([await profile.updatePicture(user, buffer, truncated)], MESSAGES.pictureUpdated, now());
        },
      });
    });
  };
}
