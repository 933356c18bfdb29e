// Creating an account: with a password (ready at once), or with an e-mailed code instead of a
// password (then the code step confirms the account and logs in).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { RegisterRequest } from '../../../shared/contract/auth';
import { MESSAGES } from '../../../shared/messages';
import { isValidEmail, normalizeEmail, passwordField } from '../../../shared/validation';
import { COOKIES, LOCAL_KEYS, local, readCookie } from '../../lib/browser-storage';
import { todayIso } from '../../lib/dates';
import { applyFieldIssues } from '../../lib/form-issues';
import { referralFrom } from '../../shell/referral';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { useAuth } from './auth-store';
import { CodeLoginStep } from './code-login-step';
import { PasswordStrengthMeter } from './password-strength-meter';
import { emailExistsQuery } from './queries';
import { useAuthActions } from './use-auth-actions';

const Fields = RegisterRequest.omit({ password: true, middle_name: true, refId: true, session_id: true });
const RegisterFormSchema = z.discriminatedUnion('useCode', [
  Fields.extend({ useCode: z.literal(false), password: passwordField }),
  Fields.extend({ useCode: z.literal(true), password: z.string() }),
]);

const REGISTER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'nickname',
  'birthday',
  'anniversary',
  'invitedCode',
] as const;
const INVITE_CODE = /^[A-Za-z0-9]{4,32}$/;

/** A code someone shared: SharedInviteCode, else a share link's refid (in the URL or its cookie). */
function suggestedInviteCode(search: string): string {
  const candidates = [local.get(LOCAL_KEYS.sharedInviteCode), referralFrom(search), readCookie(COOKIES.refId)];
  return candidates.find((code): code is string => code !== null && INVITE_CODE.test(code)) ?? '';
}

export function RegisterForm({ loginPath }: { loginPath: string }) {
  const { search } = useLocation();
  const { loading } = useAuth();
  const { register: createAccount } = useAuthActions();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [checkedEmail, setCheckedEmail] = useState('');
  const emailCheck = useQuery({ ...emailExistsQuery(checkedEmail), enabled: checkedEmail !== '' });
  const form = useForm({
    resolver: zodResolver(RegisterFormSchema),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      useCode: false,
      password: '',
      nickname: '',
      birthday: '',
      anniversary: '',
      invitedCode: suggestedInviteCode(search),
    },
  });
  const { errors } = form.formState;
  const [useCode, password, email, firstName, lastName] = form.watch([
    'useCode',
    'password',
    'email',
    'first_name',
    'last_name',
  ]);
  const isEmailTaken = emailCheck.data === true && normalizeEmail(email) === checkedEmail;

  const handleSubmit = form.handleSubmit(async ({ useCode: withCode, password: chosenPassword, ...fields }) => {
    const result = await createAccount(withCode ? fields : { ...fields, password: chosenPassword });
    if (!result.ok) applyFieldIssues(result.fieldIssues, REGISTER_FIELDS, form.setError);
    else if (result.needsCode) setCodeSentTo(fields.email);
  });

  if (codeSentTo) return <CodeLoginStep email={codeSentTo} submitLabel="Confirm and log in" />;

  const today = todayIso();
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </div>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        hint={
          isEmailTaken && (
            <span className="text-ink">
              {MESSAGES.emailTaken}{' '}
              <Link
                to={loginPath}
                state={{ email: checkedEmail }}
                className="font-bold text-primary underline underline-offset-4"
              >
                Go to log in
              </Link>
            </span>
          )
        }
        {...form.register('email', {
          onBlur: () => {
            const candidate = normalizeEmail(form.getValues('email'));
            setCheckedEmail(isValidEmail(candidate) ? candidate : '');
          },
        })}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-white p-3">
        <input type="checkbox" className="mt-1 size-5 accent-primary" {...form.register('useCode')} />
        <span>
          <span className="block font-bold text-ink">Sign up with an e-mail code instead</span>
          <span className="block text-sm text-muted">
            No password: we e-mail you a 6-digit code each time you log in.
          </span>
        </span>
      </label>
      {!useCode && (
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters. A short phrase is easy to remember and hard to guess."
          error={errors.password?.message}
          {...form.register('password')}
        >
          <PasswordStrengthMeter password={password} userInputs={[firstName, lastName, email]} />
        </PasswordField>
      )}
      <TextField
        label="Invite code"
        labelNote="(optional)"
        autoComplete="off"
        spellCheck={false}
        error={errors.invitedCode?.message}
        {...form.register('invitedCode')}
      />
      <details
        className="rounded-lg border border-line bg-white"
        open={Boolean(errors.nickname || errors.birthday || errors.anniversary) || undefined}
      >
        <summary className="flex min-h-11 cursor-pointer items-center px-3 font-bold text-primary">
          More about you (optional)
        </summary>
        <div className="flex flex-col gap-5 border-t border-line p-3">
          <TextField
            label="Nickname"
            labelNote="(optional)"
            autoComplete="nickname"
            hint="Shown in the chat instead of your first name."
            error={errors.nickname?.message}
            {...form.register('nickname')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
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
          </div>
          <p className="text-sm text-muted">We send a coupon for your birthday and your anniversary.</p>
        </div>
      </details>
      <Button type="submit" isBusy={loading}>
        Create account
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={loginPath} className="font-bold text-primary underline underline-offset-4">
          Log in
        </Link>
      </p>
    </form>
  );
}
