// The one player for shows, previews and replays: picks the HLS/file player, the YouTube or
// Facebook embed, or a way to the Agora page, from what playerSource made of the address. A replay
// can be asked to jump to a second (a piece's time on the past show's page, decision 082).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../ui/button';
import { EmbedPlayer } from './embed-player';
import { PlayerMessage } from './player-parts';
import type { PlayerSource } from './stream-source';
import { VideoPlayer, type SeekRequest } from './video-player';

type StreamPlayerProps = {
  source: PlayerSource;
  /** Names the video for screen readers: 'Live video: Opal Hour'. */
  label: string;
  /** What shows when there is nothing to play: a title and a line of explanation. */
  empty: { title: string; text?: ReactNode };
  /** For a live show whose stream is a finished recording: start over at the end. */
  restartAtEnd?: boolean;
  /** Jump to this second; each new request jumps again, even to the same second. */
  seek?: SeekRequest | null;
};

export function StreamPlayer({ source, label, empty, restartAtEnd, seek = null }: StreamPlayerProps) {
  switch (source.kind) {
    case 'hls':
    case 'file':
      // A new address is a new player: nothing of the previous stream's state carries over.
      return (
        <VideoPlayer
          key={source.url}
          kind={source.kind}
          url={source.url}
          label={label}
          restartAtEnd={restartAtEnd}
          seek={seek}
        />
      );
    case 'youtube':
      // The embed starts at the second it is given, so a new jump is a new frame.
      return (
        <EmbedPlayer
          key={`${source.videoId}:${seek?.nonce ?? 0}`}
          source={source}
          label={label}
          startSeconds={seek?.seconds}
        />
      );
    case 'facebook':
      return <EmbedPlayer key={source.videoUrl} source={source} label={label} />;
    case 'agora':
      return (
        <PlayerMessage title="This show streams on our Agora player">
          <Link to="/live-agora" className={buttonStyles('outline')}>
            Open the Agora player
          </Link>
        </PlayerMessage>
      );
    case 'none':
      return (
        <PlayerMessage title={empty.title}>{empty.text && <p className="text-white/85">{empty.text}</p>}</PlayerMessage>
      );
  }
}
