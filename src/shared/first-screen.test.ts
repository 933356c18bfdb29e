import { describe, expect, it } from 'vitest';
import { eventListRead, firstScreenReads, HOME_EVENT_LISTS, readKey } from './first-screen';

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
});
