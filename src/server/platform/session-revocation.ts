// Ended sessions, told to every server process (issue 21, decision 089): one pub/sub channel that
// each process hears, the publisher included. A process forgets the cached sessions concerned and
// tells whoever listens (the chat hub closes the sockets), so a revoked token is refused everywhere
// within a second, not only after the session cache's time to live.
import type { PubSub } from './pubsub';
import type { SessionCache } from './session-cache';

export const SESSIONS_REVOKED_CHANNEL = 'gemcast:sessions:revoked';

/**
 * What ended: every session of an account (deactivated, erased, password reset), one session
 * (logout, staff ended it), or only the account's rights changed (staff revoked): its sessions
 * live on but nothing cached about it may be trusted.
 */
export type SessionRevocation =
  | { scope: 'account'; userId: number }
  | { scope: 'session'; userId: number; sessionId: number; tokenHash: string }
  | { scope: 'rights'; userId: number };

export type RevocationListener = (revocation: SessionRevocation) => void;

export type SessionRevocations = {
  /** Subscribes this process; resolves once revocations published anywhere will arrive. */
  start(): Promise<void>;
  /** Publishes a revocation to every process; this one forgets at once, before the round trip. */
  revoke(revocation: SessionRevocation): Promise<void>;
  onRevoked(listener: RevocationListener): void;
};

function parse(payload: string): SessionRevocation | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null || !('scope' in value) || !('userId' in value)) return null;
    const { scope, userId } = value;
    if (typeof userId !== 'number') return null;
    if (scope === 'account' || scope === 'rights') return { scope, userId };
    if (scope === 'session' && 'sessionId' in value && 'tokenHash' in value) {
      const { sessionId, tokenHash } = value;
      if (typeof sessionId === 'number' && typeof tokenHash === 'string')
        return { scope, userId, sessionId, tokenHash };
    }
    return null;
  } catch {
    return null;
  }
}

export function createSessionRevocations(
  pubsub: PubSub,
  sessions: SessionCache,
  onError: (error: unknown) => void = () => undefined,
): SessionRevocations {
  const listeners = new Set<RevocationListener>();

  function forget(revocation: SessionRevocation) {
    if (revocation.scope === 'session') sessions.forgetToken(revocation.tokenHash);
    else sessions.forgetUser(revocation.userId);
  }

  return {
    async start() {
      await pubsub.subscribe(SESSIONS_REVOKED_CHANNEL, (payload) => {
        const revocation = parse(payload);
        if (!revocation) return;
        forget(revocation);
        for (const listener of listeners) listener(revocation);
      });
    },
    async revoke(revocation) {
      forget(revocation);
      // The database change is already committed: a failed publish leaves other processes on the
      // cache's short time to live, which is logged rather than failing the staff member's call.
      await pubsub.publish(SESSIONS_REVOKED_CHANNEL, JSON.stringify(revocation)).catch(onError);
    },
    onRevoked(listener) {
      listeners.add(listener);
    },
  };
}
