// Editing the allowed profile fields (PROFILE_FIELDS): name, nickname, phone, dates and the
// shipping address. Birthday and anniversary may be left empty to clear them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PROFILE_FIELDS, UpdateProfileRequest } from '../../../shared/contract/profile';
import type { UserRecord } from '../../../shared/contract/user';
import { todayIso } from '../../lib/dates';
import { applyFieldIssues } from '../../lib/form-issues';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useUpdateProfileMutation } from './queries';

type ProfileField = (typeof PROFILE_FIELDS)[number];

function formValues(user: UserRecord): Record<ProfileField, string> {
  return {
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    nickname: user.nickname,
    phone: user.phone,
    address: user.address,
    city: user.city,
    state: user.state,
    country: user.country,
    zip: user.zip,
    recipient_name: user.recipient_name,
    birthday: user.birthday,
    anniversary: user.anniversary,
  };
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 text-base font-black text-primary">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function ProfileForm({
  user,
  feedback,
  onSaveStart,
}: {
  user: UserRecord;
  feedback: ReactNode;
  onSaveStart: () => void;
}) {
  const update = useUpdateProfileMutation();
  const headingId = useId();
  // `values` follows a fresher profile from the server without losing what the person is typing.
  const form = useForm({
    resolver: zodResolver(UpdateProfileRequest),
    mode: 'onTouched',
    values: formValues(user),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const today = todayIso();

  const handleSubmit = form.handleSubmit((changes) => {
    onSaveStart();
    update.mutate(changes, {
      onSuccess: ({ profile }) => form.reset(formValues(profile)),
      onError: (error) => {
        if (error instanceof ApiError) applyFieldIssues(error.fieldIssues, PROFILE_FIELDS, form.setError);
      },
    });
  });

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-black text-ink">
        Your details
      </h2>
      <form noValidate onSubmit={handleSubmit} className="mt-5 flex flex-col gap-8">
        <Fieldset legend="Name">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextField
            label="Middle name"
            labelNote="(optional)"
            autoComplete="additional-name"
            error={errors.middle_name?.message}
            {...form.register('middle_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
          <TextField
            label="Nickname"
            labelNote="(optional)"
            autoComplete="nickname"
            hint="Shown in the chat instead of your first name."
            error={errors.nickname?.message}
            {...form.register('nickname')}
          />
        </Fieldset>
        <Fieldset legend="Contact and dates">
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <div className="hidden sm:block" />
          <TextField
            label="Birthday"
            labelNote="(optional)"
            type="date"
            max={today}
            error={errors.birthday?.message}
            {...form.register('birthday')}
          />
          <TextField
            label="Anniversary"
            labelNote="(optional)"
            type="date"
            max={today}
            error={errors.anniversary?.message}
            {...form.register('anniversary')}
          />
        </Fieldset>
        <Fieldset legend="Shipping address">
          <TextField
            label="Recipient name"
            labelNote="(optional)"
            autoComplete="shipping name"
            className="sm:col-span-2"
            error={errors.recipient_name?.message}
            {...form.register('recipient_name')}
          />
          <TextField
            label="Street address"
            labelNote="(optional)"
            autoComplete="shipping street-address"
            className="sm:col-span-2"
            error={errors.address?.message}
            {...form.register('address')}
          />
          <TextField
            label="City"
            labelNote="(optional)"
            autoComplete="shipping address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <TextField
            label="State"
            labelNote="(optional)"
            autoComplete="shipping address-level1"
            error={errors.state?.message}
            {...form.register('state')}
          />
          <TextField
            label="ZIP code"
            labelNote="(optional)"
            autoComplete="shipping postal-code"
            error={errors.zip?.message}
            {...form.register('zip')}
          />
          <TextField
            label="Country"
            labelNote="(optional)"
            autoComplete="shipping country-name"
            error={errors.country?.message}
            {...form.register('country')}
          />
        </Fieldset>
        {feedback}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isBusy={update.isPending} disabled={!isDirty}>
            Save changes
          </Button>
          <Button variant="ghost" disabled={!isDirty || update.isPending} onClick={() => form.reset(formValues(user))}>
            Undo changes
          </Button>
        </div>
      </form>
    </section>
  );
}
