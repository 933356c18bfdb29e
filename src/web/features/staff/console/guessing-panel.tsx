// The guessing game: open a question with its answer (committed at once: viewers see the hash, the
// answer stays secret), close it early, and reveal it (armed), which names the winners in chat.
import { useRef, useState, type FormEvent } from 'react';
import { ConsoleAction } from '../../../../shared/contract/console';
import type { StaffGuessQuestion } from '../../../../shared/contract/guessing';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useConsole } from './console-context';
import { ActionButton, Panel } from './console-ui';
import { clockText } from './on-air-time';
import { useShortcut } from './use-shortcuts';

const STATE_WORDS = { open: 'Taking guesses', closed: 'Closed, not revealed', revealed: 'Revealed' } as const;

export function GuessingPanel() {
  const { snapshot } = useConsole();
  const questions = snapshot.guessing;
  const active = questions.find((q) => q.state !== 'revealed');
  return (
    <Panel title="Guessing game">
      {active ? <ActiveQuestion question={active} /> : <OpenQuestionForm />}
      {questions.filter((q) => q.state === 'revealed').length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-bold text-primary">Revealed questions</summary>
          <ul className="mt-1 flex flex-col gap-1">
            {questions
              .filter((q) => q.state === 'revealed')
              .map((q) => (
                <li key={q.id}>
                  {q.question} — {q.answer} {q.unit}
                  {q.winners.length > 0 && ` · won by ${q.winners.map((w) => w.name).join(', ')}`}
                </li>
              ))}
          </ul>
        </details>
      )}
    </Panel>
  );
}

function ActiveQuestion({ question }: { question: StaffGuessQuestion }) {
  const { arm, run, busy, now } = useConsole();
  const left = Date.parse(question.closes_at) - now;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-lg font-black text-ink wrap-anywhere">{question.question}</p>
      <p className="text-sm text-muted">
        {STATE_WORDS[question.state]} · {question.guesses} guesses
        {question.state === 'open' && left > 0 && ` · closes in ${clockText(left)}`}
      </p>
      <p className="text-sm text-ink">
        Answer (secret until revealed):{' '}
        <span className="font-black">
          {question.secret_answer} {question.unit}
        </span>
      </p>
      <p className="text-xs text-muted">
        Commitment: <span className="font-mono break-all text-ink">{question.commitment}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {question.state === 'open' && (
          <ActionButton
            label="Close guesses"
            shortcut="guessClose"
            isBusy={busy === 'guess_close'}
            onFire={() => run({ action: 'guess_close', questionId: question.id }, 'Guesses are closed.')}
          />
        )}
        <ActionButton
          label="Reveal the answer"
          shortcut="guessReveal"
          variant="secondary"
          arming={{ arm, key: `reveal-${question.id}` }}
          disabled={question.state !== 'closed'}
          isBusy={busy === 'guess_reveal'}
          onFire={() => run({ action: 'guess_reveal', questionId: question.id }, 'The answer is revealed.')}
        />
      </div>
    </div>
  );
}

function OpenQuestionForm() {
  const { run, busy, snapshot } = useConsole();
  const [question, setQuestion] = useState('');
  const [unit, setUnit] = useState('');
  const [answer, setAnswer] = useState('');
  const [minutes, setMinutes] = useState('5');
  const [problem, setProblem] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useShortcut('question', () => field.current?.focus());
  const isLive = snapshot.show.state === 'live';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const action = { action: 'guess_open', question, unit, answer: Number(answer), minutes: Number(minutes) };
    const checked = ConsoleAction.safeParse(answer.trim() === '' ? { ...action, answer: undefined } : action);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the question.');
      return;
    }
    setProblem('');
    run(checked.data, 'The question is open.');
    setQuestion('');
    setAnswer('');
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2" noValidate>
      <TextField
        ref={field}
        label="Question"
        hint="Shortcut: Q comes to this field."
        aria-keyshortcuts="Q"
        value={question}
        maxLength={200}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <div className="grid grid-cols-3 gap-2">
        <TextField
          label="Answer"
          inputMode="decimal"
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
        <TextField label="Unit" value={unit} maxLength={20} onChange={(event) => setUnit(event.target.value)} />
        <TextField
          label="Minutes"
          type="number"
          min={1}
          max={60}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
        />
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button type="submit" size="sm" className="self-start" disabled={!isLive} isBusy={busy === 'guess_open'}>
        Open the question
      </Button>
      {!isLive && <p className="text-xs text-muted">Questions open once the show is on air.</p>}
    </form>
  );
}
