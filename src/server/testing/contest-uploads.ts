// Photos and multipart uploads for the contest tests: distinct generated pictures (a 9 × 8 grid
// of grey blocks whose neighbours always differ, so each has its own perceptual hash that survives
// resizing and re-compression), a PNG that only claims to be huge, and contestusers calls.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Envelope } from '../../shared/contract/envelope';
import type { MySubmission } from '../../shared/contract/contests';
import type { TestApp } from './harness';

import { multipartBody, type Part } from './multipart';

/** A picture of its own for each `n`: 9 × 8 blocks of grey, `block` pixels each. */
export function photo(n: number, block = 60): Promise<Buffer> {
  let state = (n * 2654435761) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  const levels: number[][] = [];
  for (let y = 0; y < 8; y += 1) {
    const row: number[] = [];
    for (let x = 0; x < 9; x += 1) {
      let v = 20 + (next() % 8) * 30;
      while (x > 0 && Math.abs(v - row[x - 1]!) < 30) v = 20 + (next() % 8) * 30;
      row.push(v);
    }
    levels.push(row);
  }
  const width = 9 * block;
  const height = 8 * block;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const v = levels[Math.floor(y / block)]![Math.floor(x / block)]!;
      raw.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes of PNG whose header claims `size` × `size` pixels: never decoded in full. */
export function claimedHugePng(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const imagePart = (content: Buffer, filename = 'ring.png', type = 'image/png'): Part => ({
  name: 'image',
  filename,
  type,
  content,
});

/** contestusers with `fields` (contestid, caption, consent, submissionid) and an optional image. */
export async function submitEntry(
  t: TestApp,
  token: string | undefined,
  fields: Record<string, string | number>,
  image?: Buffer | Part,
  remoteAddress?: string,
) {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, content: String(value) }));
  if (image) parts.push(Buffer.isBuffer(image) ? imagePart(image) : image);
  const { payload, contentType } = await multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contestusers',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': contentType, ...(token ? { token } : {}) },
  });
  const body: Envelope<MySubmission> = res.json();
  return { http: res.statusCode, body };
}
