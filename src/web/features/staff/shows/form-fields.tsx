// The select and multi-line fields of the staff forms, wired like ui/text-field (label, hint and
// error read out with the control) and styled the same.
import type { ComponentProps } from 'react';
import { cx } from '../../../ui/cx';
import { FieldFrame, inputStyles, useFieldIds, type FieldFrameProps } from '../../../ui/text-field';

export function SelectField({
  label,
  labelNote,
  hint,
  error,
  className,
  id,
  children,
  ...select
}: FieldFrameProps & ComponentProps<'select'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ label, labelNote, hint, error, className }} {...ids}>
      <select
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cx(inputStyles, error && 'border-danger')}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  labelNote,
  hint,
  error,
  className,
  id,
  ...textarea
}: FieldFrameProps & ComponentProps<'textarea'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ label, labelNote, hint, error, className }} {...ids}>
      <textarea
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cx(inputStyles, 'min-h-24', error && 'border-danger')}
        {...textarea}
      />
    </FieldFrame>
  );
}
