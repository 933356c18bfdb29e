// A 64-bit difference hash (dHash) of a picture, for telling "the same photo again" apart from a
// different one after resizing or re-compression (decision 062): the picture in grey at 9 × 8,
// one bit per pair of neighbours in each row (is the left one brighter?). Two hashes a few bits
// apart are the same photo; different photos differ in about half their 64 bits.
import sharp from 'sharp';

const WIDTH = 9;
const HEIGHT = 8;

/** The picture's dHash as 16 hex digits. */
export async function perceptualHash(input: Buffer): Promise<string> {
  const pixels = await sharp(input, { animated: false })
    .greyscale()
    .resize(WIDTH, HEIGHT, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH - 1; x += 1) {
      const left = pixels[y * WIDTH + x] ?? 0;
      const right = pixels[y * WIDTH + x + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, '0');
}

/** How many of the 64 bits two hashes (16 hex digits each) differ in. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}
