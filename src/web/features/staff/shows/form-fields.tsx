// The select and multi-line fields of the staff forms, wired like ui/text-field (label, hint and
// error read out with the control) and styled the same.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../../../ui/cx';
import { inputStyles } from '../../../ui/text-field';

type Frame = { label: string; labelNote?: string; hint?: ReactNode; error?: string; className?: string };

function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return { controlId, hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

function FieldFrame({ label, labelNote, hint, error, className, controlId, hintId, errorId, children }: Frame & ReturnType<typeof useFieldIds> & { children: ReactNode }) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-bold text-ink">
        {label}
        {labelNote && <span className="font-normal text-muted"> {labelNote}</span>}
      </label>
      {children}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="text-sm text-muted">
          {hint}
        </div>
      )}
    </div>
  );
}

export function SelectField({ label, labelNote, hint, error, className, id, children, ...select }: Frame & ComponentProps<'select'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ label, labelNote, hint, error, className }} {...ids}>
      <select id={ids.controlId} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} className={cx(inputStyles, error && 'border-danger')} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({ label, labelNote, hint, error, className, id, ...textarea }: Frame & ComponentProps<'textarea'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ label, labelNote, hint, error, className }} {...ids}>
      <textarea id={ids.controlId} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} className={cx(inputStyles, 'min-h-24', error && 'border-danger')} {...textarea} />
    </FieldFrame>
  );
}
