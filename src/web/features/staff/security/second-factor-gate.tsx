// Installed by the staff screens' guard: a staff call refused for want of the second factor sends
// the person to the second-factor page (and back); one refused for want of a recent one opens the
// step-up dialog, loaded only then, and the client sends the call once more after it (decision 086).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SECOND_FACTOR_PATH, secondFactorPathFor } from '../../../../shared/second-factor';
import { handleSecondFactor } from '../../../api/client';

const StepUpDialog = lazy(() => import('./step-up-dialog').then((module) => ({ default: module.StepUpDialog })));

export function SecondFactorGate() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  /** The pending step-up's answer; several calls refused at once share one prompt. */
  const [prompt, setPrompt] = useState<{ promise: Promise<boolean>; resolve: (passed: boolean) => void } | null>(null);
  const current = useRef(prompt);
  current.current = prompt;

  useEffect(
    () =>
      handleSecondFactor(async (need) => {
        if (need === 'required') {
          if (!here.current.startsWith(SECOND_FACTOR_PATH)) void navigate(secondFactorPathFor(here.current));
          return false;
        }
        if (current.current) return current.current.promise;
        let resolve: (passed: boolean) => void = () => undefined;
        const promise = new Promise<boolean>((settle) => {
          resolve = settle;
        });
        const next = { promise, resolve };
        current.current = next;
        setPrompt(next);
        return promise;
      }),
    [navigate],
  );

  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        onDone={(passed) => {
          prompt.resolve(passed);
          current.current = null;
          setPrompt(null);
        }}
      />
    </Suspense>
  );
}
