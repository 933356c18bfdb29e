// The points e-mail (decision 070): unspent points about to expire, with what to do about it.
import { button, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';
import { expiryDay, type PointsNoticeData } from './expiry-notices';

const pointsText = (points: number) => `${points.toLocaleString('en-US')} ${points === 1 ? 'point' : 'points'}`;

export function pointsExpiringMail(
  to: string,
  firstName: string,
  notice: PointsNoticeData,
  brand: string,
  publicUrl: string,
): Mail {
  const day = expiryDay(notice.expires_at);
  const points = pointsText(notice.points);
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `${points} expire on ${day}`,
    preview: `Redeem them for a coupon before ${day}.`,
    heading: 'Your points expire soon',
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(
        `${points} of your ${pointsText(notice.balance)} expire on ${day}. Points last 12 months from the day you earn them.`,
      ),
      paragraph('Trade them for a coupon in your rewards before then, and they are yours to keep.'),
      button('Redeem my points', `${publicUrl}/rewards`),
    ],
    signOff: [`The ${brand} team`],
    reason: `You got this reminder because reward points in your ${brand} account are about to expire. You can turn these e-mails off in your notification settings.`,
  });
  return { to, ...mail };
}
