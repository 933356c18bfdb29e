// Local media storage under $DATA_DIR/media: pictures are checked by content, re-encoded by
// sharp to WebP (at most 512 px) and saved under a random name, never the uploaded one.
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PICTURE_MAX_PIXELS, PICTURE_SIZE_PX } from '../../shared/contract/profile';
import type { Random } from './clock';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

export class NotAnImageError extends Error {}
export class ImageTooLargeError extends Error {}

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Re-encodes an uploaded picture and returns its stored path relative to the media root. */
export async function storePicture(dataDir: string, folder: string, input: Buffer, random: Random): Promise<string> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new NotAnImageError();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new NotAnImageError();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > PICTURE_MAX_PIXELS) throw new ImageTooLargeError();
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: PICTURE_MAX_PIXELS, animated: false })
      .rotate()
      .resize(PICTURE_SIZE_PX, PICTURE_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError();
  }
  const relative = `${folder}/${random.bytes(16).toString('hex')}.webp`;
  const file = path.join(mediaRoot(dataDir), relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, output);
  return relative;
}

export async function removeMedia(dataDir: string, relative: string): Promise<void> {
  const root = mediaRoot(dataDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return;
  await unlink(file).catch(() => undefined);
}
