import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names the pages of spec §2 after their first path segment', () => {
    expect(pageTitle('/register', 'Gemcast')).toBe('Register Page - Gemcast');
    expect(pageTitle('/login', 'Gemcast')).toBe('Login Page - Gemcast');
    expect(pageTitle('/login/password', 'Gemcast')).toBe('Login Page - Gemcast');
    expect(pageTitle('/forgot-password', 'Gemcast')).toBe('Forgot password Page - Gemcast');
    expect(pageTitle('/profile', 'Gemcast')).toBe('Profile Page - Gemcast');
    expect(pageTitle('/live', 'Gemcast')).toBe('Live Page - Gemcast');
    expect(pageTitle('/chat', 'Gemcast')).toBe('Chat Page - Gemcast');
    expect(pageTitle('/giveaways', 'Gemcast')).toBe('Giveaways Page - Gemcast');
    expect(pageTitle('/about', 'Gemcast')).toBe('About Page - Gemcast');
    expect(pageTitle('/privacy', 'Gemcast')).toBe('Privacy Page - Gemcast');
    expect(pageTitle('/terms', 'Gemcast')).toBe('Terms Page - Gemcast');
  });

  it('keeps the page name for pages with a parameter after it', () => {
    expect(pageTitle('/past/42', 'Gemcast')).toBe('Past Page - Gemcast');
    expect(pageTitle('/live/youtube', 'Gemcast')).toBe('Live Page - Gemcast');
  });

  it('titles home without the word Page', () => {
    expect(pageTitle('/home', 'Gemcast')).toBe('Home - Gemcast');
  });

  it('gives any other path the plain brand', () => {
    expect(pageTitle('/', 'Gemcast')).toBe('Gemcast');
    expect(pageTitle('/no/such/page', 'Gemcast')).toBe('Gemcast');
    expect(pageTitle('/rewards', 'Gemcast')).toBe('Gemcast');
    expect(pageTitle('/giveaway/3', 'Gemcast')).toBe('Gemcast');
    expect(pageTitle('/live-agora', 'Gemcast')).toBe('Gemcast');
  });

  it('uses the configured brand', () => {
    expect(pageTitle('/home', 'Sparkle TV')).toBe('Home - Sparkle TV');
    expect(pageTitle('/faq', 'Sparkle TV')).toBe('Sparkle TV');
  });
});
