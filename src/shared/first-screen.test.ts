import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventListRead, firstScreenModule, firstScreenReads, HOME_EVENT_LISTS, readKey } from './first-screen';

describe('first-screen reads', () => {
  it('keys a read the same whatever the order of its parameters, leaving out unset ones', () => {
    expect(readKey('/api/eventlist_v1', { type: 'show', on: 'live', limit: '1' })).toBe(
      '/api/eventlist_v1?limit=1&on=live&type=show',
    );
    expect(readKey('/api/eventlist_v1', { limit: '1', type: 'show', on: 'live', extra: undefined })).toBe(
      '/api/eventlist_v1?limit=1&on=live&type=show',
    );
    expect(readKey('/api/siteconfig', {})).toBe('/api/siteconfig');
  });

  it('answers the site configuration on every page and the five home lists on /home', () => {
    expect(firstScreenReads('/faq')).toEqual([{ path: '/api/siteconfig', query: {} }]);
    const home = firstScreenReads('/home');
    expect(home).toHaveLength(6);
    expect(home).toContainEqual(eventListRead(HOME_EVENT_LISTS.upcomingShows));
    expect(eventListRead(HOME_EVENT_LISTS.liveShow)).toEqual({
      path: '/api/eventlist_v1',
      query: { type: 'show', on: 'live', limit: '1' },
    });
  });

  it('names the home screen as the only screen whose code the page links', () => {
    expect(firstScreenModule('/home')).toBe('src/web/features/home/home-page.tsx');
    // The server looks the module up in the build's manifest by this path.
    expect(existsSync(firstScreenModule('/home') ?? '')).toBe(true);
    expect(firstScreenModule('/giveaways')).toBeNull();
  });
});
