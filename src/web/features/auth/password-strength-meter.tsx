// The strength bar under a new password. The rater (and its dictionaries) loads on the first
// keystroke, so the register page itself stays light.
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { cx } from '../../ui/cx';
import type { ratePassword } from './password-strength';

type Rater = typeof ratePassword;

const LEVELS = [
  { label: 'Very weak', color: 'bg-danger' },
  { label: 'Weak', color: 'bg-danger' },
  { label: 'Fair', color: 'bg-amber-500' },
  { label: 'Good', color: 'bg-primary' },
  { label: 'Strong', color: 'bg-success' },
] as const;

export function PasswordStrengthMeter({ password, userInputs }: { password: string; userInputs: string[] }) {
  const [rate, setRate] = useState<Rater | null>(null);

  useEffect(() => {
    if (!password || rate) return;
    let isCurrent = true;
    void import('./password-strength').then((module) => {
      if (isCurrent) setRate(() => module.ratePassword);
    });
    return () => {
      isCurrent = false;
    };
  }, [password, rate]);

  if (!password) return null;
  const strength = rate ? rate(password, userInputs.filter(Boolean)) : null;
  const filled = strength ? (strength.isCommon ? 0 : strength.score) : null;
  const level = filled === null ? null : LEVELS[filled];
  return (
    <div className="flex flex-col gap-1">
      <div className="grid grid-cols-5 gap-1" aria-hidden="true">
        {LEVELS.map((step, index) => (
          <span
            key={step.label}
            className={cx('h-1.5 rounded-full', level && filled !== null && index <= filled ? level.color : 'bg-line')}
          />
        ))}
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {level && strength ? (
          <>
            Password strength: <span className="font-bold text-ink">{level.label}</span>
            {strength.isCommon && <span className="block text-danger">{MESSAGES.weakPassword}</span>}
          </>
        ) : (
          'Checking password strength…'
        )}
      </p>
    </div>
  );
}
