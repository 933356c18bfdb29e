// Another staff member's second factor on their staff account page (decision 086): set up or not,
// locked after wrong codes, recovery codes left, and a reset (armed: a second press confirms) that
// makes them set up their authenticator app again.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { LoadState } from '../load-state';
import { memberSecondFactorQuery, useResetMutation } from './queries';

const ARMED_MS = 5000;

export function SecondFactorAdmin({ userId }: { userId: number }) {
  const member = useQuery(memberSecondFactorQuery(userId));
  const reset = useResetMutation(userId);
  const [isArmed, setIsArmed] = useState(false);
  useEffect(() => {
    if (!isArmed) return;
    const timer = window.setTimeout(() => setIsArmed(false), ARMED_MS);
    return () => window.clearTimeout(timer);
  }, [isArmed]);

  const state = member.data;
  const words = !state
    ? ''
    : !state.enrolled
      ? 'No authenticator app set up yet.'
      : !state.confirmed
        ? 'Setting up an authenticator app (not confirmed yet).'
        : state.locked
          ? 'Locked after 5 wrong codes.'
          : `Authenticator app set up; ${state.recovery_codes_left} of 10 recovery codes left.`;

  function handleReset() {
    if (!isArmed) return setIsArmed(true);
    setIsArmed(false);
    reset.mutate();
  }

  return (
    <section
      aria-labelledby="second-factor-admin"
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-5"
    >
      <h2 id="second-factor-admin" className="text-xl font-black text-ink">
        Second factor
      </h2>
      {!state ? (
        <LoadState
          error={member.error}
          isPending={member.isPending}
          onRetry={() => void member.refetch()}
          loadingLabel="Loading their second factor"
        />
      ) : (
        <>
          <p className={state.locked ? 'font-bold text-danger' : 'text-ink'}>{words}</p>
          {reset.isSuccess && (
            <Alert tone="success">Reset. They set up their authenticator app again when they next sign in.</Alert>
          )}
          {reset.error && <Alert tone="error">{errorMessage(reset.error)}</Alert>}
          {state.enrolled && (
            <Button
              variant={isArmed ? 'primary' : 'outline'}
              onClick={handleReset}
              isBusy={reset.isPending}
              className="self-start"
            >
              {isArmed ? 'Press again to reset' : 'Reset second factor'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
