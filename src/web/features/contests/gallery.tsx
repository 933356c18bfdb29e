// The voting gallery: approved entries in the order the server gives (shuffled for each viewer),
// each with its photo, caption and entrant, a Vote button and a Like toggle. The counts move on
// their own while voting is open and the tab is in view (a poll every COUNTS_POLL_MS); a vote or
// like shows at once and is set right by the server's answer.
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ContestDetail, GalleryEntry } from '../../../shared/contract/contests';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { cx } from '../../ui/cx';
import { loginPathFor } from '../auth/redirect';
import { ContestPhoto } from './contest-photo';
import { likesWords, refusalNotice, voteRuleWords, votesWords, type Notice } from './contest-words';
import { countsFromDetail, liveGallery } from './live-counts';
import { contestCountsQuery, contestKeys, useLikeMutation, useVoteMutation } from './queries';

/** A refusal as the gallery says it. */
function noticeOf(error: unknown): Notice {
  return error instanceof ApiError
    ? refusalNotice(error.httpStatus, error.message, error.retryAfterSeconds)
    : { tone: 'error', text: errorMessage(error) };
}

function HeartIcon({ isFilled }: { isFilled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill={isFilled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type EntryCardProps = {
  entry: GalleryEntry;
  showCounts: boolean;
  canAct: boolean;
  isFirst: boolean;
  onVote: () => void;
  onLike: (liked: boolean) => void;
};

function EntryCard({ entry, showCounts, canAct, isFirst, onVote, onLike }: EntryCardProps) {
  const who = `the entry by ${entry.entrant}`;
  // The Vote button gives way to the "Your vote" mark: the keyboard's place moves to the mark.
  const markRef = useRef<HTMLParagraphElement>(null);
  const [isVoteClicked, setVoteClicked] = useState(false);
  useEffect(() => {
    if (isVoteClicked && entry.voted) markRef.current?.focus();
  }, [isVoteClicked, entry.voted]);
  return (
    <article
      aria-label={`Entry by ${entry.entrant}`}
      className={cx(
        'flex h-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm',
        entry.voted ? 'border-primary ring-2 ring-primary' : 'border-line',
      )}
    >
      <ContestPhoto
        src={entry.photo_url}
        alt={entry.caption ? `Photo by ${entry.entrant}: ${entry.caption}` : `Photo by ${entry.entrant}`}
        width={480}
        height={480}
        isEager={isFirst}
        className="aspect-square w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        {entry.caption && <p className="break-words text-ink">{entry.caption}</p>}
        <p className="text-sm font-bold text-muted">by {entry.entrant}</p>
        {showCounts && (
          <p className="text-sm text-ink" data-testid="entry-counts">
            <span className="font-black">{votesWords(entry.votes ?? 0)}</span>
            <span aria-hidden="true"> · </span>
            <span>{likesWords(entry.likes ?? 0)}</span>
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {entry.mine ? (
            <p className="rounded-full bg-secondary-soft px-3 py-1 text-sm font-black text-secondary">Your entry</p>
          ) : (
            canAct && (
              <>
                {entry.voted ? (
                  <p
                    ref={markRef}
                    tabIndex={-1}
                    className="inline-flex min-h-9 items-center gap-1 rounded-lg bg-primary px-3 text-sm font-black text-white"
                  >
                    <span aria-hidden="true">✓</span> Your vote
                  </p>
                ) : (
                  <Button
                    size="sm"
                    onClick={() => {
                      setVoteClicked(true);
                      onVote();
                    }}
                    aria-label={`Vote for ${who}`}
                  >
                    Vote
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  aria-pressed={entry.liked}
                  aria-label={`Like ${who}`}
                  onClick={() => onLike(!entry.liked)}
                >
                  <HeartIcon isFilled={entry.liked} />
                  Like
                </Button>
              </>
            )
          )}
        </div>
      </div>
    </article>
  );
}

export function Gallery({ contest, userId }: { contest: ContestDetail; userId: number }) {
  const queryClient = useQueryClient();
  const isSending = useIsMutating({ mutationKey: contestKeys.changes(contest.id) }) > 0;
  const counts = useQuery(contestCountsQuery(contest.id, userId, contest.phase === 'voting', isSending));
  const vote = useVoteMutation(contest, userId);
  const like = useLikeMutation(contest, userId);
  const [notice, setNotice] = useState<Notice | null>(null);
  const live = counts.data ?? countsFromDetail(contest);
  const entries = liveGallery(contest.gallery, live);
  const isSignedIn = userId !== 0;

  // When the counts say voting has closed, the page is read again and shows the results.
  const polledPhase = counts.data?.phase;
  useEffect(() => {
    if (polledPhase && polledPhase !== contest.phase)
      void queryClient.invalidateQueries({ queryKey: contestKeys.detail(contest.id, userId) });
  }, [polledPhase, contest.phase, contest.id, userId, queryClient]);

  function handleVote(id: number) {
    setNotice(null);
    vote.mutate(id, { onError: (error) => setNotice(noticeOf(error)) });
  }

  function handleLike(id: number, liked: boolean) {
    setNotice(null);
    like.mutate({ submissionId: id, liked }, { onError: (error) => setNotice(noticeOf(error)) });
  }

  return (
    <section aria-labelledby="gallery-heading" className="flex flex-col gap-4">
      <h2 id="gallery-heading" className="text-2xl font-black text-ink">
        Vote for your favourite
      </h2>
      <div className="flex max-w-3xl flex-col gap-1 text-ink">
        <p>{voteRuleWords(contest.vote_rule)}</p>
        {!live.counts_visible && <p className="text-muted">Counts are shown when voting closes.</p>}
      </div>
      {!isSignedIn && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink">Log in to vote and like photos. It is free.</p>
          <Link to={loginPathFor(`/contest/${contest.id}`)} className={buttonStyles('primary')}>
            Log in to vote
          </Link>
        </div>
      )}
      {/* Always on the page, so what is said in it is announced. */}
      <div aria-live="polite" className="empty:hidden">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </div>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-white px-5 py-6 text-muted">
          No photo has been approved for this contest yet.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((entry, i) => (
            <li key={entry.id}>
              <EntryCard
                entry={entry}
                showCounts={live.counts_visible}
                canAct={isSignedIn}
                isFirst={i === 0}
                onVote={() => handleVote(entry.id)}
                onLike={(liked) => handleLike(entry.id, liked)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
