import { describe, expect, it, vi } from 'vitest';
import type { Mail, Mailer } from './mail';
import { createMailQueue } from './mail-queue';

const mail = (to: string): Mail => ({ to, subject: 'Your Gemcast login code: 123456', text: 'Hello' });

/** A mailer that records what it was given and how many sends overlapped. */
function recordingMailer(fail: (mail: Mail) => boolean = () => false) {
  const sent: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const mailer: Mailer = {
    async send(message) {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      if (fail(message)) throw new Error('smtp refused');
      sent.push(message.to);
    },
    close: () => undefined,
  };
  return { mailer, sent, mostAtOnce: () => mostAtOnce };
}

describe('the mail queue', () => {
  it('starts nothing while the caller is still running, then delivers in order, one at a time', async () => {
    const { mailer, sent, mostAtOnce } = recordingMailer();
    const queue = createMailQueue(mailer, { error: vi.fn() });
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) queue.enqueue(mail(to));
    await Promise.resolve();
    expect({ sent: [...sent], pending: queue.pending() }).toEqual({ sent: [], pending: 3 });
    await queue.idle();
    expect({ sent, pending: queue.pending(), mostAtOnce: mostAtOnce() }).toEqual({
      sent: ['a@example.com', 'b@example.com', 'c@example.com'],
      pending: 0,
      mostAtOnce: 1,
    });
  });

  it('works a message out in the queue, and sends nothing when the job says null', async () => {
    const { mailer, sent } = recordingMailer();
    const queue = createMailQueue(mailer, { error: vi.fn() });
    queue.enqueue(async () => null);
    queue.enqueue(async () => mail('known@example.com'));
    await queue.idle();
    expect(sent).toEqual(['known@example.com']);
  });

  it('logs a failed delivery and goes on with the next', async () => {
    const { mailer, sent } = recordingMailer((m) => m.to === 'bounce@example.com');
    const log = { error: vi.fn() };
    const queue = createMailQueue(mailer, log);
    queue.enqueue(mail('bounce@example.com'));
    queue.enqueue(mail('ok@example.com'));
    await queue.idle();
    expect(sent).toEqual(['ok@example.com']);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'bounce@example.com' }),
      'mail delivery failed',
    );
  });

  it('takes jobs queued while it delivers, and idle waits for them too', async () => {
    const { mailer, sent } = recordingMailer();
    const queue = createMailQueue(mailer, { error: vi.fn() });
    queue.enqueue(async () => {
      queue.enqueue(mail('second@example.com'));
      return mail('first@example.com');
    });
    await queue.idle();
    expect(sent).toEqual(['first@example.com', 'second@example.com']);
  });
});
