// Likes and votes on a viewer's contest entries, told at most once an hour (decision 069): every few
// minutes, each entrant with new likes or votes since their last digest, and whose last digest is at
// least an hour old, gets one notification adding them up. The watermark and the notification are
// written in one transaction, the watermark's move guarded, and the subject is the hour, so no
// viewer ever gets two within an hour, whatever the number of processes.
import type { AppContext } from '../../context';
import { notify } from '../notifications/notifications.service';
import { submissionDigestRepository as repo } from './submission-digest.repository';

export const DIGEST_INTERVAL_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;

/** What a 'submission_activity' notification carries in its data. */
export type SubmissionActivityData = { votes: number; likes: number };

function counted(n: number, one: string, many: string): string {
  return `${n} new ${n === 1 ? one : many}`;
}

/** "12 new votes and 5 likes", "1 new like". */
export function activityPhrase({ votes, likes }: SubmissionActivityData): string {
  if (votes && likes) return `${counted(votes, 'vote', 'votes')} and ${likes} ${likes === 1 ? 'like' : 'likes'}`;
  return votes ? counted(votes, 'vote', 'votes') : counted(likes, 'like', 'likes');
}

/** Records the digests that are due; answers how many viewers got one. */
export async function recordActivityDigests(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<number> {
  const { db, clock, config } = ctx;
  const now = clock.now();
  const nowIso = now.toISOString();
  const hourAgoIso = new Date(now.getTime() - HOUR_MS).toISOString();
  const [votes, likes] = await Promise.all([
    repo.newVotes(db, nowIso, hourAgoIso),
    repo.newLikes(db, nowIso, hourAgoIso),
  ]);
  const activity = new Map<number, SubmissionActivityData>();
  for (const v of votes) activity.set(v.user_id, { votes: Number(v.count), likes: 0 });
  for (const l of likes)
    activity.set(l.user_id, { votes: activity.get(l.user_id)?.votes ?? 0, likes: Number(l.count) });
  // The hour the digest belongs to: two digests an hour apart always fall in different hours.
  const hour = nowIso.slice(0, 13);
  let recorded = 0;
  for (const [userId, data] of activity) {
    recorded += await db.transaction().execute(async (trx) => {
      if (!(await repo.claim(trx, userId, nowIso, hourAgoIso))) return 0;
      return notify(trx, {
        userIds: [userId],
        kind: 'submission_activity',
        subject: `submissions:${hour}`,
        title: 'Your contest entries are getting noticed',
        body: `Your entries got ${activityPhrase(data)}.`,
        url: `${config.publicUrl}/contests`,
        data,
        at: now,
      });
    });
  }
  return recorded;
}

/** Runs the digest every DIGEST_INTERVAL_MS; stopping waits for the pass under way. */
export function startActivityDigests(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = recordActivityDigests(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'recording activity digests failed'))
      .finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, DIGEST_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
