// Who may try a password for an account right now (decision 052): wrong passwords counted per
// account and per network, so an attacker's failures pause their own network and not the owner's.
import type { RateLimiter } from '../../platform/rate-limit';
import { networkOf } from '../../platform/network';

export const LOGIN_LOCKOUT = {
  /** Wrong passwords for one account from one network before that network is paused. */
  perNetwork: 10,
  /** Wrong passwords for one account, from anywhere, before only networks without one are checked. */
  perAccount: 10,
  /** Passwords checked for one account, right or wrong, before every network is paused. */
  ceiling: 100,
  windowMs: 15 * 60_000,
} as const;

export type LoginAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function loginLockout(limiter: RateLimiter) {
  const keys = (email: string, ip: string) => ({
    network: `login:net:${email}:${networkOf(ip)}`,
    account: `login:addr:${email}`,
    checked: `login:checked:${email}`,
  });

  return {
    /**
     * Whether this password may be checked. Failures are only read here (`peek`), so an allowed
     * try counts only if it fails; the ceiling counts every check with `hit`, which is atomic, so
     * a burst of parallel tries cannot pass it.
     */
    async admit(email: string, ip: string): Promise<LoginAdmission> {
      const key = keys(email, ip);
      const [network, account] = await Promise.all([limiter.peek(key.network), limiter.peek(key.account)]);
      if (network.count >= LOGIN_LOCKOUT.perNetwork)
        return { allowed: false, retryAfterSeconds: network.retryAfterSeconds };
      // Past the account's limit, a network that has already failed for it waits; a clean one is checked.
      if (account.count >= LOGIN_LOCKOUT.perAccount && network.count > 0)
        return {
          allowed: false,
          retryAfterSeconds: Math.min(network.retryAfterSeconds, account.retryAfterSeconds),
        };
      const checked = await limiter.hit(key.checked, LOGIN_LOCKOUT.ceiling, LOGIN_LOCKOUT.windowMs);
      return checked.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: checked.retryAfterSeconds };
    },

    async failed(email: string, ip: string): Promise<void> {
      const key = keys(email, ip);
      await Promise.all([
        limiter.hit(key.network, LOGIN_LOCKOUT.perNetwork, LOGIN_LOCKOUT.windowMs),
        limiter.hit(key.account, LOGIN_LOCKOUT.perAccount, LOGIN_LOCKOUT.windowMs),
      ]);
    },

    /** The owner is back: this network and the account start again. The ceiling's count stays. */
    async succeeded(email: string, ip: string): Promise<void> {
      const key = keys(email, ip);
      await Promise.all([limiter.reset(key.network), limiter.reset(key.account)]);
    },
  };
}

export type LoginLockout = ReturnType<typeof loginLockout>;
