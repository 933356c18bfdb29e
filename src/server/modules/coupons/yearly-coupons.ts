// The yearly gifts: a birthday coupon and an anniversary coupon, and that rule's points, once a year, in
// the week that starts on the date (Los Angeles days; Feb 29 is Feb 28 in other years). The claim row is
// taken with the coupon and the points (decision 061).
import { addDays, GIFT_WEEK_DAYS, giftYearOn, YEARLY_COUPONS } from '../../../shared/coupons';
import { laDay } from '../../../shared/time';
import type { AppContext } from '../../context';
import { createEarningService } from '../rewards/earning.service';
import { couponsRepository as repo } from './coupons.repository';
import { issueCoupon } from './coupons.service';

const HOUR_MS = 60 * 60_000;
export const YEARLY_KINDS = ['birthday', 'anniversary'] as const;

/** The 'MM-DD' days whose week includes `today`: the last seven days, and Feb 29 with a Feb 28. */
function monthDaysOfWeekEndingOn(today: string): string[] {
  const days = new Set<string>();
  for (let back = 0; back < GIFT_WEEK_DAYS; back += 1) {
    const day = addDays(today, -back);
    days.add(day.slice(5));
    // In a year without Feb 29, the 28th stands for it (a leap year's 28th is only the 28th).
    if (day.slice(5) === '02-28' && addDays(day, 1).slice(5) === '03-01') days.add('02-29');
  }
  return [...days];
}

/**
 * Issues every yearly coupon due today, once each, with the birthday or anniversary rule's points.
 * Several processes may run this at once: each gift's transaction begins by inserting its claim
 * (viewer, kind, year), and only the one whose insert went in issues the coupon and credits the points
 * (a rule staff turned off credits none; the coupon still goes out). Answers how many coupons this
 * call issued.
 */
export async function issueYearlyCoupons(
  ctx: Pick<AppContext, 'db' | 'clock' | 'random' | 'dialect'> & { config: Pick<AppContext['config'], 'publicUrl'> },
): Promise<number> {
  const { db, clock } = ctx;
  const earning = createEarningService(ctx);
  const today = laDay(clock.now());
  const monthDays = monthDaysOfWeekEndingOn(today);
  const years = [...new Set([Number(today.slice(0, 4)), Number(addDays(today, -(GIFT_WEEK_DAYS - 1)).slice(0, 4))])];
  let issued = 0;
  for (const kind of YEARLY_KINDS) {
    const due = (await repo.withDateOn(db, kind, monthDays)).flatMap((user) => {
      const year = user.date ? giftYearOn(user.date, today) : null;
      return year === null ? [] : [{ user, year }];
    });
    if (!due.length) continue;
    const claimed = new Set(
      (
        await repo.claimsOf(
          db,
          kind,
          due.map((d) => d.user.id),
          years,
        )
      ).map((c) => `${c.user_id}:${c.year}`),
    );
    const gift = YEARLY_COUPONS[kind];
    for (const { user, year } of due) {
      if (claimed.has(`${user.id}:${year}`)) continue;
      const made = await db.transaction().execute(async (trx) => {
        if (!(await repo.claimYearly(trx, user.id, kind, year, clock.now().toISOString()))) return false;
        const coupon = await issueCoupon(
          ctx,
          trx,
          user.id,
          {
            origin: kind,
            catalogueId: null,
            title: gift.title,
            kind: gift.kind,
            value: gift.value,
            minimumCents: gift.minimum_cents,
            appliesTo: gift.applies_to,
            validityDays: gift.validity_days,
            pointsCost: 0,
          },
          'system',
        );
        await repo.setClaimCoupon(trx, user.id, kind, year, coupon.id);
        await earning.yearly(trx, kind, user.id, year);
        return true;
      });
      if (made) issued += 1;
    }
  }
  return issued;
}

/** Runs the job at start and every hour; the timer never holds the process. */
export function startYearlyCoupons(ctx: AppContext): () => void {
  const run = () =>
    issueYearlyCoupons(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'yearly coupons failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
