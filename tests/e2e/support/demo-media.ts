// The committed 16-second HLS test clip (assets/demo-hls), copied into the e2e server's media
// folder so a show can stream it from /media/, as the demo does.
import { copyFile, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './env';

const CLIP_SOURCE = path.resolve('assets/demo-hls');
const CLIP_FOLDER = 'e2e-clip';

/** Copies the clip once (each file whole, so a request never sees half of one) and returns its playlist's path. */
export async function demoClip(): Promise<string> {
  const target = path.join(E2E_DATA_DIR, 'media', CLIP_FOLDER);
  await mkdir(target, { recursive: true });
  const present = new Set(await readdir(target));
  for (const file of await readdir(CLIP_SOURCE)) {
    if (present.has(file)) continue;
    const partial = path.join(target, `.${file}.${process.pid}.part`);
    await copyFile(path.join(CLIP_SOURCE, file), partial);
    await rename(partial, path.join(target, file));
  }
  return `/media/${CLIP_FOLDER}/live.m3u8`;
}
