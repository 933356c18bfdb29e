// The look-up at the top of the viewer-points screen and the coupon desk: one field and a button,
// a search landmark, and the server's answer to a bad value shown by the field.
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import { Button } from '../../../ui/button';
import { TextField, type TextFieldProps } from '../../../ui/text-field';

type LookupFormProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  button: string;
  isBusy: boolean;
  /** The look-up's error: a 400's message shows by the field. */
  error: unknown;
  /** Called with the trimmed value when staff press the button or Enter. */
  onFind: (value: string) => void;
};

/** A 400's message, shown by the field; other errors are the page's to show. */
export function lookupIssue(error: unknown): string | undefined {
  return error instanceof ApiError && error.isBadRequest ? error.message : undefined;
}

export function LookupForm({ button, isBusy, error, onFind, ...field }: LookupFormProps) {
  const [typed, setTyped] = useState('');
  function find(event: FormEvent) {
    event.preventDefault();
    onFind(typed.trim());
  }
  return (
    <form onSubmit={find} noValidate role="search" className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        autoComplete="off"
        className="sm:w-96"
        {...field}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={lookupIssue(error)}
      />
      <Button type="submit" className="sm:mt-7" isBusy={isBusy}>
        {button}
      </Button>
    </form>
  );
}
