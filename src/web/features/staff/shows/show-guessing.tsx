// The guessing game on the staff show screen (decision 058): open a question while the show is live
// (its answer is locked in with a published code), close it early, and reveal the answer and winners.
import { useState, type FormEvent } from 'react';
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import type { StaffGuessQuestion } from '../../../../shared/contract/guessing';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useOpenQuestion, useQuestionStep, useStaffQuestions } from '../../guessing/queries';
import { ReportSection } from '../report-parts';
import { laTime } from './show-format';

const STATE_LABELS = { open: 'Open', closed: 'Closed', revealed: 'Revealed' } as const;

/** A typed number; an empty field is NaN, which goes as null and is refused, never read as 0. */
const numberOf = (text: string) => (text.trim() ? Number(text.trim().replace(',', '.')) : Number.NaN);

function OpenQuestionForm({ showId, onDone }: { showId: number; onDone: (message: string) => void }) {
  const [fields, setFields] = useState({
    question: '',
    unit: '',
    answer: '',
    minutes: '3',
    points: '100',
    winners: '1',
  });
  const open = useOpenQuestion();
  const issues = open.error instanceof ApiError ? open.error.fieldIssues : [];
  const issueOf = (field: string) => issues.find((i) => i.field === field)?.message;
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const minutes = numberOf(fields.minutes);
    open.mutate(
      {
        eventid: showId,
        question: fields.question,
        unit: fields.unit,
        answer: numberOf(fields.answer),
        // Not a number of minutes: an empty time, which the server refuses with its own words.
        closes_at: Number.isFinite(minutes) ? new Date(Date.now() + minutes * 60_000).toISOString() : '',
        points: numberOf(fields.points),
        winners: numberOf(fields.winners),
      },
      {
        onSuccess: ({ message }) => {
          setFields((f) => ({ ...f, question: '', unit: '', answer: '' }));
          onDone(message);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Question"
        className="sm:col-span-2"
        value={fields.question}
        onChange={set('question')}
        error={issueOf('question')}
        required
      />
      <TextField
        label="Answer"
        inputMode="decimal"
        value={fields.answer}
        onChange={set('answer')}
        error={issueOf('answer')}
        required
      />
      <TextField
        label="Unit"
        labelNote="(optional)"
        value={fields.unit}
        onChange={set('unit')}
        error={issueOf('unit')}
      />
      <TextField
        label="Minutes open"
        inputMode="numeric"
        value={fields.minutes}
        onChange={set('minutes')}
        error={issueOf('closes_at')}
      />
      <TextField
        label="Points per winner"
        inputMode="numeric"
        value={fields.points}
        onChange={set('points')}
        error={issueOf('points')}
      />
      <TextField
        label="Winners"
        inputMode="numeric"
        value={fields.winners}
        onChange={set('winners')}
        error={issueOf('winners')}
      />
      <div className="flex items-end">
        <Button type="submit" isBusy={open.isPending}>
          Open the question
        </Button>
      </div>
      {open.isError && (
        <Alert tone="error" className="sm:col-span-2">
          {errorMessage(open.error)}
        </Alert>
      )}
    </form>
  );
}

function QuestionRow({
  question,
  showId,
  onDone,
}: {
  question: StaffGuessQuestion;
  showId: number;
  onDone: (m: string) => void;
}) {
  const step = useQuestionStep(showId);
  const run = (which: 'close' | 'reveal') =>
    step.mutate({ id: question.id, step: which }, { onSuccess: ({ message }) => onDone(message) });
  return (
    <li className="flex flex-col gap-1 border-t border-line pt-3">
      <p className="font-bold text-ink wrap-anywhere">{question.question}</p>
      <p className="text-sm text-muted">
        {STATE_LABELS[question.state]} · answer {question.secret_answer}
        {question.unit ? ` ${question.unit}` : ''} · {question.guesses} {question.guesses === 1 ? 'guess' : 'guesses'} ·
        closes <time dateTime={question.closes_at}>{laTime(question.closes_at)}</time>
      </p>
      {question.winners.length > 0 && (
        <p className="text-sm text-ink">Winners: {question.winners.map((w) => `${w.name} (${w.guess})`).join(', ')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {question.state === 'open' && (
          <Button variant="outline" size="sm" isBusy={step.isPending} onClick={() => run('close')}>
            Close now
          </Button>
        )}
        {question.state === 'closed' && (
          <Button size="sm" isBusy={step.isPending} onClick={() => run('reveal')}>
            Reveal the answer
          </Button>
        )}
      </div>
      {step.isError && <Alert tone="error">{errorMessage(step.error)}</Alert>}
    </li>
  );
}

export function ShowGuessing({ show }: { show: StaffEventRecord }) {
  const questions = useStaffQuestions(show.id);
  const [notice, setNotice] = useState('');
  const hasOpen = questions.data?.some((q) => q.state === 'open') ?? false;
  return (
    <ReportSection
      id="guessing-heading"
      title="Guessing game"
      note="Ask viewers to guess a number. The closest guess wins points; the earliest wins a tie."
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      {show.status === 'live' && !hasOpen && <OpenQuestionForm showId={show.id} onDone={setNotice} />}
      {show.status !== 'live' && <p className="text-sm text-muted">Questions can be opened while the show is live.</p>}
      {questions.isError && <Alert tone="error">{errorMessage(questions.error)}</Alert>}
      {questions.data && questions.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {questions.data.map((q) => (
            <QuestionRow key={q.id} question={q} showId={show.id} onDone={setNotice} />
          ))}
        </ul>
      )}
    </ReportSection>
  );
}
