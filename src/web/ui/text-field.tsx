// A labelled input with its hint and error wired for screen readers (aria-describedby). Takes
// react-hook-form's register() props directly, ref included. FieldFrame and useFieldIds give any
// other control (a select, a text area) the same label, hint and error.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx';

export type FieldFrameProps = {
  label: string;
  /** Shown after the label, e.g. '(optional)'. */
  labelNote?: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
};

export type TextFieldProps = ComponentProps<'input'> &
  FieldFrameProps & {
    /** Content inside the right end of the input, such as a show-password button. */
    trailing?: ReactNode;
  };

/** A field marked aria-invalid gets the danger border (the variant outranks border-line, which a plain border-danger does not). */
export const inputStyles =
  'block w-full min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base text-ink placeholder:text-muted/80 focus:border-primary disabled:bg-canvas aria-invalid:border-danger';

/** The ids that tie a control to its hint and error. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return { controlId, hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

/** The label above a control, and its error and hint below it. */
export function FieldFrame({
  label,
  labelNote,
  hint,
  error,
  className,
  controlId,
  hintId,
  errorId,
  children,
}: FieldFrameProps & ReturnType<typeof useFieldIds> & { children: ReactNode }) {
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

export function TextField({ label, labelNote, hint, error, trailing, id, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ label, labelNote, hint, error, className }} {...ids}>
      <div className="relative">
        <input
          id={ids.controlId}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cx(inputStyles, error && 'border-danger', trailing ? 'pr-16' : undefined)}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
    </FieldFrame>
  );
}
