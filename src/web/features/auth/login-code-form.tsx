// Logging in with an e-mailed code (the default login): e-mail, "Send code", then the code; or
// with a passkey, from the button or the e-mail field's autofill (decision 087).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LoginByCodeRequest } from '../../../shared/contract/auth';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { PASSKEY_AUTOCOMPLETE, PasskeySignInButton, usePasskeyAutofill } from '../passkeys/passkey-sign-in';
import { CODE_RESEND_SECONDS, EmailAddress, resendWaitOf } from './code-parts';
import { CodeLoginStep } from './code-login-step';
import { useSendLoginCodeMutation } from './queries';
import { useAuthActions } from './use-auth-actions';

const EmailForm = LoginByCodeRequest.pick({ email: true });

/** A code went out now (`fresh`), or one went out moments ago and the note says to wait. */
type Sent = { email: string; waitSeconds: number; fresh: boolean; note: string };

export function LoginCodeForm({
  initialEmail,
  passwordLoginPath,
}: {
  initialEmail: string;
  passwordLoginPath: string;
}) {
  const [sent, setSent] = useState<Sent | null>(null);
  const sendCode = useSendLoginCodeMutation();
  const { clear } = useAuthActions();
  const passkeyAutofill = usePasskeyAutofill();
  const form = useForm({ resolver: zodResolver(EmailForm), mode: 'onTouched', defaultValues: { email: initialEmail } });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(({ email }) => {
    clear();
    sendCode.mutate(email, {
      onSuccess: (answer) => setSent({ email, waitSeconds: CODE_RESEND_SECONDS, fresh: true, note: answer.message }),
      onError: (error) => {
        // A code went out moments ago: go on to entering it rather than stalling here.
        const wait = resendWaitOf(error);
        if (wait !== null) setSent({ email, waitSeconds: wait, fresh: false, note: errorMessage(error) });
      },
    });
  });

  if (sent) {
    // The server's sentence says the code is on its way; the address beneath lets the person check it.
    return (
      <CodeLoginStep
        email={sent.email}
        waitSeconds={sent.waitSeconds}
        submitLabel="Log in"
        intro={
          <div className="flex flex-col gap-1" role="status">
            <p className={sent.fresh ? 'text-ink' : 'font-bold text-ink'}>{sent.note}</p>
            <p className="text-muted">
              {sent.fresh ? 'Sent to' : 'Enter the code we sent to'} <EmailAddress email={sent.email} />.
            </p>
          </div>
        }
        onChangeEmail={() => {
          sendCode.reset();
          setSent(null);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <p className="text-muted">No password needed: we e-mail you a 6-digit code to log in.</p>
      <TextField
        label="E-mail"
        type="email"
        autoComplete={PASSKEY_AUTOCOMPLETE}
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      {sendCode.isError && resendWaitOf(sendCode.error) === null && (
        <Alert tone="error">{errorMessage(sendCode.error)}</Alert>
      )}
      <Button type="submit" isBusy={sendCode.isPending} onClick={passkeyAutofill.stop}>
        Send code
      </Button>
      <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        or
      </p>
      <PasskeySignInButton />
      <p className="text-center text-sm text-muted">
        Prefer a password?{' '}
        <Link to={passwordLoginPath} className="font-bold text-primary underline underline-offset-4">
          Log in with your password
        </Link>
      </p>
    </form>
  );
}
