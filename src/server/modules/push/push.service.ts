// Web push devices (decision 071): the VAPID public key browsers subscribe with, and a viewer's
// devices stored and removed. A push address must be https; plain http is let through only for a
// loopback host on a site not itself served over https (a developer's machine, the tests' stand-in).
import type { PushDevice, PushSubscriptionRequest } from '../../../shared/contract/push';
import { PUSH_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { pushRepository as repo } from './push.repository';

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Whether the server may send to this push address. */
export function isAllowedEndpoint(endpoint: string, publicUrl: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  const isProduction = new URL(publicUrl).protocol === 'https:';
  return url.protocol === 'http:' && !isProduction && LOOPBACK_HOSTS.test(url.hostname);
}

export function createPushService(ctx: AppContext) {
  const { db, clock, config } = ctx;
  return {
    publicKey: () => config.vapid.publicKey,

    async subscribe(user: UserRow, subscription: PushSubscriptionRequest, userAgent: string): Promise<PushDevice> {
      if (!isAllowedEndpoint(subscription.endpoint, config.publicUrl))
        throw badRequest(PUSH_MESSAGES.insecureEndpoint, [
          { field: 'endpoint', message: PUSH_MESSAGES.insecureEndpoint },
        ]);
      const expiresAt = subscription.expirationTime ?? null;
      return repo.upsert(db, {
        user_id: user.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        expiration_time: expiresAt === null ? null : new Date(expiresAt).toISOString(),
        user_agent: userAgent.slice(0, 300),
        created_at: clock.now().toISOString(),
        last_success_at: null,
      });
    },

    /** Whether a device of this viewer's was removed; another viewer's device is left alone. */
    async unsubscribe(user: UserRow, endpoint: string): Promise<boolean> {
      return (await repo.removeOwn(db, user.id, endpoint)) > 0;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
