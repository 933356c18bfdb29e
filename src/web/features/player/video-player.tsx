// Plays an HLS playlist or a video file in a <video>: natively where the browser can, else with
// hls.js (loaded only when needed, so it stays out of the first page's download). Starts muted so
// browsers let it play by itself, inline on phones, with a large button to turn the sound on. A
// replay can be told to jump to a second once it knows its length.
import { useEffect, useRef, useState } from 'react';
import { PlayerFailed, PlayerMessage, PlayerStage, SoundOnButton } from './player-parts';
import { hlsEngine } from './stream-source';

type VideoPlayerProps = {
  kind: 'hls' | 'file';
  url: string;
  /** Names the video for screen readers: 'Live video: Opal Hour'. */
  label: string;
  /** A live show whose stream is a finished recording (the demo clip) starts over instead of stopping. */
  restartAtEnd?: boolean;
  seek?: SeekRequest | null;
};

/** A jump to a second of the video; `nonce` tells a second press of the same time from the first. */
export type SeekRequest = { seconds: number; nonce: number };

type Problem = 'unsupported' | 'failed' | null;

/** Connects the video to its source and returns how to let go of it. */
function attach(
  video: HTMLVideoElement,
  kind: 'hls' | 'file',
  url: string,
  onProblem: (problem: Problem) => void,
): () => void {
  const engine =
    kind === 'file' ? 'native' : hlsEngine(video.canPlayType('application/vnd.apple.mpegurl'), 'MediaSource' in window);
  // Says which engine plays, for support questions and the end-to-end tests.
  video.dataset.engine = engine;
  if (engine === 'unsupported') {
    onProblem('unsupported');
    return () => undefined;
  }
  if (engine === 'native') {
    video.src = url;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  let isCancelled = false;
  let destroy: () => void = () => undefined;
  void import('hls.js')
    .then(({ default: Hls }) => {
      if (isCancelled) return;
      if (!Hls.isSupported()) {
        onProblem('unsupported');
        return;
      }
      const hls = new Hls({ lowLatencyMode: true, backBufferLength: 30 });
      let mediaRecoveries = 0;
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // The documented recoveries: reload after a network failure, rebuild the buffer once or twice
        // after a decoding failure; anything else ends playback with a message.
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
        else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
          mediaRecoveries += 1;
          hls.recoverMediaError();
        } else onProblem('failed');
      });
      hls.loadSource(url);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    })
    .catch(() => onProblem('failed'));
  return () => {
    isCancelled = true;
    destroy();
  };
}

export function VideoPlayer({ kind, url, label, restartAtEnd = false, seek = null }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isMuted, setMuted] = useState(true);
  const [needsTap, setNeedsTap] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = true;
    const detach = attach(video, kind, url, setProblem);
    const start = () => {
      video.play().then(
        () => setNeedsTap(false),
        // Autoplay refused even muted (a data saver, a strict setting): a tap starts it.
        () => setNeedsTap(true),
      );
    };
    const handleEnded = () => {
      if (!restartAtEnd) return;
      video.currentTime = 0;
      start();
    };
    const handleVolume = () => setMuted(video.muted || video.volume === 0);
    const handleError = () => {
      if (video.error) setProblem('failed');
    };
    video.addEventListener('canplay', start, { once: true });
    video.addEventListener('ended', handleEnded);
    video.addEventListener('volumechange', handleVolume);
    video.addEventListener('error', handleError);
    return () => {
      video.removeEventListener('canplay', start);
      video.removeEventListener('ended', handleEnded);
      video.removeEventListener('volumechange', handleVolume);
      video.removeEventListener('error', handleError);
      detach();
    };
  }, [kind, url, restartAtEnd, attempt]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !seek) return;
    const jump = () => {
      video.currentTime = seek.seconds;
      if (video.paused)
        void video.play().then(
          () => setNeedsTap(false),
          () => setNeedsTap(true),
        );
    };
    // Before its metadata a video cannot move; it jumps as soon as it knows its length.
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) {
      jump();
      return;
    }
    video.addEventListener('loadedmetadata', jump, { once: true });
    return () => video.removeEventListener('loadedmetadata', jump);
  }, [seek, attempt]);

  function handleUnmute() {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    if (video.volume === 0) video.volume = 1;
    if (video.paused) void video.play().catch(() => setNeedsTap(true));
    setNeedsTap(false);
  }

  function handlePlay() {
    const video = videoRef.current;
    if (!video) return;
    void video.play().then(
      () => setNeedsTap(false),
      () => setNeedsTap(true),
    );
  }

  if (problem === 'unsupported')
    return (
      <PlayerMessage
        isAlert
        title="This browser cannot play the video. Try a current version of Chrome, Edge, Firefox or Safari."
      />
    );
  if (problem === 'failed') {
    return (
      <PlayerFailed
        title="The video stopped or could not be loaded."
        onRetry={() => {
          setProblem(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  return (
    <PlayerStage>
      <video
        ref={videoRef}
        aria-label={label}
        className="size-full"
        controls
        playsInline
        muted
        autoPlay
        preload="auto"
      />
      {(isMuted || needsTap) && (
        <SoundOnButton onClick={needsTap && !isMuted ? handlePlay : handleUnmute}>
          {needsTap ? 'Play with sound' : 'Turn sound on'}
        </SoundOnButton>
      )}
    </PlayerStage>
  );
}
