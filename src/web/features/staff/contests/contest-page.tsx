// /staff/contests/:id: one contest for staff. Its phase, windows and counts at the top, with
// "Close voting now" (after a confirmation: it fixes the results for good); then the sections as
// tabs: the moderation queue, the vote review, the log, and the details form (read-only once the
// results are fixed).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { StaffContest } from '../../../../shared/contract/contests';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { LoadState } from '../load-state';
import { laTime, timeRange } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { ContestForm } from './contest-form';
import { counted } from './contest-words';
import { LogSection } from './log-section';
import { ModerationSection } from './moderation-section';
import { PhaseBadge } from './phase-badge';
import { staffContestQuery, useCloseContest } from './queries';
import { ReasonDialog } from './reason-dialog';
import { SectionTabs } from './section-tabs';
import { VotesSection } from './votes-section';

const SECTIONS = ['queue', 'votes', 'log', 'details'] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (value: string | null): value is Section => SECTIONS.some((section) => section === value);

function CloseVoting({ contest, onClosed }: { contest: StaffContest; onClosed: (message: string) => void }) {
  const close = useCloseContest(contest.id);
  const [isAsking, setIsAsking] = useState(false);
  // Before voting opens there is no voting to close: the same step ends the contest early.
  const label = contest.phase === 'voting' ? 'Close voting now' : 'End the contest now';
  return (
    <>
      <Button variant="secondary" className="self-start" onClick={() => setIsAsking(true)}>
        {label}
      </Button>
      <ReasonDialog
        open={isAsking}
        onOpenChange={(open) => {
          setIsAsking(open);
          if (!open) close.reset();
        }}
        title={`${label}?`}
        description={
          <>
            Voting ends at once and the results are fixed from the votes that count now
            {contest.phase === 'submitting' ? '; entries close too' : ''}. This cannot be undone: no more votes, no more
            removals, and the details can no longer change.
          </>
        }
        confirmLabel="Close voting and fix the results"
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: ({ message }) => {
              setIsAsking(false);
              onClosed(message);
            },
          })
        }
        isBusy={close.isPending}
        error={close.isError ? errorMessage(close.error) : null}
      />
    </>
  );
}

function Contest({ contest }: { contest: StaffContest }) {
  const { state } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = isSection(asked) ? asked : 'queue';
  const [notice, setNotice] = useState<string | null>(() =>
    state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null,
  );
  // The notice from the form is said once: a reload or a return to this page does not repeat it.
  useEffect(() => {
    if (state) navigate({ search: window.location.search }, { replace: true, state: null });
  }, [state, navigate]);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link to="/staff/contests" className="self-start font-bold text-primary underline underline-offset-4">
        All contests
      </Link>
      <header className="flex flex-col gap-2">
        <PhaseBadge phase={contest.phase} />
        <h1 className="text-3xl font-black text-ink wrap-anywhere sm:text-4xl">{contest.title}</h1>
        <p className="text-muted">
          <span className="font-bold text-ink">Entries:</span>{' '}
          {timeRange(contest.submit_opens_at, contest.submit_closes_at)}
        </p>
        <p className="text-muted">
          <span className="font-bold text-ink">Voting:</span> {timeRange(contest.vote_opens_at, contest.vote_closes_at)}
        </p>
        <p className="text-muted">
          {counted(contest.pending, 'entry', 'entries')} waiting · {contest.approved} approved · {contest.rejected}{' '}
          rejected · {counted(contest.votes, 'vote', 'votes')} · {contest.voided_votes} removed after review
        </p>
        {contest.results_fixed_at && (
          <p className="font-bold text-ink">Results fixed {laTime(contest.results_fixed_at)}.</p>
        )}
        <p>
          <Link to={`/contest/${contest.id}`} className="font-bold text-primary underline underline-offset-4">
            Public page
          </Link>
        </p>
        {/* The server refuses to close a contest that has not started; it can be edited instead. */}
        {contest.results_fixed_at === null && contest.phase !== 'upcoming' && (
          <CloseVoting
            contest={contest}
            onClosed={(message) => {
              setNotice(message);
              setParams({ section: 'log' }, { replace: true });
            }}
          />
        )}
      </header>
      {notice && <Alert tone="success">{notice}</Alert>}
      <SectionTabs
        label="Contest sections"
        current={section}
        onChange={(next) => setParams({ section: next }, { replace: true })}
        tabs={[
          {
            key: 'queue',
            label: (
              <>
                Moderation queue
                {contest.pending > 0 && (
                  <span className="rounded-full bg-secondary px-2 text-sm text-white tabular-nums">
                    {contest.pending}
                  </span>
                )}
              </>
            ),
          },
          { key: 'votes', label: 'Votes review' },
          { key: 'log', label: 'Log' },
          { key: 'details', label: 'Details' },
        ]}
      >
        {section === 'queue' && <ModerationSection contest={contest} />}
        {section === 'votes' && <VotesSection contest={contest} />}
        {section === 'log' && <LogSection contestId={contest.id} />}
        {section === 'details' && (
          <section aria-labelledby="details-heading" className="flex flex-col gap-3">
            <h2 id="details-heading" className="text-xl font-black text-ink">
              Details
            </h2>
            <ContestForm
              key={contest.updated_at}
              contest={contest}
              onCancel={() => setParams({ section: 'queue' }, { replace: true })}
              onSaved={(_saved, message) => setNotice(message)}
            />
          </section>
        )}
      </SectionTabs>
    </div>
  );
}

export default function StaffContestPage() {
  const id = Number(useParams().id);
  const { data, error, isPending, refetch } = useQuery(staffContestQuery(Number.isInteger(id) ? id : 0));
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="contests" />;
  if (!Number.isInteger(id) || id <= 0 || (error instanceof ApiError && error.httpStatus === 404))
    return (
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-3xl font-black text-ink">No such contest</h1>
        <Link to="/staff/contests" className="font-bold text-primary underline underline-offset-4">
          All contests
        </Link>
      </div>
    );
  return data ? (
    <Contest contest={data} />
  ) : (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the contest"
      />
    </div>
  );
}
