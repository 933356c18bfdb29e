// Pieces shared by every e-mailed-code step: the 6-digit input, the resend button with its
// countdown, and reading a "wait before asking again" answer.
import type { ComponentProps } from 'react';
import { CODE_LENGTH, CODE_RESEND_SECONDS } from '../../../shared/validation';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

export { CODE_RESEND_SECONDS };

type CodeInputProps = Omit<ComponentProps<typeof TextField>, 'label'> & { label?: string };

export function CodeInput({ label = '6-digit code', ...props }: CodeInputProps) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      placeholder="123456"
      className="max-w-56"
      spellCheck={false}
      {...props}
    />
  );
}

export function ResendCodeButton({
  secondsLeft,
  isBusy,
  onResend,
}: {
  secondsLeft: number;
  isBusy: boolean;
  onResend: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      isBusy={isBusy}
      disabled={secondsLeft > 0}
      onClick={onResend}
      className="self-start"
    >
      {secondsLeft > 0 ? `Send a new code in ${secondsLeft} s` : 'Send a new code'}
    </Button>
  );
}

/** Seconds to wait when the server says a code was sent moments ago (429 within the resend window). */
export function resendWaitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 429 || error.retryAfterSeconds === null) return null;
  return error.retryAfterSeconds <= CODE_RESEND_SECONDS ? error.retryAfterSeconds : null;
}
