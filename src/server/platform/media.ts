// Local media storage under $DATA_DIR/media: pictures are checked by content, re-encoded by
// sharp to WebP (profile pictures at most 512 px; staff images at three widths) and saved under a
// random name, never the uploaded one. One re-encode runs at a time, on one libvips thread (decision 053).
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PICTURE_MAX_PIXELS, PICTURE_SIZE_PX } from '../../shared/contract/profile';
import { sizedName } from '../../shared/image-sizes';
import type { Random } from './clock';
import { taskQueue } from './task-queue';

// A burst of uploads must not take the cores the show's calls run on: each re-encode uses one
// libvips thread, and they wait their turn in one queue per process.
sharp.concurrency(1);
/** Every re-encode of this process, one at a time, first come first served. */
export const reencodes = taskQueue(1);

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

export class NotAnImageError extends Error {}
export class ImageTooLargeError extends Error {}

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Checks by content that `input` is a picture we read, of at most `maxPixels`. */
export async function checkImage(input: Buffer, maxPixels: number): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new NotAnImageError();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new NotAnImageError();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) throw new ImageTooLargeError();
}

/** Re-encodes an uploaded picture and returns its stored path relative to the media root. */
export async function storePicture(dataDir: string, folder: string, input: Buffer, random: Random): Promise<string> {
  await checkImage(input, PICTURE_MAX_PIXELS);
  let output: Buffer;
  try {
    output = await reencodes.run(() =>
      sharp(input, { limitInputPixels: PICTURE_MAX_PIXELS, animated: false })
        .rotate()
        .resize(PICTURE_SIZE_PX, PICTURE_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch {
    throw new NotAnImageError();
  }
  const relative = `${folder}/${random.bytes(16).toString('hex')}.webp`;
  const file = path.join(mediaRoot(dataDir), relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, output);
  return relative;
}

/**
 * Re-encodes a staff upload (decision 047) to WebP at each of `widths` (never enlarged, so a small
 * image keeps its own size in every file) and returns the largest one's path relative to the
 * media root: '<folder>/<random>-1280w.webp'. Nothing is written unless every size encodes.
 */
export async function storeSizedImage(
  dataDir: string,
  folder: string,
  input: Buffer,
  random: Random,
  widths: readonly number[],
  maxPixels: number,
): Promise<string> {
  await checkImage(input, maxPixels);
  const outputs: [number, Buffer][] = [];
  try {
    // One width at a time, each its own turn in the queue, so a profile picture never waits for all three.
    for (const width of widths) {
      const output = await reencodes.run(() =>
        sharp(input, { limitInputPixels: maxPixels, animated: false })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      );
      outputs.push([width, output]);
    }
  } catch {
    throw new NotAnImageError();
  }
  const base = `${folder}/${random.bytes(16).toString('hex')}`;
  await mkdir(path.join(mediaRoot(dataDir), folder), { recursive: true });
  for (const [width, output] of outputs) await writeFile(path.join(mediaRoot(dataDir), sizedName(base, width)), output);
  return sizedName(base, Math.max(...widths));
}

export async function removeMedia(dataDir: string, relative: string): Promise<void> {
  const root = mediaRoot(dataDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return;
  await unlink(file).catch(() => undefined);
}
