// The product registration form: the exhibition and what was bought there, the receipt (with an
// optional photo and its preview), who bought it, the required consent to be contacted and the
// separate newsletter opt-in. Checked here with the contract's own messages, then by the server,
// whose per-field answers (and a duplicate receipt's 409) show beside their fields; everything
// typed, the photo included, stays after an error and focus moves to the first problem.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type ReactNode,
  type RefObject,
} from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { CONSENT_VERSION, consentText } from '../../../shared/consent-texts';
import {
  DESCRIPTION_MAX,
  ProductRegistrationFields,
  RECEIPT_NUMBER_MAX,
  RECEIPT_PHOTO_MAX_BYTES,
  type PublicExhibition,
  type RegistrationSummary,
} from '../../../shared/contract/exhibitions';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { FieldFrame, TextField, inputStyles, useFieldIds } from '../../ui/text-field';
import { dayRangeWords } from './exhibition-words';
import { useRegisterProductMutation, type RegistrationUpload } from './queries';
import { useObjectUrl } from '../../lib/use-object-url';

export type RegistrationValues = {
  exhibition_id: string;
  product_kind_id: string;
  description: string;
  price: string;
  receipt_number: string;
  purchase_date: string;
  name: string;
  email: string;
  phone: string;
  contact_consent: boolean;
  marketing_opt_in: boolean;
};

/** The form's fields in the order a person meets them: the first one with a problem takes the focus. */
const FIELD_ORDER = [
  'exhibition_id',
  'product_kind_id',
  'description',
  'price',
  'receipt_number',
  'purchase_date',
  'receipt_photo',
  'name',
  'email',
  'phone',
  'contact_consent',
  'marketing_opt_in',
] as const;
type FieldName = (typeof FIELD_ORDER)[number];
type FormField = Exclude<FieldName, 'receipt_photo'>;

function isFieldName(name: unknown): name is FieldName {
  return FIELD_ORDER.some((field) => field === name);
}

const PHOTO_TOO_LARGE = `The photo is larger than ${RECEIPT_PHOTO_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one, or register without it.`;
const PHOTO_NOT_IMAGE =
  'That file is not a picture we can read. Choose a photo of your receipt, or register without it.';
const NEWSLETTER_WORDS = consentText(CONSENT_VERSION, 'newsletter', 'all') ?? '';

/** What the multipart form sends for these values. */
function uploadFields(values: RegistrationValues, isKiosk: boolean): RegistrationUpload['fields'] {
  return {
    ...values,
    contact_consent: values.contact_consent ? 'true' : 'false',
    marketing_opt_in: values.marketing_opt_in ? 'true' : 'false',
    consent_version: CONSENT_VERSION,
    source: isKiosk ? 'kiosk' : 'web',
  };
}

/** The contract's checks of productregistration, with its messages, before anything is sent. */
const resolver: Resolver<RegistrationValues> = (values) => {
  const parsed = ProductRegistrationFields.safeParse(uploadFields(values, false));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<RegistrationValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isFieldName(field) && field !== 'receipt_photo' && !errors[field])
      errors[field] = { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

/** Whether the browser can read the file as a picture; the server still has the last word. */
async function photoProblem(file: File): Promise<string> {
  if (file.size > RECEIPT_PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return '';
  } catch {
    return PHOTO_NOT_IMAGE;
  }
}

type SelectFieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
} & ComponentProps<'select'>;

function SelectField({ label, error, hint, children, id, ...select }: SelectFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} {...ids}>
      <select
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={inputStyles}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

type PhotoFieldProps = {
  photo: File | null;
  error: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
};

function PhotoField({ photo, error, inputRef, onChoose, onRemove }: PhotoFieldProps) {
  const preview = useObjectUrl(photo);
  const hint = `A clear photo of the receipt helps our team check it quickly. Up to ${RECEIPT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
  const ids = useFieldIds(undefined, hint, error || undefined);
  return (
    <FieldFrame label="Photo of the receipt" labelNote="(optional)" hint={hint} error={error || undefined} {...ids}>
      <input
        ref={inputRef}
        id={ids.controlId}
        type="file"
        accept="image/*"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={onChoose}
        className="max-w-full text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-primary file:bg-white file:px-4 file:font-bold file:text-primary"
      />
      {photo && preview && (
        <div className="flex flex-wrap items-end gap-3">
          <img
            src={preview}
            alt="Preview of your receipt photo"
            width={160}
            height={160}
            className="size-40 rounded-lg bg-white object-contain ring-1 ring-line"
          />
          <Button variant="outline" size="sm" onClick={onRemove}>
            Remove photo
          </Button>
        </div>
      )}
    </FieldFrame>
  );
}

type RegistrationFormProps = {
  exhibitions: PublicExhibition[];
  /** The exhibition the link named ('' when none, or not an active one). */
  initialExhibitionId: string;
  /** Name, e-mail and phone of the signed-in viewer; never given on the booth tablet. */
  prefill: Pick<RegistrationValues, 'name' | 'email' | 'phone'> | null;
  isKiosk: boolean;
  onRegistered: (summary: RegistrationSummary) => void;
};

export function RegistrationForm({
  exhibitions,
  initialExhibitionId,
  prefill,
  isKiosk,
  onRegistered,
}: RegistrationFormProps) {
  const register = useRegisterProductMutation();
  const photoRef = useRef<HTMLInputElement>(null);
  const consentId = useId();
  const newsletterId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState('');
  const [problem, setProblem] = useState('');
  const form = useForm<RegistrationValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      exhibition_id: initialExhibitionId,
      product_kind_id: '',
      description: '',
      price: '',
      receipt_number: '',
      purchase_date: '',
      name: prefill?.name ?? '',
      email: prefill?.email ?? '',
      phone: prefill?.phone ?? '',
      contact_consent: false,
      marketing_opt_in: false,
    },
  });
  const { errors } = form.formState;
  const exhibitionId = form.watch('exhibition_id');
  const exhibition = exhibitions.find((candidate) => String(candidate.id) === exhibitionId) ?? null;

  // A kind belongs to one exhibition: choosing another exhibition clears a kind it does not sell.
  useEffect(() => {
    const kindId = form.getValues('product_kind_id');
    if (kindId && !exhibition?.kinds.some((kind) => String(kind.id) === kindId)) form.setValue('product_kind_id', '');
  }, [exhibition, form]);

  function focusField(field: FieldName) {
    if (field === 'receipt_photo') photoRef.current?.focus();
    else form.setFocus(field);
  }

  async function handlePhoto(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const found = chosen ? await photoProblem(chosen) : '';
    setPhotoError(found);
    setPhoto(found ? null : chosen);
    if (found) event.target.value = '';
  }

  function handleRemovePhoto() {
    setPhoto(null);
    setPhotoError('');
    if (photoRef.current) {
      photoRef.current.value = '';
      photoRef.current.focus();
    }
  }

  function showRefusal(error: unknown) {
    const issues = error instanceof ApiError ? error.fieldIssues : [];
    const placed: FieldName[] = [];
    for (const issue of issues) {
      if (!isFieldName(issue.field)) continue;
      placed.push(issue.field);
      if (issue.field === 'receipt_photo') setPhotoError(issue.message);
      else form.setError(issue.field, { type: 'server', message: issue.message });
    }
    // A receipt already registered for this exhibition: the server's words beside the receipt number.
    if (error instanceof ApiError && error.httpStatus === 409 && !placed.includes('receipt_number')) {
      form.setError('receipt_number', { type: 'server', message: error.message });
      placed.push('receipt_number');
    }
    const first = FIELD_ORDER.find((field) => placed.includes(field));
    if (first) focusField(first);
    else setProblem(errorMessage(error));
  }

  const handleSubmit = form.handleSubmit(
    (values) => {
      if (photoError) {
        focusField('receipt_photo');
        return;
      }
      setProblem('');
      register.mutate(
        { fields: uploadFields(values, isKiosk), photo },
        { onSuccess: onRegistered, onError: showRefusal },
      );
    },
    (found) => {
      const first = FIELD_ORDER.find((field) =>
        field === 'receipt_photo' ? photoError !== '' : found[field] !== undefined,
      );
      if (first) focusField(first);
    },
  );

  const fieldError = (field: FormField) => errors[field]?.message;
  const checkboxSize = isKiosk ? 'size-7' : 'size-5';
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className={cx(
        'flex flex-col gap-5',
        isKiosk &&
          'text-lg [&_input:not([type=checkbox])]:min-h-14 [&_input:not([type=checkbox])]:text-lg [&_select]:min-h-14 [&_select]:text-lg',
      )}
    >
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-3 text-xl font-black text-ink">Your piece</legend>
        <SelectField
          label="Exhibition"
          error={fieldError('exhibition_id')}
          hint={
            exhibition
              ? `${exhibition.venue}, ${exhibition.city} · ${dayRangeWords(exhibition.starts_on, exhibition.ends_on)}`
              : undefined
          }
          {...form.register('exhibition_id')}
        >
          <option value="">Choose the exhibition</option>
          {exhibitions.map((candidate) => (
            <option key={candidate.id} value={String(candidate.id)}>
              {candidate.name} ({candidate.city})
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Kind of piece"
          error={fieldError('product_kind_id')}
          disabled={!exhibition}
          hint={exhibition ? undefined : 'Choose the exhibition first.'}
          {...form.register('product_kind_id')}
        >
          <option value="">Choose what you bought</option>
          {exhibition?.kinds.map((kind) => (
            <option key={kind.id} value={String(kind.id)}>
              {kind.name}
            </option>
          ))}
        </SelectField>
        <DescriptionField error={fieldError('description')} {...form.register('description')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Price paid (US dollars)"
            inputMode="decimal"
            autoComplete="off"
            hint="For example 1,250 or 99.99"
            error={fieldError('price')}
            {...form.register('price')}
          />
          <TextField
            label="Date of purchase"
            type="date"
            min={exhibition?.starts_on}
            max={exhibition?.ends_on}
            error={fieldError('purchase_date')}
            {...form.register('purchase_date')}
          />
        </div>
        <TextField
          label="Receipt number"
          autoComplete="off"
          spellCheck={false}
          maxLength={RECEIPT_NUMBER_MAX}
          hint="Printed at the top of your receipt."
          error={fieldError('receipt_number')}
          {...form.register('receipt_number')}
        />
        <PhotoField
          photo={photo}
          error={photoError}
          inputRef={photoRef}
          onChoose={(event) => void handlePhoto(event)}
          onRemove={handleRemovePhoto}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-3 text-xl font-black text-ink">About you</legend>
        <TextField
          label="Name"
          autoComplete={isKiosk ? 'off' : 'name'}
          error={fieldError('name')}
          {...form.register('name')}
        />
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete={isKiosk ? 'off' : 'email'}
          hint="We e-mail your registration number here."
          error={fieldError('email')}
          {...form.register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete={isKiosk ? 'off' : 'tel'}
          error={fieldError('phone')}
          {...form.register('phone')}
        />
        <CheckboxRow
          id={consentId}
          label="You may contact me about this piece"
          note="Required: our team may call or e-mail you to check the receipt or about the piece's care and service."
          error={fieldError('contact_consent')}
          sizeClass={checkboxSize}
          {...form.register('contact_consent')}
        />
        <CheckboxRow
          id={newsletterId}
          label={NEWSLETTER_WORDS}
          note="Optional, and separate from this registration. We e-mail you a link to confirm first."
          error={fieldError('marketing_opt_in')}
          sizeClass={checkboxSize}
          {...form.register('marketing_opt_in')}
        />
      </fieldset>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button
        type="submit"
        isBusy={register.isPending}
        className={cx('self-stretch sm:self-start', isKiosk && 'min-h-14 text-xl')}
      >
        Register my piece
      </Button>
    </form>
  );
}

function DescriptionField({ error, ...textarea }: { error?: string } & ComponentProps<'textarea'>) {
  const hint = `What you bought, in a few words (up to ${DESCRIPTION_MAX} characters).`;
  const ids = useFieldIds(undefined, hint, error);
  return (
    <FieldFrame label="Description" hint={hint} error={error} {...ids}>
      <textarea
        id={ids.controlId}
        rows={3}
        maxLength={DESCRIPTION_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cx(inputStyles, 'min-h-24')}
        {...textarea}
      />
    </FieldFrame>
  );
}

type CheckboxRowProps = {
  label: string;
  note: string;
  error?: string;
  sizeClass: string;
} & ComponentProps<'input'>;

function CheckboxRow({ id, label, note, error, sizeClass, ...input }: CheckboxRowProps) {
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3 rounded-lg border border-line bg-white p-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : '', noteId].filter(Boolean).join(' ')}
          className={cx('mt-1 shrink-0 accent-primary', sizeClass)}
          {...input}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-bold text-ink">
            {label}
          </label>
          <p id={noteId} className="text-sm text-muted">
            {note}
          </p>
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
