import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names the onboarding and profile pages after their first path segment', () => {
    expect(pageTitle('/register')).toBe('Register Page - Gemcast');
    expect(pageTitle('/login')).toBe('Login Page - Gemcast');
    expect(pageTitle('/login/password')).toBe('Login Page - Gemcast');
    expect(pageTitle('/forgot-password')).toBe('Forgot-password Page - Gemcast');
    expect(pageTitle('/profile')).toBe('Profile Page - Gemcast');
  });

  it('keeps the page name for pages with an id after it', () => {
    expect(pageTitle('/past/42')).toBe('Past Page - Gemcast');
  });

  it('titles home without the word Page', () => {
    expect(pageTitle('/home')).toBe('Home - Gemcast');
  });

  it('gives any other path the plain product name', () => {
    expect(pageTitle('/')).toBe('Gemcast');
    expect(pageTitle('/no/such/page')).toBe('Gemcast');
    expect(pageTitle('/rewards')).toBe('Gemcast');
  });
});
