// Staff tools on a message: pin or unpin it, delete it for everyone, mute its author for a while,
// or ban them (a second, explicit choice). Staff messages can be pinned and deleted only.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ChatMessage } from '../../../shared/contract/chat';

export type Moderate = {
  remove: (id: number) => void;
  pin: (id: number | null) => void;
  mute: (userId: number, minutes: number) => void;
  unmute: (userId: number) => void;
  ban: (userId: number) => void;
};

const itemStyles =
  'flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm font-bold text-ink outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary';
const dangerStyles =
  'flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm font-bold text-danger outline-none data-[highlighted]:bg-danger-soft';
const contentStyles = 'z-50 min-w-52 rounded-xl border border-line bg-white p-1.5 shadow-lg';

export function ModerationMenu({
  message,
  isPinned,
  moderate,
  ownMessage = false,
}: {
  message: ChatMessage;
  isPinned: boolean;
  moderate: Moderate;
  ownMessage?: boolean;
}) {
  const canSanction = !ownMessage && !message.isStaff;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-primary-soft hover:text-primary data-[state=open]:bg-primary-soft"
        aria-label={`Moderate the message from ${message.name}`}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={contentStyles}>
          <DropdownMenu.Item className={itemStyles} onSelect={() => moderate.pin(isPinned ? null : message.id)}>
            {isPinned ? 'Unpin message' : 'Pin message'}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={dangerStyles} onSelect={() => moderate.remove(message.id)}>
            Delete message
          </DropdownMenu.Item>
          {canSanction && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-line" />
              <DropdownMenu.Label className="px-3 py-1 text-xs font-bold text-muted">{message.name}</DropdownMenu.Label>
              <DropdownMenu.Item className={itemStyles} onSelect={() => moderate.mute(message.userId, 5)}>
                Mute for 5 minutes
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemStyles} onSelect={() => moderate.mute(message.userId, 60)}>
                Mute for 1 hour
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemStyles} onSelect={() => moderate.unmute(message.userId)}>
                Unmute
              </DropdownMenu.Item>
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger className={dangerStyles}>Ban from chat…</DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={4} className={contentStyles}>
                    <DropdownMenu.Item className={dangerStyles} onSelect={() => moderate.ban(message.userId)}>
                      Yes, ban {message.name}
                    </DropdownMenu.Item>
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
