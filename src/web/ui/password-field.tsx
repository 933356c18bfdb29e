// A password input with a show/hide button; anything passed as `children` (a strength meter)
// renders under it.
import { useState, type ReactNode } from 'react';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & { children?: ReactNode };

export function PasswordField({ children, ...props }: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        {...props}
        type={isVisible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            className="min-h-9 rounded-md px-2.5 text-sm font-bold text-primary hover:bg-primary-soft"
            aria-label={isVisible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
          >
            {isVisible ? 'Hide' : 'Show'}
          </button>
        }
      />
      {children}
    </div>
  );
}
