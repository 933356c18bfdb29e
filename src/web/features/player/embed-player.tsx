// A YouTube or Facebook video in its own player frame. YouTube comes from its no-cookie host,
// starts muted and takes our 'Turn sound on' command; Facebook's player shows its own sound button.
import { useRef, useState } from 'react';
import { PlayerStage, SoundOnButton } from './player-parts';
import { YOUTUBE_UNMUTE_COMMANDS, facebookEmbedUrl, youtubeEmbedUrl } from './stream-source';

type EmbedPlayerProps = {
  source: { kind: 'youtube'; videoId: string } | { kind: 'facebook'; videoUrl: string };
  /** The frame's title for screen readers: 'Live video: Opal Hour'. */
  label: string;
  /** A replay opened at this second (YouTube only; a new value is a new frame). */
  startSeconds?: number;
};

const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';

export function EmbedPlayer({ source, label, startSeconds }: EmbedPlayerProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [isMuted, setMuted] = useState(true);
  const src =
    source.kind === 'youtube'
      ? youtubeEmbedUrl(source.videoId, window.location.origin, { autoplay: true, startSeconds })
      : facebookEmbedUrl(source.videoUrl, { autoplay: true });

  function handleUnmute() {
    const target = frameRef.current?.contentWindow;
    if (!target) return;
    for (const command of YOUTUBE_UNMUTE_COMMANDS) target.postMessage(command, YOUTUBE_ORIGIN);
    setMuted(false);
  }

  return (
    <PlayerStage>
      <iframe
        ref={frameRef}
        src={src}
        title={label}
        className="size-full border-0"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {source.kind === 'youtube' && isMuted && <SoundOnButton onClick={handleUnmute} />}
    </PlayerStage>
  );
}
