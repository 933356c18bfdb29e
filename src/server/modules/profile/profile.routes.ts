// Profile calls of spec §7: profile_v1 (GET/POST), profileimage_v1, baupdate, userregistrationinfo.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { DatesRequest, PICTURE_MAX_BYTES, RegistrationInfoRequest, RegistrationInfoResponse, UpdateProfileRequest } from '../../../shared/contract/profile';
import { UserResponse } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, type sessionGuards } from '../../http/session';
import type { ProfileService } from './profile.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['profile'];

export function profileRoutes(ctx: AppContext, profile: ProfileService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();
    const preHandler = guards.requireUser;

    app.get('/api/profile_v1', { preHandler, schema: { tags, summary: 'The signed-in user', response: { 200: UserResponse, ...errors } } }, async (request) => {
      return ok([profile.view(currentUser(request))], MESSAGES.ok, now());
    });

    app.post('/api/profile_v1', { preHandler, schema: { tags, summary: 'Update the allowed profile fields; others are dropped', body: UpdateProfileRequest, response: { 200: UserResponse, ...errors } } }, async (request) => {
      return ok([await profile.update(currentUser(request), request.body)], MESSAGES.profileUpdated, now());
    });

    app.post('/api/baupdate', { preHandler, schema: { tags, summary: 'Set or clear birthday and anniversary', body: DatesRequest, response: { 200: UserResponse, ...errors } } }, async (request) => {
      return ok([await profile.updateDates(currentUser(request), request.body)], MESSAGES.datesUpdated, now());
    });

    app.post('/api/userregistrationinfo', { preHandler, schema: { tags, summary: 'Optional sign-up answers', body: RegistrationInfoRequest, response: { 200: RegistrationInfoResponse, ...errors } } }, async (request) => {
      return ok([await profile.saveRegistrationInfo(currentUser(request), request.body)], MESSAGES.infoSaved, now());
    });

    // Multipart lives only in this scope: the plugin adds hooks that other calls need not pay for.
    await app.register(async (upload) => {
      await upload.register(multipart, { limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5 } });
      upload.withTypeProvider<ZodTypeProvider>().post('/api/profileimage_v1', { preHandler, schema: { tags, summary: 'Upload a profile picture (multipart field "image")', consumes: ['multipart/form-data'], response: { 200: UserResponse, ...errors } } }, async (request) => {
        const user = currentUser(request);
        const file = request.isMultipart() ? await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } }) : undefined;
        const buffer = file ? await file.toBuffer().catch(() => null) : null;
        const truncated = Boolean(file?.file.truncated) || (file !== undefined && buffer === null);
        return ok([await profile.updatePicture(user, buffer, truncated)], MESSAGES.pictureUpdated, now());
      });
    });
  };
}
