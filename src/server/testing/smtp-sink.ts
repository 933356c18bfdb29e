// A tiny SMTP receiver on 127.0.0.1 for tests: it speaks just enough SMTP for nodemailer (no TLS, no
// auth) and records each message it accepts with its Message-ID. A message counts as accepted only
// once the sink has answered 250 to its DATA, as a real receiver's would. `holdAt(n)` makes the
// sink keep the n-th message's answer back, so a test can kill the sender mid-delivery at a known point.
import { once } from 'node:events';
import net from 'node:net';

export type SunkMessage = { messageId: string | null; to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  url: string;
  messages: SunkMessage[];
  /** Withholds the answer to the n-th message (1-based) and resolves when that message has arrived. */
  holdAt: (n: number) => Promise<void>;
  close: () => Promise<void>;
};

/** `keepBodies: false` records each message without its text (a bench's hours of e-mail stay small). */
export async function startSmtpSink(options: { keepBodies?: boolean } = {}): Promise<SmtpSink> {
  const keepBodies = options.keepBodies ?? true;
  const messages: SunkMessage[] = [];
  const sockets = new Set<net.Socket>();
  let seen = 0;
  let hold: { at: number; arrived: () => void } | null = null;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          seen += 1;
          const messageId = /^message-id:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? null;
          const message = { messageId, to, raw: keepBodies ? raw : '' };
          to = [];
          if (hold && seen === hold.at) {
            // Kept back: never answered, never recorded; the sender is killed while it waits.
            hold.arrived();
            continue;
          }
          messages.push(message);
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') {
          if (verb === 'RSET') to = [];
          reply('250 2.0.0 ok');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else {
          // The sink speaks only what nodemailer sends; any other command is refused as RFC 5321 says.
          reply('500 5.5.1 command not recognised');
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP sink has no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    holdAt: (n) => new Promise<void>((resolve) => (hold = { at: n, arrived: resolve })),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
