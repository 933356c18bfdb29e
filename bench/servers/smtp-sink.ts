// The SMTP server the show-live bench hands its e-mails to (src/server/testing/smtp-sink.ts), in a
// process of its own so the load generator beside it does not slow its answers. Prints its URL;
// answers each line on stdin with the number of messages received so far.
import { createInterface } from 'node:readline';
import { startSmtpSink } from '../../src/server/testing/smtp-sink';

const sink = await startSmtpSink();
process.stdout.write(`${JSON.stringify({ url: sink.url })}\n`);
createInterface({ input: process.stdin }).on('line', () =>
  process.stdout.write(`${JSON.stringify({ received: sink.messages.length })}\n`),
);
process.on('SIGTERM', () => void sink.close().then(() => process.exit(0)));
