// The show on air: its player, the live viewer count and the 'Today's Giveaway' button under it,
// its details with the time left, and the side column for the chat. Being on this screen checks
// the viewer in and keeps the watch log (useWatchPresence).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { errorMessage } from '../../api/client';
import { Button, buttonStyles } from '../../ui/button';
import { eventKeys, eventListQuery } from '../events/queries';
import { PlayerMessage } from '../player/player-parts';
import { StreamPlayer } from '../player/stream-player';
import { playerSource } from '../player/stream-source';
import { DrawResultSlot } from '../giveaways/draw-result-slot';
import { LiveLayout } from './live-layout';
import { todaysGiveaway } from './live-rules';
import { streamQuery } from './queries';
import { ShowDetails } from './show-details';
import { useWatchPresence } from './use-watch-presence';

const openGiveawaysQuery = eventListQuery('giveaway', 'live', 12);

function ViewerCount({ viewers }: { viewers: number | null }) {
  if (viewers === null) return <span />;
  return (
    <p className="inline-flex items-center gap-2 font-bold text-ink">
      <svg viewBox="0 0 24 24" className="size-5 text-danger" aria-hidden="true">
        <path
          d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <circle cx="12" cy="12" r="3.2" fill="currentColor" />
      </svg>
      {viewers === 1 ? '1 viewer watching now' : `${viewers.toLocaleString('en-US')} viewers watching now`}
    </p>
  );
}

function TodaysGiveawayLink({ show }: { show: EventRecord }) {
  const { data } = useQuery(openGiveawaysQuery);
  const giveaway = data ? todaysGiveaway(show, data) : null;
  if (!giveaway) return null;
  return (
    <Link
      to={`/giveaway/${giveaway.id}`}
      className={buttonStyles('secondary')}
      aria-describedby="todays-giveaway-title"
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          d="M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7C10.5 4 7 3.5 7 5.5S10 7 12 7zm0 0c1.5-3 5-3.5 5-1.5S14 7 12 7z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      Today&apos;s Giveaway
      <span id="todays-giveaway-title" className="sr-only">
        {giveaway.title}
      </span>
    </Link>
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
  /** The side column, for the show chat. */
  aside?: ReactNode;
};

export function LiveShow({ show, reachby, player, aside }: LiveShowProps) {
  const queryClient = useQueryClient();
  const viewers = useWatchPresence(show.id, reachby);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  return (
    <LiveLayout
      player={player ?? <LiveStream show={show} />}
      actions={
        <>
          <ViewerCount viewers={viewers} />
          <TodaysGiveawayLink show={show} />
        </>
      }
      aside={aside}
    >
      <ShowDetails show={show} eyebrow="On air now" onCountdownEnd={refresh} />
      <DrawResultSlot show={show.id} />
    </LiveLayout>
  );
}
