// /contest/:id: one photo contest: what it is, its prize, its windows in Los Angeles time with a
// countdown to the next change, then by phase the entry form and the viewer's entries, the gallery
// to vote and like in, or the results; and the rules staff wrote (sanitised by the server).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ContestDetail } from '../../../shared/contract/contests';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Countdown } from '../../ui/countdown';
import { useAuth } from '../auth/auth-store';
import { showTime } from '../events/event-time';
import { PHASE_BADGE, nextChange, prizeWords } from './contest-words';
import { EntrySection } from './entry-section';
import { Gallery } from './gallery';
import { contestDetailQuery, contestKeys } from './queries';
import { Results } from './results';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

/** After a countdown ends, the page is read again every few seconds until the server agrees. */
const PHASE_RECHECK_MS = 2000;

function Windows({ contest }: { contest: ContestDetail }) {
  const queryClient = useQueryClient();
  const next = nextChange(contest);
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-line">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-bold text-muted">Entries</dt>
        <dd className="text-ink">
          <time dateTime={contest.submit_opens_at}>{showTime(contest.submit_opens_at)}</time> to{' '}
          <time dateTime={contest.submit_closes_at}>{showTime(contest.submit_closes_at)}</time>
        </dd>
        <dt className="font-bold text-muted">Voting</dt>
        <dd className="text-ink">
          <time dateTime={contest.vote_opens_at}>{showTime(contest.vote_opens_at)}</time> to{' '}
          <time dateTime={contest.vote_closes_at}>{showTime(contest.vote_closes_at)}</time>
        </dd>
        {contest.results_fixed_at && (
          <>
            {/* Staff may close voting before its time: the moment the results became final says so. */}
            <dt className="font-bold text-muted">Results final</dt>
            <dd className="text-ink">
              <time dateTime={contest.results_fixed_at}>{showTime(contest.results_fixed_at)}</time>
            </dd>
          </>
        )}
      </dl>
      {next && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-bold text-ink">{next.label}</span>
          <Countdown
            key={next.target.toISOString()}
            target={next.target}
            label={next.label}
            className="text-xl text-primary"
            onExpire={() => void queryClient.invalidateQueries({ queryKey: contestKeys.all })}
          />
        </p>
      )}
    </div>
  );
}

function Rules({ html }: { html: string }) {
  if (html.trim() === '') return null;
  return (
    <section aria-labelledby="contest-rules-heading" className="flex flex-col gap-3">
      <h2 id="contest-rules-heading" className="text-xl font-black text-ink">
        Rules
      </h2>
      {/* Sanitised by the server as giveaway terms are: links only to http(s) and mailto. */}
      <div
        data-testid="contest-rules"
        className="terms-html flex flex-col gap-3 text-ink [&_a]:font-bold [&_a]:text-primary [&_a]:underline [&_h2]:text-lg [&_h2]:font-black [&_h3]:font-black [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}

function PhaseBody({ contest, userId }: { contest: ContestDetail; userId: number }) {
  switch (contest.phase) {
    case 'upcoming':
      return (
        <Alert tone="info">Entries open {showTime(contest.submit_opens_at)}. Come back then to share your photo.</Alert>
      );
    case 'submitting':
      return <EntrySection contest={contest} userId={userId} />;
    case 'between':
      return (
        <>
          <Alert tone="info">
            Entries are closed. Voting opens {showTime(contest.vote_opens_at)}, with every approved photo in the
            gallery.
          </Alert>
          <EntrySection contest={contest} userId={userId} />
        </>
      );
    case 'voting':
      // An entry of the viewer's that is not in the gallery is listed with its state below it.
      return (
        <>
          <Gallery contest={contest} userId={userId} />
          {contest.mine.some((entry) => entry.state !== 'approved') && (
            <EntrySection contest={contest} userId={userId} />
          )}
        </>
      );
    case 'closed':
      return <Results contest={contest} />;
  }
}

function Contest({ id, userId }: { id: number; userId: number }) {
  const detail = useQuery({
    ...contestDetailQuery(id, userId),
    refetchInterval: (query) => {
      const next = query.state.data && nextChange(query.state.data);
      return next && next.target.getTime() <= Date.now() ? PHASE_RECHECK_MS : false;
    },
  });
  if (detail.isPending) return <p className="text-muted">Loading the contest…</p>;
  if (detail.error instanceof ApiError && detail.error.httpStatus === 404) return <NoSuchContest />;
  if (detail.isError) return <Alert tone="error">{errorMessage(detail.error)}</Alert>;
  const contest = detail.data;
  const prize = prizeWords(contest.prize_text, contest.prize_points);
  return (
    <>
      <header className="flex flex-col gap-3">
        <p className="self-start rounded-full bg-secondary-soft px-3 py-1 text-sm font-black text-secondary">
          {PHASE_BADGE[contest.phase]}
        </p>
        <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">{contest.title}</h1>
        {contest.description && (
          <p className="max-w-3xl text-lg whitespace-pre-line text-muted">{contest.description}</p>
        )}
        {contest.eventid !== null && contest.event_title && (
          <p className="text-ink">
            Part of the show{' '}
            <Link to={`/show/${contest.eventid}`} className={linkStyles}>
              {contest.event_title}
            </Link>
          </p>
        )}
        {prize && (
          <p className="text-lg text-ink">
            <span className="font-black">Prize:</span> {prize}
            {contest.winner_count > 1 && ` for each of the ${contest.winner_count} winners`}
          </p>
        )}
      </header>
      <Windows contest={contest} />
      <PhaseBody contest={contest} userId={userId} />
      <Rules html={contest.rules_html} />
    </>
  );
}

/** A contest id that is not there (or not a number): a page of its own, with the way to the others below. */
function NoSuchContest() {
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-3xl font-black text-ink">We could not find that contest</h1>
      <p className="text-muted">
        It may have been taken down, or the link is mistyped. The contests running now are listed on the contests page.
      </p>
    </header>
  );
}

export default function ContestPage() {
  const { user } = useAuth();
  const { id } = useParams();
  const contestId = Number(id);
  const isValidId = Number.isInteger(contestId) && contestId > 0;
  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-12">
      {isValidId ? <Contest id={contestId} userId={user?.id ?? 0} /> : <NoSuchContest />}
      <Link to="/contests" className={`self-start ${linkStyles}`}>
        All photo contests
      </Link>
    </article>
  );
}
