// /live-agora (viewers only): the show on air played through Agora. The token comes first; only
// with one in hand is the Agora SDK loaded. Without Agora on this server (503 'Failed to get
// token') or with nothing on Agora now, the page says so and points to the regular live page.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RtcToken } from '../../../shared/contract/live';
import { ApiError, errorMessage } from '../../api/client';
import { Button, buttonStyles } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { eventListQuery } from '../events/queries';
import { AgoraPlayer } from '../player/agora-player';
import { LiveShow } from './live-show';
import { rtcTokenQuery } from './queries';

const liveShowsQuery = eventListQuery('show', 'live', 12);

function Unavailable({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Agora player</p>
      <h1 className="text-3xl font-black text-ink">{title}</h1>
      <p className="text-lg text-muted">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/live" className={buttonStyles('primary')}>
          Go to the live page
        </Link>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </section>
  );
}

function AgoraShow({ token, reachby }: { token: RtcToken; reachby: string }) {
  const shows = useQuery(liveShowsQuery);
  if (shows.isPending) return <Loading label="Looking for the live show" />;
  const show = shows.data?.find((candidate) => candidate.platform === 'agora') ?? shows.data?.[0];
  if (!show)
    return (
      <Unavailable
        title="Nothing is on air right now"
        text="The show has just ended. The live page shows the next one and when it starts."
      />
    );
  return (
    <LiveShow
      show={show}
      reachby={reachby}
      player={<AgoraPlayer token={token} label={`Live video: ${show.title}`} />}
    />
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Spinner className="size-10 text-primary" label={label} />
    </div>
  );
}

export function AgoraLive({ reachby }: { reachby: string }) {
  const token = useQuery(rtcTokenQuery);
  if (token.data) return <AgoraShow token={token.data} reachby={reachby} />;
  if (token.isPending) return <Loading label="Connecting to the Agora player" />;
  const status = token.error instanceof ApiError ? token.error.httpStatus : 0;
  if (status === 503) {
    return (
      <Unavailable
        title="The Agora player is not set up here"
        text="This server has no Agora account configured, so it cannot play shows through Agora. The regular live page plays every show we stream."
      />
    );
  }
  if (status === 404)
    return <Unavailable title="Nothing is streaming on Agora right now" text={errorMessage(token.error)} />;
  return (
    <Unavailable
      title="The Agora player could not start"
      text={errorMessage(token.error)}
      onRetry={() => void token.refetch()}
    />
  );
}
