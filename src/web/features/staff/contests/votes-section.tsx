// The vote review: staff choose an approved entry and see its votes over time, the patterns the
// server flags in them (in words, each with a way to select the votes it covers), and every vote.
// Selected votes are removed with a reason after a confirmation; they stay listed as removed and
// the entry's count drops. Nobody types a count: only votes can be removed, one by one or in bulk.
import { useState } from 'react';
import type { StaffContest, StaffVote, VoteReview } from '../../../../shared/contract/contests';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { LoadState } from '../load-state';
import { SelectField } from '../shows/form-fields';
import { laTime } from '../shows/show-format';
import { counted } from './contest-words';
import { useSubmissionQueue, useVoidVotes, useVoteReview } from './queries';
import { ReasonDialog } from './reason-dialog';
import { VoteChart } from './vote-chart';

function Flags({ review, onSelect }: { review: VoteReview; onSelect: (ids: number[]) => void }) {
  return (
    <section aria-labelledby="flags-heading" className="flex flex-col gap-2">
      <h3 id="flags-heading" className="text-lg font-black text-ink">
        Worth a look
      </h3>
      {review.flags.length === 0 ? (
        <p className="text-muted">Nothing unusual in these votes.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {review.flags.map((flag) => (
            <li
              key={`${flag.kind}-${flag.vote_ids[0] ?? 0}`}
              className="flex flex-col gap-2 rounded-xl border border-secondary/40 bg-secondary-soft p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="font-bold text-ink">{flag.summary}</p>
              <Button
                variant="outline"
                size="sm"
                className="self-start sm:self-auto"
                onClick={() => onSelect(flag.vote_ids)}
              >
                Select these votes
                <span className="sr-only">: {flag.summary}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VoteRow({
  vote,
  isChecked,
  onCheck,
}: {
  vote: StaffVote;
  isChecked: boolean;
  onCheck: (on: boolean) => void;
}) {
  const isVoided = vote.voided_at !== null;
  return (
    <tr className={isVoided ? 'border-t border-line bg-canvas text-muted' : 'border-t border-line'}>
      <td className="px-3 py-2">
        <input
          type="checkbox"
          aria-label={`Vote ${vote.id} by ${vote.voter}`}
          checked={isChecked}
          disabled={isVoided}
          onChange={(event) => onCheck(event.target.checked)}
          className="size-5 accent-primary"
        />
      </td>
      <th scope="row" className="min-w-40 px-3 py-2 font-bold wrap-anywhere">
        {vote.voter}
        <span className="block text-xs font-normal text-muted">Account made {laTime(vote.account_created_at)}</span>
      </th>
      <td className="px-3 py-2 whitespace-nowrap">{laTime(vote.cast_at)}</td>
      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{vote.network || '—'}</td>
      <td className="px-3 py-2 font-mono text-xs break-all">{vote.visitor || '—'}</td>
      <td className="min-w-60 px-3 py-2">
        {isVoided ? (
          <span>
            <span className="font-bold text-danger">Removed</span> {vote.voided_at && laTime(vote.voided_at)}
            {vote.void_reason && <span className="block">{vote.void_reason}</span>}
          </span>
        ) : (
          'Counted'
        )}
      </td>
    </tr>
  );
}

function EntryReview({ contest, submissionId }: { contest: StaffContest; submissionId: number }) {
  const review = useVoteReview(contest.id, submissionId);
  const voidVotes = useVoidVotes(contest.id);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [isConfirming, setIsConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!review.data)
    return (
      <LoadState
        error={review.error}
        isPending={review.isPending}
        onRetry={() => void review.refetch()}
        loadingLabel="Loading the votes"
      />
    );
  const data = review.data;
  const open = data.list.filter((vote) => vote.voided_at === null);
  const chosen = open.filter((vote) => checked.has(vote.id)).map((vote) => vote.id);
  const isAllChecked = open.length > 0 && chosen.length === open.length;

  function selectOnly(ids: number[]) {
    const openIds = new Set(open.map((vote) => vote.id));
    setChecked(new Set(ids.filter((id) => openIds.has(id))));
    setNotice(null);
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="flex flex-wrap gap-x-6 gap-y-1 text-lg" data-testid="entry-vote-counts">
        <span>
          <span className="font-black text-ink tabular-nums">{data.votes.toLocaleString('en-US')}</span>{' '}
          {data.votes === 1 ? 'vote counts' : 'votes count'}
        </span>
        <span>
          <span className="font-black text-ink tabular-nums">{data.voided_votes.toLocaleString('en-US')}</span> removed
          after review
        </span>
      </p>
      <VoteChart timeline={data.timeline} />
      <Flags review={data} onSelect={selectOnly} />
      {notice && <Alert tone="success">{notice}</Alert>}
      <section aria-labelledby="vote-list-heading" className="flex flex-col gap-3">
        <h3 id="vote-list-heading" className="text-lg font-black text-ink">
          Every vote, newest first
        </h3>
        {data.list.length === 0 ? (
          <p className="text-muted">No votes for this entry.</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white p-3">
              <label className="flex min-h-11 items-center gap-3 font-bold text-ink">
                <input
                  type="checkbox"
                  checked={isAllChecked}
                  disabled={open.length === 0}
                  ref={(box) => {
                    if (box) box.indeterminate = chosen.length > 0 && !isAllChecked;
                  }}
                  onChange={(event) => selectOnly(event.target.checked ? open.map((vote) => vote.id) : [])}
                  className="size-5 accent-primary"
                />
                Select every counted vote ({open.length})
              </label>
              <span className="text-sm text-muted" aria-live="polite">
                {counted(chosen.length, 'vote', 'votes')} selected
              </span>
              {contest.results_fixed_at === null && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="sm:ml-auto"
                  disabled={chosen.length === 0}
                  onClick={() => setIsConfirming(true)}
                >
                  Remove selected votes
                </Button>
              )}
            </div>
            <div
              className="overflow-x-auto rounded-xl border border-line bg-white"
              tabIndex={0}
              role="region"
              aria-label="Votes"
            >
              <table className="w-full min-w-[60rem] text-left text-sm">
                <caption className="sr-only">Votes for this entry</caption>
                <thead className="bg-canvas text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-bold">
                      <span className="sr-only">Selected</span>
                    </th>
                    <th scope="col" className="px-3 py-2 font-bold">
                      Voter
                    </th>
                    <th scope="col" className="px-3 py-2 font-bold">
                      Cast
                    </th>
                    <th scope="col" className="px-3 py-2 font-bold">
                      Address range
                    </th>
                    <th scope="col" className="px-3 py-2 font-bold">
                      Browser
                    </th>
                    <th scope="col" className="px-3 py-2 font-bold">
                      State
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((vote) => (
                    <VoteRow
                      key={vote.id}
                      vote={vote}
                      isChecked={checked.has(vote.id)}
                      onCheck={(isOn) =>
                        setChecked((old) => {
                          const next = new Set(old);
                          if (isOn) next.add(vote.id);
                          else next.delete(vote.id);
                          return next;
                        })
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <ReasonDialog
        open={isConfirming}
        onOpenChange={(isOpen) => {
          setIsConfirming(isOpen);
          if (!isOpen) voidVotes.reset();
        }}
        title={`Remove ${counted(chosen.length, 'vote', 'votes')}?`}
        description="Removed votes stop counting for this entry. The contest page says how many were removed after review, and the log keeps your reason. This cannot be undone."
        confirmLabel={`Remove ${counted(chosen.length, 'vote', 'votes')}`}
        reason={{ label: 'Reason', hint: 'For example: many votes from accounts made the same hour.', minLength: 3 }}
        onConfirm={(reason) =>
          voidVotes.mutate(
            { submissionid: submissionId, voteids: chosen, reason },
            {
              onSuccess: ({ message }) => {
                setIsConfirming(false);
                setChecked(new Set());
                setNotice(message);
              },
            },
          )
        }
        isBusy={voidVotes.isPending}
        error={voidVotes.isError ? errorMessage(voidVotes.error) : null}
      />
    </div>
  );
}

export function VotesSection({ contest }: { contest: StaffContest }) {
  const approved = useSubmissionQueue(contest.id, 'approved');
  const [submissionId, setSubmissionId] = useState(0);
  const entries = approved.data?.submissions ?? [];
  return (
    <section aria-labelledby="votes-heading" className="flex flex-col gap-4">
      <h2 id="votes-heading" className="text-xl font-black text-ink">
        Votes review
      </h2>
      <p className="max-w-prose text-muted">
        Choose an entry to see when its votes came in and what stands out. Votes can be removed with a reason; a count
        can never be typed in.
      </p>
      <LoadState
        error={approved.error}
        isPending={approved.isPending}
        onRetry={() => void approved.refetch()}
        loadingLabel="Loading the entries"
      />
      {approved.data &&
        (entries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
            No approved entry yet, so there are no votes to review.
          </p>
        ) : (
          <SelectField
            label="Entry"
            value={submissionId === 0 ? '' : String(submissionId)}
            onChange={(event) => setSubmissionId(Number(event.target.value))}
            className="max-w-xl"
          >
            <option value="">Choose an entry</option>
            {entries.map((entry) => (
              <option key={entry.id} value={String(entry.id)}>
                {entry.entrant}: {entry.caption || 'no caption'} ({counted(entry.votes, 'vote', 'votes')}
                {entry.voided_votes > 0 ? `, ${entry.voided_votes} removed` : ''})
              </option>
            ))}
          </SelectField>
        ))}
      {submissionId > 0 && <EntryReview key={submissionId} contest={contest} submissionId={submissionId} />}
    </section>
  );
}
