import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect, withRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps a path on this site', () => {
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('/giveaway/12?from=mail')).toBe('/giveaway/12?from=mail');
  });

  it('sends anything else home', () => {
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('')).toBe('/home');
    expect(safeRedirect('https://evil.example/')).toBe('/home');
    expect(safeRedirect('//evil.example/')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
  });
});

describe('login links', () => {
  it('carries the page to come back to', () => {
    expect(loginPathFor('/profile')).toBe('/login?redirectTo=%2Fprofile');
    expect(withRedirect('/register', '/profile')).toBe('/register?redirectTo=%2Fprofile');
    expect(withRedirect('/register', null)).toBe('/register');
  });
});
