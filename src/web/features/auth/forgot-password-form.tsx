// Resetting a forgotten password: e-mail, then the e-mailed code, then a new password, then a
// link to log in with it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckResetCodeRequest, ResetPasswordRequest } from '../../../shared/contract/auth';
import { ApiError, errorMessage } from '../../api/client';
import { applyFieldIssues } from '../../lib/form-issues';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { CODE_RESEND_SECONDS, CodeInput, EmailAddress, ResendCodeButton, resendWaitOf } from './code-parts';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useCheckResetCodeMutation, useResetPasswordMutation, useSendResetCodeMutation } from './queries';
import { useCooldown } from './use-cooldown';

const EmailForm = ResetPasswordRequest.pick({ email: true });
const CodeForm = CheckResetCodeRequest.pick({ OTP: true });
const PasswordForm = ResetPasswordRequest.pick({ password: true });

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string }
  | { name: 'password'; email: string; OTP: string }
  | { name: 'done'; email: string; message: string };

type Note = { tone: 'error' | 'info' | 'success'; text: string };

export function ForgotPasswordForm({ initialEmail, loginPath }: { initialEmail: string; loginPath: string }) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [note, setNote] = useState<Note | null>(null);
  const sendCode = useSendResetCodeMutation();
  const cooldown = useCooldown();

  function send(email: string, then?: () => void) {
    setNote(null);
    sendCode.mutate(email, {
      onSuccess: (answer) => {
        cooldown.start(CODE_RESEND_SECONDS);
        setNote({ tone: 'info', text: answer.message });
        then?.();
      },
      onError: (error) => {
        const wait = resendWaitOf(error);
        if (wait !== null) {
          // A code went out moments ago: it is still good, so carry on to entering it.
          cooldown.start(wait);
          then?.();
        }
        setNote({ tone: wait === null ? 'error' : 'info', text: errorMessage(error) });
      },
    });
  }

  return (
    <div className="flex flex-col gap-5">
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      {step.name === 'email' && (
        <EmailStep
          initialEmail={initialEmail}
          isBusy={sendCode.isPending}
          onSubmit={(email) => send(email, () => setStep({ name: 'code', email }))}
        />
      )}
      {step.name === 'code' && (
        <CodeStep
          email={step.email}
          onAccepted={(OTP, message) => {
            setNote({ tone: 'success', text: message });
            setStep({ name: 'password', email: step.email, OTP });
          }}
          onError={(text) => setNote({ tone: 'error', text })}
          resend={
            <ResendCodeButton
              secondsLeft={cooldown.secondsLeft}
              isBusy={sendCode.isPending}
              onResend={() => send(step.email)}
            />
          }
        />
      )}
      {step.name === 'password' && (
        <PasswordStep
          email={step.email}
          OTP={step.OTP}
          onDone={(message) => {
            setNote(null);
            setStep({ name: 'done', email: step.email, message });
          }}
          onError={(text) => setNote({ tone: 'error', text })}
          onRestart={() => {
            setNote(null);
            setStep({ name: 'email' });
          }}
        />
      )}
      {step.name === 'done' && (
        <>
          <Alert tone="success">{step.message}</Alert>
          <Link to={loginPath} state={{ email: step.email }} className={buttonStyles('primary')}>
            Log in with your new password
          </Link>
        </>
      )}
      {step.name !== 'done' && (
        <p className="text-center text-sm text-muted">
          Remembered it?{' '}
          <Link to={loginPath} className="font-bold text-primary underline underline-offset-4">
            Back to log in
          </Link>
        </p>
      )}
    </div>
  );
}

function EmailStep({
  initialEmail,
  isBusy,
  onSubmit,
}: {
  initialEmail: string;
  isBusy: boolean;
  onSubmit: (email: string) => void;
}) {
  const form = useForm({ resolver: zodResolver(EmailForm), mode: 'onTouched', defaultValues: { email: initialEmail } });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ email }) => onSubmit(email))} className="flex flex-col gap-5">
      <p className="text-muted">
        Enter the e-mail of your account and we will send you a 6-digit code to choose a new password.
      </p>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" isBusy={isBusy}>
        Send reset code
      </Button>
    </form>
  );
}

type CodeStepProps = {
  email: string;
  onAccepted: (OTP: string, message: string) => void;
  onError: (message: string) => void;
  resend: ReactNode;
};

function CodeStep({ email, onAccepted, onError, resend }: CodeStepProps) {
  const check = useCheckResetCodeMutation();
  const form = useForm({ resolver: zodResolver(CodeForm), mode: 'onTouched', defaultValues: { OTP: '' } });
  const handleSubmit = form.handleSubmit(({ OTP }) =>
    check.mutate(
      { email, OTP },
      {
        onSuccess: (answer) => onAccepted(OTP, answer.message),
        onError: (error) => onError(errorMessage(error)),
      },
    ),
  );
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <p className="text-muted">
        If <EmailAddress email={email} /> has an account, a reset code is on its way. Enter it here.
      </p>
      <CodeInput autoFocus error={form.formState.errors.OTP?.message} {...form.register('OTP')} />
      <Button type="submit" isBusy={check.isPending}>
        Check code
      </Button>
      {resend}
    </form>
  );
}

type PasswordStepProps = {
  email: string;
  OTP: string;
  onDone: (message: string) => void;
  onError: (message: string) => void;
  onRestart: () => void;
};

function PasswordStep({ email, OTP, onDone, onError, onRestart }: PasswordStepProps) {
  const reset = useResetPasswordMutation();
  const form = useForm({ resolver: zodResolver(PasswordForm), mode: 'onTouched', defaultValues: { password: '' } });
  const password = form.watch('password');
  const handleSubmit = form.handleSubmit(({ password: newPassword }) =>
    reset.mutate(
      { email, OTP, password: newPassword },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) => {
          onError(errorMessage(error));
          if (error instanceof ApiError) applyFieldIssues(error.fieldIssues, ['password'], form.setError);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      >
        <PasswordStrengthMeter password={password} userInputs={[email]} />
      </PasswordField>
      <Button type="submit" isBusy={reset.isPending}>
        Save new password
      </Button>
      {reset.isError && (
        <Button variant="ghost" size="sm" className="self-start" onClick={onRestart}>
          Ask for a new code
        </Button>
      )}
    </form>
  );
}
