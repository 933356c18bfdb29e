// The policy's player, embed and Agora hosts, built from a configuration without a server.
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { contentSecurityPolicy } from './security';

const site: Config['site'] = {
  brand: 'Gemcast',
  phone: '',
  email: 'support@gemcast.example',
  targetCdnUrl: '',
  sourceCdnUrl: '',
  appAssetsLocation: '',
  gaId: '',
  replayId: '',
  pixelId: '',
};
const policy = (overrides: { embedHosts?: string[]; agoraAppId?: string } = {}) =>
  contentSecurityPolicy({
    mediaHosts: [],
    embedHosts: overrides.embedHosts ?? [],
    agoraAppId: overrides.agoraAppId ?? '',
    site,
  });

describe('content security policy', () => {
  it('lets the YouTube (no-cookie) and Facebook players be framed, and nothing else by default', () => {
    expect(policy()['frame-src']).toEqual(['https://www.youtube-nocookie.com', 'https://www.facebook.com']);
  });

  it('adds configured embed hosts once each', () => {
    expect(policy({ embedHosts: ['https://player.example.com', 'https://www.facebook.com'] })['frame-src']).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.facebook.com',
      'https://player.example.com',
    ]);
  });

  it('lets the page reach Agora only once Agora is configured', () => {
    expect(policy()['connect-src']?.join(' ')).not.toContain('agora');
    const connect = policy({ agoraAppId: '0123456789abcdef0123456789abcdef' })['connect-src'];
    expect(connect).toEqual(
      expect.arrayContaining(['https://*.agora.io', 'wss://*.agora.io', 'https://*.sd-rtn.com', 'wss://*.sd-rtn.com']),
    );
  });

  it('keeps media playable from our origin and blob: URLs (hls.js feeds the video element from a blob)', () => {
    expect(policy()['media-src']).toEqual(["'self'", 'blob:']);
  });
});
