// The words for points: every rule's sentence carries its real numbers, and every reason has a name.
import { describe, expect, it } from 'vitest';
import { earningRuleWords, reasonWords, REASON_WORDS } from './reward-words';
import { DEFAULT_EARNING_RULES, LEDGER_REASONS } from './rewards';

const numbers = (rule: keyof typeof DEFAULT_EARNING_RULES) => ({
  points: DEFAULT_EARNING_RULES[rule].points,
  daily_cap: DEFAULT_EARNING_RULES[rule].dailyCap,
  show_cap: DEFAULT_EARNING_RULES[rule].showCap,
});

describe('reward words', () => {
  it('says each rule with its points and caps', () => {
    expect(earningRuleWords('rsvp', numbers('rsvp'))).toBe(
      '10 points for each show or special event you RSVP to, up to 50 points a day.',
    );
    expect(earningRuleWords('watch', numbers('watch'))).toBe(
      '5 points for every 10 minutes you watch a live show, up to 60 points a show. Our server counts the minutes it sees you watching.',
    );
    expect(earningRuleWords('quiz', { points: 1, daily_cap: 1_500, show_cap: null })).toBe(
      "1 point for answering a special event's quiz correctly, up to 1,500 points a day.",
    );
    expect(earningRuleWords('birthday', numbers('birthday'))).toBe(
      '200 points and a 15% off coupon for show jewelry in the week of your birthday, once a year. Add the date on your profile.',
    );
  });

  it('names every ledger reason, and an unknown one as plain points', () => {
    for (const reason of LEDGER_REASONS) expect(REASON_WORDS[reason]).toBeTruthy();
    expect(reasonWords('redeem')).toBe('Coupon bought with points');
    expect(reasonWords('something-new')).toBe('Points');
  });
});
