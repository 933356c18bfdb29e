// The coupon e-mails (decision 070): a new coupon in the viewer's rewards, and one about to run out
// unused, in the branded layout with the coupon's code and rules.
import { button, paragraph, renderEmail, type Block } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';
import { laDateTime } from '../auth/account-notices';
import { couponHeading, type CouponNoticeData } from './coupon-notices';

// The code as words, not the large code block: 13 characters in four groups would wrap at 320 px.
const rulesBlocks = (coupon: CouponNoticeData): Block[] => [
  paragraph(`Your coupon code: ${coupon.code}`),
  paragraph(coupon.rules.join(' ')),
];

export function couponIssuedMail(
  to: string,
  firstName: string,
  coupon: CouponNoticeData,
  brand: string,
  publicUrl: string,
): Mail {
  const heading = couponHeading(coupon.origin);
  const intro =
    coupon.origin === 'redeem'
      ? `You traded points for "${coupon.title}": ${coupon.value}. It is in your rewards now.`
      : `"${coupon.title}": ${coupon.value}, with our warmest wishes. It is in your rewards now.`;
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `${heading}: ${coupon.value}`,
    preview: `${coupon.value}, valid until ${laDateTime(coupon.expires_at)}.`,
    heading,
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(intro),
      ...rulesBlocks(coupon),
      paragraph('Tell us the code when you order during a show, or find it any time in your rewards.'),
      button('See my rewards', `${publicUrl}/rewards`),
    ],
    signOff: ['Happy shopping,', `The ${brand} team`],
    reason: `You got this e-mail because a coupon was added to your ${brand} rewards. You can turn these e-mails off in your notification settings.`,
  });
  return { to, ...mail };
}

export function couponExpiringMail(
  to: string,
  firstName: string,
  coupon: CouponNoticeData,
  brand: string,
  publicUrl: string,
): Mail {
  const when = laDateTime(coupon.expires_at);
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `Your coupon runs out soon: ${coupon.value}`,
    preview: `"${coupon.title}" expires on ${when}.`,
    heading: 'Your coupon runs out soon',
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(`"${coupon.title}" has not been used yet, and it expires on ${when}.`),
      ...rulesBlocks(coupon),
      paragraph('Catch a show before then and tell us the code when you order.'),
      button('See upcoming shows', `${publicUrl}/`),
    ],
    signOff: [`The ${brand} team`],
    reason: `You got this reminder because a coupon in your ${brand} rewards is about to expire. You can turn these e-mails off in your notification settings.`,
  });
  return { to, ...mail };
}
