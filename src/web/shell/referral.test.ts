import { describe, expect, it } from 'vitest';
import { externalReferrer, referralFrom } from './referral';

describe('referralFrom', () => {
  it('reads a trimmed refid, at most 100 characters', () => {
    expect(referralFrom('?refid=%20SPRING%20')).toBe('SPRING');
    expect(referralFrom(`?refid=${'x'.repeat(150)}`)).toHaveLength(100);
    expect(referralFrom('?ref=SPRING')).toBeNull();
    expect(referralFrom('?refid=')).toBeNull();
  });
});

describe('externalReferrer', () => {
  it('keeps another site as its host without www. and its full URL', () => {
    expect(externalReferrer('https://www.instagram.com/gemcast/', 'gemcast.example')).toEqual({
      source: 'instagram.com',
      url: 'https://www.instagram.com/gemcast/',
    });
    expect(externalReferrer('http://m.facebook.com/', 'gemcast.example')?.source).toBe('m.facebook.com');
  });

  it('never stores our own host, with or without www.', () => {
    expect(externalReferrer('https://gemcast.example/home', 'gemcast.example')).toBeNull();
    expect(externalReferrer('https://www.gemcast.example/home', 'gemcast.example')).toBeNull();
    expect(externalReferrer('https://gemcast.example/home', 'www.gemcast.example')).toBeNull();
  });

  it('ignores an empty referrer and other kinds of address', () => {
    expect(externalReferrer('', 'gemcast.example')).toBeNull();
    expect(externalReferrer('android-app://com.google.android.gm/', 'gemcast.example')).toBeNull();
  });
});
