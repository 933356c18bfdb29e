import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIZE_VALUE, fillTerms, prizeValue, termsDate } from './giveaway-terms';

describe('giveaway terms placeholders', () => {
  const dates = { startDate: '2026-06-15T18:00:00.000Z', endDate: '2026-12-01T03:30:00.000Z' };

  it('fills the value and both spellings of the dates, in Los Angeles time', () => {
    const html = '<p>Win {{VALUE}} from {{START_DATE}} until {{END_DATE}} ({{START DATE}} / {{END DATE}}).</p>';
    expect(fillTerms(html, { tncPrices: '$2,500', ...dates })).toBe(
      '<p>Win $2,500 from June 15, 2026 at 11:00 AM PDT until November 30, 2026 at 7:30 PM PST (June 15, 2026 at 11:00 AM PDT / November 30, 2026 at 7:30 PM PST).</p>',
    );
  });

  it("uses the spec's default prize value when tnc_prices is empty", () => {
    expect(prizeValue('')).toBe(DEFAULT_PRIZE_VALUE);
    expect(prizeValue(null)).toBe('$10,000');
    expect(fillTerms('{{VALUE}}', { tncPrices: '  ', ...dates })).toBe('$10,000');
  });

  it('escapes what it puts in, so a prize value cannot add markup', () => {
    expect(fillTerms('<p>{{VALUE}}</p>', { tncPrices: '<img src=x onerror=alert(1)>', ...dates })).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it('escapes a value inside a tag for an attribute, so it cannot end the attribute or the tag', () => {
    const value = { tncPrices: 'x" onmouseover=alert(1) >', ...dates };
    expect(fillTerms('<a href={{VALUE}}>{{VALUE}}</a>', value)).toBe(
      '<a href=x&#x22;&#x20;onmouseover&#x3d;alert&#x28;1&#x29;&#x20;&#x3e;>x&quot; onmouseover=alert(1) &gt;</a>',
    );
    expect(fillTerms("<p title='{{ VALUE }}'>a > b</p><p>{{VALUE}}</p>", { tncPrices: "'>", ...dates })).toBe(
      "<p title='&#x27;&#x3e;'>a > b</p><p>&#39;&gt;</p>",
    );
    expect(fillTerms('<a title="a>b" href="{{START DATE}}">x</a>', { tncPrices: '', ...dates })).toBe(
      '<a title="a>b" href="June&#x20;15&#x2c;&#x20;2026&#x20;at&#x20;11&#x3a;00&#x20;AM&#x20;PDT">x</a>',
    );
  });

  it('leaves other braces alone and gives an empty date for a bad instant', () => {
    expect(fillTerms('{{NAME}} {{ VALUE }}', { tncPrices: '$1', ...dates })).toBe('{{NAME}} $1');
    expect(termsDate('not a date')).toBe('');
  });
});
