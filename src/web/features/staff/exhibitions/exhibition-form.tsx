// The exhibition form (create and edit): name, the short link's name, venue, city, first and last
// day, whether it takes registrations, and the product kinds on sale, which staff add, remove and
// put in order with buttons (keyboard usable). Checked with the contract's messages, then by the
// server, whose per-field answers show beside their fields.
import { useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ExhibitionInput, type StaffExhibition } from '../../../../shared/contract/exhibitions';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { TextField, inputStyles } from '../../../ui/text-field';
import { useSaveExhibition } from './queries';

type FormValues = {
  name: string;
  slug: string;
  venue: string;
  city: string;
  starts_on: string;
  ends_on: string;
  active: boolean;
  kinds: { name: string }[];
};
const TEXT_FIELDS = ['name', 'slug', 'venue', 'city', 'starts_on', 'ends_on'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];

function isTextField(name: unknown): name is TextFieldName {
  return TEXT_FIELDS.some((field) => field === name);
}

function inputOf(values: FormValues): ExhibitionInput {
  return { ...values, kinds: values.kinds.map((kind) => kind.name) };
}

/** The contract's checks; a problem with the kinds is one message over the list, naming the kind. */
const resolver: Resolver<FormValues> = (values) => {
  const parsed = ExhibitionInput.safeParse(inputOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (isTextField(field) && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    if (field === 'kinds' && !errors.kinds) {
      const which = typeof index === 'number' ? `Kind ${index + 1}: ` : '';
      errors.kinds = { type: 'validation', message: `${which}${issue.message}` };
    }
  }
  return { values: {}, errors };
};

function defaultsOf(exhibition: StaffExhibition | null): FormValues {
  return exhibition
    ? {
        name: exhibition.name,
        slug: exhibition.slug,
        venue: exhibition.venue,
        city: exhibition.city,
        starts_on: exhibition.starts_on,
        ends_on: exhibition.ends_on,
        active: exhibition.active,
        kinds: exhibition.kinds.map((kind) => ({ name: kind.name })),
      }
    : { name: '', slug: '', venue: '', city: '', starts_on: '', ends_on: '', active: true, kinds: [{ name: '' }] };
}

type ExhibitionFormProps = {
  exhibition: StaffExhibition | null;
  onSaved: (exhibition: StaffExhibition, message: string) => void;
  onCancel: () => void;
};

export function ExhibitionForm({ exhibition, onSaved, onCancel }: ExhibitionFormProps) {
  const save = useSaveExhibition(exhibition?.id ?? null);
  const [problem, setProblem] = useState('');
  const kindsRef = useRef<HTMLFieldSetElement>(null);
  const form = useForm<FormValues>({ resolver, defaultValues: defaultsOf(exhibition) });
  const kinds = useFieldArray({ control: form.control, name: 'kinds' });
  const { errors } = form.formState;
  const kindNames = form.watch('kinds');

  function focusKinds() {
    kindsRef.current?.querySelector('input')?.focus();
  }

  function showRefusal(error: unknown) {
    const issues = error instanceof ApiError ? error.fieldIssues : [];
    let placed = false;
    for (const issue of issues) {
      if (isTextField(issue.field)) {
        form.setError(issue.field, { type: 'server', message: issue.message }, { shouldFocus: !placed });
        placed = true;
      } else if (issue.field.startsWith('kinds')) {
        form.setError('kinds', { type: 'server', message: issue.message });
        if (!placed) focusKinds();
        placed = true;
      }
    }
    // Another exhibition already has this short link.
    if (!placed && error instanceof ApiError && error.httpStatus === 409) {
      form.setError('slug', { type: 'server', message: error.message }, { shouldFocus: true });
      placed = true;
    }
    if (!placed) setProblem(errorMessage(error));
  }

  const handleSubmit = form.handleSubmit(
    (values) => {
      setProblem('');
      save.mutate(inputOf(values), {
        onSuccess: ({ exhibition: saved, message }) => onSaved(saved, message),
        onError: showRefusal,
      });
    },
    (found) => {
      const first = TEXT_FIELDS.find((field) => found[field]);
      if (first) form.setFocus(first);
      else if (found.kinds) focusKinds();
    },
  );

  function addKind() {
    kinds.append({ name: '' }, { shouldFocus: true });
  }

  function move(from: number, to: number) {
    kinds.move(from, to);
    // The moved kind keeps the focus on the button that moved it, now in its new row.
    const direction = to < from ? 'up' : 'down';
    requestAnimationFrame(() => {
      const buttons = kindsRef.current?.querySelectorAll<HTMLButtonElement>(`[data-move="${direction}"]`);
      const target = buttons?.[to];
      if (target && !target.disabled) target.focus();
      else kindsRef.current?.querySelectorAll('input')[to]?.focus();
    });
  }

  function removeKind(index: number) {
    kinds.remove(index);
    requestAnimationFrame(() => {
      const inputs = kindsRef.current?.querySelectorAll('input');
      const next = inputs?.[Math.min(index, inputs.length - 1)];
      if (next) next.focus();
      else kindsRef.current?.querySelector<HTMLButtonElement>('[data-add]')?.focus();
    });
  }

  const title = exhibition ? `Edit ${exhibition.name}` : 'New exhibition';
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={title}
      className="flex flex-col gap-5 rounded-xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 className="text-xl font-black text-ink">{title}</h2>
      <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Short link name"
        autoCapitalize="none"
        spellCheck={false}
        hint="Lower-case letters, digits and hyphens, e.g. tucson-gem-show-2027. The booth's link and QR code use it."
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Venue" error={errors.venue?.message} {...form.register('venue')} />
        <TextField label="City" error={errors.city?.message} {...form.register('city')} />
        <TextField label="First day" type="date" error={errors.starts_on?.message} {...form.register('starts_on')} />
        <TextField label="Last day" type="date" error={errors.ends_on?.message} {...form.register('ends_on')} />
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3">
        <input type="checkbox" className="mt-1 size-5 accent-primary" {...form.register('active')} />
        <span>
          <span className="block font-bold text-ink">Taking registrations</span>
          <span className="block text-sm text-muted">
            Only active exhibitions are offered on the registration form.
          </span>
        </span>
      </label>
      <fieldset ref={kindsRef} className="flex flex-col gap-3" aria-describedby="kinds-hint">
        <legend className="font-bold text-ink">Product kinds on sale</legend>
        <p id="kinds-hint" className="text-sm text-muted">
          In the order the form lists them. A kind already used by a registration and taken off here is retired, not
          deleted.
        </p>
        {errors.kinds?.message && <p className="text-sm text-danger">{errors.kinds.message}</p>}
        <ol className="flex flex-col gap-2">
          {kinds.fields.map((field, index) => {
            const label = kindNames[index]?.name.trim() || `kind ${index + 1}`;
            return (
              <li key={field.id} className="flex flex-wrap items-center gap-2">
                <input
                  aria-label={`Product kind ${index + 1}`}
                  className={cx(inputStyles, 'min-w-0 flex-1 basis-48')}
                  {...form.register(`kinds.${index}.name`)}
                />
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    data-move="up"
                    disabled={index === 0}
                    aria-label={`Move ${label} up`}
                    onClick={() => move(index, index - 1)}
                  >
                    Up
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    data-move="down"
                    disabled={index === kinds.fields.length - 1}
                    aria-label={`Move ${label} down`}
                    onClick={() => move(index, index + 1)}
                  >
                    Down
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Remove ${label}`} onClick={() => removeKind(index)}>
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <Button variant="outline" size="sm" data-add className="self-start" onClick={addKind}>
          Add a product kind
        </Button>
      </fieldset>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={save.isPending}>
          {exhibition ? 'Save changes' : 'Create exhibition'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
