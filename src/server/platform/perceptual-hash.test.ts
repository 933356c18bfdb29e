import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHASH_MAX_DISTANCE } from '../../shared/contract/contests';
import { hashDistance, perceptualHash } from './perceptual-hash';

/** A picture with a gradient and a few shapes, so its hash has structure. */
function scene(width: number, height: number, hue: 'warm' | 'cool') {
  const [a, b] = hue === 'warm' ? ['#c0392b', '#f1c40f'] : ['#1a5276', '#48c9b0'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${
      hue === 'warm'
        ? `<circle cx="${width * 0.3}" cy="${height * 0.4}" r="${width * 0.18}" fill="#fff"/>`
        : `<rect x="${width * 0.55}" y="${height * 0.1}" width="${width * 0.3}" height="${height * 0.7}" fill="#111"/>`
    }
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('perceptual hash', () => {
  it('is 16 hex digits and the same for the same picture', async () => {
    const png = await scene(400, 300, 'warm');
    const hash = await perceptualHash(png);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(await perceptualHash(png)).toBe(hash);
  });

  it('keeps a resized and re-compressed copy within PHASH_MAX_DISTANCE bits', async () => {
    const png = await scene(800, 600, 'warm');
    const original = await perceptualHash(png);
    const smaller = await sharp(png).resize(333).jpeg({ quality: 40 }).toBuffer();
    const webp = await sharp(png).resize(1200).webp({ quality: 30 }).toBuffer();
    expect(hashDistance(original, await perceptualHash(smaller))).toBeLessThanOrEqual(PHASH_MAX_DISTANCE);
    expect(hashDistance(original, await perceptualHash(webp))).toBeLessThanOrEqual(PHASH_MAX_DISTANCE);
  });

  it('puts a different picture far away', async () => {
    const warm = await perceptualHash(await scene(800, 600, 'warm'));
    const cool = await perceptualHash(await scene(800, 600, 'cool'));
    expect(hashDistance(warm, cool)).toBeGreaterThan(PHASH_MAX_DISTANCE * 2);
  });

  it('counts differing bits', () => {
    expect(hashDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('0000000000000001', '0000000000000003')).toBe(1);
  });
});
