// The public contest calls (decision 062): contests_v1, contest_v1, contestcounts_v1 and
// contestusers (multipart, limited per address before the token is read and per viewer).
// Policy only; the rules are in contests.service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTEST_PHOTO_MAX_BYTES, contestCalls, SubmissionFields } from '../../../shared/contract/contests';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import { currentUser, tokenOf, type sessionGuards } from '../../http/session';
import { photoFailure, type ContestsService } from './contests.service';

const tags = ['contests'];
/** Photo uploads in UPLOAD_WINDOW_MS: per address (times PER_IP_LIMIT_SCALE), and per viewer. */
const PHOTOS_PER_IP = 30;
const PHOTOS_PER_VIEWER = 10;
const UPLOAD_WINDOW_MS = 10 * 60_000;
const FIELD_NAMES = new Set(['contestid', 'caption', 'consent', 'submissionid']);

/** The gallery's order for a caller without an account: per visitor token, else per request. */
function visitorSeed(request: FastifyRequest, random: AppContext['random']): string {
  const token = tokenOf(request);
  return token
    ? `visitor:${createHash('sha256').update(token).digest('hex')}`
    : `request:${random.bytes(8).toString('hex')}`;
}

export function contestRoutes(ctx: AppContext, contests: ContestsService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(contestCalls.list, {
        tags,
        summary: 'Every photo contest: voting, open for entries, upcoming, closed',
      }),
      handler: async () => ok(await contests.list(), CONTEST_MESSAGES.list, now()),
    });

    app.route({
      ...routeOf(contestCalls.detail, {
        tags,
        summary: "A contest's page: rules, gallery (shuffled per viewer while voting), your entries and vote, results",
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) => {
        const user = await guards.callerOf(request).user();
        const seed = user ? '' : visitorSeed(request, ctx.random);
        return ok([await contests.detail(request.query.contestid, user, seed)], CONTEST_MESSAGES.detail, now());
      },
    });

    app.route({
      ...routeOf(contestCalls.counts, {
        tags,
        summary: 'The counts you may see now and your own vote and likes (polled while voting is open)',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) => {
        const user = await guards.callerOf(request).user();
        return ok([await contests.counts(request.query.contestid, user)], CONTEST_MESSAGES.counts, now());
      },
    });

    // Multipart lives only in this scope, as for profile pictures.
    await app.register(async (upload) => {
      await upload.register(multipart, { limits: { fileSize: CONTEST_PHOTO_MAX_BYTES, files: 1, fields: 8 } });
      const route = routeOf(contestCalls.submit, {
        tags,
        summary:
          'Enter a photo (multipart: contestid, caption, consent, image), or replace the photo of your pending or rejected entry (submissionid)',
      });
      upload.withTypeProvider<ZodTypeProvider>().route({
        ...route,
        schema: { ...route.schema, consumes: ['multipart/form-data'] },
        preHandler: [
          rateLimit(ctx.limiter, {
            name: 'contest-photo-ip',
            limit: PHOTOS_PER_IP * ctx.config.perIpLimitScale,
            windowMs: UPLOAD_WINDOW_MS,
            key: byIp,
            message: CONTEST_MESSAGES.tooManyUploads,
          }),
          guards.requireUser,
          rateLimit(ctx.limiter, {
            name: 'contest-photo-user',
            limit: PHOTOS_PER_VIEWER,
            windowMs: UPLOAD_WINDOW_MS,
            key: byUser,
            message: CONTEST_MESSAGES.tooManyUploads,
          }),
        ],
        handler: async (request) => {
          const user = currentUser(request);
          if (!request.isMultipart())
            throw badRequest(MESSAGES.badContentType, [{ field: 'image', message: CONTEST_MESSAGES.photoRequired }]);
          const values: Record<string, string> = {};
          let buffer: Buffer | null = null;
          let truncated = false;
          try {
            for await (const part of request.parts({ limits: { fileSize: CONTEST_PHOTO_MAX_BYTES, files: 1 } })) {
              if (part.type === 'file') {
                const content = await part.toBuffer();
                if (part.fieldname !== 'image') continue;
                buffer = content;
                truncated = part.file.truncated;
              } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
                values[part.fieldname] = part.value;
              }
            }
          } catch (error) {
            if ((error as { statusCode?: number }).statusCode !== 413) throw error;
            truncated = true;
          }
          // An oversize photo is refused whatever else came with it (the rest of the body is unread).
          if (truncated) throw photoFailure(413, CONTEST_MESSAGES.photoTooLarge);
          const parsed = SubmissionFields.safeParse(values);
          if (!parsed.success) {
            const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
            throw badRequest(issues[0]?.message ?? MESSAGES.invalidInput, issues);
          }
          const { entry, replaced } = await contests.submit(user, parsed.data, buffer, truncated);
          return ok([entry], replaced ? CONTEST_MESSAGES.replaced : CONTEST_MESSAGES.submitted, now());
        },
      });
    });
  };
}
