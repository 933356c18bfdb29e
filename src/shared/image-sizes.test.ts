import { describe, expect, it } from 'vitest';
import { imageAtWidth, srcSetOf } from './image-sizes';

describe('the widths of an uploaded image', () => {
  it('builds the srcset of one of our uploads, on any host', () => {
    expect(srcSetOf('/media/events/ab12-1280w.webp')).toBe(
      '/media/events/ab12-320w.webp 320w, /media/events/ab12-640w.webp 640w, /media/events/ab12-1280w.webp 1280w',
    );
    expect(srcSetOf('https://cdn.example.com/media/events/ab12-1280w.webp')).toContain(
      'https://cdn.example.com/media/events/ab12-640w.webp 640w',
    );
    expect(imageAtWidth('/media/events/ab12-640w.webp', 320)).toBe('/media/events/ab12-320w.webp');
  });

  it('leaves any other address without a srcset', () => {
    for (const src of ['', 'https://example.com/ring.jpg', '/media/events/ab12-1000w.webp', '/media/ab12-1280w.png'])
      expect(srcSetOf(src)).toBeUndefined();
  });
});
