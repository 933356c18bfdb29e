// The piece form (create and edit, decision 082): name, gemstone, carat, metal, size, the price in
// dollars, stock, whether it is offered on air, and up to six photos uploaded through the staff
// image upload, put in order or removed with buttons (keyboard usable; the first is the card's).
// Checked with the contract's words, then by the server, whose per-field answers show beside them.
import { useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { PIECE_LIMITS, PieceInput, type StaffPiece } from '../../../../shared/contract/pieces';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CdnImage } from '../../../ui/cdn-image';
import { TextField } from '../../../ui/text-field';
import { ImageUpload } from '../image-upload';
import {
  PRICE_WORDS,
  TEXT_FIELDS,
  centsOf,
  defaultsOf,
  fieldOf,
  inputOf,
  type PieceFormValues,
} from './piece-form-values';
import { useSavePiece } from './queries';

/** The contract's checks, each message on its field; an unreadable price is said in dollars. */
const resolver: Resolver<PieceFormValues> = (values) => {
  const parsed = PieceInput.safeParse(inputOf(values));
  const errors: FieldErrors<PieceFormValues> = {};
  if (Number.isNaN(centsOf(values.price))) errors.price = { type: 'validation', message: PRICE_WORDS };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

type PieceFormProps = {
  piece: StaffPiece | null;
  onSaved: (piece: StaffPiece, message: string) => void;
  onCancel: () => void;
};

export function PieceForm({ piece, onSaved, onCancel }: PieceFormProps) {
  const save = useSavePiece(piece?.id ?? null);
  const [problem, setProblem] = useState('');
  const photosRef = useRef<HTMLFieldSetElement>(null);
  const form = useForm<PieceFormValues>({ resolver, defaultValues: defaultsOf(piece) });
  const photos = useFieldArray({ control: form.control, name: 'photos' });
  const { errors } = form.formState;
  const photosError = errors.photos?.message ?? errors.photos?.root?.message;

  function showRefusal(error: unknown) {
    const issues = error instanceof ApiError ? error.fieldIssues : [];
    let placed = false;
    for (const issue of issues) {
      const field = fieldOf(issue.field);
      if (!field) continue;
      form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: !placed && field !== 'photos' });
      placed = true;
    }
    if (!placed) setProblem(errorMessage(error));
  }

  const handleSubmit = form.handleSubmit(
    (values) => {
      setProblem('');
      save.mutate(inputOf(values), {
        onSuccess: ({ piece: saved, message }) => onSaved(saved, message),
        onError: showRefusal,
      });
    },
    (found) => {
      const first = TEXT_FIELDS.find((field) => found[field]);
      if (first) form.setFocus(first);
      else if (found.photos) photosRef.current?.querySelector<HTMLElement>('button, input')?.focus();
    },
  );

  /** After a move or removal the focus stays on the list, on the same photo or its neighbour. */
  function focusPhotoButton(index: number, kind: 'up' | 'down' | 'remove') {
    requestAnimationFrame(() => {
      const rows = photosRef.current?.querySelectorAll('li');
      const row = rows?.[Math.min(index, (rows?.length ?? 1) - 1)];
      const target =
        row?.querySelector<HTMLButtonElement>(`[data-photo="${kind}"]:not(:disabled)`) ??
        row?.querySelector<HTMLButtonElement>('[data-photo="remove"]') ??
        photosRef.current?.querySelector<HTMLElement>('input[type="file"]');
      target?.focus();
    });
  }

  const list = form.watch('photos');
  const title = piece ? `Edit ${piece.name}` : 'New piece';
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={title} className="flex flex-col gap-5">
      <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Gemstone"
          labelNote="(optional)"
          error={errors.gemstone?.message}
          {...form.register('gemstone')}
        />
        <TextField
          label="Carat"
          labelNote="(optional)"
          inputMode="decimal"
          hint="The main stone's weight, such as 1.25."
          error={errors.carat?.message}
          {...form.register('carat')}
        />
        <TextField label="Metal" labelNote="(optional)" error={errors.metal?.message} {...form.register('metal')} />
        <TextField label="Size" labelNote="(optional)" error={errors.size?.message} {...form.register('size')} />
        <TextField
          label="Price in dollars"
          inputMode="decimal"
          hint="Such as 1250 or 1250.50."
          error={errors.price?.message}
          {...form.register('price')}
        />
        <TextField label="Stock" inputMode="numeric" error={errors.stock?.message} {...form.register('stock')} />
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3">
        <input type="checkbox" className="mt-1 size-5 accent-primary" {...form.register('active')} />
        <span>
          <span className="block font-bold text-ink">Offered on air</span>
          <span className="block text-sm text-muted">Only offered pieces can be put in a show&rsquo;s rundown.</span>
        </span>
      </label>
      <fieldset ref={photosRef} className="flex flex-col gap-3" aria-describedby="piece-photos-hint">
        <legend className="font-bold text-ink">Photos</legend>
        <p id="piece-photos-hint" className="text-sm text-muted">
          Up to {PIECE_LIMITS.photos}. The first is the one on the viewers&rsquo; card; the others show when they zoom
          in.
        </p>
        {photosError && <p className="text-sm text-danger">{photosError}</p>}
        {photos.fields.length > 0 && (
          <ol className="flex flex-col gap-2">
            {photos.fields.map((field, index) => {
              const label = `photo ${index + 1}`;
              return (
                <li key={field.id} className="flex flex-wrap items-center gap-3">
                  <CdnImage
                    src={list[index]?.url ?? ''}
                    alt={`Photo ${index + 1}`}
                    sizes="64px"
                    className="size-16 shrink-0 rounded-lg object-cover ring-1 ring-line"
                  />
                  <span className="text-sm font-bold text-ink">
                    {index === 0 ? 'Photo 1 (on the card)' : `Photo ${index + 1}`}
                  </span>
                  <div className="ml-auto flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      data-photo="up"
                      disabled={index === 0}
                      aria-label={`Move ${label} up`}
                      onClick={() => {
                        photos.move(index, index - 1);
                        focusPhotoButton(index - 1, 'up');
                      }}
                    >
                      Up
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      data-photo="down"
                      disabled={index === photos.fields.length - 1}
                      aria-label={`Move ${label} down`}
                      onClick={() => {
                        photos.move(index, index + 1);
                        focusPhotoButton(index + 1, 'down');
                      }}
                    >
                      Down
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      data-photo="remove"
                      aria-label={`Remove ${label}`}
                      onClick={() => {
                        photos.remove(index);
                        focusPhotoButton(index, 'remove');
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {photos.fields.length < PIECE_LIMITS.photos ? (
          <ImageUpload
            label="Photo"
            value=""
            onChange={(url) => {
              if (!url) return;
              photos.append({ url }, { shouldFocus: false });
              form.clearErrors('photos');
            }}
          />
        ) : (
          <p className="text-sm text-muted">That is {PIECE_LIMITS.photos} photos, the most a piece has.</p>
        )}
      </fieldset>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={save.isPending}>
          {piece ? 'Save changes' : 'Add the piece'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
