import { describe, expect, it } from 'vitest';
import type { StaffContest } from '../../../../shared/contract/contests';
import { contestFieldsOf, contestFormValues } from './contest-form-values';

const saved: StaffContest = {
  id: 4,
  title: 'Summer sparkle',
  description: 'Your best summer ring.',
  phase: 'submitting',
  eventid: 12,
  event_title: 'Summer sparkle live',
  submit_opens_at: '2026-06-01T16:00:00.000Z',
  submit_closes_at: '2026-06-08T16:00:00.000Z',
  vote_opens_at: '2026-06-08T16:00:00.000Z',
  vote_closes_at: '2026-06-11T16:00:00.000Z',
  entries: 0,
  cover_url: null,
  prize_points: 500,
  prize_text: 'A topaz pendant',
  rules_html: '<p>Rules</p>',
  entries_per_viewer: 2,
  vote_rule: 'daily',
  show_counts: false,
  winner_count: 3,
  results_fixed_at: null,
  pending: 0,
  approved: 0,
  rejected: 0,
  votes: 0,
  voided_votes: 0,
  created_at: '2026-05-01T00:00:00.000Z',
  updated_at: '2026-05-01T00:00:00.000Z',
};

describe('contestFormValues', () => {
  it('shows a saved contest in Los Angeles time', () => {
    const values = contestFormValues(saved, new Date());
    expect(values.submit_opens_at).toBe('2026-06-01T09:00');
    expect(values.vote_closes_at).toBe('2026-06-11T09:00');
    expect(values.eventid).toBe('12');
    expect(values.winner_count).toBe('3');
  });

  it('starts a new contest at the next full hour: a week of entries, then three days of voting', () => {
    const values = contestFormValues(undefined, new Date('2026-06-01T16:20:00.000Z'));
    expect(values.submit_opens_at).toBe('2026-06-01T10:00');
    expect(values.submit_closes_at).toBe('2026-06-08T10:00');
    expect(values.vote_opens_at).toBe('2026-06-08T10:00');
    expect(values.vote_closes_at).toBe('2026-06-11T10:00');
  });
});

describe('contestFieldsOf', () => {
  it('sends every field, the times as Los Angeles instants with their offset', () => {
    const check = contestFieldsOf(contestFormValues(saved, new Date()));
    expect(check.problems).toBeNull();
    expect(check.fields).toEqual({
      title: 'Summer sparkle',
      description: 'Your best summer ring.',
      rules: '<p>Rules</p>',
      eventid: 12,
      submit_opens_at: '2026-06-01T09:00:00-07:00',
      submit_closes_at: '2026-06-08T09:00:00-07:00',
      vote_opens_at: '2026-06-08T09:00:00-07:00',
      vote_closes_at: '2026-06-11T09:00:00-07:00',
      entries_per_viewer: 2,
      vote_rule: 'daily',
      show_counts: false,
      winner_count: 3,
      prize_points: 500,
      prize_text: 'A topaz pendant',
    });
  });

  it('asks for a title and for each time that is missing, and sends nothing', () => {
    const values = { ...contestFormValues(saved, new Date()), title: '  ', vote_opens_at: '' };
    const check = contestFieldsOf(values);
    expect(check.fields).toBeNull();
    expect(check.problems).toEqual({
      title: 'Give the contest a title.',
      vote_opens_at: 'Pick the date and time of when voting opens.',
    });
  });

  it('says when the windows are out of order', () => {
    const values = {
      ...contestFormValues(saved, new Date()),
      vote_closes_at: '2026-06-09T09:00',
      vote_opens_at: '2026-06-10T09:00',
    };
    const check = contestFieldsOf(values);
    expect(check.fields).toBeNull();
    expect(check).toMatchObject({ windows: 'Voting must open before it closes.' });
  });

  it('sends a number that is not a whole number as no number, for the server to refuse', () => {
    const check = contestFieldsOf({ ...contestFormValues(saved, new Date()), prize_points: '12.5', eventid: '' });
    expect(check.fields?.prize_points).toBeNaN();
    expect(check.fields?.eventid).toBeNull();
  });
});
