// A signed-in viewer's RSVP: the state from the server, the RSVP (through the quiz when a special
// event asks questions), then that they are in, with add-to-calendar. Loaded only for viewers.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import type { EventRecord } from '../../../shared/contract/events';
import type { AuthedUser } from '../../../shared/contract/user';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { AddToCalendar } from './add-to-calendar';
import { isAlreadyIn, questionsQuery, rsvpStateQuery, useResendEmailMutation, useRsvpMutation } from './queries';

const loadQuizDialog = () => import('./quiz-dialog');
const QuizDialog = lazy(loadQuizDialog);
// Spin to win after an RSVP, loaded only once the viewer is in.
const SpinWheel = lazy(() => import('../giveaways/spin-wheel').then((module) => ({ default: module.SpinWheel })));

type Notice = { tone: 'success' | 'info'; text: string };

const noticeTones: Record<Notice['tone'], string> = {
  success: 'border-success/40 bg-success-soft text-success',
  info: 'border-primary/30 bg-primary-soft text-primary-hover',
};

function ProblemText({ children }: { children: string }) {
  return (
    <p role="alert" className="text-sm font-bold text-danger">
      {children}
    </p>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M7.5 12.5l3 3 6-6.5"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ResendEmail({ eventId }: { eventId: number }) {
  const resend = useResendEmailMutation(eventId);
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="ghost" size="sm" className="-ml-3" onClick={() => resend.mutate()} isBusy={resend.isPending}>
        E-mail me the details again
      </Button>
      {resend.isError && <ProblemText>{errorMessage(resend.error)}</ProblemText>}
      <p role="status" className={cx('text-sm font-bold text-success', !resend.isSuccess && 'sr-only')}>
        {resend.isSuccess ? resend.data : ''}
      </p>
    </div>
  );
}

type InProps = {
  event: EventRecord;
  hasAnswered: boolean;
  notice: Notice | null;
  focusRef: RefObject<HTMLDivElement | null>;
};

function YoureIn({ event, hasAnswered, notice, focusRef }: InProps) {
  return (
    <div className="flex w-full flex-col gap-3">
      <div ref={focusRef} tabIndex={-1} className="flex flex-col gap-2 rounded-lg focus:outline-none">
        <p className="inline-flex items-center gap-2 font-black text-success">
          <CheckIcon />
          {hasAnswered ? "You're in: answers received" : "You're in"}
        </p>
        {notice && (
          <p role="status" className={cx('rounded-lg border px-3 py-2 text-sm font-bold', noticeTones[notice.tone])}>
            {notice.text}
          </p>
        )}
      </div>
      <AddToCalendar event={event} />
      {event.type === 'specialshow' && <ResendEmail eventId={event.id} />}
    </div>
  );
}

type NotYetInProps = {
  event: EventRecord;
  hasQuiz: boolean;
  isBusy: boolean;
  onRsvp: () => void;
  problem: string | null;
  buttonRef: RefObject<HTMLButtonElement | null>;
};

function NotYetIn({ event, hasQuiz, isBusy, onRsvp, problem, buttonRef }: NotYetInProps) {
  return (
    <div className="flex w-full flex-col items-start gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          ref={buttonRef}
          onClick={onRsvp}
          onPointerEnter={hasQuiz ? () => void loadQuizDialog() : undefined}
          isBusy={isBusy}
          aria-label={`RSVP for ${event.title}`}
          aria-haspopup={hasQuiz ? 'dialog' : undefined}
        >
          RSVP
        </Button>
        {hasQuiz && <span className="text-sm text-muted">A few quick questions first</span>}
      </div>
      {problem && <ProblemText>{problem}</ProblemText>}
    </div>
  );
}

export default function ViewerRsvp({ event, user }: { event: EventRecord; user: AuthedUser }) {
  const state = useQuery(rsvpStateQuery(user.id, event));
  const isSpecial = event.type === 'specialshow';
  const questions = useQuery({ ...questionsQuery(event.id), enabled: isSpecial && state.data?.isIn === false });
  const rsvp = useRsvpMutation(user.id, event.id);
  const [quiz, setQuiz] = useState<'never' | 'open' | 'closed'>('never');
  const [notice, setNotice] = useState<Notice | null>(null);
  const inRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A fresh RSVP replaces the button that was pressed: focus moves to what replaced it.
  useEffect(() => {
    if (notice) inRef.current?.focus();
  }, [notice]);

  const confirmation = (message: string) =>
    `${message} A confirmation e-mail with a calendar file for "${event.title}" is on its way to ${user.email}.`;

  function handleSubmitted(message: string, tone: Notice['tone']) {
    setNotice({ tone, text: tone === 'success' ? confirmation(message) : message });
    setQuiz('closed');
  }

  function handleRsvp() {
    if (isSpecial && questions.data && questions.data.length > 0) {
      setQuiz('open');
      return;
    }
    rsvp.mutate(undefined, {
      onSuccess: (message) => setNotice({ tone: 'success', text: confirmation(message) }),
      onError: (error) => {
        if (isAlreadyIn(error)) setNotice({ tone: 'info', text: error.message });
      },
    });
  }

  const hasQuiz = isSpecial && (questions.data?.length ?? 0) > 0;
  const problem =
    rsvp.isError && !isAlreadyIn(rsvp.error)
      ? errorMessage(rsvp.error)
      : questions.isError
        ? 'The questions for this event could not be loaded. Please try again.'
        : null;
  return (
    <>
      {state.isPending ? (
        <Button isBusy>RSVP</Button>
      ) : state.isError ? (
        <div className="flex w-full flex-col items-start gap-2">
          <ProblemText>We could not check your RSVP just now.</ProblemText>
          <Button variant="outline" size="sm" onClick={() => void state.refetch()} isBusy={state.isFetching}>
            Try again
          </Button>
        </div>
      ) : state.data.isIn ? (
        <>
          <YoureIn event={event} hasAnswered={state.data.hasAnswered} notice={notice} focusRef={inRef} />
          <Suspense fallback={null}>
            <SpinWheel kind="rsvp" eventId={event.id} userId={user.id} title="Spin to win for RSVPing" />
          </Suspense>
        </>
      ) : (
        <NotYetIn
          event={event}
          hasQuiz={hasQuiz}
          isBusy={rsvp.isPending || (isSpecial && questions.isFetching)}
          onRsvp={questions.isError ? () => void questions.refetch() : handleRsvp}
          problem={problem}
          buttonRef={buttonRef}
        />
      )}
      {quiz !== 'never' && questions.data && (
        <Suspense fallback={null}>
          <QuizDialog
            event={event}
            userId={user.id}
            questions={questions.data}
            open={quiz === 'open'}
            onOpenChange={(open) => setQuiz(open ? 'open' : 'closed')}
            onSubmitted={handleSubmitted}
            returnFocusTo={buttonRef}
            focusAfterSubmit={inRef}
          />
        </Suspense>
      )}
    </>
  );
}
