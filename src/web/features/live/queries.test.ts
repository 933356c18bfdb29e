import { describe, expect, it } from 'vitest';
import { isPresence, isRtcToken, isStream } from './queries';

describe('answer checks of the live calls', () => {
  it('accepts a stream and refuses one with a wrong kind or a missing source', () => {
    expect(isStream({ eventid: 4, kind: 'live', platform: 'hls', source: '/media/demo/live.m3u8' })).toBe(true);
    expect(isStream({ eventid: 4, kind: 'replay', platform: 'youtube', source: '' })).toBe(true);
    expect(isStream({ eventid: 4, kind: 'preview', platform: 'hls', source: '' })).toBe(false);
    expect(isStream({ eventid: 4, kind: 'live', platform: 'hls' })).toBe(false);
    expect(isStream(null)).toBe(false);
  });

  it('accepts presence with whole numbers only', () => {
    expect(isPresence({ eventid: 4, viewers: 12, watched_seconds: 30 })).toBe(true);
    expect(isPresence({ eventid: 4, viewers: '12', watched_seconds: 30 })).toBe(false);
    expect(isPresence({ eventid: 4, viewers: 1.5, watched_seconds: 30 })).toBe(false);
  });

  it('accepts an Agora token with every field', () => {
    const token = {
      token: '007abc',
      appId: '0123456789abcdef0123456789abcdef',
      channel: 'gemcast-live',
      uid: 9,
      expiresAt: '2026-06-15T19:00:00.000Z',
    };
    expect(isRtcToken(token)).toBe(true);
    expect(isRtcToken({ ...token, uid: '9' })).toBe(false);
    expect(isRtcToken({ ...token, channel: undefined })).toBe(false);
  });
});
