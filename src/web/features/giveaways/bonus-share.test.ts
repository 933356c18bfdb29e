import { describe, expect, it } from 'vitest';
import { entryTotalText, networkShareUrl, referralLink, shareOrCopy, type ShareDevice } from './bonus-share';

const DATA = { title: 'Opal ring', text: 'Enter with me', url: 'https://gemcast.example/giveaway/7?refid=RUBYDEMO' };

function abortError() {
  const error = new Error('Share canceled');
  error.name = 'AbortError';
  return error;
}

describe('referralLink', () => {
  it("points at the giveaway page and carries the viewer's invite code as refid", () => {
    expect(referralLink('https://gemcast.example', 7, 'RUBYDEMO')).toBe(
      'https://gemcast.example/giveaway/7?refid=RUBYDEMO',
    );
  });

  it('leaves refid out when the viewer has no code', () => {
    expect(referralLink('https://gemcast.example', 7, ' ')).toBe('https://gemcast.example/giveaway/7');
  });
});

describe('networkShareUrl', () => {
  it('hands the whole referral link, encoded, to each network', () => {
    const link = 'https://gemcast.example/giveaway/7?refid=RUBYDEMO';
    const encoded = encodeURIComponent(link);
    expect(networkShareUrl('facebook', link, 'Opal ring')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    );
    expect(networkShareUrl('x', link, 'Opal ring')).toContain(`url=${encoded}`);
    expect(networkShareUrl('whatsapp', link, 'Opal ring')).toContain(encoded);
    expect(networkShareUrl('email', link, 'Opal ring')).toMatch(/^mailto:\?subject=.*&body=/);
  });
});

describe('entryTotalText', () => {
  it('counts the entry and the bonuses apart', () => {
    expect(entryTotalText({ exists: true, entries: 3 })).toBe('3 entries: 1 entry + 2 bonus');
    expect(entryTotalText({ exists: true, entries: 2 })).toBe('2 entries: 1 entry + 1 bonus');
    expect(entryTotalText({ exists: true, entries: 1 })).toBe('1 entry, no bonus entries yet');
    expect(entryTotalText({ exists: false, entries: 0 })).toBe('');
  });
});

describe('shareOrCopy', () => {
  it("uses the device's share menu when there is one", async () => {
    const shared: ShareData[] = [];
    const device: ShareDevice = { share: async (data) => void shared.push(data) };
    expect(await shareOrCopy(device, DATA)).toBe('shared');
    expect(shared).toEqual([DATA]);
  });

  it('reports a cancelled menu without copying', async () => {
    const copied: string[] = [];
    const device: ShareDevice = {
      share: () => Promise.reject(abortError()),
      clipboard: { writeText: async (text) => void copied.push(text) },
    };
    expect(await shareOrCopy(device, DATA)).toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('copies the link when there is no share menu, or the menu is refused', async () => {
    const copied: string[] = [];
    const clipboard = { writeText: async (text: string) => void copied.push(text) };
    expect(await shareOrCopy({ clipboard }, DATA)).toBe('copied');
    const refused = new Error('not allowed');
    refused.name = 'NotAllowedError';
    expect(await shareOrCopy({ share: () => Promise.reject(refused), clipboard }, DATA)).toBe('copied');
    expect(copied).toEqual([DATA.url, DATA.url]);
  });

  it('fails when neither works', async () => {
    expect(await shareOrCopy({}, DATA)).toBe('failed');
    expect(await shareOrCopy({ clipboard: { writeText: () => Promise.reject(new Error('blocked')) } }, DATA)).toBe(
      'failed',
    );
  });
});
