// Web push (issue 18, decision 071): the server's VAPID public key a browser subscribes with
// (pushkey_v1, no login), a device's subscription stored for the viewer signed in
// (pushsubscription_v1: the browser's PushSubscription JSON) and removed (pushunsubscribe_v1).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';

/** Long enough for every push service's endpoint we know of (FCM's are about 200 characters). */
export const MAX_ENDPOINT_LENGTH = 1000;

const endpointError = 'endpoint is the https address the browser gave for its push subscription.';
const p256dhError = 'keys.p256dh is the 65-byte P-256 public key, base64url.';
const authError = 'keys.auth is the 16-byte secret, base64url.';
const expirationError = 'expirationTime is a time in milliseconds, or null.';

/** base64url as browsers write it (no padding), decoding to `bytes` bytes. */
function base64url(bytes: number, error: string) {
  return z
    .string({ error })
    .regex(/^[A-Za-z0-9_-]+$/, error)
    .refine((text) => text.length === Math.ceil((bytes * 8) / 6), error);
}

export const PushEndpoint = z
  .string({ error: endpointError })
  .max(MAX_ENDPOINT_LENGTH, endpointError)
  .refine((text) => URL.canParse(text) && ['https:', 'http:'].includes(new URL(text).protocol), endpointError);

/** PushSubscription.toJSON() as the browser gives it. */
export const PushSubscriptionRequest = z.object({
  endpoint: PushEndpoint,
  expirationTime: z.number({ error: expirationError }).int(expirationError).nonnegative(expirationError).nullish(),
  keys: z.object(
    {
      // An uncompressed point: 0x04 then x and y.
      p256dh: base64url(65, p256dhError).refine((text) => text.startsWith('B'), p256dhError),
      auth: base64url(16, authError),
    },
    { error: 'keys holds the subscription’s p256dh and auth.' },
  ),
});
export type PushSubscriptionRequest = z.input<typeof PushSubscriptionRequest>;

export const PushUnsubscribeRequest = z.object({ endpoint: PushEndpoint });

export const PushKey = z.object({
  /** base64url of the uncompressed P-256 point: PushManager.subscribe's applicationServerKey. */
  public_key: z.string(),
});
export const PushKeyResponse = envelopeOf(PushKey);

export const PushDevice = z.object({
  endpoint: z.string(),
  created_at: z.string(),
  expiration_time: z.string().nullable(),
});
export type PushDevice = z.infer<typeof PushDevice>;
export const PushDeviceResponse = envelopeOf(PushDevice);

export const PushRemoved = z.object({ removed: z.boolean() });
export const PushRemovedResponse = envelopeOf(PushRemoved);

export const pushCalls = {
  /** pushkey_v1: the server's VAPID public key. */
  key: defineCall({ method: 'GET', path: '/api/pushkey_v1', response: PushKeyResponse }),
  /** pushsubscription_v1 (token): stores this device for the viewer; a known endpoint moves to them. */
  subscribe: defineCall({
    method: 'POST',
    path: '/api/pushsubscription_v1',
    body: PushSubscriptionRequest,
    response: PushDeviceResponse,
  }),
  /** pushunsubscribe_v1 (token): removes one of the viewer's own devices; removed false when it was not theirs. */
  unsubscribe: defineCall({
    method: 'POST',
    path: '/api/pushunsubscribe_v1',
    body: PushUnsubscribeRequest,
    response: PushRemovedResponse,
  }),
};
