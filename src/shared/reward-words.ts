// Points in words (decision 059): what each ledger reason is called, and each earning rule as a
// sentence with its real points and caps, so the rewards page's "how to earn" and its ledger agree.
import { couponValue, YEARLY_COUPONS } from './coupons';
import { WATCH_MINUTES_PER_CREDIT, type EarningRule, type LedgerReason } from './rewards';

/** The name of each reason a ledger row can have, as the ledger and "how to earn" both say it. */
export const REASON_WORDS: Record<LedgerReason, string> = {
  rsvp: 'RSVP to a show',
  checkin: 'Live check-in',
  watch: 'Watching a live show',
  giveaway_entry: 'Giveaway entry',
  spin: 'Spin to win',
  quiz: 'Special-event quiz',
  guess: 'Guessing-game win',
  contest: 'Contest win',
  referral: 'A friend you invited',
  birthday: 'Your birthday',
  anniversary: 'Your anniversary',
  redeem: 'Coupon bought with points',
  adjustment: 'Correction by our team',
};

const isReason = (reason: string): reason is LedgerReason => Object.hasOwn(REASON_WORDS, reason);

/** A row's reason in words; a reason this build does not know yet reads as plain points. */
export function reasonWords(reason: string): string {
  return isReason(reason) ? REASON_WORDS[reason] : 'Points';
}

export type RuleNumbers = { points: number; daily_cap: number | null; show_cap: number | null };

const count = (n: number) => `${n.toLocaleString('en-US')} point${n === 1 ? '' : 's'}`;
const dailyCap = (cap: number | null) => (cap === null ? '' : `, up to ${count(cap)} a day`);
/** Check-ins and entries are credited by a background pass every 30 seconds (decision 056). */
const WITHIN_A_MINUTE = ' They reach your balance within a minute.';

/**
 * An earning rule as a sentence with its points and caps. Birthday and anniversary also name the
 * yearly coupon that comes with their points in that week (decisions 059 and 061).
 */
export function earningRuleWords(rule: EarningRule, numbers: RuleNumbers): string {
  const { points } = numbers;
  switch (rule) {
    case 'rsvp':
      return `${count(points)} for each show or special event you RSVP to${dailyCap(numbers.daily_cap)}.`;
    case 'checkin':
      return `${count(points)} each time you check in to a show while it is live${dailyCap(numbers.daily_cap)}.${WITHIN_A_MINUTE}`;
    case 'watch':
      return `${count(points)} for every ${WATCH_MINUTES_PER_CREDIT} minutes you watch a live show${
        numbers.show_cap === null ? '' : `, up to ${count(numbers.show_cap)} a show`
      }${dailyCap(numbers.daily_cap)}. Our server counts the minutes it sees you watching.`;
    case 'giveaway_entry':
      return `${count(points)} for entering a show's giveaway${dailyCap(numbers.daily_cap)}.${WITHIN_A_MINUTE}`;
    case 'quiz':
      return `${count(points)} for answering a special event's quiz correctly${dailyCap(numbers.daily_cap)}.`;
    case 'referral':
      return `${count(points)} when a friend signs up with your invite code; they count once your friend checks in to their first live show.`;
    case 'birthday':
    case 'anniversary':
      return `${count(points)} and a ${couponValue(YEARLY_COUPONS[rule])} coupon${
        YEARLY_COUPONS[rule].applies_to === 'show_jewelry' ? ' for show jewelry' : ''
      } in the week of your ${rule}, once a year. Add the date on your profile.`;
  }
}

/** Ways to earn that are not staff-set rules: each prize or question says its own points. */
export const OTHER_WAYS_TO_EARN: readonly { reason: LedgerReason; words: string }[] = [
  { reason: 'spin', words: 'Points when the wheel stops on a points prize after your RSVP or giveaway entry.' },
  {
    reason: 'guess',
    words: 'Points for the closest guess in an on-air guessing game; each question says how many.',
  },
];
