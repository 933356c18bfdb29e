// A web push service stand-in on 127.0.0.1 for tests (decision 071). It hands out subscriptions
// whose keys it keeps, as a browser and its push service would, and for each message it receives it
// checks the VAPID Authorization (RFC 8292: an ES256 JWT for this origin, signed by the key `k`)
// and decrypts the payload (RFC 8291, aes128gcm) with the subscription's private key, with nothing
// but node:crypto, so the server's encryption is checked by a second implementation. Each endpoint
// answers as scripted (201 when nothing is scripted); a bad signature is answered 401, as real ones do.
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

export type StandInSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

export type VapidCheck = {
  valid: boolean;
  /** The JWT's claims when it could be read. */
  claims: { aud?: string; exp?: number; sub?: string } | null;
  /** The public key the server named (`k`), base64url. */
  publicKey: string | null;
};

export type ReceivedPush = {
  /** The subscription's name, as given to subscribe(). */
  name: string;
  headers: http.IncomingHttpHeaders;
  ttl: number | null;
  topic: string | null;
  urgency: string | null;
  vapid: VapidCheck;
  /** The decrypted body, parsed as JSON; null when it could not be decrypted. */
  payload: unknown;
  /** What the stand-in answered. */
  status: number;
};

type Device = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; answers: number[] };

export type PushServiceStandIn = {
  origin: string;
  received: ReceivedPush[];
  /** A new subscription under this name, as PushSubscription.toJSON() gives it. */
  subscribe: (name: string) => StandInSubscription;
  /** The statuses the endpoint answers with next, one per message; 201 after they are used up. */
  answer: (name: string, ...statuses: number[]) => void;
  close: () => Promise<void>;
};

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** RFC 8291 §3.4 and RFC 8188 §2: one record, its padding delimiter 0x02 then zeros. */
export function decryptAes128gcm(body: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const content = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const prkKey = hmac(authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(content.subarray(content.length - 16));
  const padded = Buffer.concat([decipher.update(content.subarray(0, content.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the JWT's audience this origin, valid at most a day. */
export function checkVapid(authorization: string | undefined, origin: string, now = Date.now()): VapidCheck {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return { valid: false, claims: null, publicKey: null };
  const [, token = '', publicKey = ''] = match;
  const [header = '', body = '', signature = ''] = token.split('.');
  const claims: VapidCheck['claims'] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const seconds = now / 1000;
  const valid =
    signed &&
    claims?.aud === origin &&
    typeof claims.exp === 'number' &&
    claims.exp > seconds &&
    claims.exp <= seconds + 24 * 60 * 60 &&
    /^(mailto:|https:)/.test(claims.sub ?? '');
  return { valid, claims, publicKey };
}

function numberHeader(value: string | string[] | undefined): number | null {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      const device = devices.get(name);
      if (request.method !== 'POST' || !device) {
        response.writeHead(404).end();
        return;
      }
      const vapid = checkVapid(request.headers.authorization, origin);
      let payload: unknown = null;
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth).toString('utf8'));
      } catch {
        payload = null;
      }
      const status = vapid.valid ? (device.answers.shift() ?? 201) : 401;
      received.push({
        name,
        headers: request.headers,
        ttl: numberHeader(request.headers.ttl),
        topic: typeof request.headers.topic === 'string' ? request.headers.topic : null,
        urgency: typeof request.headers.urgency === 'string' ? request.headers.urgency : null,
        vapid,
        payload,
        status,
      });
      response.writeHead(status).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the push service stand-in has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    received,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, answers: [] });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(name, ...statuses) {
      devices.get(name)?.answers.push(...statuses);
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
