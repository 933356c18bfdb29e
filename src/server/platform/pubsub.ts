// Publish/subscribe between server processes: in process by default, through Redis pub/sub when
// REDIS_URL is set, so viewers connected to different processes share a chat room.
import type { Redis } from 'ioredis';

export type PubSubHandler = (payload: string) => void;

export type PubSub = {
  readonly kind: 'memory' | 'redis';
  publish: (channel: string, payload: string) => Promise<void>;
  /** Resolves once messages on the channel will arrive; the returned function unsubscribes. */
  subscribe: (channel: string, handler: PubSubHandler) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /**
   * Calls `handler` each time the subscription is back after a lost connection: messages published
   * meanwhile never arrived, so listeners that must not miss any catch up from storage (decision 092).
   */
  onResubscribed: (handler: () => void) => void;
};

type Handlers = Map<string, Set<PubSubHandler>>;

function dispatch(handlers: Handlers, channel: string, payload: string) {
  for (const handler of handlers.get(channel) ?? []) handler(payload);
}

function addHandler(handlers: Handlers, channel: string, handler: PubSubHandler): boolean {
  let set = handlers.get(channel);
  const isFirst = !set;
  if (!set) {
    set = new Set();
    handlers.set(channel, set);
  }
  set.add(handler);
  return isFirst;
}

function removeHandler(handlers: Handlers, channel: string, handler: PubSubHandler): boolean {
  const set = handlers.get(channel);
  if (!set) return false;
  set.delete(handler);
  if (set.size) return false;
  handlers.delete(channel);
  return true;
}

/** One process: a publish reaches this process's subscribers, synchronously. */
export function memoryPubSub(): PubSub {
  const handlers: Handlers = new Map();
  return {
    kind: 'memory',
    async publish(channel, payload) {
      dispatch(handlers, channel, payload);
    },
    async subscribe(channel, handler) {
      addHandler(handlers, channel, handler);
      return async () => {
        removeHandler(handlers, channel, handler);
      };
    },
    async close() {
      handlers.clear();
    },
    onResubscribed() {
      // One process never loses its own messages.
    },
  };
}

/**
 * Redis: publishes on the given connection, subscribes on a duplicate of it (a subscribed Redis
 * connection can do nothing else). Every process, the publisher included, hears each message once.
 * `prefix` (REDIS_PREFIX) goes before every channel name: pub/sub ignores Redis's database number,
 * so two sites (or two test clusters) on one Redis are kept apart only by their channel names.
 */
export function redisPubSub(redis: Redis, onError: (error: Error) => void = () => undefined, prefix = ''): PubSub {
  const subscriber = redis.duplicate();
  const handlers: Handlers = new Map();
  subscriber.on('message', (channel: string, payload: string) => dispatch(handlers, channel, payload));
  subscriber.on('error', onError);
  // A SUBSCRIBE queued before the connection's ready check would make that check fail.
  const ready = new Promise<void>((resolve) =>
    subscriber.status === 'ready' ? resolve() : subscriber.once('ready', () => resolve()),
  );
  // ioredis subscribes again by itself on reconnecting (autoResubscribe); what was published while
  // the connection was down is gone, so listeners are told once the subscription is back.
  const resubscribed = new Set<() => void>();
  let wasLost = false;
  subscriber.on('close', () => (wasLost = true));
  subscriber.on('ready', () => {
    if (!wasLost) return;
    wasLost = false;
    for (const handler of resubscribed) handler();
  });
  return {
    kind: 'redis',
    async publish(channel, payload) {
      await redis.publish(prefix + channel, payload);
    },
    async subscribe(channel, handler) {
      await ready;
      const name = prefix + channel;
      if (addHandler(handlers, name, handler)) await subscriber.subscribe(name);
      return async () => {
        if (removeHandler(handlers, name, handler)) await subscriber.unsubscribe(name);
      };
    },
    async close() {
      handlers.clear();
      resubscribed.clear();
      subscriber.disconnect();
    },
    onResubscribed(handler) {
      resubscribed.add(handler);
    },
  };
}
