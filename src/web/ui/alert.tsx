// A message box: errors are announced at once (role="alert"), other notices politely.
import type { ReactNode } from 'react';
import { cx } from './cx';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-danger/40 bg-danger-soft text-danger',
  success: 'border-success/40 bg-success-soft text-success',
  info: 'border-primary/30 bg-primary-soft text-primary-hover',
};

export function Alert({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded-lg border px-4 py-3 text-sm font-bold', tones[tone], className)}
    >
      {children}
    </div>
  );
}
