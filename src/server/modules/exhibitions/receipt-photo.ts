// Receipt photos (decision 074): checked by content and re-encoded like profile pictures (WebP, no
// EXIF or GPS kept, bombs refused before decoding), but kept under DATA_DIR/private, which no route serves.
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RECEIPT_PHOTO_MAX_PIXELS, RECEIPT_PHOTO_SIZE_PX } from '../../../shared/contract/exhibitions';
import type { Random } from '../../platform/clock';
import { checkImage, NotAnImageError, reencodes } from '../../platform/media';

const RECEIPTS_FOLDER = 'receipts';

/** The private root: a sibling of the public media folder, never under it. */
export function privateRoot(dataDir: string): string {
  return path.join(dataDir, 'private');
}

/** The file of a stored path, or null when the path would leave the private root. */
function fileOf(dataDir: string, relative: string): string | null {
  const root = privateRoot(dataDir);
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Checks and re-encodes a receipt photo; throws NotAnImageError or ImageTooLargeError. Writes nothing. */
export async function encodeReceiptPhoto(input: Buffer): Promise<Buffer> {
  await checkImage(input, RECEIPT_PHOTO_MAX_PIXELS);
  try {
    return await reencodes.run(() =>
      sharp(input, { limitInputPixels: RECEIPT_PHOTO_MAX_PIXELS, animated: false })
        .rotate()
        .resize(RECEIPT_PHOTO_SIZE_PX, RECEIPT_PHOTO_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch {
    throw new NotAnImageError();
  }
}

/** Writes an encoded photo under a random name; answers its path relative to the private root. */
export async function writeReceiptPhoto(dataDir: string, webp: Buffer, random: Random): Promise<string> {
  const relative = `${RECEIPTS_FOLDER}/${random.bytes(16).toString('hex')}.webp`;
  const file = path.join(privateRoot(dataDir), relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, webp);
  return relative;
}

/** The stored photo as a data: URL for the staff detail; null when it is missing. */
export async function receiptPhotoDataUrl(dataDir: string, relative: string): Promise<string | null> {
  const file = fileOf(dataDir, relative);
  if (!file) return null;
  const content = await readFile(file).catch(() => null);
  return content ? `data:image/webp;base64,${content.toString('base64')}` : null;
}

export async function removeReceiptPhoto(dataDir: string, relative: string): Promise<void> {
  const file = fileOf(dataDir, relative);
  if (file) await unlink(file).catch(() => undefined);
}
