// The gallery's live numbers while voting is open: the counts the page polls, started from the page
// itself, changed at once when the viewer votes or likes (optimistic), then set from the server's
// answer. Pure, so the moves of a vote are unit-tested.
import type { ContestCounts, ContestDetail, GalleryEntry, VoteState } from '../../../shared/contract/contests';

/** The counts as the contest page already knows them, before the first poll answers. */
export function countsFromDetail(detail: ContestDetail): ContestCounts {
  return {
    contestid: detail.id,
    phase: detail.phase,
    counts_visible: detail.counts_visible,
    my_vote: detail.my_vote,
    entries: detail.gallery.map(({ id, votes, likes, liked }) => ({ id, votes, likes, liked })),
  };
}

const plus = (count: number | null, by: number) => (count === null ? null : Math.max(0, count + by));

/** A vote for `submissionId`: the viewer's vote leaves the entry it was on and lands here. */
export function withVote(counts: ContestCounts, submissionId: number): ContestCounts {
  const from = counts.my_vote;
  if (from === submissionId) return counts;
  return {
    ...counts,
    my_vote: submissionId,
    entries: counts.entries.map((entry) =>
      entry.id === submissionId
        ? { ...entry, votes: plus(entry.votes, 1) }
        : entry.id === from
          ? { ...entry, votes: plus(entry.votes, -1) }
          : entry,
    ),
  };
}

/** A like or unlike of `submissionId`. */
export function withLike(counts: ContestCounts, submissionId: number, liked: boolean): ContestCounts {
  return {
    ...counts,
    entries: counts.entries.map((entry) =>
      entry.id !== submissionId || entry.liked === liked
        ? entry
        : { ...entry, liked, likes: plus(entry.likes, liked ? 1 : -1) },
    ),
  };
}

/**
 * The server's answer to a vote or like: that entry's counts and the viewer's vote as they are now.
 * The entry the vote moved from keeps its lowered count until the next poll says otherwise.
 */
export function withAnswer(counts: ContestCounts, answer: VoteState): ContestCounts {
  return {
    ...counts,
    my_vote: answer.my_vote,
    entries: counts.entries.map((entry) =>
      entry.id === answer.submissionid
        ? { ...entry, votes: answer.votes, likes: answer.likes, liked: answer.liked }
        : entry,
    ),
  };
}

/** The gallery in the server's order with the newest counts laid over it. */
export function liveGallery(gallery: readonly GalleryEntry[], counts: ContestCounts): GalleryEntry[] {
  const byId = new Map(counts.entries.map((entry) => [entry.id, entry]));
  return gallery.map((entry) => {
    const live = byId.get(entry.id);
    return {
      ...entry,
      votes: live ? live.votes : entry.votes,
      likes: live ? live.likes : entry.likes,
      liked: live ? live.liked : entry.liked,
      voted: counts.my_vote === entry.id,
    };
  });
}
