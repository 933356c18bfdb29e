// The contest pages' words: groups, the card's moment, the countdown's next change, prizes and counts.
import { describe, expect, it } from 'vitest';
import type { ContestPhase } from '../../../shared/contract/contests';
import {
  captionCount,
  entriesWords,
  groupContests,
  groupOf,
  nextChange,
  ordinal,
  prizeWords,
  refusalNotice,
  removedWords,
  stateWords,
  voteRuleWords,
  windowLine,
} from './contest-words';

const windows = (phase: ContestPhase) => ({
  phase,
  submit_opens_at: '2026-03-01T18:00:00.000Z',
  submit_closes_at: '2026-03-08T18:00:00.000Z',
  vote_opens_at: '2026-03-09T02:00:00.000Z',
  vote_closes_at: '2026-07-04T19:00:00.000Z',
});

describe('groupContests', () => {
  it('lists contests waiting for voting with those coming up, in the server order', () => {
    const contests = [
      { id: 1, phase: 'closed' as const },
      { id: 2, phase: 'between' as const },
      { id: 3, phase: 'submitting' as const },
      { id: 4, phase: 'upcoming' as const },
      { id: 5, phase: 'voting' as const },
    ];
    const groups = groupContests(contests).map(({ group, contests: inGroup }) => [
      group.title,
      inGroup.map((c) => c.id),
    ]);
    expect(groups).toEqual([
      ['Open for entries', [3]],
      ['Voting now', [5]],
      ['Coming up', [2, 4]],
      ['Closed', [1]],
    ]);
    expect(groupOf('between')).toBe('coming');
  });
});

describe('windowLine and nextChange', () => {
  it('names the moment that matters in Los Angeles time, across daylight saving', () => {
    expect(windowLine(windows('upcoming'))).toBe('Entries open Sun, Mar 1, 10:00 AM PST');
    expect(windowLine(windows('submitting'))).toBe('Entries close Sun, Mar 8, 11:00 AM PDT');
    expect(windowLine(windows('between'))).toBe('Voting opens Sun, Mar 8, 7:00 PM PDT');
    expect(windowLine(windows('voting'))).toBe('Voting closes Sat, Jul 4, 12:00 PM PDT');
    expect(windowLine(windows('closed'))).toBe('Voting has closed');
  });

  it('counts down to the next change of phase, and to nothing once closed', () => {
    expect(nextChange(windows('upcoming'))).toEqual({
      label: 'Entries open in',
      target: new Date('2026-03-01T18:00:00.000Z'),
    });
    expect(nextChange(windows('submitting'))?.label).toBe('Entries close in');
    expect(nextChange(windows('between'))?.target).toEqual(new Date('2026-03-09T02:00:00.000Z'));
    expect(nextChange(windows('voting'))).toEqual({
      label: 'Voting closes in',
      target: new Date('2026-07-04T19:00:00.000Z'),
    });
    expect(nextChange(windows('closed'))).toBeNull();
  });
});

describe('prize, entries and votes', () => {
  it('says the prize with its points, either alone, or nothing', () => {
    expect(prizeWords('Sapphire studs', 1500)).toBe('Sapphire studs and 1,500 reward points');
    expect(prizeWords('Sapphire studs', 0)).toBe('Sapphire studs');
    expect(prizeWords('', 1)).toBe('1 reward point');
    expect(prizeWords('', 0)).toBe('');
  });

  it('counts entries and removed votes in words', () => {
    expect(entriesWords(0)).toBe('No entries yet');
    expect(entriesWords(1)).toBe('1 entry');
    expect(entriesWords(12)).toBe('12 entries');
    expect(removedWords(0)).toBe('');
    expect(removedWords(1)).toBe('1 vote removed after review');
    expect(removedWords(14)).toBe('14 votes removed after review');
  });

  it('says an entry state with the reason it was not accepted', () => {
    expect(stateWords('pending', '')).toBe('Pending review');
    expect(stateWords('approved', '')).toBe('Approved');
    expect(stateWords('rejected', 'The photo is not jewelry.')).toBe('Not accepted: The photo is not jewelry.');
    expect(stateWords('rejected', '')).toBe('Not accepted');
  });

  it('tells how a vote moves under each rule', () => {
    expect(voteRuleWords('once')).toMatch(/one vote in this contest.*moves your vote/);
    expect(voteRuleWords('daily')).toMatch(/one vote a day/);
  });

  it('writes places and the caption counter', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
    expect(captionCount(12, 280)).toBe('12 of 280 characters');
  });
});

describe('refusalNotice', () => {
  it('says a rate limit calmly with the wait, and a conflict calmly without one', () => {
    expect(refusalNotice(429, 'Too many votes at once.', 12)).toEqual({
      tone: 'info',
      text: 'Too many votes at once. You can try again in 12 seconds.',
    });
    expect(refusalNotice(429, 'Too many votes at once.', 0.4).text).toBe(
      'Too many votes at once. You can try again in 1 second.',
    );
    expect(refusalNotice(409, 'Voting has closed.', null)).toEqual({ tone: 'info', text: 'Voting has closed.' });
  });

  it('shows any other refusal as an error, as the server words it', () => {
    expect(refusalNotice(404, 'We could not find that entry.', null)).toEqual({
      tone: 'error',
      text: 'We could not find that entry.',
    });
  });
});
