// A contest photo (decision 062): checked by content (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most
// CONTEST_PHOTO_MAX_PIXELS, read before any pixel is decoded so a decompression bomb is refused),
// re-encoded by sharp to WebP at CONTEST_PHOTO_SIZE_PX on its longest side with no metadata kept
// (EXIF, GPS and colour profiles are dropped), and fingerprinted twice: SHA-256 of the re-encoded
// pixels (the same photo exactly) and a 64-bit dHash (the same photo resized or re-compressed).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CONTEST_PHOTO_MAX_PIXELS, CONTEST_PHOTO_SIZE_PX } from '../../../shared/contract/contests';
import type { Random } from '../../platform/clock';
import { checkImage, mediaRoot, NotAnImageError, reencodes } from '../../platform/media';
import { perceptualHash } from '../../platform/perceptual-hash';

export const CONTEST_MEDIA_FOLDER = 'contests';

export type EncodedPhoto = { webp: Buffer; pixelHash: string; perceptualHash: string };

/** Checks and re-encodes a photo; throws NotAnImageError or ImageTooLargeError. Writes nothing. */
export async function encodeContestPhoto(input: Buffer): Promise<EncodedPhoto> {
  await checkImage(input, CONTEST_PHOTO_MAX_PIXELS);
  try {
    return await reencodes.run(async () => {
      const webp = await sharp(input, { limitInputPixels: CONTEST_PHOTO_MAX_PIXELS, animated: false })
        .rotate()
        .resize(CONTEST_PHOTO_SIZE_PX, CONTEST_PHOTO_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      const raw = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
      const pixelHash = createHash('sha256')
        .update(`${raw.info.width}x${raw.info.height}x${raw.info.channels}:`)
        .update(raw.data)
        .digest('hex');
      return { webp, pixelHash, perceptualHash: await perceptualHash(webp) };
    });
  } catch {
    throw new NotAnImageError();
  }
}

/** Writes an encoded photo under a random name; returns its path relative to the media root. */
export async function writeContestPhoto(dataDir: string, photo: EncodedPhoto, random: Random): Promise<string> {
  const relative = `${CONTEST_MEDIA_FOLDER}/${random.bytes(16).toString('hex')}.webp`;
  const file = path.join(mediaRoot(dataDir), relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, photo.webp);
  return relative;
}
