// A viewer's own tools on other people's messages (decision 045): report a message to staff (with
// an optional reason, in a dialog) and hide a person's messages from their own chat; and the
// dialog listing the people they hid, each of whom can be shown again.
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../../../shared/contract/chat';
import { REPORT_LIMITS, type HiddenPerson } from '../../../shared/contract/chat-reports';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DialogCloseButton } from '../../ui/dialog-close';

/** What the panel does for the menu: open the report dialog, or hide the author. */
export type ViewerTools = {
  report: (message: ChatMessage) => void;
  hide: (message: ChatMessage) => void;
};

const itemStyles =
  'flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm font-bold text-ink outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary';
const contentStyles = 'z-50 min-w-52 rounded-xl border border-line bg-white p-1.5 shadow-lg';

export function ViewerMenu({ message, tools }: { message: ChatMessage; tools: ViewerTools }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-primary-soft hover:text-primary data-[state=open]:bg-primary-soft"
        aria-label={`Options for the message from ${message.name}`}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={contentStyles}>
          <DropdownMenu.Item className={itemStyles} onSelect={() => tools.report(message)}>
            Report message…
          </DropdownMenu.Item>
          {!message.isStaff && (
            <DropdownMenu.Item className={itemStyles} onSelect={() => tools.hide(message)}>
              Hide messages from {message.name}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A small dialog for the chat panel: a title, a line of explanation, then its contents. */
function ChatDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/55" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[100dvh] flex-col overflow-y-auto rounded-t-xl bg-canvas p-5 shadow-2xl focus:outline-none sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[90dvh] sm:w-[min(28rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-black text-ink">{title}</Dialog.Title>
            <DialogCloseButton className="-mt-1 -mr-2" />
          </div>
          <Dialog.Description className="mt-1 text-muted">{description}</Dialog.Description>
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ReportDialog({
  message,
  onClose,
  onSend,
  isSending,
  error,
}: {
  message: ChatMessage | null;
  onClose: () => void;
  onSend: (reason: string) => void;
  isSending: boolean;
  error: unknown;
}) {
  const [reason, setReason] = useState('');
  const fieldId = useId();
  const left = REPORT_LIMITS.reasonChars - [...reason.trim()].length;
  return (
    <ChatDialog
      open={message !== null}
      onOpenChange={(open) => {
        if (open) return;
        setReason('');
        onClose();
      }}
      title="Report this message?"
      description="Staff will see the message, who sent it and your reason. The sender is not told who reported it."
    >
      {message && (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (left >= 0) onSend(reason);
          }}
        >
          <blockquote className="rounded-lg border border-line bg-white px-3 py-2 text-sm break-words whitespace-pre-wrap text-ink">
            <span className="font-bold">{message.name}: </span>
            {message.text}
          </blockquote>
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-bold text-ink">
              Why? <span className="font-normal text-muted">(optional)</span>
            </label>
            <textarea
              id={fieldId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={REPORT_LIMITS.reasonChars * 2}
              aria-describedby={`${fieldId}-left`}
              className="rounded-lg border border-line bg-white px-3 py-2 text-base text-ink"
            />
            <p id={`${fieldId}-left`} className={left < 0 ? 'text-sm font-bold text-danger' : 'text-sm text-muted'}>
              {left < 0 ? `${-left} characters too many` : `${left} characters left`}
            </p>
          </div>
          {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" isBusy={isSending} disabled={left < 0}>
              Send report
            </Button>
            <Dialog.Close asChild>
              <Button variant="ghost">Cancel</Button>
            </Dialog.Close>
          </div>
        </form>
      )}
    </ChatDialog>
  );
}

export function HiddenPeopleDialog({
  open,
  onOpenChange,
  people,
  onShow,
  busyId,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  people: HiddenPerson[];
  onShow: (person: HiddenPerson) => void;
  busyId: number | null;
  error: unknown;
}) {
  return (
    <ChatDialog
      open={open}
      onOpenChange={onOpenChange}
      title="People you hid"
      description="Their messages do not show in your chat, on any device where you are logged in. Nobody else is affected."
    >
      <div className="flex flex-col gap-3">
        {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
        {people.length === 0 ? (
          <p className="text-muted">You have not hidden anyone.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white">
            {people.map((person) => (
              <li key={person.userId} className="flex items-center justify-between gap-3 px-4 py-2">
                <span className="min-w-0 font-bold break-words text-ink">{person.name}</span>
                <Button
                  variant="outline"
                  size="sm"
                  isBusy={busyId === person.userId}
                  onClick={() => onShow(person)}
                  aria-label={`Show messages from ${person.name}`}
                >
                  Show messages
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ChatDialog>
  );
}
