// The show on air: its player with the chat's reactions floating over it, a bar under it (title,
// time left, the one viewer count, 'Today's Giveaway'), the show chat beside it (under it on a
// phone) and its details. Being on this screen checks the viewer in and keeps the watch log
// (useWatchPresence), whose answer is the page's viewer count (decision 043). The piece on air
// shows over the player on a phone and above the chat on a laptop (decision 082); the chat's
// socket tells it when the piece changes.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import type { EventRecord } from '../../../shared/contract/events';
import type { Piece } from '../../../shared/contract/pieces';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/button';
import { Countdown } from '../../ui/countdown';
import { EventStatusBadge } from '../events/event-card';
import { eventCountdown, showTime } from '../events/event-time';
import { eventKeys } from '../events/queries';
import { PlayerMessage } from '../player/player-parts';
import { StreamPlayer } from '../player/stream-player';
import { playerSource } from '../player/stream-source';
import { DrawResultSlot } from '../giveaways/draw-result-slot';
import { GuessCardSlot } from '../guessing/guess-card-slot';
import { NowShowingSlot, useIsWide } from '../now-showing/now-showing-slot';
import { applyNowShowing, recheckNowShowing } from '../now-showing/queries';
import { FloatingReactions, useFloatingReactions } from './floating-reactions';
import { LiveLayout } from './live-layout';
import { viewerCountText } from './live-rules';
import { streamQuery } from './queries';
import { ShowChat } from './show-chat';
import { TodaysGiveaway } from './todays-giveaway';
import { useWatchPresence } from './use-watch-presence';

function ViewerCount({ viewers }: { viewers: number | null }) {
  if (viewers === null) return <span />;
  return (
    <p className="inline-flex items-center gap-2 text-sm font-bold text-ink sm:text-base">
      <svg viewBox="0 0 24 24" className="size-5 text-danger" aria-hidden="true">
        <path
          d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <circle cx="12" cy="12" r="3.2" fill="currentColor" />
      </svg>
      {viewerCountText(viewers)}
    </p>
  );
}

/** Under the player: what is on, the time left, how many watch, and today's giveaway; compact on a phone. */
function ShowBar({
  show,
  viewers,
  onCountdownEnd,
}: {
  show: EventRecord;
  viewers: number | null;
  onCountdownEnd: () => void;
}) {
  const countdown = eventCountdown(show);
  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex items-center gap-2">
            <EventStatusBadge status={show.status} className="px-2 py-0.5 text-[0.625rem]" />
            <span className="text-xs font-black tracking-widest text-secondary uppercase">On air now</span>
          </p>
          <h1
            title={show.title}
            className="truncate text-lg leading-tight font-black text-ink sm:text-2xl lg:text-3xl lg:whitespace-normal"
          >
            {show.title}
          </h1>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-0.5">
          <span className="text-[0.625rem] font-bold tracking-wider text-muted uppercase">{countdown.label}</span>
          <Countdown
            target={countdown.target}
            kind={countdown.kind}
            label={countdown.label}
            onExpire={onCountdownEnd}
            className="text-base text-primary sm:text-xl lg:text-2xl"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ViewerCount viewers={viewers} />
        <TodaysGiveaway show={show} />
      </div>
    </div>
  );
}

/** Below the screen: when the show runs (Los Angeles time) and what it is about. */
function AboutShow({ show }: { show: EventRecord }) {
  return (
    <section aria-label="About this show" className="flex flex-col gap-2">
      <p className="font-bold text-muted">
        <time dateTime={show.cust_start}>{showTime(show.cust_start)}</time> to{' '}
        <time dateTime={show.cust_end}>{showTime(show.cust_end)}</time>
      </p>
      {show.description && <p className="text-lg whitespace-pre-line text-ink">{show.description}</p>}
    </section>
  );
}

function LiveStream({ show }: { show: EventRecord }) {
  // Until staff set the stream, ask again every half minute so the video appears by itself.
  const stream = useQuery({
    ...streamQuery(show.id),
    refetchInterval: (query) => (query.state.data?.source ? false : 30_000),
  });
  const label = `Live video: ${show.title}`;
  if (stream.data) {
    return (
      <StreamPlayer
        source={playerSource(stream.data.platform, stream.data.source, 'live')}
        label={label}
        restartAtEnd
        empty={{
          title: 'The stream starts in a moment',
          text: 'The hosts are getting ready. The video appears here by itself within half a minute.',
        }}
      />
    );
  }
  if (stream.isError) {
    return (
      <PlayerMessage isAlert title="The video could not be loaded">
        <p className="text-white/85">{errorMessage(stream.error)}</p>
        <Button variant="outline" onClick={() => void stream.refetch()} isBusy={stream.isFetching}>
          Try again
        </Button>
      </PlayerMessage>
    );
  }
  return <PlayerMessage title="Loading the video…" />;
}

type LiveShowProps = {
  show: EventRecord;
  /** How the viewer came (check-in and watch log). */
  reachby: string;
  /** Another player in place of the show's stream (the Agora page). */
  player?: ReactNode;
};

export function LiveShow({ show, reachby, player }: LiveShowProps) {
  const queryClient = useQueryClient();
  const viewers = useWatchPresence(show.id, reachby);
  const [floating, addReaction] = useFloatingReactions();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  const isWide = useIsWide();
  const handleNowShowing = useCallback(
    (eventId: number, piece: Piece | null) => applyNowShowing(queryClient, eventId, piece),
    [queryClient],
  );
  const handleRejoin = useCallback(() => recheckNowShowing(queryClient, show.id), [queryClient, show.id]);
  return (
    <LiveLayout
      player={
        <div className="relative">
          {player ?? <LiveStream show={show} />}
          <FloatingReactions items={floating} />
          {!isWide && <NowShowingSlot eventId={show.id} placement="over" />}
        </div>
      }
      actions={<ShowBar show={show} viewers={viewers} onCountdownEnd={refresh} />}
      aside={
        <ShowChat
          eventId={show.id}
          onReaction={addReaction}
          onNowShowing={handleNowShowing}
          onRejoin={handleRejoin}
          above={isWide && <NowShowingSlot eventId={show.id} placement="beside" />}
        />
      }
    >
      <GuessCardSlot eventId={show.id} />
      <AboutShow show={show} />
      <DrawResultSlot show={show.id} />
    </LiveLayout>
  );
}
