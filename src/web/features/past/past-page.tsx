// /past/{id}: a show that has aired, with its replay in the same player as the live show (HLS, a
// video file, YouTube or Facebook), when it ran and what it was about; a show without a replay says
// so, the pieces it put on air with their times in the replay (decision 082; `?t=` opens the replay
// at a second), and the winners of the show's giveaways, as staff announced them. A show still to
// come (an old link, a reused id) shows its countdown and a way to the live page.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { EventById } from '../events/event-by-id';
import { EventDetail } from '../events/event-detail';
import { showDay } from '../events/event-time';
import { showWinnersQuery } from '../giveaways/queries';
import { WinnersList } from '../giveaways/winners-list';
import { LiveLayout } from '../live/live-layout';
import { offsetFromParam } from '../now-showing/piece-words';
import { ShownPieces } from '../now-showing/shown-pieces';
import { streamQuery } from '../live/queries';
import { ShowDetails } from '../live/show-details';
import { PlayerMessage } from '../player/player-parts';
import { StreamPlayer } from '../player/stream-player';
import { playerSource } from '../player/stream-source';
import type { SeekRequest } from '../player/video-player';
import { RsvpButton } from '../rsvp/rsvp-button';
import { ShowAlertsButton } from '../subscriptions/show-alerts-button';

const NO_REPLAY = 'There is no replay of this show.';

function Replay({ show, seek }: { show: EventRecord; seek: SeekRequest | null }) {
  const replay = useQuery(streamQuery(show.id));
  if (replay.data) {
    return (
      <StreamPlayer
        source={playerSource(replay.data.platform, replay.data.source, 'replay')}
        label={`Replay: ${show.title}`}
        seek={seek}
        empty={{ title: NO_REPLAY, text: 'It was shown live only. The next shows are on the home page.' }}
      />
    );
  }
  if (replay.isError) {
    return (
      <PlayerMessage isAlert title="The replay could not be loaded">
        <p className="text-white/85">{errorMessage(replay.error)}</p>
        <Button variant="outline" onClick={() => void replay.refetch()} isBusy={replay.isFetching}>
          Try again
        </Button>
      </PlayerMessage>
    );
  }
  return <PlayerMessage title="Loading the replay…" />;
}

function ShowWinners({ show }: { show: EventRecord }) {
  const winners = useQuery(showWinnersQuery(show.id));
  if (winners.data)
    return (
      <WinnersList
        heading="Giveaway winners"
        winners={winners.data}
        empty="No giveaway winners were announced for this show."
        namesGiveaway
      />
    );
  if (winners.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">The giveaway winners could not be loaded.</Alert>
        <Button variant="outline" size="sm" onClick={() => void winners.refetch()} isBusy={winners.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return <p className="text-muted">Loading the giveaway winners…</p>;
}

/** Whether the replay's player can be moved to a second: our own video, or YouTube's from a start. */
function useSeekableReplay(show: EventRecord): boolean {
  const replay = useQuery(streamQuery(show.id));
  if (!replay.data) return false;
  const kind = playerSource(replay.data.platform, replay.data.source, 'replay').kind;
  return kind === 'hls' || kind === 'file' || kind === 'youtube';
}

/** `?t=` at load, then each time pressed in the list: where the replay should be. */
function useReplaySeek() {
  const [search, setSearch] = useSearchParams();
  const [seek, setSeek] = useState<SeekRequest | null>(() => {
    const seconds = offsetFromParam(search.get('t'));
    return seconds === null ? null : { seconds, nonce: 1 };
  });
  const player = useRef<HTMLDivElement>(null);
  function seekTo(seconds: number) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('t', String(seconds));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    setSeek((current) => ({ seconds, nonce: (current?.nonce ?? 0) + 1 }));
    player.current?.scrollIntoView({ block: 'nearest' });
  }
  return { seek, seekTo, player };
}

function PastShow({ show }: { show: EventRecord }) {
  if (show.status !== 'past') {
    return (
      <EventDetail event={show} eyebrow={show.status === 'live' ? 'On air now' : 'Coming up'}>
        <p className="text-muted">This show has not finished yet, so it is not in the past shows.</p>
        <RsvpButton event={show} />
        <ShowAlertsButton event={show} />
        <Link to="/live" className={buttonStyles('outline', 'md', 'self-start')}>
          Go to the live page
        </Link>
      </EventDetail>
    );
  }
  return <AiredShow show={show} />;
}

function AiredShow({ show }: { show: EventRecord }) {
  const { seek, seekTo, player } = useReplaySeek();
  const isSeekable = useSeekableReplay(show);
  return (
    <LiveLayout
      player={
        <div ref={player} className="scroll-mt-20">
          <Replay show={show} seek={seek} />
        </div>
      }
    >
      <div className="flex flex-col gap-6">
        <ShowDetails show={show} eyebrow={`Past show · aired ${showDay(show.cust_start)}`}>
          <p className="text-muted">
            Want to watch the next one live? The{' '}
            <Link to="/home" className="font-bold text-primary underline underline-offset-4">
              upcoming shows
            </Link>{' '}
            are on the home page, with their countdowns.
          </p>
        </ShowDetails>
        <ShownPieces eventId={show.id} onSeek={isSeekable ? seekTo : null} />
        <ShowWinners show={show} />
      </div>
    </LiveLayout>
  );
}

export default function PastPage() {
  return (
    <EventById
      noun="show"
      accepts={(event) => event.type !== 'giveaway'}
      listPath="/home"
      listLabel="See upcoming shows"
    >
      {(show) => <PastShow show={show} />}
    </EventById>
  );
}
