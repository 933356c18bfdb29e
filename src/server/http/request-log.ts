// The server's log: pino writing to stdout through a buffered, non-blocking destination, and one
// line per request, written once its answer has gone (decision 096).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { hostname } from 'node:os';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream } from 'pino';
import { bufferedDestination, type LogDestination } from './log-destination';

/** Headers that carry a secret: never written to the log, whatever logs a request. */
export const REDACTED_PATHS = ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'];

/**
 * Lines are gathered until this many characters, then written without blocking the event loop. A
 * `kill -9` loses what is gathered (about this much, more while a write is in flight); a normal
 * exit, a crash and `app.close()` write it out first.
 */
export const LOG_BUFFER_BYTES = 4096;

export type RequestLine = { reqId: string; method: string; url: string; status: number; ms: number };

export type ServerLog = {
  logger: FastifyBaseLogger;
  /** Writes the request line when info lines are written; null above info. */
  writeRequestLine: ((line: RequestLine) => void) | null;
  /** Writes out what the buffer holds, synchronously: on close. */
  flush: () => void;
};

/**
 * The request line, written straight to the log's destination: the same JSON line pino writes
 * (level, time, pid, hostname, then the fields and msg), built without pino's general walk over an
 * object, which cost about a microsecond of every request (decision 096).
 */
export function requestLineWriter(sink: DestinationStream): (line: RequestLine) => void {
  const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  return ({ reqId, method, url, status, ms }) =>
    void sink.write(
      `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
}

/**
 * The logger Fastify is given. `destination` is for tests, which read the lines; otherwise stdout
 * through a buffered destination whose pending lines are written out on close and on process
 * `exit`, which a crash (an uncaught exception, `process.exit`) also reaches.
 */
export function createServerLog(level: string, destination?: DestinationStream): ServerLog {
  let stdout: LogDestination | null = null;
  const sink = destination ?? (stdout = bufferedDestination(1, LOG_BUFFER_BYTES));
  const logger = pino({ level, redact: REDACTED_PATHS }, sink);
  const flush = () => stdout?.flushSync();
  if (stdout) process.once('exit', flush);
  return {
    logger,
    writeRequestLine: logger.isLevelEnabled('info') ? requestLineWriter(sink) : null,
    flush() {
      process.off('exit', flush);
      flush();
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

  /** The route's own level (`logLevel`) when it has one, else the server's. */
  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
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
export function registerRequestLog(app: FastifyInstance, writeLine: (line: RequestLine) => void): void {
  app.addHook('onResponse', (request, reply, done) => {
    // A route that asks for a quieter level (the health probes, decision 091) stays out of the log.
    // Its level is read from the request's logger, which Fastify made with it: the route's options
    // (`request.routeOptions`) are a new object on every read.
    if (!REQUEST_LINE_LEVELS.has(request.log.level)) return done();
    writeLine({
      reqId: request.id,
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    });
    done();
  });
}
