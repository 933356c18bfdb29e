// What every service is handed: the database, the injected clock and randomness, the signer,
// the mail queue, the rate limiter and the configuration.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { Clock, Random } from './platform/clock';
import type { Mail } from './platform/mail';
import type { MailJob } from './platform/mail-queue';
import type { RateLimiter } from './platform/rate-limit';
import type { SessionCache } from './platform/session-cache';
import type { SessionRevocation } from './platform/session-revocation';
import type { Signer } from './platform/secrets';

export type AppContext = {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  random: Random;
  signer: Signer;
  limiter: RateLimiter;
  /** Sessions looked up recently; forget a user's entries after changing the user or their sessions. */
  sessions: SessionCache;
  /**
   * Tells every server process that sessions ended (or an account's rights changed) after the
   * change is committed: they forget their cached sessions and close the chat sockets (decision 089).
   */
  revokeSessions: (revocation: SessionRevocation) => Promise<void>;
  log: FastifyBaseLogger;
  /**
   * Queues a message, delivered after the answer is written; the caller never waits for delivery,
   * so timing does not reveal accounts.
   */
  sendMail: (job: MailJob) => void;
  /**
   * Delivers one message now and resolves once it is handed over (rejects when it is not): for the
   * notification worker, which must know the outcome (decision 066). Requests use sendMail.
   */
  deliverMail: (mail: Mail) => Promise<void>;
  /**
   * Delivers several messages now, all or none, when the mailer can take them at once (the outbox
   * without SMTP writes them in one commit); the notification worker hands a batch's e-mails over
   * with it (decision 105). Absent for SMTP, which answers each message on its own.
   */
  deliverMailBatch?: (mails: Mail[]) => Promise<void>;
};
