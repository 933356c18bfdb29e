// Re-encoding is bounded (decision 053): uploads that arrive together are re-encoded one at a time,
// on one libvips thread, and every one of them is still stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { cryptoRandom } from './clock';
import { mediaRoot, reencodes, storePicture, storeSizedImage } from './media';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-media-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('re-encoding uploads', () => {
  it('uses one libvips thread', () => {
    expect(sharp.concurrency()).toBe(1);
  });

  it('re-encodes uploads that arrive together one at a time, and stores them all', async () => {
    const input = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#463389' } })
      .jpeg()
      .toBuffer();
    let mostRunning = 0;
    let mostWaiting = 0;
    let sampling = true;
    const sample = () => {
      mostRunning = Math.max(mostRunning, reencodes.running);
      mostWaiting = Math.max(mostWaiting, reencodes.waiting);
      if (sampling) setImmediate(sample);
    };
    sample();
    const stored = await Promise.all([
      ...Array.from({ length: 4 }, () => storePicture(dataDir, 'avatars', input, cryptoRandom)),
      ...Array.from({ length: 2 }, () =>
        storeSizedImage(dataDir, 'events', input, cryptoRandom, [320, 640, 1280], 40_000_000),
      ),
    ]);
    sampling = false;
    expect(mostRunning).toBe(1);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(new Set(stored).size).toBe(6);
    expect(await readdir(path.join(mediaRoot(dataDir), 'avatars'))).toHaveLength(4);
    expect(await readdir(path.join(mediaRoot(dataDir), 'events'))).toHaveLength(6);
    expect([reencodes.running, reencodes.waiting]).toEqual([0, 0]);
  });
});
