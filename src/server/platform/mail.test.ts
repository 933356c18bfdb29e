// smtpMailer against a real SMTP server on 127.0.0.1: what arrives is what the app sent.
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { codeMail } from '../modules/auth/auth.mail';
import { smtpMailer } from './mail';

type Received = { from: string; to: string[]; raw: string };

let server: SMTPServer;
let port = 0;
let received: Received[] = [];

/** Starts an SMTP server on 127.0.0.1 and a free port that records every message it accepts. */
async function startServer(refuseRecipients = false): Promise<void> {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refuseRecipients ? new Error('mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address: AddressInfo | string | null = server.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}

beforeEach(() => {
  received = [];
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Splits a received message into its headers (unfolded) and its decoded body. */
function parse(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    body = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { headers, body: body.replace(/\r\n/g, '\n') };
}

/** One part of a multipart message, by its content type, parsed like a message of its own. */
function partOf(raw: string, type: string): { headers: Map<string, string>; body: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1] ?? '';
  const part = raw
    .split(`--${boundary}`)
    .map((chunk) => chunk.replace(/^\r\n/, ''))
    .find((chunk) => chunk.toLowerCase().startsWith(`content-type: ${type}`));
  if (!part) throw new Error(`no ${type} part`);
  return parse(part);
}

it('hands a login-code e-mail to the SMTP server with its sender, recipient, subject and text', async () => {
  await startServer();
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Gemcast <no-reply@gemcast.test>');
  try {
    await mailer.send(codeMail('ruby@example.com', '042917', 'login'));
  } finally {
    mailer.close();
  }
  expect(received).toHaveLength(1);
  const [message] = received;
  expect(message?.from).toBe('no-reply@gemcast.test');
  expect(message?.to).toEqual(['ruby@example.com']);
  const { headers } = parse(message?.raw ?? '');
  expect(headers.get('subject')).toBe('Your Gemcast login code: 042917');
  expect(headers.get('to')).toBe('ruby@example.com');
  expect(headers.get('from')).toBe('Gemcast <no-reply@gemcast.test>');
  // The branded HTML goes with its plain-text alternative (decision 067).
  expect(headers.get('content-type')).toMatch(/^multipart\/alternative;/);
  const text = partOf(message?.raw ?? '', 'text/plain');
  expect(text.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/);
  expect(text.body).toContain('Hello from Gemcast,');
  expect(text.body).toContain('    042917');
  expect(text.body).toContain('It works once and expires in 10 minutes.');
  const html = partOf(message?.raw ?? '', 'text/html');
  expect(html.body).toContain('<!DOCTYPE html>');
  expect(html.body).toContain('>042917</td>');
});

it('sends several messages through one mailer', async () => {
  await startServer();
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'no-reply@gemcast.test');
  try {
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
  } finally {
    mailer.close();
  }
  expect(received.map((m) => ({ to: m.to, subject: parse(m.raw).headers.get('subject') }))).toEqual([
    { to: ['a@example.com'], subject: 'First' },
    { to: ['b@example.com'], subject: 'Second' },
  ]);
  expect(received[1]?.raw).toContain('<p>two</p>');
});

it('passes extra headers through to SMTP: the List-Unsubscribe pair of decision 068', async () => {
  await startServer();
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'no-reply@gemcast.test');
  try {
    await mailer.send({
      to: 'a@example.com',
      subject: 'Show live now',
      text: 'On air.',
      headers: {
        'List-Unsubscribe': '<https://gemcast.test/unsubscribe/u.1.show_live.abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  } finally {
    mailer.close();
  }
  const { headers } = parse(received[0]?.raw ?? '');
  expect(headers.get('list-unsubscribe')).toBe('<https://gemcast.test/unsubscribe/u.1.show_live.abc>');
  expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
});

it('rejects when the SMTP server refuses the recipient, so the app can log the failure', async () => {
  await startServer(true);
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'no-reply@gemcast.test');
  try {
    await expect(mailer.send({ to: 'nobody@example.com', subject: 'Hello', text: 'hi' })).rejects.toThrow(
      /mailbox unavailable|recipients/i,
    );
  } finally {
    mailer.close();
  }
  expect(received).toEqual([]);
});

it('rejects when no SMTP server answers at the address, so the outbox retries later', async () => {
  const closed = net.createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const { port: unused } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const mailer = smtpMailer(`smtp://127.0.0.1:${unused}?ignoreTLS=true`, 'no-reply@gemcast.test');
  try {
    await expect(mailer.send({ to: 'viewer@example.com', subject: 'Hello', text: 'hi' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  } finally {
    mailer.close();
  }
});
