// Plays the host's camera and sound from an Agora channel, joined as audience with the token
// rtctokngenerator_v2 gave. The Agora SDK (large) is loaded here only, once a token is in hand.
// Sound waits for the viewer's tap, like the other players.
import type { IAgoraRTCClient, IRemoteAudioTrack } from 'agora-rtc-sdk-ng';
import { useEffect, useRef, useState } from 'react';
import type { RtcToken } from '../../../shared/contract/live';
import { PlayerFailed, PlayerStage, SoundOnButton } from './player-parts';

type Phase = 'connecting' | 'waiting' | 'playing' | 'failed';

const PHASE_TEXT: Record<Exclude<Phase, 'playing'>, string> = {
  connecting: 'Connecting to the studio…',
  waiting: 'Connected. The host’s camera is not on yet.',
  failed: 'We could not connect to the studio.',
};

export function AgoraPlayer({ token, label }: { token: RtcToken; label: string }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const audioRef = useRef<IRemoteAudioTrack | null>(null);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [hasSound, setHasSound] = useState(false);
  const [isMuted, setMuted] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let client: IAgoraRTCClient | null = null;
    let isCancelled = false;
    void import('agora-rtc-sdk-ng')
      .then(async ({ default: AgoraRTC }) => {
        if (isCancelled) return;
        AgoraRTC.setLogLevel(3);
        AgoraRTC.disableLogUpload();
        const joined = AgoraRTC.createClient({ mode: 'live', codec: 'vp8', role: 'audience' });
        client = joined;
        joined.on('user-published', async (user, mediaType) => {
          await joined.subscribe(user, mediaType);
          if (mediaType === 'video' && user.videoTrack && stageRef.current) {
            user.videoTrack.play(stageRef.current, { fit: 'contain' });
            setPhase('playing');
          }
          if (mediaType === 'audio' && user.audioTrack) {
            audioRef.current = user.audioTrack;
            setHasSound(true);
          }
        });
        joined.on('user-unpublished', (_user, mediaType) => {
          if (mediaType === 'video') setPhase('waiting');
          if (mediaType === 'audio') {
            audioRef.current = null;
            setHasSound(false);
          }
        });
        await joined.join(token.appId, token.channel, token.token, token.uid);
        if (!isCancelled) setPhase((current) => (current === 'connecting' ? 'waiting' : current));
      })
      .catch(() => {
        if (!isCancelled) setPhase('failed');
      });
    return () => {
      isCancelled = true;
      audioRef.current = null;
      void client?.leave();
    };
  }, [token, attempt]);

  function handleSoundOn() {
    audioRef.current?.play();
    setMuted(false);
  }

  if (phase === 'failed') {
    return (
      <PlayerFailed
        title={PHASE_TEXT.failed}
        onRetry={() => {
          setPhase('connecting');
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <PlayerStage>
      <div ref={stageRef} role="img" aria-label={label} className="size-full" />
      {phase !== 'playing' && (
        <p className="absolute inset-0 grid place-items-center p-6 text-center text-lg font-black text-white">
          {PHASE_TEXT[phase]}
        </p>
      )}
      {phase === 'playing' && hasSound && isMuted && <SoundOnButton onClick={handleSoundOn} />}
    </PlayerStage>
  );
}
