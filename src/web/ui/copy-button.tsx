// Copies a text to the clipboard and says so; when the browser refuses, asks the person to copy it.
import { useEffect, useState } from 'react';
import { Button } from './button';

type CopyState = 'idle' | 'copied' | 'failed';

export function CopyButton({
  text,
  label,
  copiedLabel = 'Copied',
}: {
  text: string;
  label: string;
  copiedLabel?: string;
}) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 3000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="outline" size="sm" onClick={() => void handleCopy()}>
        {state === 'copied' ? copiedLabel : label}
      </Button>
      <span aria-live="polite" className={state === 'failed' ? 'text-sm text-danger' : 'sr-only'}>
        {state === 'copied' && 'Copied to the clipboard.'}
        {state === 'failed' && 'Copying is blocked here: select the text and copy it.'}
      </span>
    </span>
  );
}
