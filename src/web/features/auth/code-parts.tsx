// Pieces shared by every e-mailed-code step: the e-mail address as it wraps, the 6-digit input,
// the resend button with its countdown, and reading a "wait before asking again" answer.
import { Fragment, type ComponentProps } from 'react';
import { CODE_LENGTH, CODE_RESEND_SECONDS } from '../../../shared/validation';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

export { CODE_RESEND_SECONDS };

/**
 * An e-mail address in a sentence. A long one wraps after the @ or before a dot rather than
 * mid-word; only a part too long for the line on its own is broken inside.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at + 1), ...email.slice(at + 1).split(/(?=\.)/)];
  return (
    <strong className="text-ink wrap-break-word">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </strong>
  );
}

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
