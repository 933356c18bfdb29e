// A labelled input with its hint and error wired for screen readers (aria-describedby). Takes
// react-hook-form's register() props directly, ref included.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx';

export type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** Shown after the label, e.g. '(optional)'. */
  labelNote?: string;
  hint?: ReactNode;
  error?: string;
  /** Content inside the right end of the input, such as a show-password button. */
  trailing?: ReactNode;
};

export const inputStyles =
  'block w-full min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base text-ink placeholder:text-muted/80 focus:border-primary focus:outline-2 focus:outline-primary/30 disabled:bg-canvas';

export function TextField({ label, labelNote, hint, error, trailing, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-bold text-ink">
        {label}
        {labelNote && <span className="font-normal text-muted"> {labelNote}</span>}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(inputStyles, error && 'border-danger', trailing ? 'pr-16' : undefined)}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
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
