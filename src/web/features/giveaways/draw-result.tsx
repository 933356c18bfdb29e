// What the live draw means for the signed-in viewer, pushed within a second of each draw step
// (decision 041): "You won" with the prize, the 5-minute claim countdown and exactly how to claim (text
// or call the contact number, or the claim button, decision 042); "not this time" with the winner's
// name and the revealed seed for other entrants; the result alone for everyone else. A card pinned to
// the bottom of /live, /chat and the giveaway page; each card can be put away.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { outcomeFor, type DrawPick, type MyDrawResult, type MyOutcome } from '../../../shared/contract/giveaway-draw';
import { errorMessage } from '../../api/client';
import { dialable } from '../../shell/contact-cards';
import { useSiteConfig } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { cx } from '../../ui/cx';
import { useAuth } from '../auth/auth-store';
import { useClaimMutation, useDrawResults, type DrawTarget } from './use-draw-result';

function useSecondsLeft(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000)) : 0;
}

const minutesSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const prizeOf = (result: MyDrawResult) => result.prize || result.title;

/** 'entry 7 of 12' */
const entryOf = (entryNumber: number, entrants: number) => `entry ${entryNumber} of ${entrants}`;

function Seed({ result }: { result: MyDrawResult }) {
  if (!result.seed) return null;
  return (
    <p className="text-xs text-muted">
      Revealed seed: <span className="font-mono break-all">{result.seed}</span>.{' '}
      <Link to={`/giveaway-terms/${result.eventid}#draw`} className="font-bold text-primary underline">
        Check the draw
      </Link>
    </p>
  );
}

function HowToClaim({ result, target, userId }: { result: MyDrawResult; target: DrawTarget; userId: number }) {
  const config = useSiteConfig();
  const claim = useClaimMutation(userId, target);
  if (result.claim_mode === 'app') {
    return (
      <div className="flex flex-col gap-2">
        <p>Press the button before the time runs out to claim your prize.</p>
        <Button
          variant="secondary"
          className="min-h-12 text-lg"
          onClick={() => claim.mutate(result.eventid)}
          isBusy={claim.isPending}
        >
          Claim my prize
        </Button>
        {claim.isError && <Alert tone="error">{errorMessage(claim.error)}</Alert>}
      </div>
    );
  }
  const phone = config?.phone;
  return (
    <div className="flex flex-col gap-2">
      <p>
        Text or call us{phone ? ` at ${phone}` : ''} before the time runs out and tell us your name. Messages in the
        show chat do not count.
      </p>
      {phone && (
        <div className="flex flex-wrap gap-2">
          <a href={`sms:${dialable(phone)}`} className={buttonStyles('secondary')}>
            Text us
          </a>
          <a href={`tel:${dialable(phone)}`} className={buttonStyles('outline')}>
            Call us
          </a>
        </div>
      )}
    </div>
  );
}

function YouWon({
  result,
  pick,
  target,
  userId,
}: {
  result: MyDrawResult;
  pick: DrawPick;
  target: DrawTarget;
  userId: number;
}) {
  const left = useSecondsLeft(pick.claim_by);
  return (
    <>
      <h2 className="text-3xl font-black text-secondary">You won!</h2>
      <p className="text-lg font-bold text-ink">{prizeOf(result)}</p>
      <p className="text-sm text-muted">
        You were drawn in {result.title}, {entryOf(pick.entry_number, result.entrants)}.
      </p>
      {left > 0 ? (
        <>
          <p className="flex items-baseline gap-2 text-ink">
            <span
              role="timer"
              aria-label={`${Math.floor(left / 60)} minutes ${left % 60} seconds left to claim`}
              className="font-mono text-4xl font-black tabular-nums"
            >
              {minutesSeconds(left)}
            </span>
            <span className="font-bold">left to claim</span>
          </p>
          <HowToClaim result={result} target={target} userId={userId} />
        </>
      ) : (
        <p className="font-bold text-ink">
          The 5 minutes to claim are over. If you did not claim it, the prize may go to the next person drawn.
        </p>
      )}
    </>
  );
}

function Outcome({
  result,
  outcome,
  target,
  userId,
}: {
  result: MyDrawResult;
  outcome: Exclude<MyOutcome, { kind: 'none' }>;
  target: DrawTarget;
  userId: number;
}) {
  const mine = result.mine;
  switch (outcome.kind) {
    case 'won':
      return <YouWon result={result} pick={outcome.pick} target={target} userId={userId} />;
    case 'claimed':
      return (
        <>
          <h2 className="text-2xl font-black text-success">Prize claimed!</h2>
          <p className="text-ink">
            {prizeOf(result)} is yours. Congratulations! We will be in touch about getting it to you.
          </p>
        </>
      );
    case 'lost_win':
      return (
        <>
          <h2 className="text-2xl font-black text-ink">Your win has passed on</h2>
          <p className="text-ink">
            The 5 minutes to claim {prizeOf(result)} ran out, so it goes to someone else this time. Thank you for
            playing, and good luck at the next show!
          </p>
        </>
      );
    case 'repeat':
      return (
        <>
          <h2 className="text-2xl font-black text-ink">Drawn again: someone else gets this one</h2>
          <p className="text-ink">
            You were drawn, but you have already won in this show, so this prize is drawn again for another viewer.
          </p>
        </>
      );
    case 'not_this_time':
    case 'drawn':
      return (
        <>
          <h2 className="text-xl font-black text-ink">
            {result.title}: {outcome.winner.name} {outcome.winner.status === 'claimed' ? 'won' : 'was drawn'}
          </h2>
          <p className="text-ink">
            The winner is {entryOf(outcome.winner.entry_number, result.entrants)}.
            {outcome.kind === 'not_this_time' && mine
              ? ` Not this time for you (you are ${entryOf(mine.entry_number, result.entrants)}). Better luck at the next giveaway!`
              : ''}
          </p>
        </>
      );
  }
}

/** What the viewer has put away: one key per giveaway and what it said. */
const cardKey = (result: MyDrawResult, outcome: MyOutcome) =>
  `${result.eventid}:${outcome.kind}:${'pick' in outcome ? outcome.pick.id : 'winner' in outcome ? outcome.winner.id : ''}`;

function DrawCards({ userId, target }: { userId: number; target: DrawTarget }) {
  const results = useDrawResults(userId, target);
  const [putAway, setPutAway] = useState<ReadonlySet<string>>(new Set());
  const cards = results.flatMap((result) => {
    const outcome = outcomeFor(result, result.mine?.entry_number ?? null);
    if (outcome.kind === 'none') return [];
    const key = cardKey(result, outcome);
    return putAway.has(key) ? [] : [{ result, outcome, key }];
  });
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-stretch gap-2 p-3 sm:items-end sm:p-4"
    >
      {cards.map(({ result, outcome, key }) => (
        <section
          key={key}
          aria-label={`Draw of ${result.title}`}
          data-testid="draw-result"
          data-outcome={outcome.kind}
          className={cx(
            'pointer-events-auto flex w-full max-h-[80vh] flex-col gap-2 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl ring-1 sm:max-w-md',
            outcome.kind === 'won' ? 'ring-4 ring-secondary' : 'ring-line',
          )}
        >
          <Outcome result={result} outcome={outcome} target={target} userId={userId} />
          <Seed result={result} />
          <Button
            variant="ghost"
            size="sm"
            className="self-end"
            onClick={() => setPutAway((old) => new Set(old).add(key))}
          >
            Close
          </Button>
        </section>
      ))}
    </div>
  );
}

/** The draw of a giveaway (`giveaway`) or of every giveaway of a show (`show`), for a signed-in viewer. */
export default function DrawResult(target: DrawTarget) {
  const { user } = useAuth();
  if (!user) return null;
  const key = 'giveaway' in target ? `g${target.giveaway}` : `s${target.show}`;
  return <DrawCards key={key} userId={user.id} target={target} />;
}
