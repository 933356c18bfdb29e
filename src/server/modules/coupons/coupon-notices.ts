// What viewers are told about their coupons (decision 070): a new coupon, recorded in the transaction
// that issued it, and a coupon about to expire unused, found by the expiry job.
import type { Selectable } from 'kysely';
import { couponRules, couponValue, formatCode } from '../../../shared/coupons';
import type { Db } from '../../db/database';
import type { CouponsTable } from '../../db/schema';
import { laDateTime } from '../auth/account-notices';
import { notify } from '../notifications/notifications.service';

type CouponRow = Selectable<CouponsTable>;

/** How long before an unused coupon runs out its viewer is reminded. */
export const COUPON_NOTICE_DAYS = 3;

/** The subject of a coupon's notices: one 'coupon_issued' and one 'coupon_expiring' per coupon. */
export const couponSubject = (couponId: number) => `coupon:${couponId}`;

/** What coupon notices carry for their e-mail: the coupon as its owner sees it. */
export type CouponNoticeData = {
  coupon_id: number;
  origin: CouponRow['origin'];
  title: string;
  code: string;
  value: string;
  expires_at: string;
  rules: string[];
};

function noticeData(row: CouponRow): CouponNoticeData {
  return {
    coupon_id: row.id,
    origin: row.origin,
    title: row.title,
    code: formatCode(row.code),
    value: couponValue(row),
    expires_at: row.expires_at,
    rules: couponRules({
      kind: row.kind,
      value: row.value,
      minimum_cents: row.minimum_cents,
      applies_to: row.applies_to,
      combinable: row.combinable === 1,
      expires_at: row.expires_at,
    }),
  };
}

const HEADINGS: Record<CouponRow['origin'], string> = {
  redeem: 'Your new coupon',
  birthday: 'A birthday coupon for you',
  anniversary: 'An anniversary coupon for you',
};

/** The heading of a new coupon's notice and e-mail, by where it came from. */
export const couponHeading = (origin: CouponRow['origin']) => HEADINGS[origin];

/** Records a 'coupon_issued' notice for a coupon just inserted in `trx`. */
export async function noticeCouponIssued(trx: Db, row: CouponRow, publicUrl: string, at: Date): Promise<void> {
  const data = noticeData(row);
  await notify(trx, {
    userIds: [row.user_id],
    kind: 'coupon_issued',
    subject: couponSubject(row.id),
    title: `${couponHeading(row.origin)}: ${data.value}`,
    body: `"${row.title}" is in your rewards, valid until ${laDateTime(row.expires_at)}.`,
    url: `${publicUrl}/rewards`,
    data,
    at,
  });
}

/** Records a 'coupon_expiring' notice per coupon given, once each (the subject is the coupon). */
export async function noticeCouponsExpiring(trx: Db, rows: CouponRow[], publicUrl: string, at: Date): Promise<number> {
  let added = 0;
  for (const row of rows) {
    const data = noticeData(row);
    added += await notify(trx, {
      userIds: [row.user_id],
      kind: 'coupon_expiring',
      subject: couponSubject(row.id),
      title: `Your coupon runs out soon: ${data.value}`,
      body: `"${row.title}" has not been used yet and expires on ${laDateTime(row.expires_at)}.`,
      url: `${publicUrl}/rewards`,
      data,
      at,
    });
  }
  return added;
}
