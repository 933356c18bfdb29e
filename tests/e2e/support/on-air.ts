// Which show /live plays is whichever public show is on air, and every journey shares one server.
// A journey that needs its own show on air (or none at all) holds this lock meanwhile, so two such
// journeys never run at once. Shows other journeys left on air are theirs no longer once they
// released the lock, so the holder may end them.
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './env';

const LOCK_FILE = path.join(E2E_DATA_DIR, 'on-air.lock');
/** A journey that died without releasing: its lock is ignored after this long. */
const STALE_MS = 60_000;

/** Waits for the lock and returns the function that releases it. */
export async function claimOnAir(timeoutMs = 90_000): Promise<() => Promise<void>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(LOCK_FILE, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(LOCK_FILE, { force: true });
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const held = await stat(LOCK_FILE).catch(() => null);
      if (held && Date.now() - held.mtimeMs > STALE_MS) await rm(LOCK_FILE, { force: true });
      if (Date.now() > deadline) throw new Error('Another journey kept a show on air for too long');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
