// The scrolling list of messages, announced politely to screen readers as they arrive. It follows
// new messages while the viewer is at the bottom; scrolled up, it stays put and offers a jump back.
import { useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../shared/contract/chat';
import { MessageRow } from './message-row';
import type { Moderate } from './moderation-menu';
import type { ViewerTools } from './viewer-tools';

/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;

type Props = {
  messages: ChatMessage[];
  /** Authors who won a giveaway of this show. */
  winners: ReadonlySet<number>;
  myName: string;
  myId: number | null;
  pinnedId: number | null;
  moderate: Moderate | null;
  viewerTools?: ViewerTools | null;
  emptyText: string;
};

export function MessageList({
  messages,
  winners,
  myName,
  myId,
  pinnedId,
  moderate,
  viewerTools = null,
  emptyText,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const isFollowing = useRef(true);
  const [isAtBottom, setIsAtBottom] = useState(true);
  /** The newest id the viewer had when they scrolled away from the bottom. */
  const [seenUpTo, setSeenUpTo] = useState(0);
  const newestId = messages.at(-1)?.id ?? 0;
  const newestMineId = [...messages].reverse().find((m) => m.userId === myId)?.id ?? 0;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && isFollowing.current) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  // Sending a message brings the viewer back to the bottom, wherever they were.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !newestMineId) return;
    isFollowing.current = true;
    el.scrollTop = el.scrollHeight;
  }, [newestMineId]);

  function handleScroll() {
    const el = scroller.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (atBottom === isFollowing.current) return;
    isFollowing.current = atBottom;
    setIsAtBottom(atBottom);
    if (!atBottom) setSeenUpTo(newestId);
  }

  function jumpToNewest() {
    const el = scroller.current;
    if (!el) return;
    isFollowing.current = true;
    setIsAtBottom(true);
    el.scrollTo({ top: el.scrollHeight });
  }

  const unseen = isAtBottom ? 0 : messages.filter((m) => m.id > seenUpTo).length;

  return (
    <div className="relative min-h-0 flex-1">
      {/* Focusable so a keyboard can scroll it; a log is announced politely as lines are added. */}
      <div
        ref={scroller}
        onScroll={handleScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label="Chat messages"
        tabIndex={0}
        className="h-full overflow-y-auto overscroll-contain px-2 py-2"
      >
        {messages.length === 0 && <p className="px-2 py-6 text-center text-sm text-muted">{emptyText}</p>}
        <ol className="flex flex-col gap-0.5">
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              isWinner={winners.has(message.userId)}
              myName={myName}
              isMine={message.userId === myId}
              isPinned={message.id === pinnedId}
              moderate={moderate}
              viewerTools={viewerTools}
            />
          ))}
        </ol>
      </div>
      {unseen > 0 && (
        <button
          type="button"
          onClick={jumpToNewest}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-secondary px-4 py-2 text-sm font-bold text-white shadow-lg hover:bg-secondary-hover"
        >
          {unseen === 1 ? '1 new message' : `${unseen} new messages`} ↓
        </button>
      )}
    </div>
  );
}
