// The show's chat beside the player on /live and /live-agora (under it on phones, filling the rest
// of the screen). The chat code loads after the player, so the video never waits for it. The page
// shows its own viewer count, so the chat's member count is left out (decision 043); reactions are
// passed up to float over the player, and the piece on air to the Now showing card (decision 082),
// which on a laptop sits above the chat in this column (`above`).
import { lazy, Suspense, type ReactNode } from 'react';
import type { Reaction } from '../../../shared/contract/chat';
import type { Piece } from '../../../shared/contract/pieces';
import { Spinner } from '../../ui/spinner';

const ChatPanel = lazy(async () => ({ default: (await import('../chat/chat-panel')).ChatPanel }));

type ShowChatProps = {
  eventId: number;
  onReaction?: (reaction: Reaction) => void;
  onNowShowing?: (eventId: number, piece: Piece | null) => void;
  onRejoin?: () => void;
  /** Shown above the chat in the same column. */
  above?: ReactNode;
};

export function ShowChat({ eventId, above, ...listeners }: ShowChatProps) {
  return (
    <div className="flex h-full flex-col gap-3 lg:h-[calc(100vh-10rem)] lg:max-h-[44rem]">
      {above}
      <div className="min-h-0 flex-1">
        <Suspense
          fallback={
            <div className="grid h-full place-items-center">
              <Spinner className="size-8 text-primary" label="Opening the show chat" />
            </div>
          }
        >
          <ChatPanel eventId={eventId} showMemberCount={false} {...listeners} />
        </Suspense>
      </div>
    </div>
  );
}
