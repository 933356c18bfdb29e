// uservotes and userlikes (decision 063): the spec's GET with submissionid (and liked), and POST
// with the same change. Policy only: a per-address limit before the token is read, the token, then
// a per-viewer limit. The rules are in contest-votes.service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contestCalls } from '../../../shared/contract/contests';
import { CONTEST_VOTE_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import { networkOf } from '../../platform/network';
import { sha256Hex, VISITOR_TOKEN_PREFIX } from '../../platform/secrets';
import type { VoteOrigin } from './contest-votes.repository';
import type { ContestVotesService, VoteOutcome } from './contest-votes.service';

const tags = ['contests'];

/**
 * Limits per minute (decision 063). A person tapping as fast as they can changes a vote a few
 * times and likes a gallery's photos one by one; a script sends hundreds. Per address they are
 * multiplied by PER_IP_LIMIT_SCALE, where a trade show puts many viewers behind one address.
 */
export const VOTE_LIMITS = {
  windowMs: 60_000,
  votesPerViewer: 30,
  votesPerIp: 300,
  likesPerViewer: 60,
  likesPerIp: 600,
} as const;

/** The header a signed-in browser sends its session's visitor token (tkn) in, besides the user token. */
export const VISITOR_HEADER = 'visitor';

/** Where a vote came from: the address, its network and the visitor token's id (a hash, never the token). */
export function originOf(request: FastifyRequest): VoteOrigin {
  const header = request.headers[VISITOR_HEADER];
  const tkn = typeof header === 'string' ? header.trim() : '';
  const visitor = tkn.startsWith(VISITOR_TOKEN_PREFIX) && tkn.length <= 64 ? sha256Hex(tkn).slice(0, 16) : '';
  return { ip: request.ip, network: networkOf(request.ip), visitor };
}

const voteMessage: Record<VoteOutcome, string> = {
  cast: CONTEST_VOTE_MESSAGES.voted,
  moved: CONTEST_VOTE_MESSAGES.voteMoved,
  kept: CONTEST_VOTE_MESSAGES.alreadyVoted,
};

export function contestVotesRoutes(
  ctx: AppContext,
  votes: ContestVotesService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  const limit = (name: string, perMinute: number, key: typeof byIp, message: string) =>
    rateLimit(ctx.limiter, { name, limit: perMinute, windowMs: VOTE_LIMITS.windowMs, key, message });
  const votePolicy = [
    limit('vote-ip', VOTE_LIMITS.votesPerIp * ctx.config.perIpLimitScale, byIp, CONTEST_VOTE_MESSAGES.tooManyVotes),
    guards.requireUser,
    limit('vote-user', VOTE_LIMITS.votesPerViewer, byUser, CONTEST_VOTE_MESSAGES.tooManyVotes),
  ];
  const likePolicy = [
    limit('like-ip', VOTE_LIMITS.likesPerIp * ctx.config.perIpLimitScale, byIp, CONTEST_VOTE_MESSAGES.tooManyLikes),
    guards.requireUser,
    limit('like-user', VOTE_LIMITS.likesPerViewer, byUser, CONTEST_VOTE_MESSAGES.tooManyLikes),
  ];

  async function vote(request: FastifyRequest, submissionId: number) {
    const result = await votes.vote(currentUser(request), submissionId, originOf(request));
    return ok([result.state], voteMessage[result.outcome], now());
  }
  async function like(request: FastifyRequest, submissionId: number, liked: boolean) {
    const state = await votes.like(currentUser(request), submissionId, liked);
    return ok([state], liked ? CONTEST_VOTE_MESSAGES.liked : CONTEST_VOTE_MESSAGES.unliked, now());
  }

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const voteSummary =
      "Vote for an approved entry while voting is open (one vote per contest, or per Los Angeles day; a new choice moves it). Not one's own entry.";
    const likeSummary =
      'Like (liked=true) or unlike (liked=false) an approved entry until the contest closes; idempotent';

    app.route({
      ...routeOf(contestCalls.vote, { tags, summary: `${voteSummary} (spec: GET)` }),
      preHandler: votePolicy,
      handler: (request) => vote(request, request.query.submissionid),
    });
    app.route({
      ...routeOf(contestCalls.votePost, { tags, summary: voteSummary }),
      preHandler: votePolicy,
      handler: (request) => vote(request, request.body.submissionid),
    });
    app.route({
      ...routeOf(contestCalls.like, { tags, summary: `${likeSummary} (spec: GET)` }),
      preHandler: likePolicy,
      handler: (request) => like(request, request.query.submissionid, request.query.liked),
    });
    app.route({
      ...routeOf(contestCalls.likePost, { tags, summary: likeSummary }),
      preHandler: likePolicy,
      handler: (request) => like(request, request.body.submissionid, request.body.liked),
    });
  };
}
