// The server's log: pino writing to stdout through a buffered, non-blocking destination, and one
// line per request, written once its answer has gone (decision 096).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';

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
 * One line per request at info: method, url, status, ms, and the request id (`reqId`) that the
 * request's logger carries. It replaces Fastify's two ("incoming request", "request completed");
 * registered only when info is enabled, so above it the hook costs nothing.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
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
