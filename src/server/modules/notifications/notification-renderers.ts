// How each kind of notification becomes an e-mail (decision 066): the worker looks the kind up here
// when it delivers, with the viewer's current address and name.
import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../db/schema';
import type { Mail } from '../../platform/mail';
import { reminderMail } from '../rsvp/rsvp.mail';
import type { PasswordNoticeData, SignInNoticeData } from '../auth/account-notices';
import { passwordChangedMail, signInMail } from '../auth/auth.mail';
import type { MentionNoticeData } from '../chat/chat-mentions';
import { mentionMail } from '../chat/chat.mail';
import type { CouponNoticeData } from '../coupons/coupon-notices';
import { couponExpiringMail, couponIssuedMail } from '../coupons/coupons.mail';
import type { PointsNoticeData } from '../rewards/expiry-notices';
import { pointsExpiringMail } from '../rewards/rewards.mail';
import type { ContestResultData } from '../contests/contest-result-notices';
import type { SubmissionActivityData } from '../contests/submission-digest';
import type { GiveawayResultData } from '../giveaways/giveaway-result-notices';
import { winnerMail } from '../giveaways/giveaway-winner.mail';
import { contestResultMail, giveawayDrawnMail, showLiveMail, submissionActivityMail } from './notice-mails';
import type { ShowLiveData } from './show-live';

export type Recipient = { email: string; first_name: string };
export type Site = { brand: string; publicUrl: string };
export type EmailRenderer = (notification: Selectable<NotificationsTable>, user: Recipient, site: Site) => Mail;

/** What a 'show_starting' notification carries in its data: the show as the reminder words it. */
export type ShowStartingData = {
  event_id: number;
  title: string;
  description: string;
  cust_start: string;
  cust_end: string;
};

export const emailRenderers: Record<string, EmailRenderer> = {
  show_starting(notification, user, site) {
    const show = JSON.parse(notification.data) as ShowStartingData;
    return reminderMail(
      user.email,
      user.first_name,
      {
        id: show.event_id,
        title: show.title,
        description: show.description,
        cust_start: show.cust_start,
        cust_end: show.cust_end,
      },
      site.brand,
      site.publicUrl,
    );
  },
  // Account, rewards and chat (decision 070): each kind's data is what its notice recorded.
  security_sign_in: (n, user, site) =>
    signInMail(user.email, user.first_name, JSON.parse(n.data) as SignInNoticeData, site.brand, site.publicUrl),
  security_password: (n, user, site) =>
    passwordChangedMail(
      user.email,
      user.first_name,
      JSON.parse(n.data) as PasswordNoticeData,
      site.brand,
      site.publicUrl,
    ),
  coupon_issued: (n, user, site) =>
    couponIssuedMail(user.email, user.first_name, JSON.parse(n.data) as CouponNoticeData, site.brand, site.publicUrl),
  coupon_expiring: (n, user, site) =>
    couponExpiringMail(user.email, user.first_name, JSON.parse(n.data) as CouponNoticeData, site.brand, site.publicUrl),
  points_expiring: (n, user, site) =>
    pointsExpiringMail(user.email, user.first_name, JSON.parse(n.data) as PointsNoticeData, site.brand, site.publicUrl),
  chat_mention: (n, user, site) =>
    mentionMail(user.email, user.first_name, JSON.parse(n.data) as MentionNoticeData, site.brand, site.publicUrl),
  // Shows and results (decision 069).
  show_live(notification, user, site) {
    const show = JSON.parse(notification.data) as ShowLiveData;
    return showLiveMail(user, show, site, notification.subscriber_id !== null);
  },
  giveaway_result(notification, user, site) {
    const result = JSON.parse(notification.data) as GiveawayResultData;
    if (result.role === 'entrant') return giveawayDrawnMail(user, result, site);
    return winnerMail({
      to: user.email,
      firstName: user.first_name,
      giveawayId: result.giveaway_id,
      title: result.title,
      prize: result.prize,
      claimBy: result.claim_by,
      claimMode: result.claim_mode,
      phone: result.phone,
      brand: site.brand,
      publicUrl: site.publicUrl,
    });
  },
  contest_result(notification, user, site) {
    return contestResultMail(user, JSON.parse(notification.data) as ContestResultData, site);
  },
  submission_activity(notification, user, site) {
    return submissionActivityMail(user, JSON.parse(notification.data) as SubmissionActivityData, site);
  },
};
