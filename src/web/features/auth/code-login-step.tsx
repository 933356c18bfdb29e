// Entering an e-mailed login code: after "Send code" on the login screen, and after signing up
// without a password. A right code logs the person in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { LoginByCodeRequest } from '../../../shared/contract/auth';
import { CODE_TTL_MINUTES } from '../../../shared/validation';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { applyFieldIssues } from '../../lib/form-issues';
import { CODE_RESEND_SECONDS, CodeInput, EmailAddress, ResendCodeButton, resendWaitOf } from './code-parts';
import { useAuth } from './auth-store';
import { useSendLoginCodeMutation } from './queries';
import { useAuthActions } from './use-auth-actions';
import { useCooldown } from './use-cooldown';

const CodeForm = LoginByCodeRequest.pick({ OTP: true });

type CodeLoginStepProps = {
  email: string;
  /** Seconds before a new code may be asked for. */
  waitSeconds?: number;
  submitLabel: string;
  onChangeEmail?: () => void;
  /** What the step says first, in place of "We e-mailed a 6-digit code to …": said once, never twice. */
  intro?: ReactNode;
};

export function CodeLoginStep({
  email,
  waitSeconds = CODE_RESEND_SECONDS,
  submitLabel,
  onChangeEmail,
  intro,
}: CodeLoginStepProps) {
  const { loading } = useAuth();
  const { loginWithCode } = useAuthActions();
  const resend = useSendLoginCodeMutation();
  const cooldown = useCooldown(waitSeconds);
  const [resendNote, setResendNote] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const form = useForm({ resolver: zodResolver(CodeForm), mode: 'onTouched', defaultValues: { OTP: '' } });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ OTP }) => {
    const result = await loginWithCode({ email, OTP });
    if (!result.ok) applyFieldIssues(result.fieldIssues, ['OTP'], form.setError);
  });

  function handleResend() {
    setResendNote(null);
    resend.mutate(email, {
      onSuccess: (answer) => {
        cooldown.start(CODE_RESEND_SECONDS);
        setResendNote({ tone: 'info', text: answer.message });
      },
      onError: (error) => {
        const wait = resendWaitOf(error);
        if (wait !== null) cooldown.start(wait);
        setResendNote({ tone: 'error', text: errorMessage(error) });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {intro ?? (
        <p className="text-muted">
          We e-mailed a 6-digit code to <EmailAddress email={email} />. It works once and expires in {CODE_TTL_MINUTES}{' '}
          minutes.
        </p>
      )}
      <CodeInput autoFocus error={errors.OTP?.message} {...form.register('OTP')} />
      <Button type="submit" isBusy={loading}>
        {submitLabel}
      </Button>
      <div className="flex flex-col gap-2">
        <ResendCodeButton secondsLeft={cooldown.secondsLeft} isBusy={resend.isPending} onResend={handleResend} />
        {resendNote && <Alert tone={resendNote.tone}>{resendNote.text}</Alert>}
        {onChangeEmail && (
          <Button variant="ghost" size="sm" className="self-start" onClick={onChangeEmail}>
            Use a different e-mail
          </Button>
        )}
      </div>
    </form>
  );
}
