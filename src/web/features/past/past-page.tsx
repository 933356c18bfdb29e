// /past/{id}: a show that has aired, with its replay in the same player as the live show (HLS, a
// video file, YouTube or Facebook), when it ran and what it was about; a show without a replay says
// so, and the winners of the show's giveaways, as staff announced them. A show still to come (an old
// link, a reused id) shows its countdown and a way to the live page.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
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
import { streamQuery } from '../live/queries';
import { ShowDetails } from '../live/show-details';
import { PlayerMessage } from '../player/player-parts';
import { StreamPlayer } from '../player/stream-player';
import { playerSource } from '../player/stream-source';
import { RsvpButton } from '../rsvp/rsvp-button';
import { ShowAlertsButton } from '../subscriptions/show-alerts-button';

const NO_REPLAY = 'There is no replay of this show.';

function Replay({ show }: { show: EventRecord }) {
  const replay = useQuery(streamQuery(show.id));
  if (replay.data) {
    return (
      <StreamPlayer
        source={playerSource(replay.data.platform, replay.data.source, 'replay')}
        label={`Replay: ${show.title}`}
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
  return (
    <LiveLayout player={<Replay show={show} />}>
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
