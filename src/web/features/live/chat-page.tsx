// /chat and /agora-chat (viewers only): the chat full-page. The rooms open now (weavyinfo): the
// lobby and each show on air or next. Opens ?eventid=N's room when given (a link to one show's
// chat), else the show on air, else the lobby.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatRoomInfo, RoomRef } from '../../../shared/contract/chat';
import { Alert } from '../../ui/alert';
import { cx } from '../../ui/cx';
import { Spinner } from '../../ui/spinner';
import { ChatPanel } from '../chat/chat-panel';
import { chatInfoQuery } from '../chat/queries';
import { DrawResultSlot } from '../giveaways/draw-result-slot';
import { liveShowQuery } from './live-now';

function roomLabel(room: ChatRoomInfo, liveId: number | undefined): string {
  if (room.room === 'lobby') return 'Lobby';
  return room.room === liveId ? `On air: ${room.title}` : room.title;
}

export default function ChatPage() {
  const info = useQuery(chatInfoQuery);
  const live = useQuery(liveShowQuery);
  const liveId = live.data?.[0]?.id;
  const [searchParams] = useSearchParams();
  const linked = Number(searchParams.get('eventid'));
  const [picked, setPicked] = useState<RoomRef | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const rooms = info.data?.rooms ?? [];
  const current: RoomRef = picked ?? (liveId !== undefined && rooms.some((r) => r.room === liveId) ? liveId : 'lobby');

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6 sm:py-10">
      <header>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Show chat</h1>
        <p className="mt-2 text-base text-muted sm:text-lg">
          Talk with the hosts and other viewers. Each show has its own room, open from the day it is announced until a
          day after it ends; the lobby is always open.
        </p>
      </header>
      {info.isError && <Alert tone="error">{info.error.message}</Alert>}
      {rooms.length > 1 && (
        <nav aria-label="Chat rooms" className="flex flex-wrap gap-2">
          {rooms.map((room) => (
            <button
              key={String(room.room)}
              type="button"
              aria-pressed={room.room === current}
              onClick={() => setPicked(room.room)}
              className={cx(
                'min-h-11 rounded-full border px-4 text-sm font-bold transition-colors',
                room.room === current
                  ? 'border-primary bg-primary text-white'
                  : 'border-line bg-white text-primary hover:bg-primary-soft',
              )}
            >
              {roomLabel(room, liveId)}
            </button>
          ))}
        </nav>
      )}
      <div className="h-[min(72vh,46rem)]">
        {info.isPending || live.isPending ? (
          <div className="grid h-full place-items-center rounded-2xl border border-line bg-white">
            <Spinner className="size-10 text-primary" label="Finding the chat rooms" />
          </div>
        ) : (
          <ChatPanel eventId={current === 'lobby' ? null : current} />
        )}
      </div>
      {(current !== 'lobby' || liveId !== undefined) && (
        <DrawResultSlot show={current === 'lobby' ? (liveId ?? 0) : current} />
      )}
    </div>
  );
}
