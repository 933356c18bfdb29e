import { describe, expect, it } from 'vitest';
import { facebookEmbedUrl, hlsEngine, playerSource, youtubeEmbedUrl, youtubeIdOf } from './stream-source';

describe('playerSource for a live stream', () => {
  it('plays an HLS playlist from our media folder or an https host', () => {
    expect(playerSource('hls', '/media/demo/live.m3u8', 'live')).toEqual({ kind: 'hls', url: '/media/demo/live.m3u8' });
    expect(playerSource('hls', ' https://cdn.example.com/show/index.m3u8?token=1 ', 'live')).toEqual({
      kind: 'hls',
      url: 'https://cdn.example.com/show/index.m3u8?token=1',
    });
  });

  it('refuses what is not a playlist on an allowed address', () => {
    expect(playerSource('hls', 'javascript:alert(1)//.m3u8', 'live')).toEqual({ kind: 'none' });
    expect(playerSource('hls', 'http://insecure.example.com/a.m3u8', 'live')).toEqual({ kind: 'none' });
    expect(playerSource('hls', '/media/demo/live.mp4', 'live')).toEqual({ kind: 'none' });
  });

  it('reads a YouTube id or address, and a Facebook video address', () => {
    expect(playerSource('youtube', 'dQw4w9WgXcQ', 'live')).toEqual({ kind: 'youtube', videoId: 'dQw4w9WgXcQ' });
    expect(playerSource('youtube', 'https://www.youtube.com/live/dQw4w9WgXcQ?si=x', 'live')).toEqual({
      kind: 'youtube',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(playerSource('youtube', 'https://example.com/watch?v=dQw4w9WgXcQ', 'live')).toEqual({ kind: 'none' });
    const facebook = 'https://www.facebook.com/gemcast/videos/1234567890';
    expect(playerSource('facebook', facebook, 'live')).toEqual({ kind: 'facebook', videoUrl: facebook });
    expect(playerSource('facebook', 'https://facebook.example.com/videos/1', 'live')).toEqual({ kind: 'none' });
  });

  it('names the Agora channel, and has nothing to play when no stream is set', () => {
    expect(playerSource('agora', 'gemcast-live', 'live')).toEqual({ kind: 'agora', channel: 'gemcast-live' });
    expect(playerSource('hls', '', 'live')).toEqual({ kind: 'none' });
    expect(playerSource('youtube', '   ', 'live')).toEqual({ kind: 'none' });
  });
});

describe('playerSource for a replay', () => {
  it('goes by the address, whatever platform the show streamed on', () => {
    expect(playerSource('agora', 'https://youtu.be/dQw4w9WgXcQ', 'replay')).toEqual({
      kind: 'youtube',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(playerSource('youtube', '/media/replays/show-12.m3u8', 'replay')).toEqual({
      kind: 'hls',
      url: '/media/replays/show-12.m3u8',
    });
    expect(playerSource('hls', 'https://cdn.example.com/replay.mp4', 'replay')).toEqual({
      kind: 'file',
      url: 'https://cdn.example.com/replay.mp4',
    });
    expect(playerSource('hls', 'https://www.facebook.com/gemcast/videos/987654', 'replay')).toEqual({
      kind: 'facebook',
      videoUrl: 'https://www.facebook.com/gemcast/videos/987654',
    });
  });

  it('has nothing to play for an address it cannot play', () => {
    expect(playerSource('hls', 'https://example.com/replay-page', 'replay')).toEqual({ kind: 'none' });
  });
});

describe('youtubeIdOf', () => {
  it('reads watch, short, embed and shorts addresses', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=10',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(youtubeIdOf(url), url).toBe('dQw4w9WgXcQ');
    }
    expect(youtubeIdOf('https://www.youtube.com/watch?v=short')).toBeNull();
  });
});

describe('embed addresses', () => {
  it('uses the no-cookie YouTube host, muted and inline when it starts by itself', () => {
    const url = new URL(youtubeEmbedUrl('dQw4w9WgXcQ', 'https://gemcast.example', { autoplay: true }));
    expect(url.origin + url.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      playsinline: '1',
      rel: '0',
      enablejsapi: '1',
      origin: 'https://gemcast.example',
      autoplay: '1',
      mute: '1',
    });
    expect(
      new URL(youtubeEmbedUrl('dQw4w9WgXcQ', 'https://gemcast.example', { autoplay: false })).searchParams.has('mute'),
    ).toBe(false);
  });

  it('starts a replay at a given second, whole seconds only', () => {
    const at = (startSeconds: number) =>
      new URL(youtubeEmbedUrl('dQw4w9WgXcQ', 'https://gemcast.example', { autoplay: true, startSeconds })).searchParams;
    expect(at(754.6).get('start')).toBe('754');
    expect(at(0).has('start')).toBe(false);
  });

  it("passes the Facebook video to Facebook's plugin", () => {
    const url = new URL(facebookEmbedUrl('https://www.facebook.com/gemcast/videos/42', { autoplay: true }));
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/plugins/video.php');
    expect(url.searchParams.get('href')).toBe('https://www.facebook.com/gemcast/videos/42');
    expect(url.searchParams.get('autoplay')).toBe('true');
  });
});

describe('hlsEngine', () => {
  it('plays natively when the browser says it can, else with hls.js where Media Source exists', () => {
    expect(hlsEngine('maybe', true)).toBe('native');
    expect(hlsEngine('probably', false)).toBe('native');
    expect(hlsEngine('', true)).toBe('hls.js');
    expect(hlsEngine('', false)).toBe('unsupported');
  });
});
