// What a show's stream or replay address means to the player: an HLS playlist, a plain video file,
// a YouTube or Facebook video to embed (privacy-enhanced addresses, muted so it may start by itself),
// an Agora channel, or nothing playable. Pure, so both players and tests read it the same way.

export type PlayerSource =
  | { kind: 'hls'; url: string }
  | { kind: 'file'; url: string }
  | { kind: 'youtube'; videoId: string }
  | { kind: 'facebook'; videoUrl: string }
  | { kind: 'agora'; channel: string }
  | { kind: 'none' };

const YOUTUBE_ID = /^[\w-]{11}$/;
const YOUTUBE_URL =
  /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|live\/|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})(?:[?&#/]|$)/;
const FACEBOOK_URL = /^https:\/\/(?:www\.|m\.)?facebook\.com\/[^\s]+\/videos\/(?:[^\s/]+\/)?\d+/;
const OWN_OR_HTTPS = /^(?:https:\/\/[^\s]+|\/media\/[^\s]+)$/;
const HLS_PATH = /\.m3u8(?:[?#].*)?$/i;
const VIDEO_FILE_PATH = /\.(?:mp4|m4v|webm|mov)(?:[?#].*)?$/i;

/** The 11-character id of a YouTube video, from the id itself or any usual YouTube address. */
export function youtubeIdOf(value: string): string | null {
  const trimmed = value.trim();
  if (YOUTUBE_ID.test(trimmed)) return trimmed;
  return YOUTUBE_URL.exec(trimmed)?.[1] ?? null;
}

/** A direct address we may hand to a <video>: https or our own /media/ folder. */
function mediaAddress(value: string): string | null {
  return OWN_OR_HTTPS.test(value) ? value : null;
}

function fromAddress(value: string): PlayerSource {
  const videoId = YOUTUBE_URL.exec(value)?.[1];
  if (videoId) return { kind: 'youtube', videoId };
  if (FACEBOOK_URL.test(value)) return { kind: 'facebook', videoUrl: value };
  const url = mediaAddress(value);
  if (url && HLS_PATH.test(url)) return { kind: 'hls', url };
  if (url && VIDEO_FILE_PATH.test(url)) return { kind: 'file', url };
  return { kind: 'none' };
}

/**
 * A live stream is read by its show's platform (staff set both together); a replay by its address
 * alone, since a show streamed on one platform may keep its recording on another.
 */
export function playerSource(platform: string, source: string, use: 'live' | 'replay'): PlayerSource {
  const value = source.trim();
  if (!value) return { kind: 'none' };
  if (use === 'replay') return fromAddress(value);
  switch (platform) {
    case 'hls': {
      const url = mediaAddress(value);
      return url && HLS_PATH.test(url) ? { kind: 'hls', url } : { kind: 'none' };
    }
    case 'youtube': {
      const videoId = youtubeIdOf(value);
      return videoId ? { kind: 'youtube', videoId } : { kind: 'none' };
    }
    case 'facebook':
      return FACEBOOK_URL.test(value) ? { kind: 'facebook', videoUrl: value } : { kind: 'none' };
    case 'agora':
      return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? { kind: 'agora', channel: value } : { kind: 'none' };
    default:
      return fromAddress(value);
  }
}

/**
 * The YouTube player on its no-cookie host: starts muted (browsers allow only that without a tap),
 * plays inline on phones, and listens for our unmute command (enablejsapi, with our origin).
 */
export function youtubeEmbedUrl(
  videoId: string,
  pageOrigin: string,
  options: { autoplay: boolean; startSeconds?: number },
): string {
  const params = new URLSearchParams({ playsinline: '1', rel: '0', enablejsapi: '1', origin: pageOrigin });
  // A replay opened at a piece's time (decision 082).
  if (options.startSeconds && options.startSeconds > 0) params.set('start', String(Math.floor(options.startSeconds)));
  if (options.autoplay) {
    params.set('autoplay', '1');
    params.set('mute', '1');
  }
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params.toString()}`;
}

/** Facebook's video plugin; it starts muted when it starts by itself and shows its own sound button. */
export function facebookEmbedUrl(videoUrl: string, options: { autoplay: boolean }): string {
  const params = new URLSearchParams({
    href: videoUrl,
    show_text: 'false',
    allowfullscreen: 'true',
    autoplay: String(options.autoplay),
  });
  return `https://www.facebook.com/plugins/video.php?${params.toString()}`;
}

/** The message the YouTube player understands to turn the sound on (its documented postMessage form). */
export const YOUTUBE_UNMUTE_COMMANDS = [
  JSON.stringify({ event: 'command', func: 'unMute', args: [] }),
  JSON.stringify({ event: 'command', func: 'playVideo', args: [] }),
];

/**
 * How an HLS playlist is played: natively where the browser says it can (Safari, iPhone, newer
 * Chromium), else with hls.js over Media Source Extensions, else not at all.
 */
export function hlsEngine(nativeAnswer: string, hasMediaSource: boolean): 'native' | 'hls.js' | 'unsupported' {
  if (nativeAnswer === 'probably' || nativeAnswer === 'maybe') return 'native';
  return hasMediaSource ? 'hls.js' : 'unsupported';
}
