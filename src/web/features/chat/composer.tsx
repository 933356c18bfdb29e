// Where a viewer writes: Enter sends, Shift+Enter starts a new line, and the count shows near the
// 500-character limit. A refused message comes back into the box so nothing typed is lost.
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_LIMITS } from '../../../shared/contract/chat';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';

type Props = {
  disabled: boolean;
  hint: string | null;
  /** Sends the text; false when it could not go out (the box keeps it). */
  onSend: (text: string) => boolean;
  draft: string;
  setDraft: (text: string) => void;
};

export function Composer({ disabled, hint, onSend, draft, setDraft }: Props) {
  const id = useId();
  const length = [...draft].length;
  const canSend = !disabled && draft.trim().length > 0 && length <= CHAT_LIMITS.messageChars;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    if (onSend(draft.trim())) setDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className="border-t border-line bg-white p-2">
      {hint && (
        <p id={`${id}-hint`} className="px-1 pb-1.5 text-sm font-bold text-muted">
          {hint}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <textarea
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          disabled={disabled}
          // Grows with text, not with focus: a box that shrank on blur moved the reactions under a
          // finger on its way to them.
          rows={draft ? 2 : 1}
          maxLength={CHAT_LIMITS.messageChars}
          placeholder="Say something nice…"
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="min-h-11 flex-1 resize-none rounded-lg border border-line bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted focus:border-primary disabled:bg-canvas"
        />
        <Button type="submit" disabled={!canSend} className="shrink-0">
          Send
        </Button>
      </div>
      {length > CHAT_LIMITS.messageChars - 100 && (
        <p
          className={cx(
            'px-1 pt-1 text-right text-xs',
            length >= CHAT_LIMITS.messageChars ? 'font-bold text-danger' : 'text-muted',
          )}
          aria-live="polite"
        >
          {length}/{CHAT_LIMITS.messageChars}
        </p>
      )}
    </form>
  );
}
