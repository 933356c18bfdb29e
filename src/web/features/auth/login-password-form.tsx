// Logging in with e-mail and password, or with a passkey (decision 087); typing a password stops
// the passkey autofill.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LoginRequest } from '../../../shared/contract/auth';
import { applyFieldIssues } from '../../lib/form-issues';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { PASSKEY_AUTOCOMPLETE, PasskeySignInButton, usePasskeyAutofill } from '../passkeys/passkey-sign-in';
import { useAuth } from './auth-store';
import { useAuthActions } from './use-auth-actions';

type LoginPasswordFormProps = { initialEmail: string; codeLoginPath: string; forgotPasswordPath: string };

export function LoginPasswordForm({ initialEmail, codeLoginPath, forgotPasswordPath }: LoginPasswordFormProps) {
  const { loading } = useAuth();
  const { loginWithPassword } = useAuthActions();
  const passkeyAutofill = usePasskeyAutofill();
  const form = useForm({
    resolver: zodResolver(LoginRequest),
    mode: 'onTouched',
    defaultValues: { email: initialEmail, password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    const result = await loginWithPassword(values);
    if (!result.ok) applyFieldIssues(result.fieldIssues, ['email', 'password'], form.setError);
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <TextField
        label="E-mail"
        type="email"
        autoComplete={PASSKEY_AUTOCOMPLETE}
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password', { onChange: passkeyAutofill.stop })}
      />
      <Link
        to={forgotPasswordPath}
        className="-mt-2 self-start text-sm font-bold text-primary underline underline-offset-4"
      >
        Forgot your password?
      </Link>
      <Button type="submit" isBusy={loading}>
        Log in
      </Button>
      <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        or
      </p>
      <PasskeySignInButton />
      <p className="text-center text-sm text-muted">
        No password?{' '}
        <Link to={codeLoginPath} className="font-bold text-primary underline underline-offset-4">
          Log in with an e-mail code
        </Link>
      </p>
    </form>
  );
}
