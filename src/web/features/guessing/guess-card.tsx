// The guessing game under the player on /live (decision 058): the question and its countdown, a
// number field and "Guess", then "Your guess", and after the reveal the answer, the browser's own
// check that it matches the commitment published at the start, and the winners. Lazy-loaded.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { GuessQuestion } from '../../../shared/contract/guessing';
import { canonicalAnswer, checkGuessCommitment, isGuessNumber } from '../../../shared/guess-commitment';
import { GUESS_MESSAGES } from '../../../shared/guess-messages';
import { ApiError, errorMessage } from '../../api/client';
import { Button, buttonStyles } from '../../ui/button';
import { Countdown } from '../../ui/countdown';
import { inputStyles } from '../../ui/text-field';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { useCurrentGuess, useGuessMutation } from './queries';

const withUnit = (value: number, unit: string) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })}${unit ? ` ${unit}` : ''}`;

/** 'checking', then whether the revealed answer and salt hash to the published commitment. */
function useCommitmentCheck(question: GuessQuestion): 'checking' | 'matches' | 'differs' {
  const [result, setResult] = useState<'checking' | 'matches' | 'differs'>('checking');
  const { answer, salt, commitment } = question;
  useEffect(() => {
    if (answer === null || salt === null) return;
    let isCurrent = true;
    checkGuessCommitment(answer, salt, commitment).then(
      (ok) => isCurrent && setResult(ok ? 'matches' : 'differs'),
      () => isCurrent && setResult('differs'),
    );
    return () => {
      isCurrent = false;
    };
  }, [answer, salt, commitment]);
  return result;
}

function GuessForm({ question, eventId }: { question: GuessQuestion; eventId: number }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const guess = useGuessMutation(eventId);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(text.trim().replace(',', '.'));
    if (!text.trim() || !isGuessNumber(value)) {
      setProblem(GUESS_MESSAGES.badNumber);
      return;
    }
    setProblem('');
    guess.mutate(
      { questionid: question.id, guess: value },
      {
        onError: (error) =>
          // Already guessed: the card shows their guess once the question is read again.
          setProblem(error instanceof ApiError && error.httpStatus === 409 ? error.message : errorMessage(error)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-bold text-ink">
        Your guess{question.unit ? ` (${question.unit})` : ''}
      </label>
      <div className="flex gap-2">
        <input
          id={fieldId}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className={`${inputStyles} min-w-0 flex-1`}
        />
        <Button type="submit" isBusy={guess.isPending}>
          Guess
        </Button>
      </div>
      <p id={errorId} aria-live="assertive" className="min-h-0 text-sm text-danger">
        {problem}
      </p>
    </form>
  );
}

function Revealed({ question }: { question: GuessQuestion }) {
  const check = useCommitmentCheck(question);
  const answer = question.answer ?? 0;
  return (
    <div className="flex flex-col gap-2">
      {question.won && (
        <p className="text-2xl font-black text-secondary">You won! {question.points} points are yours.</p>
      )}
      <p className="text-lg font-black text-ink">The answer: {withUnit(answer, question.unit)}</p>
      <p className="text-sm font-bold text-ink">
        {check === 'checking' && 'Checking the answer against the code published at the start…'}
        {check === 'matches' && (
          <>
            <span aria-hidden="true" className="text-success">
              ✓{' '}
            </span>
            Checked: the answer matches the code published at the start.
          </>
        )}
        {check === 'differs' && (
          <span className="text-danger">The answer does not match the code published at the start.</span>
        )}
      </p>
      <details className="text-xs text-muted">
        <summary className="cursor-pointer font-bold">How to check it yourself</summary>
        <p className="mt-1 break-all">
          SHA-256 of <code>{canonicalAnswer(answer, question.salt ?? '')}</code> is <code>{question.commitment}</code>.
        </p>
      </details>
      {question.winners.length > 0 ? (
        <div>
          <h3 className="text-sm font-black text-ink">{question.winners.length === 1 ? 'Winner' : 'Winners'}</h3>
          <ol className="text-sm text-ink">
            {question.winners.map((w) => (
              <li key={w.place}>
                {w.name}, guessed {withUnit(w.guess, question.unit)}
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="text-sm text-muted">Nobody guessed this time.</p>
      )}
    </div>
  );
}

export default function GuessCard({ eventId }: { eventId: number }) {
  const { data: question } = useCurrentGuess(eventId);
  const { user } = useAuth();
  const location = useLocation();
  const [, setExpired] = useState(0);
  if (!question) return null;
  const headingId = `guess-${question.id}-heading`;
  const isOpen = question.state === 'open' && new Date(question.closes_at).getTime() > Date.now();

  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-black tracking-widest text-secondary uppercase">
            Guess and win {question.points} points
          </p>
          <h2 id={headingId} className="text-lg leading-snug font-black text-ink wrap-anywhere">
            {question.question}
          </h2>
        </div>
        {isOpen && (
          <div className="flex flex-col items-end">
            <span className="text-[0.625rem] font-bold tracking-wider text-muted uppercase">Closes in</span>
            <Countdown
              target={new Date(question.closes_at)}
              label="Guessing closes in"
              onExpire={() => setExpired((n) => n + 1)}
              className="text-base text-primary"
            />
          </div>
        )}
      </div>
      <div aria-live="polite" className="flex flex-col gap-2">
        {question.mine && (
          <p className="font-bold text-ink">Your guess: {withUnit(question.mine.guess, question.unit)}</p>
        )}
        {question.state === 'revealed' ? (
          <Revealed question={question} />
        ) : (
          !isOpen && <p className="text-sm text-muted">Guessing has closed. The answer is revealed on air soon.</p>
        )}
      </div>
      {isOpen &&
        !question.mine &&
        (user ? (
          <GuessForm question={question} eventId={eventId} />
        ) : (
          <Link
            to={loginPathFor(location.pathname + location.search)}
            className={buttonStyles('outline', 'md', 'self-start')}
          >
            Log in to guess
          </Link>
        ))}
      <p className="text-xs text-muted">
        The answer was locked in with a code when the question opened, so it cannot change after your guesses.
      </p>
    </section>
  );
}
