// Creating or editing a contest: title, description, rules (HTML, with a cleaned preview), the show
// it belongs to, the four windows in Los Angeles time, entries per viewer, the vote rule, whether
// counts show while voting, winners and the prize. What the server refuses shows under its field.
// Once the results are fixed the form is read-only: the server refuses edits then too.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { StaffContest } from '../../../../shared/contract/contests';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { TextField } from '../../../ui/text-field';
import { useStaffShows } from '../queries';
import { FormActions, HtmlPreview, SelectField, TextAreaField, TimeHint } from '../shows/form-fields';
import { laTime } from '../shows/show-format';
import { contestFieldsOf, contestFormValues, WINDOW_FIELDS, type ContestFormValues } from './contest-form-values';
import { VOTE_RULE_LABELS } from './contest-words';
import { useSaveContest } from './queries';

const WINDOW_LABELS: Record<(typeof WINDOW_FIELDS)[number], string> = {
  submit_opens_at: 'Entries open',
  submit_closes_at: 'Entries close',
  vote_opens_at: 'Voting opens',
  vote_closes_at: 'Voting closes',
};

/** Upcoming and live shows, soonest first, and the chosen one even when it is over. */
function ShowSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const live = useStaffShows('live', 'show').data ?? [];
  const upcoming = useStaffShows('upcoming', 'show').data ?? [];
  const shows = [...live, ...upcoming];
  const isListed = value === '' || shows.some((show) => String(show.id) === value);
  return (
    <SelectField
      label="Show"
      labelNote="(optional)"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      disabled={disabled}
      hint="The show this contest is part of; the contest page links to it."
    >
      <option value="">No show</option>
      {!isListed && <option value={value}>The show chosen before (no longer upcoming)</option>}
      {shows.map((show) => (
        <option key={show.id} value={String(show.id)}>
          {show.title} · {laTime(show.cust_start)}
          {show.status === 'live' ? ' · live now' : ''}
        </option>
      ))}
    </SelectField>
  );
}

function Fieldset({ legend, children, note }: { legend: string; children: ReactNode; note?: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-line bg-white p-4">
      <legend className="px-1 text-base font-black text-ink">{legend}</legend>
      {note}
      {children}
    </fieldset>
  );
}

type ContestFormProps = {
  contest?: StaffContest;
  onSaved: (contest: StaffContest, message: string) => void;
  onCancel: () => void;
};

export function ContestForm({ contest, onSaved, onCancel }: ContestFormProps) {
  const save = useSaveContest(contest ? contest.id : null);
  const [values, setValues] = useState<ContestFormValues>(() => contestFormValues(contest, new Date()));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [windowsProblem, setWindowsProblem] = useState<string | null>(null);
  const isLocked = contest?.results_fixed_at != null;
  /** A field's value changes, and what was said about it goes: it is checked again on the next save. */
  function change<K extends keyof ContestFormValues>(field: K, value: ContestFormValues[K]) {
    setValues((old) => ({ ...old, [field]: value }));
    setProblems((old) => Object.fromEntries(Object.entries(old).filter(([name]) => name !== field)));
  }
  const set =
    <K extends keyof ContestFormValues>(field: K) =>
    (value: ContestFormValues[K]) =>
      change(field, value);
  const text =
    (field: Exclude<keyof ContestFormValues, 'show_counts' | 'vote_rule'>) => (event: { target: { value: string } }) =>
      change(field, event.target.value);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isLocked) return;
    const check = contestFieldsOf(values);
    setProblems(check.problems ?? {});
    setWindowsProblem(check.fields ? null : (check.windows ?? null));
    if (!check.fields) return;
    save.mutate(check.fields, {
      onSuccess: ({ contest: saved, message }) => onSaved(saved, message),
      onError: (error) => {
        if (error instanceof ApiError)
          setProblems(Object.fromEntries(error.fieldIssues.map((issue) => [issue.field, issue.message])));
      },
    });
  }

  const known = new Set<string>(Object.keys(values));
  const otherProblems = Object.entries(problems).filter(([field]) => !known.has(field));

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={contest ? 'Contest details' : 'New contest'}
      className="flex flex-col gap-5"
    >
      {isLocked && (
        <Alert tone="info">
          The results of this contest are fixed, so its details can no longer change. They are shown here to read.
        </Alert>
      )}
      <fieldset disabled={isLocked} className="flex min-w-0 flex-col gap-5">
        <Fieldset legend="About the contest">
          <TextField label="Title" value={values.title} onChange={text('title')} error={problems.title} required />
          <TextAreaField
            label="Description"
            labelNote="(optional)"
            value={values.description}
            onChange={text('description')}
            error={problems.description}
            hint="A sentence or two for the contest list and the top of its page."
          />
          <ShowSelect value={values.eventid} onChange={set('eventid')} error={problems.eventid} disabled={isLocked} />
        </Fieldset>
        <Fieldset
          legend="Windows (Los Angeles time)"
          note={
            <>
              <p className="text-sm text-muted">
                Entries are taken from the first time up to the second; votes from the third up to the fourth. Voting
                closes last; the results are fixed then.
              </p>
              {windowsProblem && (
                <p id="contest-windows-error" className="text-sm font-bold text-danger" role="alert">
                  {windowsProblem}
                </p>
              )}
            </>
          }
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {WINDOW_FIELDS.map((field) => (
              <TextField
                key={field}
                label={WINDOW_LABELS[field]}
                type="datetime-local"
                value={values[field]}
                onChange={text(field)}
                error={problems[field]}
                hint={<TimeHint value={values[field]} />}
              />
            ))}
          </div>
        </Fieldset>
        <Fieldset legend="Entries and votes">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Entries per viewer"
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              value={values.entries_per_viewer}
              onChange={text('entries_per_viewer')}
              error={problems.entries_per_viewer}
              hint="From 1 to 10 photos each."
            />
            <SelectField
              label="Vote rule"
              value={values.vote_rule}
              onChange={(event) => set('vote_rule')(event.target.value === 'daily' ? 'daily' : 'once')}
              error={problems.vote_rule}
            >
              <option value="once">{VOTE_RULE_LABELS.once}</option>
              <option value="daily">{VOTE_RULE_LABELS.daily}</option>
            </SelectField>
          </div>
          <label className="flex min-h-11 items-start gap-3 text-ink">
            <input
              type="checkbox"
              checked={values.show_counts}
              onChange={(event) => set('show_counts')(event.target.checked)}
              className="mt-1 size-5 accent-primary"
              aria-describedby="show-counts-hint"
            />
            <span className="flex flex-col">
              <span className="font-bold">Show vote counts while voting is open</span>
              <span id="show-counts-hint" className="text-sm text-muted">
                Counts always show once the contest is closed.
              </span>
            </span>
          </label>
          {problems.show_counts && <p className="text-sm text-danger">{problems.show_counts}</p>}
        </Fieldset>
        <Fieldset legend="Winners and prize">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Winners"
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              value={values.winner_count}
              onChange={text('winner_count')}
              error={problems.winner_count}
              hint="The entries with the most votes, from 1 to 10."
            />
            <TextField
              label="Prize points"
              type="number"
              inputMode="numeric"
              min={0}
              max={100000}
              value={values.prize_points}
              onChange={text('prize_points')}
              error={problems.prize_points}
              hint="Reward points for each winner; 0 for none."
            />
          </div>
          <TextField
            label="Prize"
            labelNote="(optional)"
            value={values.prize_text}
            onChange={text('prize_text')}
            error={problems.prize_text}
            hint="What the winners get besides points, e.g. a topaz pendant."
          />
        </Fieldset>
        <Fieldset legend="Rules">
          <TextAreaField
            label="Rules (HTML)"
            value={values.rules}
            onChange={text('rules')}
            error={problems.rules}
            className="[&_textarea]:min-h-48 [&_textarea]:font-mono [&_textarea]:text-sm"
            hint="Shown on the contest page. Scripts, event handlers and javascript: links are removed when saved."
          />
          <HtmlPreview heading="Preview of the rules" testId="rules-preview" html={values.rules} />
        </Fieldset>
      </fieldset>
      {otherProblems.map(([field, message]) => (
        <Alert key={field} tone="error">
          {message}
        </Alert>
      ))}
      {save.isError && (
        <Alert tone="error">
          {save.error instanceof ApiError && save.error.fieldIssues.length > otherProblems.length
            ? 'Some fields need a change: see the messages under them.'
            : errorMessage(save.error)}
        </Alert>
      )}
      {!isLocked && (
        <FormActions submit={contest ? 'Save changes' : 'Create contest'} isBusy={save.isPending} onCancel={onCancel} />
      )}
    </form>
  );
}
