// The gallery's live numbers: a vote moves, a like toggles, the answer and the polls set them right.
import { describe, expect, it } from 'vitest';
import type { ContestCounts, ContestDetail, GalleryEntry } from '../../../shared/contract/contests';
import { countsFromDetail, liveGallery, withAnswer, withLike, withVote } from './live-counts';

const entry = (id: number, votes: number | null, likes: number | null, liked = false): GalleryEntry => ({
  id,
  photo_url: `/media/contests/${id}.webp`,
  caption: `Entry ${id}`,
  entrant: 'Ruby A.',
  votes,
  likes,
  removed_votes: 0,
  liked,
  voted: false,
  mine: false,
  created_at: '2026-03-01T18:00:00.000Z',
});

const counts = (myVote: number | null, visible = true): ContestCounts => ({
  contestid: 7,
  phase: 'voting',
  counts_visible: visible,
  my_vote: myVote,
  entries: [
    { id: 1, votes: visible ? 4 : null, likes: visible ? 2 : null, liked: false },
    { id: 2, votes: visible ? 1 : null, likes: visible ? 0 : null, liked: true },
    { id: 3, votes: visible ? 0 : null, likes: visible ? 0 : null, liked: false },
  ],
});

describe('withVote', () => {
  it('adds a first vote to the entry voted for', () => {
    const after = withVote(counts(null), 3);
    expect(after.my_vote).toBe(3);
    expect(after.entries.map((e) => e.votes)).toEqual([4, 1, 1]);
  });

  it('moves a vote: the old entry loses it, the new one gains it', () => {
    const after = withVote(counts(1), 2);
    expect(after.my_vote).toBe(2);
    expect(after.entries.map((e) => e.votes)).toEqual([3, 2, 0]);
  });

  it('changes nothing when voting again for the same entry', () => {
    const before = counts(2);
    expect(withVote(before, 2)).toBe(before);
  });

  it('keeps hidden counts hidden while still marking the vote', () => {
    const after = withVote(counts(1, false), 2);
    expect(after.my_vote).toBe(2);
    expect(after.entries.map((e) => e.votes)).toEqual([null, null, null]);
  });
});

describe('withLike', () => {
  it('likes and unlikes once each, never twice', () => {
    const liked = withLike(counts(null), 1, true);
    expect(liked.entries[0]).toEqual({ id: 1, votes: 4, likes: 3, liked: true });
    expect(withLike(liked, 1, true).entries[0]?.likes).toBe(3);
    expect(withLike(liked, 2, false).entries[1]).toEqual({ id: 2, votes: 1, likes: 0, liked: false });
  });
});

describe('withAnswer', () => {
  it('takes the entry counts and the vote from the server answer', () => {
    const guessed = withVote(counts(1), 2);
    const after = withAnswer(guessed, {
      submissionid: 2,
      contestid: 7,
      votes: 5,
      likes: 1,
      voted: true,
      liked: true,
      my_vote: 2,
    });
    expect(after.my_vote).toBe(2);
    expect(after.entries.map((e) => e.votes)).toEqual([3, 5, 0]);
    expect(after.entries[1]?.likes).toBe(1);
  });
});

describe('countsFromDetail and liveGallery', () => {
  it('starts from the page, then lays the polled counts over the gallery in its own order', () => {
    const gallery = [entry(3, 0, 0), entry(1, 4, 2), entry(2, 1, 0, true)];
    const detail: ContestDetail = {
      id: 7,
      title: 'Rings at sunset',
      description: '',
      phase: 'voting',
      eventid: null,
      event_title: null,
      submit_opens_at: '2026-03-01T18:00:00.000Z',
      submit_closes_at: '2026-03-08T18:00:00.000Z',
      vote_opens_at: '2026-03-08T18:00:00.000Z',
      vote_closes_at: '2026-03-15T18:00:00.000Z',
      entries: 3,
      cover_url: null,
      prize_points: 0,
      prize_text: '',
      rules_html: '',
      entries_per_viewer: 1,
      vote_rule: 'once',
      show_counts: true,
      winner_count: 1,
      counts_visible: true,
      gallery,
      mine: [],
      my_vote: 1,
      results: [],
      results_fixed_at: null,
    };
    const start = countsFromDetail(detail);
    expect(start.my_vote).toBe(1);
    expect(start.entries.map((e) => e.id)).toEqual([3, 1, 2]);

    const shown = liveGallery(gallery, withVote(counts(1), 3));
    expect(shown.map((e) => [e.id, e.votes, e.voted])).toEqual([
      [3, 1, true],
      [1, 3, false],
      [2, 1, false],
    ]);
  });
});
