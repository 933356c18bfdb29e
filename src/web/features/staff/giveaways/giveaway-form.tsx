// Creating or editing a giveaway: title, its image, the prize with its image and value, the entry
// window (Los Angeles time), the show it belongs to (picked by title and date), visibility and access code (a new
// code follows ACCESS_CODE_RULE, decision 051; "Make a code" draws one), the number of winners, and the terms with a
// live preview of their placeholders, cleaned in the browser before it is shown; the server
// sanitises the terms when they are saved. What the server refuses shows under its field.
import { useState, type FormEvent } from 'react';
import { ACCESS_CODE_RULE, accessCodeProblem, makeAccessCode } from '../../../../shared/access-code';
import type { StaffGiveaway } from '../../../../shared/contract/giveaways-staff';
import type { ClaimMode } from '../../../../shared/contract/giveaways';
import { fillTerms } from '../../../../shared/giveaway-terms';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { FormActions, HtmlPreview, SelectField, TextAreaField } from '../shows/form-fields';
import { fromLaInput, toLaInput } from '../shows/la-time';
import { laTime } from '../shows/show-format';
import { ImageUpload } from '../image-upload';
import { useSaveGiveaway, type GiveawaySave } from './queries';
import { ShowPicker } from './show-picker';

type Values = {
  title: string;
  description: string;
  image: string;
  prize: string;
  prize_image: string;
  tnc_prices: string;
  cust_start: string;
  cust_end: string;
  show_id: string;
  IS_Public: '1' | '0';
  access_code: string;
  winner_count: string;
  claim_mode: ClaimMode;
  tnc: string;
};

const HOUR = 3_600_000;

/** A uniform 0 ≤ i < n from the browser's CSPRNG (rejection sampling, so no index is likelier than another). */
function randomIndex(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while ((word[0] ?? 0) >= limit);
  return (word[0] ?? 0) % n;
}

/** What is wrong with the access code before it is sent: a private giveaway needs one, and a new one must be hard to guess. */
function codeProblem(values: Values, saved: string): string | undefined {
  const code = values.access_code.trim();
  if (!code)
    return values.IS_Public === '0'
      ? 'A private giveaway needs an access code so invited viewers can enter.'
      : undefined;
  return code === saved ? undefined : (accessCodeProblem(code) ?? undefined);
}

export const STARTER_TERMS =
  '<h2>Prize</h2>\n<p>One winner receives the prize described on the giveaway page, worth {{VALUE}}.</p>\n<h2>Entry period</h2>\n<p>Entries open {{START_DATE}} and close {{END_DATE}}.</p>\n<h2>How to enter</h2>\n<p>Enter with a free account. One entry per viewer; sharing adds bonus entries.</p>';

function valuesOf(giveaway: StaffGiveaway | undefined): Values {
  if (!giveaway) {
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
    return {
      title: '',
      description: '',
      image: '',
      prize: '',
      prize_image: '',
      tnc_prices: '',
      cust_start: toLaInput(start.toISOString()),
      cust_end: toLaInput(new Date(start.getTime() + 2 * HOUR).toISOString()),
      show_id: '',
      IS_Public: '1',
      access_code: '',
      winner_count: '1',
      claim_mode: 'text',
      tnc: STARTER_TERMS,
    };
  }
  return {
    title: giveaway.title,
    description: giveaway.description,
    image: giveaway.image,
    prize: giveaway.prize,
    prize_image: giveaway.prize_image,
    tnc_prices: giveaway.tnc_prices_raw,
    cust_start: toLaInput(giveaway.cust_start),
    cust_end: toLaInput(giveaway.cust_end),
    show_id: giveaway.show_id === null ? '' : String(giveaway.show_id),
    IS_Public: giveaway.IS_Public === 0 ? '0' : '1',
    access_code: giveaway.access_code,
    winner_count: String(giveaway.winner_count),
    claim_mode: giveaway.claim_mode,
    tnc: giveaway.tnc_html,
  };
}

function TermsPreview({ values }: { values: Values }) {
  const start = fromLaInput(values.cust_start) || new Date().toISOString();
  const end = fromLaInput(values.cust_end) || start;
  const html = fillTerms(values.tnc, { tncPrices: values.tnc_prices, startDate: start, endDate: end });
  return <HtmlPreview heading="Preview with the placeholders filled" testId="terms-preview" html={html} />;
}

type GiveawayFormProps = {
  giveaway?: StaffGiveaway;
  onSaved: (giveaway: StaffGiveaway, message: string) => void;
  onCancel: () => void;
};

export function GiveawayForm({ giveaway, onSaved, onCancel }: GiveawayFormProps) {
  const save = useSaveGiveaway();
  const [values, setValues] = useState<Values>(() => valuesOf(giveaway));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [field]: event.target.value }));
  const locked = giveaway !== undefined && giveaway.state === 'drawn';

  function submit(event: FormEvent) {
    event.preventDefault();
    const start = fromLaInput(values.cust_start);
    const end = fromLaInput(values.cust_end);
    const local: Record<string, string> = {};
    if (!values.title.trim()) local.title = 'Give the giveaway a title.';
    if (!start) local.cust_start = 'Pick the opening date and time.';
    if (!end) local.cust_end = 'Pick the closing date and time.';
    const badCode = codeProblem(values, giveaway?.access_code ?? '');
    if (badCode) local.access_code = badCode;
    setProblems(local);
    if (Object.keys(local).length > 0 || !start || !end) return;
    const fields = {
      title: values.title,
      description: values.description,
      image: values.image,
      prize: values.prize,
      prize_image: values.prize_image,
      tnc_prices: values.tnc_prices,
      show_id: values.show_id ? Number(values.show_id) : null,
      IS_Public: values.IS_Public === '1' ? (1 as const) : (0 as const),
      access_code: values.access_code.trim(),
      winner_count: Number(values.winner_count),
      claim_mode: values.claim_mode,
      tnc: values.tnc,
    };
    const window = { cust_start: start, cust_end: end };
    // A drawn giveaway's window is fixed, so its edits leave the window out.
    const saving: GiveawaySave = giveaway
      ? { id: giveaway.id, body: { ...fields, ...(locked ? {} : window) } }
      : { id: null, body: { ...fields, ...window } };
    save.mutate(saving, {
      onSuccess: ({ detail, message }) => onSaved(detail, message),
      onError: (error) => {
        if (error instanceof ApiError)
          setProblems(Object.fromEntries(error.fieldIssues.map((issue) => [issue.field, issue.message])));
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Title"
          value={values.title}
          onChange={set('title')}
          error={problems.title}
          className="sm:col-span-2"
          required
        />
        <ImageUpload
          label="Giveaway image"
          value={values.image}
          onChange={(image) => setValues((old) => ({ ...old, image }))}
          className="sm:col-span-2"
        />
        <TextField
          label="Prize"
          labelNote="(optional)"
          value={values.prize}
          onChange={set('prize')}
          error={problems.prize}
          hint="What the winner gets, e.g. a 2 ct sapphire ring."
        />
        <ImageUpload
          label="Prize image"
          value={values.prize_image}
          onChange={(image) => setValues((old) => ({ ...old, prize_image: image }))}
          className="sm:col-span-2"
        />
        <TextField
          label="Prize value"
          labelNote="(optional)"
          value={values.tnc_prices}
          onChange={set('tnc_prices')}
          error={problems.tnc_prices}
          hint="Fills {{VALUE}} in the terms; $10,000 when empty."
        />
        <TextField
          label="Opens"
          type="datetime-local"
          value={values.cust_start}
          onChange={set('cust_start')}
          error={problems.cust_start}
          disabled={locked}
          hint={
            locked
              ? 'Winners have been drawn: the window is fixed.'
              : `Los Angeles time${fromLaInput(values.cust_start) ? `: ${laTime(fromLaInput(values.cust_start))}` : ''}.`
          }
        />
        <TextField
          label="Closes"
          type="datetime-local"
          value={values.cust_end}
          onChange={set('cust_end')}
          error={problems.cust_end}
          disabled={locked}
          hint="Los Angeles time. The draw can start once it closes."
        />
        <ShowPicker
          value={values.show_id ? Number(values.show_id) : null}
          onChange={(id) => setValues((old) => ({ ...old, show_id: id === null ? '' : String(id) }))}
          error={problems.show_id}
          hint="The show this giveaway belongs to; repeat winners are checked per show."
        />
        <TextField
          label="Winners"
          type="number"
          min={1}
          max={20}
          value={values.winner_count}
          onChange={set('winner_count')}
          error={problems.winner_count}
        />
        <SelectField
          label="How the winner claims"
          value={values.claim_mode}
          onChange={set('claim_mode')}
          error={problems.claim_mode}
          hint="Within 5 minutes of the draw, either way."
        >
          <option value="text">Text or call us (staff confirm)</option>
          <option value="app">Claim button in the app</option>
        </SelectField>
        <SelectField label="Visibility" value={values.IS_Public} onChange={set('IS_Public')} error={problems.IS_Public}>
          <option value="1">Public</option>
          <option value="0">Private (access code)</option>
        </SelectField>
        <div className="flex flex-col gap-2">
          <TextField
            label="Access code"
            labelNote={values.IS_Public === '1' ? '(private giveaways only)' : undefined}
            value={values.access_code}
            onChange={set('access_code')}
            error={problems.access_code}
            hint={`${ACCESS_CODE_RULE} Invited viewers open the giveaway with it; to anyone else it does not exist.`}
            autoComplete="off"
            spellCheck={false}
          />
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => setValues((old) => ({ ...old, access_code: makeAccessCode(randomIndex) }))}
          >
            Make a code
          </Button>
        </div>
        <TextAreaField
          label="Description"
          labelNote="(optional)"
          value={values.description}
          onChange={set('description')}
          error={problems.description}
          className="sm:col-span-2"
        />
      </div>
      <TextAreaField
        label="Terms (HTML)"
        value={values.tnc}
        onChange={set('tnc')}
        error={problems.tnc}
        className="[&_textarea]:min-h-48 [&_textarea]:font-mono [&_textarea]:text-sm"
        hint="Placeholders: {{VALUE}}, {{START_DATE}}, {{END_DATE}} (also {{START DATE}} and {{END DATE}}). Scripts, event handlers and javascript: links are removed when saved."
      />
      <TermsPreview values={values} />
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <FormActions submit={giveaway ? 'Save changes' : 'Create giveaway'} isBusy={save.isPending} onCancel={onCancel} />
    </form>
  );
}
