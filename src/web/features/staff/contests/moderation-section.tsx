// The moderation queue: the entries in one state (pending, approved or rejected, with the count of
// each), each with its photo, caption, entrant and whether it may be shown on air. Staff tick
// several (or all) and approve them, or reject them with a reason the entrant sees.
import { useState } from 'react';
import {
  SUBMISSION_STATES,
  type StaffContest,
  type StaffSubmission,
  type SubmissionState,
} from '../../../../shared/contract/contests';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { LoadState } from '../load-state';
import { laTime } from '../shows/show-format';
import { counted, STATE_LABELS } from './contest-words';
import { useReviewSubmissions, useSubmissionQueue } from './queries';
import { ReasonDialog } from './reason-dialog';

function SubmissionCard({
  submission,
  isChecked,
  onCheck,
}: {
  submission: StaffSubmission;
  isChecked: boolean;
  onCheck: (checked: boolean) => void;
}) {
  const checkboxId = `entry-${submission.id}`;
  return (
    <li
      className={cx(
        'flex flex-col overflow-hidden rounded-xl border bg-white',
        isChecked ? 'border-primary ring-2 ring-primary' : 'border-line',
      )}
    >
      <label htmlFor={checkboxId} className="block cursor-pointer bg-canvas">
        <img
          src={submission.photo_url}
          alt={submission.caption ? `Photo: ${submission.caption}` : `Photo by ${submission.entrant}`}
          loading="lazy"
          className="aspect-square w-full object-contain"
        />
      </label>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <label htmlFor={checkboxId} className="flex min-h-11 cursor-pointer items-center gap-3 font-bold text-ink">
          <input
            id={checkboxId}
            type="checkbox"
            checked={isChecked}
            onChange={(event) => onCheck(event.target.checked)}
            className="size-5 shrink-0 accent-primary"
          />
          <span className="wrap-anywhere">
            {submission.entrant}
            <span className="sr-only">: {submission.caption || 'no caption'}</span>
          </span>
        </label>
        <p className="text-sm wrap-anywhere text-muted">{submission.email}</p>
        <p className="text-ink wrap-anywhere">
          {submission.caption || <span className="text-muted italic">No caption</span>}
        </p>
        <p
          className={cx(
            'w-fit rounded-full px-2.5 py-0.5 text-xs font-black',
            submission.consent_on_air ? 'bg-success-soft text-success' : 'bg-line text-ink',
          )}
        >
          {submission.consent_on_air ? 'May be shown on air' : 'Not for on air'}
        </p>
        {submission.state === 'rejected' && submission.reject_reason && (
          <p className="text-sm text-ink">
            <span className="font-bold">Rejected because:</span> {submission.reject_reason}
          </p>
        )}
        {submission.state === 'approved' && (
          <p className="text-sm text-ink">
            {counted(submission.votes, 'vote', 'votes')} · {counted(submission.likes, 'like', 'likes')}
            {submission.voided_votes > 0 && ` · ${counted(submission.voided_votes, 'vote', 'votes')} removed`}
          </p>
        )}
        <p className="mt-auto text-xs text-muted">
          Sent {laTime(submission.created_at)}
          {submission.reviewed_at && ` · reviewed ${laTime(submission.reviewed_at)}`}
        </p>
      </div>
    </li>
  );
}

export function ModerationSection({ contest }: { contest: StaffContest }) {
  const [state, setState] = useState<SubmissionState>('pending');
  const queue = useSubmissionQueue(contest.id, state);
  const review = useReviewSubmissions(contest.id);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [isRejecting, setIsRejecting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const submissions = queue.data?.submissions ?? [];
  const counts = queue.data?.counts ?? {
    pending: contest.pending,
    approved: contest.approved,
    rejected: contest.rejected,
  };
  const chosen = submissions.filter((submission) => checked.has(submission.id)).map((submission) => submission.id);
  const isAllChecked = submissions.length > 0 && chosen.length === submissions.length;
  const isLocked = contest.results_fixed_at !== null;

  function show(next: SubmissionState) {
    setState(next);
    setChecked(new Set());
    setNotice(null);
    review.reset();
  }

  function decide(decision: 'approve' | 'reject', reason = '') {
    setNotice(null);
    review.mutate(
      { ids: chosen, decision, reason },
      {
        onSuccess: ({ message }) => {
          setNotice(message);
          setChecked(new Set());
          setIsRejecting(false);
        },
      },
    );
  }

  return (
    <section aria-labelledby="queue-heading" className="flex flex-col gap-4">
      <h2 id="queue-heading" className="text-xl font-black text-ink">
        Moderation queue
      </h2>
      <div role="group" aria-label="Which entries to show" className="flex flex-wrap gap-2">
        {SUBMISSION_STATES.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={state === key}
            onClick={() => show(key)}
            className={cx(
              'inline-flex min-h-11 items-center gap-2 rounded-lg border px-4 text-sm font-bold',
              state === key
                ? 'border-primary bg-primary text-white'
                : 'border-line bg-white text-primary hover:bg-primary-soft',
            )}
          >
            {STATE_LABELS[key]}
            <span
              className={cx('rounded-full px-2 tabular-nums', state === key ? 'bg-white/20' : 'bg-canvas text-ink')}
              data-testid={`count-${key}`}
            >
              {counts[key]}
            </span>
          </button>
        ))}
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {review.isError && !isRejecting && <Alert tone="error">{errorMessage(review.error)}</Alert>}
      <LoadState
        error={queue.error}
        isPending={queue.isPending}
        onRetry={() => void queue.refetch()}
        loadingLabel="Loading the entries"
      />
      {queue.data && submissions.length === 0 && (
        <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
          {state === 'pending' ? 'Nothing waits for a look.' : `No ${STATE_LABELS[state].toLowerCase()} entry.`}
        </p>
      )}
      {submissions.length > 0 && (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white p-3">
            <label className="flex min-h-11 items-center gap-3 font-bold text-ink">
              <input
                type="checkbox"
                checked={isAllChecked}
                ref={(box) => {
                  if (box) box.indeterminate = chosen.length > 0 && !isAllChecked;
                }}
                onChange={(event) =>
                  setChecked(event.target.checked ? new Set(submissions.map((submission) => submission.id)) : new Set())
                }
                className="size-5 accent-primary"
              />
              Select all ({submissions.length})
            </label>
            <span className="text-sm text-muted" aria-live="polite">
              {counted(chosen.length, 'entry', 'entries')} selected
            </span>
            {!isLocked && (
              <span className="flex flex-wrap gap-2 sm:ml-auto">
                {state !== 'approved' && (
                  <Button
                    size="sm"
                    disabled={chosen.length === 0}
                    isBusy={review.isPending && !isRejecting}
                    onClick={() => decide('approve')}
                  >
                    Approve
                  </Button>
                )}
                {state !== 'rejected' && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={chosen.length === 0}
                    onClick={() => setIsRejecting(true)}
                  >
                    Reject…
                  </Button>
                )}
              </span>
            )}
          </div>
          <ul aria-label={`${STATE_LABELS[state]} entries`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {submissions.map((submission) => (
              <SubmissionCard
                key={submission.id}
                submission={submission}
                isChecked={checked.has(submission.id)}
                onCheck={(isOn) =>
                  setChecked((old) => {
                    const next = new Set(old);
                    if (isOn) next.add(submission.id);
                    else next.delete(submission.id);
                    return next;
                  })
                }
              />
            ))}
          </ul>
        </>
      )}
      <ReasonDialog
        open={isRejecting}
        onOpenChange={(open) => {
          setIsRejecting(open);
          if (!open) review.reset();
        }}
        title={`Reject ${counted(chosen.length, 'entry', 'entries')}`}
        description="The entrants see the reason on the contest page and may send a new photo while entries are open."
        confirmLabel="Reject"
        reason={{ label: 'Reason', hint: 'For example: the photo is not of jewelry, or shows a face.', minLength: 1 }}
        onConfirm={(reason) => decide('reject', reason)}
        isBusy={review.isPending}
        error={review.isError ? errorMessage(review.error) : null}
      />
    </section>
  );
}
