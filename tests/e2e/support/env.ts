// Where the end-to-end server runs and keeps its data; shared by the config and the helpers.
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Wiped before each run; the outbox of e-mailed codes is under it. */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
/** The two screens the journeys that run at both sizes use: a desktop and a 375 px phone. */
export const SCREEN_SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 740 }],
] as const;
