// Open long-lived connections (the chat socket) per client address, capped. Each holds a slot from
// its upgrade request until its TCP socket closes, however it ends: refused, failed or closed later.
// The count is this process's own; behind a load balancer each process caps its share.

/** The TCP socket under a request: what tells the cap a connection has gone. */
export type ClosingSocket = { readonly destroyed: boolean; once(event: 'close', listener: () => void): unknown };

export type ConnectionCap = {
  /** Takes a slot for `ip` until `socket` closes; false, taking nothing, when `ip` holds every slot. */
  admit(ip: string, socket: ClosingSocket): boolean;
  /** The connections `ip` holds now. */
  openFrom(ip: string): number;
};

export function connectionCap(limit: number): ConnectionCap {
  const open = new Map<string, number>();

  function release(ip: string) {
    const left = (open.get(ip) ?? 0) - 1;
    if (left > 0) open.set(ip, left);
    else open.delete(ip);
  }

  return {
    admit(ip, socket) {
      const held = open.get(ip) ?? 0;
      if (held >= limit) return false;
      // A socket already gone will never say 'close': nothing to hold for it.
      if (socket.destroyed) return true;
      open.set(ip, held + 1);
      socket.once('close', () => release(ip));
      return true;
    },
    openFrom: (ip) => open.get(ip) ?? 0,
  };
}
