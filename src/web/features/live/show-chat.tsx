// The show's chat beside the player on /live and /live-agora (under it on phones, filling the rest
// of the screen). The chat code loads after the player, so the video never waits for it. The page
// shows its own viewer count, so the chat's member count is left out (decision 043); reactions are
// passed up to float over the player.
import { lazy, Suspense } from 'react';
import type { Reaction } from '../../../shared/contract/chat';
import { Spinner } from '../../ui/spinner';

const ChatPanel = lazy(async () => ({ default: (await import('../chat/chat-panel')).ChatPanel }));

export function ShowChat({ eventId, onReaction }: { eventId: number; onReaction?: (reaction: Reaction) => void }) {
  return (
    <div className="h-full lg:h-[calc(100vh-10rem)] lg:max-h-[44rem]">
      <Suspense
        fallback={
          <div className="grid h-full place-items-center">
            <Spinner className="size-8 text-primary" label="Opening the show chat" />
          </div>
        }
      >
        <ChatPanel eventId={eventId} onReaction={onReaction} showMemberCount={false} />
      </Suspense>
    </div>
  );
}
