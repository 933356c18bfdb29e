// The one field a second-factor code is typed into: six digits from the app (the phone's keyboard
// offers them and the one-time code), or, when asked for, a recovery code of letters and digits.
import { TextField } from '../../../ui/text-field';

export function CodeField({
  isRecovery,
  value,
  onChange,
  error,
}: {
  isRecovery: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return isRecovery ? (
    <TextField
      key="recovery"
      label="Recovery code"
      hint="One of the 10 codes you saved, like 7K3MQ-9TPXA. Each works once."
      name="recovery-code"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  ) : (
    <TextField
      key="totp"
      label="6-digit code from your app"
      name="one-time-code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
    />
  );
}
