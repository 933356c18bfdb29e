// The expiry reminders (decision 070): a few days before an unused coupon runs out, and before
// unspent points expire, the viewer is told once. The notification's unique key (viewer, kind,
// subject) is what makes it once, so a rerun, a restart or a second process adds nothing.
import { laDay, SHOW_TIME_ZONE } from '../../../shared/time';
import { seasonOf, summarizeLedger } from '../../../shared/rewards';
import type { AppContext } from '../../context';
import { COUPON_NOTICE_DAYS, couponSubject, noticeCouponsExpiring } from '../coupons/coupon-notices';
import { couponsRepository } from '../coupons/coupons.repository';
import { notify } from '../notifications/notifications.service';
import { rewardsRepository } from './rewards.repository';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** How long before unspent points expire their viewer is told: a week, time to catch a show. */
export const POINTS_NOTICE_DAYS = 7;
/** Coupons per transaction: one short write at a time on SQLite. */
const BATCH = 200;

/** What a 'points_expiring' notice carries for its e-mail. */
export type PointsNoticeData = { points: number; expires_at: string; balance: number };

const laDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** 'Monday, June 15': the Los Angeles day points expire, as the notice says it. */
export const expiryDay = (iso: string) => laDate.format(new Date(iso));

type JobContext = Pick<AppContext, 'db' | 'clock'> & { config: Pick<AppContext['config'], 'publicUrl'> };

/** Notifies the owners of active coupons that expire within COUPON_NOTICE_DAYS; answers how many were new. */
export async function noticeExpiringCoupons(ctx: JobContext): Promise<number> {
  const now = ctx.clock.now();
  const expiring = await couponsRepository.expiringBetween(
    ctx.db,
    now.toISOString(),
    new Date(now.getTime() + COUPON_NOTICE_DAYS * DAY_MS).toISOString(),
  );
  // Those already told are skipped before any write; the unique key is still what guarantees once.
  const told = await couponsRepository.remindedSubjects(
    ctx.db,
    expiring.map((row) => couponSubject(row.id)),
  );
  const due = expiring.filter((row) => !told.has(couponSubject(row.id)));
  let added = 0;
  for (let start = 0; start < due.length; start += BATCH) {
    const rows = due.slice(start, start + BATCH);
    added += await ctx.db.transaction().execute((trx) => noticeCouponsExpiring(trx, rows, ctx.config.publicUrl, now));
  }
  return added;
}

/**
 * Notifies each viewer whose next unspent points (those of the earliest Los Angeles expiry day, as
 * the rewards page shows them) expire within POINTS_NOTICE_DAYS, once per viewer and day. Spent
 * points expire in nobody's notice: the ledger's own summary decides what is left.
 */
export async function noticeExpiringPoints(ctx: JobContext): Promise<number> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + POINTS_NOTICE_DAYS * DAY_MS).toISOString();
  const season = seasonOf(now);
  let added = 0;
  for (const userId of await rewardsRepository.usersWithPointsExpiring(ctx.db, now.toISOString(), until)) {
    const { nextExpiry, balance } = summarizeLedger(await rewardsRepository.all(ctx.db, userId), now, season);
    if (!nextExpiry || nextExpiry.expiresAt > until) continue;
    const data: PointsNoticeData = { points: nextExpiry.points, expires_at: nextExpiry.expiresAt, balance };
    const points = `${nextExpiry.points.toLocaleString('en-US')} ${nextExpiry.points === 1 ? 'point' : 'points'}`;
    added += await ctx.db.transaction().execute((trx) =>
      notify(trx, {
        userIds: [userId],
        kind: 'points_expiring',
        subject: `points:${laDay(new Date(nextExpiry.expiresAt))}`,
        title: `${points} expire on ${expiryDay(nextExpiry.expiresAt)}`,
        body: `Use them before they run out: redeem them for a coupon on your rewards page.`,
        url: `${ctx.config.publicUrl}/rewards`,
        data,
        at: now,
      }),
    );
  }
  return added;
}

/**
 * Runs both at start and every hour; the timer never holds the process. Answers the stop, which
 * waits for a pass under way, so none runs on against a closed database.
 */
export function startExpiryNotices(ctx: AppContext): () => Promise<void> {
  const pass = async () => {
    await noticeExpiringCoupons(ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'coupon expiry notices failed'),
    );
    await noticeExpiringPoints(ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'points expiry notices failed'),
    );
  };
  let running: Promise<void> = pass();
  const timer = setInterval(() => {
    running = running.then(pass);
  }, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
