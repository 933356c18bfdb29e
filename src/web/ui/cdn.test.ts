import { describe, expect, it } from 'vitest';
import { sourceHostUrl } from './cdn';

const TARGET = 'https://cdn.gemcast.example';
const SOURCE = 'https://assets.gemcast.example/origin/';

describe('sourceHostUrl', () => {
  it('swaps the target host for the source host and keeps the path and query', () => {
    expect(sourceHostUrl('https://cdn.gemcast.example/shows/42.jpg?w=640', TARGET, SOURCE)).toBe(
      'https://assets.gemcast.example/origin/shows/42.jpg?w=640',
    );
    expect(sourceHostUrl('https://cdn.gemcast.example/a.png', `${TARGET}/`, SOURCE)).toBe(
      'https://assets.gemcast.example/origin/a.png',
    );
  });

  it('leaves images from other hosts alone', () => {
    expect(sourceHostUrl('https://elsewhere.example/a.png', TARGET, SOURCE)).toBeNull();
    expect(sourceHostUrl('https://cdn.gemcast.example.evil.test/a.png', TARGET, SOURCE)).toBeNull();
    expect(sourceHostUrl('/media/a.png', TARGET, SOURCE)).toBeNull();
  });

  it('has nothing to swap when a host is not configured or both are the same', () => {
    expect(sourceHostUrl('https://cdn.gemcast.example/a.png', '', SOURCE)).toBeNull();
    expect(sourceHostUrl('https://cdn.gemcast.example/a.png', TARGET, '')).toBeNull();
    expect(sourceHostUrl('https://cdn.gemcast.example/a.png', TARGET, TARGET)).toBeNull();
  });
});
