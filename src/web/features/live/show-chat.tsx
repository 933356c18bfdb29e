// The show's chat beside the player on /live and /live-agora (under it on phones). The chat code
// loads after the player, so the video never waits for it.
import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/spinner';

const ChatPanel = lazy(async () => ({ default: (await import('../chat/chat-panel')).ChatPanel }));

export function ShowChat({ eventId }: { eventId: number }) {
  return (
    <div className="h-[28rem] lg:h-[calc(100vh-10rem)] lg:max-h-[44rem]">
      <Suspense
        fallback={
          <div className="grid h-full place-items-center">
            <Spinner className="size-8 text-primary" label="Opening the show chat" />
          </div>
        }
      >
        <ChatPanel eventId={eventId} />
      </Suspense>
    </div>
  );
}
