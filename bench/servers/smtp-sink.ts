// The SMTP server the show-live and chaos benches hand their e-mails to (src/server/testing/smtp-sink.ts),
// in a process of its own so the load generator beside it does not slow its answers. Prints its URL;
// answers each line on stdin with the number of messages received so far. `--no-bodies`: messages
// are counted, their text not kept.
import { createInterface } from 'node:readline';
import { startSmtpSink } from '../../src/server/testing/smtp-sink';

const sink = await startSmtpSink({ keepBodies: !process.argv.includes('--no-bodies') });
process.stdout.write(`${JSON.stringify({ url: sink.url })}\n`);
createInterface({ input: process.stdin }).on('line', () =>
  process.stdout.write(`${JSON.stringify({ received: sink.messages.length })}\n`),
);
process.on('SIGTERM', () => void sink.close().then(() => process.exit(0)));
