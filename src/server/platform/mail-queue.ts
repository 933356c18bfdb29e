// The mail queue: a call hands its message over and answers at once; delivery (SMTP, or the
// outbox's row and file) starts after that answer is written, one message at a time (decision 052).
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mail';

/**
 * A message, or a function that works out the message once the answer has gone (null: send
 * nothing). The second lets a call do the same work whether or not the address has an account:
 * the lookup happens in the queue, where its time is nobody's answer.
 */
export type MailJob = Mail | (() => Promise<Mail | null>);

export type MailQueue = {
  /** Queues a job; never waits and never throws. */
  enqueue: (job: MailJob) => void;
  /** Jobs queued and not yet finished. */
  pending: () => number;
  /** Resolves when every queued job has finished (shutdown and tests wait for it). */
  idle: () => Promise<void>;
};

/** The next turn of the event loop: by then the request that queued the job has written its answer. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createMailQueue(mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>): MailQueue {
  const jobs: MailJob[] = [];
  let draining: Promise<void> | null = null;

  async function deliver(job: MailJob) {
    let to: string | undefined;
    try {
      const mail = typeof job === 'function' ? await job() : job;
      if (!mail) return;
      to = mail.to;
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: error, to }, 'mail delivery failed');
    }
  }

  async function drain() {
    await nextTurn();
    // One at a time: the outbox writes one file after another, and SMTP keeps one connection busy.
    for (let job = jobs[0]; job; job = jobs[0]) {
      await deliver(job);
      jobs.shift();
    }
    draining = null;
  }

  return {
    enqueue(job) {
      jobs.push(job);
      draining ??= drain();
    },
    pending: () => jobs.length,
    async idle() {
      while (draining) await draining;
    },
  };
}
