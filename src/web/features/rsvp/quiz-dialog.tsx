// The special-event quiz: a dialog of the event's questions, all required, sent with rsvpquiz_v1
// (answers and RSVP in one step). Focus starts on the first question; loaded on first use.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import type { EventRecord } from '../../../shared/contract/events';
import type { Question } from '../../../shared/contract/quiz';
import { ApiError, errorMessage } from '../../api/client';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { inputStyles } from '../../ui/text-field';
import {
  ANSWER_MAX_LENGTH,
  fieldOfIssue,
  questionField,
  quizProblems,
  quizRequest,
  type QuizValues,
} from './quiz-answers';
import { isAlreadyIn, useQuizMutation } from './queries';
import { DialogCloseButton } from '../../ui/dialog-close';

/** Up to this many choices show as radio buttons; more as a drop-down list. */
const MAX_RADIO_CHOICES = 4;

export type QuizDialogProps = {
  event: EventRecord;
  userId: number;
  questions: readonly Question[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The answers are in (or were already): the server's message, and whether it is news. */
  onSubmitted: (message: string, tone: 'success' | 'info') => void;
  /** Where focus goes back to when the dialog is closed unsent: the RSVP button it opened from. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Where focus goes once the quiz is sent (the RSVP button is gone by then). */
  focusAfterSubmit: RefObject<HTMLElement | null>;
};

type FieldProps = {
  question: Question;
  number: number;
  error: string | undefined;
  registration: UseFormRegisterReturn;
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-bold text-danger">
      {message}
    </p>
  );
}

function Prompt({ number, children }: { number: number; children: ReactNode }) {
  return (
    <>
      <span className="text-muted">{number}. </span>
      {children}
    </>
  );
}

function QuestionField({ question, number, error, registration }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = error ? true : undefined;
  const labelStyles = 'text-base font-bold text-ink';

  if (question.choices.length > 0 && question.choices.length <= MAX_RADIO_CHOICES) {
    return (
      <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
        <legend className={cx(labelStyles, 'mb-2')}>
          <Prompt number={number}>{question.prompt}</Prompt>
        </legend>
        <div className="flex flex-wrap gap-2">
          {question.choices.map((choice) => (
            <label
              key={choice}
              className={cx(
                'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-secondary',
                error ? 'border-danger' : 'border-line',
              )}
            >
              <input
                type="radio"
                value={choice}
                aria-invalid={invalid}
                className="size-4 accent-primary focus-visible:outline-none"
                {...registration}
              />
              {choice}
            </label>
          ))}
        </div>
        <FieldError id={errorId} message={error} />
      </fieldset>
    );
  }

  const fieldId = `${id}-field`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className={labelStyles}>
        <Prompt number={number}>{question.prompt}</Prompt>
      </label>
      {question.choices.length > 0 ? (
        <select
          id={fieldId}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
          className={cx(inputStyles, error && 'border-danger')}
          {...registration}
        >
          <option value="">Choose one…</option>
          {question.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <>
          <textarea
            id={fieldId}
            rows={3}
            aria-invalid={invalid}
            aria-describedby={[error ? errorId : '', hintId].filter(Boolean).join(' ')}
            className={cx(inputStyles, 'resize-y', error && 'border-danger')}
            {...registration}
          />
          <p id={hintId} className="text-sm text-muted">
            In your own words, up to {ANSWER_MAX_LENGTH} characters.
          </p>
        </>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function unansweredCount(errors: FieldErrors<QuizValues>): number {
  return Object.keys(errors).filter((field) => field !== 'root').length;
}

export default function QuizDialog({
  event,
  userId,
  questions,
  open,
  onOpenChange,
  onSubmitted,
  returnFocusTo,
  focusAfterSubmit,
}: QuizDialogProps) {
  const quiz = useQuizMutation(userId, event.id);
  const isSent = useRef(false);
  const resolver: Resolver<QuizValues> = (values) => {
    const problems = Object.entries(quizProblems(questions, values));
    if (problems.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(problems.map(([field, message]) => [field, { type: 'validate', message }])),
    };
  };
  const form = useForm<QuizValues>({
    resolver,
    defaultValues: Object.fromEntries(questions.map((question) => [questionField(question), ''])),
  });
  const { errors } = form.formState;
  const missing = unansweredCount(errors);

  const handleSubmit = form.handleSubmit((values) => {
    quiz.mutate(quizRequest(event.id, questions, values), {
      onSuccess: (message) => {
        isSent.current = true;
        onSubmitted(message, 'success');
      },
      onError: (error) => {
        if (isAlreadyIn(error)) {
          isSent.current = true;
          onSubmitted(error.message, 'info');
          return;
        }
        let placed = 0;
        for (const issue of error instanceof ApiError ? error.fieldIssues : []) {
          const field = fieldOfIssue(issue.field);
          if (!field) continue;
          form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: placed === 0 });
          placed += 1;
        }
        if (placed === 0) form.setError('root.server', { type: 'server', message: errorMessage(error) });
      },
    });
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/55 transition-opacity starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          onOpenAutoFocus={(opening) => {
            // The first question, not the close button: the title and description are read out as the dialog opens.
            const first = questions[0];
            if (!first) return;
            opening.preventDefault();
            form.setFocus(questionField(first));
          }}
          onCloseAutoFocus={(closing) => {
            closing.preventDefault();
            (isSent.current ? focusAfterSubmit : returnFocusTo).current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-xl bg-canvas p-5 shadow-2xl transition-opacity starting:opacity-0 focus:outline-none motion-reduce:transition-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <p className="text-sm font-black tracking-widest text-secondary uppercase">Special event</p>
              <Dialog.Title className="text-2xl leading-tight font-black text-ink">
                A few questions before you RSVP
              </Dialog.Title>
            </div>
            <DialogCloseButton className="-mt-1 -mr-2" />
          </div>
          <Dialog.Description className="text-muted">
            <span className="font-bold text-ink">{event.title}</span> asks every guest a few questions, so our hosts can
            plan the evening around you. Please answer all of them to save your seat.
          </Dialog.Description>
          <form noValidate onSubmit={(submit) => void handleSubmit(submit)} className="flex flex-col gap-6">
            {missing > 0 && (
              <p
                role="alert"
                className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-bold text-danger"
              >
                {missing === 1 ? 'One question still needs an answer.' : `${missing} questions still need an answer.`}
              </p>
            )}
            {questions.map((question, index) => (
              <QuestionField
                key={question.id}
                question={question}
                number={index + 1}
                error={errors[questionField(question)]?.message}
                registration={form.register(questionField(question))}
              />
            ))}
            {errors.root?.server && (
              <p
                role="alert"
                className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-bold text-danger"
              >
                {errors.root.server.message}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" isBusy={quiz.isPending}>
                Send answers and RSVP
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
