// One example of every kind of e-mail we send, with values chosen to break a careless template:
// markup in a name, quotes and ampersands in a title, a long title that must fold in the calendar
// file and wrap at 320 px. The unit tests and the Chromium rendering check both use them.
import { winnerMail } from '../../modules/giveaways/giveaway-winner.mail';
import { codeMail, passwordChangedMail, signInMail } from '../../modules/auth/auth.mail';
import { mentionMail } from '../../modules/chat/chat.mail';
import type { CouponNoticeData } from '../../modules/coupons/coupon-notices';
import { couponExpiringMail, couponIssuedMail } from '../../modules/coupons/coupons.mail';
import { pointsExpiringMail } from '../../modules/rewards/rewards.mail';
import { reminderMail, rsvpConfirmationMail } from '../../modules/rsvp/rsvp.mail';
import { confirmationMail } from '../../modules/subscriptions/subscriptions.mail';
import { registrationMail } from '../../modules/exhibitions/registration.mail';
import {
  contestResultMail,
  giveawayDrawnMail,
  showLiveMail,
  submissionActivityMail,
} from '../../modules/notifications/notice-mails';
import type { Mail } from '../mail';
import { withUnsubscribeLink } from './layout';

export const SAMPLE = {
  to: 'amber@example.com',
  firstName: '<script>alert(1)</script>',
  title: 'Opal & "Fire" Hour — Australian opals, Ethiopian welo and a few surprises from the vault',
  prize: 'Opal ring <b>14k</b>',
  brand: 'Gemcast',
  publicUrl: 'https://gemcast.example',
  phone: '(555) 010-4367',
  code: '042917',
} as const;

const SITE = { brand: SAMPLE.brand, publicUrl: SAMPLE.publicUrl };
/** An unsubscribe link as long as a real signed one. */
const SAMPLE_UNSUBSCRIBE = `${SAMPLE.publicUrl}/unsubscribe/eyJ0IjoidiIsInUiOjQyLCJrIjoic2hvd19saXZlIn0.${'Q'.repeat(43)}`;

export const SAMPLE_SHOW = {
  id: 41,
  title: SAMPLE.title,
  description: 'Opals, live from Los Angeles; bring questions.\nEvery stone is shown under daylight.',
  cust_start: '2026-06-21T02:00:00.000Z',
  cust_end: '2026-06-21T03:30:00.000Z',
};

const winner = (claimMode: 'app' | 'text') =>
  winnerMail({
    to: SAMPLE.to,
    firstName: SAMPLE.firstName,
    giveawayId: 7,
    title: SAMPLE.title,
    prize: SAMPLE.prize,
    claimBy: '2026-06-21T02:05:00.000Z',
    claimMode,
    phone: SAMPLE.phone,
    brand: SAMPLE.brand,
    publicUrl: SAMPLE.publicUrl,
  });

export const SAMPLE_COUPON: CouponNoticeData = {
  coupon_id: 12,
  origin: 'redeem',
  title: '$25 off <b>anything</b> & "more"',
  code: 'K7QM-XR2P-9TWZ-H',
  value: '$25 off',
  expires_at: '2026-06-29T18:00:00.000Z',
  rules: [
    '$25 off.',
    'Valid until Jun 29, 2026, 11:00 AM PDT.',
    'For orders of $100 or more.',
    'For anything you buy from us.',
    'Cannot be combined with other coupons.',
  ],
};

/** Every kind, by a short name used in test titles and screenshot files. */
export const SAMPLE_MAILS: Record<string, () => Mail> = {
  'login-code': () => codeMail(SAMPLE.to, SAMPLE.code, 'login', SAMPLE.publicUrl),
  'reset-code': () => codeMail(SAMPLE.to, SAMPLE.code, 'reset', SAMPLE.publicUrl),
  'rsvp-confirmation': () =>
    rsvpConfirmationMail(
      SAMPLE.to,
      SAMPLE.firstName,
      SAMPLE_SHOW,
      SAMPLE.brand,
      SAMPLE.publicUrl,
      new Date('2026-06-01T00:00:00.000Z'),
    ),
  'rsvp-reminder': () => reminderMail(SAMPLE.to, SAMPLE.firstName, SAMPLE_SHOW, SAMPLE.brand, SAMPLE.publicUrl),
  'winner-in-app': () => winner('app'),
  'winner-by-phone': () => winner('text'),
  'subscription-confirmation': () =>
    confirmationMail(
      SAMPLE.to,
      SAMPLE.firstName,
      [{ label: 'the Gemcast newsletter' }, { label: `alerts for "${SAMPLE.title}"` }],
      `${SAMPLE.publicUrl}/subscribe/confirm?token=${'t'.repeat(43)}`,
      SAMPLE.brand,
      SAMPLE.publicUrl,
    ),
  'security-sign-in': () =>
    signInMail(
      SAMPLE.to,
      SAMPLE.firstName,
      {
        at: '2026-06-15T18:04:00.000Z',
        browser: 'Samsung Internet on an Android device',
        place: 'the internet address 203.0.113.x',
      },
      SAMPLE.brand,
      SAMPLE.publicUrl,
    ),
  'security-password': () =>
    passwordChangedMail(
      SAMPLE.to,
      SAMPLE.firstName,
      { at: '2026-06-15T18:04:00.000Z' },
      SAMPLE.brand,
      SAMPLE.publicUrl,
    ),
  'coupon-issued': () => couponIssuedMail(SAMPLE.to, SAMPLE.firstName, SAMPLE_COUPON, SAMPLE.brand, SAMPLE.publicUrl),
  'coupon-birthday': () =>
    couponIssuedMail(
      SAMPLE.to,
      SAMPLE.firstName,
      { ...SAMPLE_COUPON, origin: 'birthday', title: 'Happy birthday from Gemcast', value: '15% off' },
      SAMPLE.brand,
      SAMPLE.publicUrl,
    ),
  'coupon-expiring': () =>
    couponExpiringMail(SAMPLE.to, SAMPLE.firstName, SAMPLE_COUPON, SAMPLE.brand, SAMPLE.publicUrl),
  'points-expiring': () =>
    pointsExpiringMail(
      SAMPLE.to,
      SAMPLE.firstName,
      { points: 1250, balance: 4200, expires_at: '2026-06-20T07:00:00.000Z' },
      SAMPLE.brand,
      SAMPLE.publicUrl,
    ),
  'chat-mention': () =>
    mentionMail(
      SAMPLE.to,
      SAMPLE.firstName,
      {
        author: 'Opal<Queen> & Co',
        text: '@Amber K. did you see the welo at 3:12? Thatsareallylongwordwithoutanyspacesthatmustwrapat320pixelswide',
        room_title: SAMPLE.title,
        event_id: 41,
      },
      SAMPLE.brand,
      SAMPLE.publicUrl,
    ),
  // As the outbox sends them: with the footer's unsubscribe link (decision 068).
  'show-live': () =>
    withUnsubscribeLink(
      showLiveMail({ email: SAMPLE.to, first_name: SAMPLE.firstName }, { event_id: 41, ...SAMPLE_SHOW }, SITE, false),
      SAMPLE_UNSUBSCRIBE,
    ),
  'show-live-subscriber': () =>
    withUnsubscribeLink(
      showLiveMail({ email: SAMPLE.to, first_name: '' }, { event_id: 41, ...SAMPLE_SHOW }, SITE, true),
      SAMPLE_UNSUBSCRIBE,
    ),
  'giveaway-drawn': () =>
    giveawayDrawnMail(
      { email: SAMPLE.to, first_name: SAMPLE.firstName },
      { role: 'entrant', giveaway_id: 7, title: SAMPLE.title, prize: SAMPLE.prize, winner: 'Mara O.' },
      SITE,
    ),
  'contest-winner': () =>
    contestResultMail(
      { email: SAMPLE.to, first_name: SAMPLE.firstName },
      { contest_id: 3, title: SAMPLE.title, place: 2, prize: '500 reward points', points: 500 },
      SITE,
    ),
  'contest-thanks': () =>
    contestResultMail(
      { email: SAMPLE.to, first_name: SAMPLE.firstName },
      { contest_id: 3, title: SAMPLE.title, place: null, prize: '500 reward points', points: 500 },
      SITE,
    ),
  'product-registration': () =>
    registrationMail(
      SAMPLE.to,
      SAMPLE.firstName,
      {
        number: 'GX-7K3M-Q9TP',
        exhibition: SAMPLE.title,
        venue: 'Hall C, booth 214',
        city: 'Tucson, AZ',
        kind: 'Ring',
        description: SAMPLE.prize,
        priceCents: 125_050,
        purchaseDate: '2026-06-14',
      },
      SAMPLE.brand,
      SAMPLE.publicUrl,
    ),
  'submission-activity': () =>
    submissionActivityMail({ email: SAMPLE.to, first_name: SAMPLE.firstName }, { votes: 12, likes: 5 }, SITE),
};
