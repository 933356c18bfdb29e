// One giveaway: its prize and countdown to the draw, entering it (log in first and come back),
// bonus entries for sharing, the viewer's own entry ledger, the announced winners and the
// verifiable-draw proof, and the rules, all from giveawayinfo_v1. Used inside the shell
// (/giveaway/:id) and on its own (/intergem/giveaway/:id), where entries are counted as kiosk entries.
// A private giveaway's link carries its access code (?code=, decision 051); without it the page
// answers as for an unknown id and offers a code field (access-code-gate.tsx).
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import type { EntrySource, GiveawayInfo } from '../../../shared/contract/giveaways';
import type { AuthedUser } from '../../../shared/contract/user';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { RecordById } from '../events/event-by-id';
import { CdnImage } from '../../ui/cdn-image';
import { EventDetail } from '../events/event-detail';
import { showTime } from '../events/event-time';
import { eventIdFrom } from '../events/queries';
import { usePageTitle } from '../../shell/page-title';
import { useBrand } from '../../shell/site-config';
import { AccessCodeGate, isGateAnswer } from './access-code-gate';
import { DrawResultSlot } from './draw-result-slot';
import { YourEntries } from './bonus-entries';
import { GiveawayRules } from './giveaway-rules';
import { useAccessCode, withCode } from './private-link';
import { enrollmentQuery, giveawayInfoQuery, isAlreadyEntered, useEnterMutation } from './queries';
import { WinnersList } from './winners-list';

const noteStyles = 'rounded-xl bg-primary-soft p-4 text-ink';
const linkStyles = 'font-bold text-primary underline underline-offset-4';

export const isGiveaway = (event: EventRecord) => event.type === 'giveaway';

/** A refusal about the access code (missing, wrong, malformed, too many tries) belongs on the code field. */
function codeProblemOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.httpStatus === 403 || error.httpStatus === 429) return error.message;
  return error.fieldIssues.find((issue) => issue.field === 'code')?.message;
}

/** Where an entry is made. `inPlace`: the entry stays on the screen it was made on (the live show's sheet). */
type EntryPlace = { from: EntrySource; inPlace?: boolean };

function EnterForm({
  user,
  giveaway,
  from,
  inPlace = false,
}: { user: AuthedUser; giveaway: GiveawayInfo } & EntryPlace) {
  const navigate = useNavigate();
  const enter = useEnterMutation(user.id, giveaway.id, from);
  // The link's code opened the page, so it enters too; staff, who see private giveaways without one, type it.
  const linkCode = useAccessCode();
  const asksForCode = giveaway.needs_code && !linkCode;
  const [code, setCode] = useState('');
  const codeField = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // A kiosk stays in its own frame; there a second entry just shows the viewer is already in.
    const isKiosk = from === 'intergem';
    // In place, the stored enrollment (or, after a 409, the one read again) turns this form into the entered state.
    enter.mutate(
      { code: giveaway.needs_code ? (linkCode ?? code) : undefined },
      {
        onSuccess: () => {
          if (inPlace) return;
          void navigate(
            isKiosk
              ? withCode(`/intergem/giveaway/success/${giveaway.id}`, linkCode)
              : `/giveaway/success/${giveaway.id}`,
          );
        },
        onError: (error) => {
          if (isAlreadyEntered(error) && !isKiosk && !inPlace)
            void navigate(`/giveaway/already-participated/${giveaway.id}`);
          else if (asksForCode && codeProblemOf(error)) codeField.current?.focus();
        },
      },
    );
  }

  const refusal = enter.isError && !isAlreadyEntered(enter.error) ? enter.error : null;
  const codeProblem = asksForCode ? codeProblemOf(refusal) : undefined;
  const problem = refusal && !codeProblem ? errorMessage(refusal) : null;
  return (
    <form onSubmit={submit} className={`${noteStyles} flex flex-col gap-3`} noValidate>
      <p>This giveaway is open. Entering is free: one entry per viewer, and sharing adds bonus entries.</p>
      {asksForCode && (
        <TextField
          ref={codeField}
          label="Access code"
          hint="This giveaway is private; use the code you were given."
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={codeProblem}
          autoComplete="off"
        />
      )}
      <Button type="submit" isBusy={enter.isPending} className="self-start" aria-label={`Enter ${giveaway.title}`}>
        Enter the giveaway
      </Button>
      {problem && <Alert tone="error">{problem}</Alert>}
    </form>
  );
}

function ViewerEntry({ user, giveaway, from, inPlace }: { user: AuthedUser; giveaway: GiveawayInfo } & EntryPlace) {
  const enrollment = useQuery(enrollmentQuery(user.id, giveaway.id, useAccessCode()));
  if (enrollment.isPending) return <Button isBusy>Checking your entry</Button>;
  if (enrollment.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">We could not check your entry just now.</Alert>
        <Button variant="outline" size="sm" onClick={() => void enrollment.refetch()} isBusy={enrollment.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (enrollment.data.exists) {
    return (
      <>
        <p className="rounded-xl bg-success-soft p-4 font-black text-success">
          You have entered this giveaway. Good luck!
        </p>
        <YourEntries user={user} giveaway={giveaway} enrollment={enrollment.data} />
      </>
    );
  }
  if (giveaway.state === 'open') return <EnterForm user={user} giveaway={giveaway} from={from} inPlace={inPlace} />;
  return <NotOpen giveaway={giveaway} />;
}

function NotOpen({ giveaway }: { giveaway: GiveawayInfo }) {
  if (giveaway.state === 'upcoming') {
    return (
      <p className={noteStyles}>
        Entries open on <time dateTime={giveaway.cust_start}>{showTime(giveaway.cust_start)}</time>. Come back then, or
        enter from the live show.
      </p>
    );
  }
  return (
    <div className={noteStyles}>
      <p>
        {giveaway.state === 'drawn'
          ? 'This giveaway has closed and its winner has been drawn. A new giveaway comes with every live show.'
          : 'Entries have closed. The winner is drawn live on air, and a new giveaway comes with every live show.'}
      </p>
      <Link to="/giveaways" className={buttonStyles('primary', 'md', 'mt-3')}>
        See open giveaways
      </Link>
    </div>
  );
}

export function HowToEnter({ giveaway, from, inPlace }: { giveaway: GiveawayInfo } & EntryPlace) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  // Back to this very address after logging in: a private giveaway's code is in its query.
  const here = `${pathname}${search}`;
  if (user) return <ViewerEntry key={user.id} user={user} giveaway={giveaway} from={from} inPlace={inPlace} />;
  if (giveaway.state !== 'open' && giveaway.state !== 'upcoming') return <NotOpen giveaway={giveaway} />;
  return (
    <div className={noteStyles}>
      <p>
        Entering a giveaway needs an account. Log in, or create one for free, and you come straight back here to enter.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={loginPathFor(here)} className={buttonStyles('primary')}>
          Log in to enter
        </Link>
        <Link to={`/register?redirectTo=${encodeURIComponent(here)}`} className={buttonStyles('outline')}>
          Create an account
        </Link>
      </div>
    </div>
  );
}

export function Prize({ giveaway }: { giveaway: GiveawayInfo }) {
  return (
    <section aria-labelledby="prize-heading" className="flex gap-4 rounded-xl bg-white p-4 ring-1 ring-line">
      <CdnImage
        src={giveaway.prize_image}
        alt={giveaway.prize_image ? `The prize: ${giveaway.prize || giveaway.title}` : ''}
        sizes="112px"
        loading="lazy"
        data-testid="prize-image"
        className="size-24 shrink-0 rounded-lg object-cover sm:size-28"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="prize-heading" className="text-xs font-bold tracking-wider text-muted uppercase">
          The prize
        </h2>
        <p className="text-xl font-black text-ink">{giveaway.prize || giveaway.title}</p>
        <p className="text-sm text-muted">
          Valued at {giveaway.tnc_prices}.{' '}
          {giveaway.winner_count === 1 ? 'One winner' : `${giveaway.winner_count} winners`}; {giveaway.entrants}{' '}
          {giveaway.entrants === 1 ? 'viewer has' : 'viewers have'} entered so far.
        </p>
      </div>
    </section>
  );
}

function Winners({ giveaway }: { giveaway: GiveawayInfo }) {
  if (giveaway.state !== 'drawn') return null;
  return (
    <WinnersList
      heading={giveaway.winners.length > 1 ? 'Winners' : 'Winner'}
      winners={giveaway.winners}
      empty="The draw has been made. The winner is named here once they have claimed the prize."
    />
  );
}

function DrawProof({ giveaway }: { giveaway: GiveawayInfo }) {
  const code = useAccessCode();
  return (
    <section aria-labelledby="proof-heading" className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-line">
      <h2 id="proof-heading" className="text-lg font-black text-ink">
        A draw you can check
      </h2>
      <p className="text-sm text-ink">
        Before the first entry we published a fingerprint (SHA-256) of the secret number that decides the draw. After
        the draw we reveal the number, so anyone can confirm the winner.
      </p>
      <dl className="grid gap-1 text-sm">
        <dt className="font-bold text-muted">Published fingerprint</dt>
        <dd className="font-mono break-all text-ink">{giveaway.commitment}</dd>
        <dt className="font-bold text-muted">Revealed seed</dt>
        {giveaway.seed ? (
          <dd className="font-mono break-all text-ink">{giveaway.seed}</dd>
        ) : (
          <dd className="text-ink">Kept secret until the first draw.</dd>
        )}
      </dl>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={withCode(`/giveaway-terms/${giveaway.id}#draw`, code)} className={linkStyles}>
          How to recompute the winner
        </Link>
        {giveaway.seed && (
          <a href={withCode(`/api/giveawayproof_v1?eventid=${giveaway.id}`, code)} className={linkStyles}>
            Entry list and picks (JSON)
          </a>
        )}
      </p>
    </section>
  );
}

function Giveaway({
  giveaway,
  from,
  onCountdownEnd,
}: {
  giveaway: GiveawayInfo;
  from: EntrySource;
  onCountdownEnd: () => void;
}) {
  const brand = useBrand();
  const code = useAccessCode();
  usePageTitle(`${giveaway.title} - ${brand}`);
  return (
    <EventDetail event={giveaway} eyebrow="Giveaway" onCountdownEnd={onCountdownEnd}>
      <Prize giveaway={giveaway} />
      <HowToEnter giveaway={giveaway} from={from} />
      <DrawResultSlot giveaway={giveaway.id} />
      <Winners giveaway={giveaway} />
      <DrawProof giveaway={giveaway} />
      <GiveawayRules />
      <Link
        to={withCode(`/giveaway-terms/${giveaway.id}`, code)}
        className="self-start font-bold text-primary underline underline-offset-4"
      >
        Official rules of this giveaway
      </Link>
    </EventDetail>
  );
}

/**
 * The giveaway page from its one read, giveawayinfo_v1 (the event with its details); a show's id is
 * not found. Not found, or too many wrong codes, offers the access-code field.
 */
export function GiveawayView({ from = 'web' }: { from?: EntrySource }) {
  const id = eventIdFrom(useParams().id);
  const info = useQuery({ ...giveawayInfoQuery(id ?? 0, useAccessCode()), enabled: id !== null });
  if (id !== null && isGateAnswer(info.error)) return <AccessCodeGate error={info.error} />;
  return (
    <RecordById id={id} query={info} noun="giveaway" listPath="/giveaways" listLabel="See all giveaways">
      {(giveaway) => <Giveaway giveaway={giveaway} from={from} onCountdownEnd={() => void info.refetch()} />}
    </RecordById>
  );
}
