// The select and multi-line fields of the staff forms, wired like ui/text-field (label, hint and
// error read out with the control) and styled the same; the hint under a Los Angeles time input;
// and the preview of staff-written HTML (giveaway terms, contest rules).
import { useId, type ComponentProps } from 'react';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { FieldFrame, inputStyles, useFieldIds, type FieldFrameProps } from '../../../ui/text-field';
import { previewHtml } from '../giveaways/terms-preview';
import { fromLaInput } from './la-time';
import { laTime, ownClock } from './show-format';

/** Under a time input: the moment it names, spelled out, and on the staff member's own clock. */
export function TimeHint({ value }: { value: string }) {
  const instant = fromLaInput(value);
  if (!instant) return <>Los Angeles time.</>;
  const own = ownClock(instant);
  return (
    <>
      Los Angeles time: {laTime(instant)}.{own && ` On your clock: ${own}.`}
    </>
  );
}

/**
 * Staff-written HTML as viewers will see it, cleaned in the browser by previewHtml (no scripts,
 * handlers or javascript: links). It scrolls when long, so it is focusable for the keyboard.
 */
export function HtmlPreview({ heading, html, testId }: { heading: string; html: string; testId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <h3 id={headingId} className="text-sm font-bold text-ink">
        {heading}
      </h3>
      <div
        data-testid={testId}
        tabIndex={0}
        role="region"
        aria-labelledby={headingId}
        className="flex max-h-64 flex-col gap-2 overflow-y-auto rounded-lg border border-line bg-white p-3 text-sm text-ink [&_a]:font-bold [&_a]:text-primary [&_a]:underline [&_h2]:text-base [&_h2]:font-black [&_h3]:font-black [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: previewHtml(html) }}
      />
    </section>
  );
}

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

/** The end of a staff form: its submit button (busy while saving) and Cancel. */
export function FormActions({ submit, isBusy, onCancel }: { submit: string; isBusy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" isBusy={isBusy}>
        {submit}
      </Button>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
