// The server's VAPID key pair for web push (RFC 8292, decision 071): made on first start into
// DATA_DIR/vapid.json (mode 0600) like secret.key, and read back on every start after, so the
// browsers' subscriptions, which are bound to the public key, keep working across restarts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

export type VapidKeys = {
  /** base64url of the uncompressed P-256 point (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
  /** Who the push service may contact about our sends: mailto: the site's contact address. */
  subject: string;
};

const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  if (typeof value !== 'object' || value === null || !('publicKey' in value) || !('privateKey' in value)) return false;
  const { publicKey, privateKey } = value;
  return (
    typeof publicKey === 'string' &&
    typeof privateKey === 'string' &&
    KEY_PATTERN.test(publicKey) &&
    KEY_PATTERN.test(privateKey) &&
    Buffer.from(publicKey, 'base64url').length === 65 &&
    Buffer.from(privateKey, 'base64url').length === 32
  );
}

/** The key pair kept in `dataDir`, made and written there when there is none yet. */
export function loadVapidKeys(dataDir: string, contactEmail: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  const subject = `mailto:${contactEmail}`;
  if (existsSync(file)) {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isKeyPair(stored)) throw new Error(`${file} does not hold a VAPID key pair; remove it to make a new one`);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600 });
  return { publicKey, privateKey, subject };
}
