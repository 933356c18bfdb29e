// Creating or editing a show, giveaway or special event: details, schedule (Los Angeles time),
// visibility, stream and replay. Checked with the contract's rules before sending; what the
// server still refuses shows under its field, or in words under the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { EVENT_TYPES } from '../../../../shared/contract/events';
import { PLATFORMS, type StaffEventRecord } from '../../../../shared/contract/staff-events';
import { ApiError, errorMessage } from '../../../api/client';
import { applyFieldIssues } from '../../../lib/form-issues';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { ImageUpload } from '../image-upload';
import { useCreateShowMutation, useUpdateShowMutation, type ShowInput } from '../queries';
import { SelectField, TextAreaField, TimeHint } from './form-fields';
import { PLATFORM_LABELS, STREAM_HINTS, TYPE_LABELS } from './show-format';
import { SHOW_FIELDS, ShowFormSchema, type ShowFormValues } from './show-form-values';

type ShowFormProps = {
  initial: ShowFormValues;
  /** The event being edited; none for a new one. */
  show?: StaffEventRecord;
  onSaved: (show: StaffEventRecord, message: string) => void;
  onCancel: () => void;
};

export function ShowForm({ initial, show, onSaved, onCancel }: ShowFormProps) {
  const create = useCreateShowMutation();
  const update = useUpdateShowMutation(show?.id ?? 0);
  const save = show ? update : create;
  const form = useForm<ShowFormValues, unknown, ShowInput>({
    resolver: zodResolver(ShowFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const [type, platform, start, end, image] = form.watch(['type', 'platform', 'cust_start', 'cust_end', 'image']);

  /**
   * An edit sends the schedule only when it was changed: the inputs hold whole minutes while a
   * stored time may carry seconds (an early end), and a drawn giveaway refuses any change to its
   * window (decision 029), so saving a new title must not move the times.
   */
  function unlessScheduleChanged(input: ShowInput) {
    const { dirtyFields } = form.formState;
    if (dirtyFields.cust_start || dirtyFields.cust_end) return input;
    const { cust_start: _start, cust_end: _end, ...rest } = input;
    return rest;
  }

  const handleSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = show ? await update.mutateAsync(unlessScheduleChanged(input)) : await create.mutateAsync(input);
      onSaved(saved.show, saved.message);
    } catch (error) {
      if (error instanceof ApiError) applyFieldIssues(error.fieldIssues, SHOW_FIELDS, form.setError);
    }
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-base font-black text-primary">Details</legend>
        <SelectField label="Type" error={errors.type?.message} {...form.register('type')}>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField label="Title" maxLength={120} error={errors.title?.message} {...form.register('title')} />
        <TextAreaField
          label="Description"
          labelNote="(optional)"
          rows={3}
          maxLength={2000}
          className="sm:col-span-2"
          error={errors.description?.message}
          {...form.register('description')}
        />
        <ImageUpload
          label="Show image"
          className="sm:col-span-2"
          value={image}
          onChange={(value) => form.setValue('image', value, { shouldDirty: true, shouldValidate: true })}
        />
        <TextField
          label="Image address"
          labelNote="(optional)"
          className="sm:col-span-2"
          inputMode="url"
          hint="Filled in by the upload; or an https:// address. Shown on the show's card and page."
          error={errors.image?.message}
          {...form.register('image')}
        />
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-base font-black text-primary">Schedule</legend>
        <TextField
          label="Starts"
          type="datetime-local"
          hint={<TimeHint value={start} />}
          error={errors.cust_start?.message}
          {...form.register('cust_start')}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          hint={<TimeHint value={end} />}
          error={errors.cust_end?.message}
          {...form.register('cust_end')}
        />
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label className="flex min-h-11 items-center gap-3 font-bold text-ink">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              aria-describedby="show-public-hint"
              {...form.register('IS_Public')}
            />
            Public
          </label>
          <p id="show-public-hint" className="text-sm text-muted">
            Public events are listed on the home page and the schedule. Private ones are seen only by staff and by
            viewers already on their RSVP list; to anyone else their link says not found.
          </p>
        </div>
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-base font-black text-primary">Stream and replay</legend>
        <SelectField
          label="Platform"
          error={errors.platform?.message}
          {...form.register('platform', {
            onChange: () => form.getValues('stream_url') && void form.trigger('stream_url'),
          })}
        >
          {PLATFORMS.map((value) => (
            <option key={value} value={value}>
              {PLATFORM_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Stream"
          labelNote="(can wait until show day)"
          inputMode="url"
          hint={STREAM_HINTS[platform]}
          error={errors.stream_url?.message}
          {...form.register('stream_url')}
        />
        <TextField
          label="Replay"
          labelNote="(optional)"
          className="sm:col-span-2"
          inputMode="url"
          hint="Where viewers watch the show again once it is over: an https:// address or a /media/ path."
          error={errors.replay_url?.message}
          {...form.register('replay_url')}
        />
      </fieldset>

      {save.error && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isBusy={isSubmitting}>
          {show ? 'Save changes' : `Schedule the ${TYPE_LABELS[type].toLowerCase()}`}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
