// A special event's questions, asked before a viewer's RSVP counts: staff write them (a prompt,
// choices one per line or none for a free answer, and the right answer that earns the quiz points)
// until the first viewer answers; after that they are shown as they were asked.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { StaffQuestion } from '../../../../shared/contract/quiz';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { useSetQuestionsMutation, useShowQuestions } from '../queries';
import { ReportSection } from '../report-parts';
import { SelectField, TextAreaField } from './form-fields';
import { blankQuestion, lines, QuizFormSchema, quizValues, type QuizFormValues } from './quiz-form-values';

const MAX_QUESTIONS = 10;

function AskedQuestions({ questions }: { questions: StaffQuestion[] }) {
  return (
    <ol className="flex list-decimal flex-col gap-3 pl-6">
      {questions.map((question) => (
        <li key={question.id}>
          <p className="font-bold text-ink">{question.prompt}</p>
          <p className="text-sm text-muted">
            {question.choices.length ? `Choices: ${question.choices.join(', ')}` : 'Free answer'}
          </p>
          {question.right_answer !== null && (
            <p className="text-sm text-muted">Right answer: {question.right_answer}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The right answer, picked from the choices typed above it; a free-answer question has none. */
function RightAnswerField({
  control,
  index,
  error,
  field,
}: {
  control: Control<QuizFormValues, unknown, z.output<typeof QuizFormSchema>>;
  index: number;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  const [choicesText, picked] = useWatch({
    control,
    name: [`questions.${index}.choices`, `questions.${index}.right_answer`],
  });
  const choices = lines(choicesText);
  // A picked answer whose choice was since edited stays listed, so the save can say what is wrong.
  const options = picked && !choices.includes(picked) ? [...choices, picked] : choices;
  if (!options.length) return null;
  return (
    <SelectField
      label="Right answer"
      hint="A viewer who picks every right answer earns the quiz points. Leave it on none for an opinion question."
      error={error}
      {...field}
    >
      <option value="">No right answer</option>
      {options.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </SelectField>
  );
}

function QuestionsForm({ showId, questions }: { showId: number; questions: StaffQuestion[] }) {
  const save = useSetQuestionsMutation(showId);
  const [notice, setNotice] = useState('');
  const form = useForm<QuizFormValues, unknown, z.output<typeof QuizFormSchema>>({
    resolver: zodResolver(QuizFormSchema),
    defaultValues: quizValues(questions),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'questions' });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((input) => {
    setNotice('');
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(quizValues(saved.questions));
        setNotice(saved.message);
      },
    });
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <ol className="flex flex-col gap-4">
        {fields.map((field, index) => (
          <li key={field.id} className="flex flex-col gap-3 rounded-lg border border-line bg-canvas p-3">
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 text-sm font-black text-primary">Question {index + 1}</legend>
              <TextField
                label="Question"
                maxLength={300}
                error={errors.questions?.[index]?.prompt?.message}
                {...form.register(`questions.${index}.prompt`)}
              />
              <TextAreaField
                label="Choices"
                labelNote="(one per line)"
                rows={3}
                hint="Leave empty to let viewers type their own answer."
                error={errors.questions?.[index]?.choices?.message}
                {...form.register(`questions.${index}.choices`)}
              />
              <RightAnswerField
                control={form.control}
                index={index}
                error={errors.questions?.[index]?.right_answer?.message}
                field={form.register(`questions.${index}.right_answer`)}
              />
            </fieldset>
            {fields.length > 1 && (
              <Button variant="ghost" size="sm" className="self-start" onClick={() => remove(index)}>
                Remove question {index + 1}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {errors.questions?.message && <p className="text-sm text-danger">{errors.questions.message}</p>}
      {save.error && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isBusy={save.isPending}>
          Save questions
        </Button>
        {fields.length < MAX_QUESTIONS && (
          <Button variant="outline" onClick={() => append(blankQuestion())}>
            Add a question
          </Button>
        )}
      </div>
    </form>
  );
}

export function QuizEditor({ showId, isLocked }: { showId: number; isLocked: boolean }) {
  const { data: questions, error, isPending } = useShowQuestions(showId, true);
  const note = isLocked
    ? 'Viewers have answered these questions, so they stay as they were asked.'
    : 'Viewers answer these before their RSVP counts, and earn the quiz points when every right answer is theirs. You can change them until the first viewer answers.';
  return (
    <ReportSection id="questions-heading" title="Quiz questions" note={note}>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {isPending && <Spinner className="size-6 text-primary" label="Loading the questions" />}
      {questions &&
        (isLocked ? <AskedQuestions questions={questions} /> : <QuestionsForm showId={showId} questions={questions} />)}
    </ReportSection>
  );
}
