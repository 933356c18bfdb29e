// Every viewer's answers to a special event's questions, newest last, as a list that reads the
// same on a phone and a desktop.
import type { QuizSubmission } from '../../../../shared/contract/quiz';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Spinner } from '../../../ui/spinner';
import { ReportSection } from '../report-parts';
import { laTime } from './show-format';

export function QuizAnswers({
  answers,
  error,
  isPending,
}: {
  answers: QuizSubmission[] | undefined;
  error: Error | null;
  isPending: boolean;
}) {
  const note = answers?.length
    ? `${answers.length} ${answers.length === 1 ? 'viewer has' : 'viewers have'} answered.`
    : undefined;
  return (
    <ReportSection id="answers-heading" title="Answers" note={note}>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {isPending && <Spinner className="size-6 text-primary" label="Loading the answers" />}
      {answers && answers.length === 0 && <p className="text-sm text-muted">No answers yet.</p>}
      {answers && answers.length > 0 && (
        <ul className="flex flex-col gap-3">
          {answers.map((submission) => (
            <li key={submission.user_id} className="rounded-lg border border-line p-3">
              <h3 className="font-black text-ink">{submission.name}</h3>
              <p className="text-sm text-muted">
                <span className="break-all">{submission.email}</span> ·{' '}
                <time dateTime={submission.created_at}>{laTime(submission.created_at)}</time>
              </p>
              <dl className="mt-2 flex flex-col gap-2">
                {submission.answers.map((answer) => (
                  <div key={answer.question_id}>
                    <dt className="text-sm font-bold text-muted">{answer.prompt}</dt>
                    <dd className="text-ink wrap-anywhere">{answer.answer}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </ReportSection>
  );
}
