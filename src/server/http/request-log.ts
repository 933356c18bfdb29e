// The server's log: pino writing to stdout through a buffered, non-blocking destination, and one
// line per request, written once its answer has gone (decision 096).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream } from 'pino';

/** Headers that carry a secret: never written to the log, whatever logs a request. */
export const REDACTED_PATHS = ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'];

/**
 * Lines are gathered until this many bytes, then written without blocking the event loop. A
 * `kill -9` loses at most this much; a normal exit, a crash and `app.close()` write it out first.
 */
export const LOG_BUFFER_BYTES = 4096;

export type ServerLog = {
  logger: FastifyBaseLogger;
  /** Whether info lines are written, and so the request line is. */
  logsRequests: boolean;
  /** Writes out what the buffer holds, synchronously: on close. */
  flush: () => void;
};

/**
 * The logger Fastify is given. `destination` is for tests, which read the lines; otherwise stdout
 * through SonicBoom (`sync: false`), whose pending bytes pino also writes out on process `exit`.
 */
export function createServerLog(level: string, destination?: DestinationStream): ServerLog {
  const stdout = destination ? null : pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  const logger = pino({ level, redact: REDACTED_PATHS }, destination ?? stdout ?? undefined);
  return {
    logger,
    logsRequests: logger.isLevelEnabled('info'),
    flush() {
      if (!stdout) return;
      try {
        stdout.flushSync();
      } catch {
        // Only when stdout is closed or not open yet: there is nowhere left to write.
      }
    },
  };
}

/**
 * A request's logger (`request.log`) that becomes a pino child only when something logs through
 * it. Fastify makes one per request; building the child's bindings showed in the hot calls'
 * profile, and most requests never log anything but the request line, which names its own reqId.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    const logger = this.#logger();
    Reflect.apply(logger.fatal, logger, args);
  }
  error(...args: unknown[]): void {
    const logger = this.#logger();
    Reflect.apply(logger.error, logger, args);
  }
  warn(...args: unknown[]): void {
    const logger = this.#logger();
    Reflect.apply(logger.warn, logger, args);
  }
  info(...args: unknown[]): void {
    const logger = this.#logger();
    Reflect.apply(logger.info, logger, args);
  }
  debug(...args: unknown[]): void {
    const logger = this.#logger();
    Reflect.apply(logger.debug, logger, args);
  }
  trace(...args: unknown[]): void {
    const logger = this.#logger();
    Reflect.apply(logger.trace, logger, args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made on first use. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options);
}

/** Route log levels at which the info request line is still written. */
const REQUEST_LINE_LEVELS = new Set(['info', 'debug', 'trace']);

/**
 * One line per request at info: method, url, status, ms and reqId. It replaces Fastify's two
 * ("incoming request", "request completed"); registered only when info is enabled, so above it
 * the hook costs nothing.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // A route that asks for a quieter level (the health probes, decision 091) stays out of the log.
    const routeLevel = request.routeOptions.logLevel;
    if (routeLevel && !REQUEST_LINE_LEVELS.has(routeLevel)) return done();
    app.log.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
