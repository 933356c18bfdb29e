// Sends mail through SMTP (nodemailer) when SMTP_URL is set, otherwise into the outbox: a row in
// the database, a file under $DATA_DIR/outbox (the text first, then the HTML part) and a line on the
// console so a newcomer can read a code.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from './clock';

export type Attachment = { filename: string; content: string; contentType: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Attachment[];
  /** The Message-ID header, `<…@…>`; a stable one lets a receiver drop a repeat (decision 066). */
  messageId?: string;
  /** Extra headers, such as List-Unsubscribe (decision 068). */
  headers?: Record<string, string>;
};
export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /**
   * Hands several messages over at once, all or none: the outbox writes them in one commit. Absent
   * for SMTP, whose server answers each message on its own.
   */
  sendBatch?: (mails: Mail[]) => Promise<void>;
  close: () => void;
};

const SMTP_CONNECT_TIMEOUT_MS = 30_000;

/**
 * Opens the SMTP connection with Nagle's algorithm off. nodemailer writes a message's closing
 * `CRLF.CRLF` apart from its body; with Nagle on, that small write waits for the server to
 * acknowledge the body, and servers delay that acknowledgement (about 40 ms on Linux), so every
 * message took 40 ms more than it needed: about 46 ms a message to a server on this machine, 1.5 ms
 * without. nodemailer then speaks SMTP over it as usual, TLS included (smtps:// upgrades it).
 */
export function connectWithoutDelay(
  options: { host?: string; port?: number; secure?: boolean },
  callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void,
): void {
  let answered = false;
  const answer = (error: Error | null, socket?: net.Socket) => {
    if (answered) return;
    answered = true;
    callback(error, socket ? { connection: socket } : undefined);
  };
  const socket = net.connect({ host: options.host ?? 'localhost', port: options.port ?? (options.secure ? 465 : 587) });
  socket.setTimeout(SMTP_CONNECT_TIMEOUT_MS, () => {
    socket.destroy();
    answer(new Error(`no SMTP connection within ${SMTP_CONNECT_TIMEOUT_MS / 1000} s`));
  });
  socket.once('error', (error) => answer(error));
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.setNoDelay(true);
    answer(null, socket);
  });
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ ...parseConnectionUrl(smtpUrl), getSocket: connectWithoutDelay });
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
}

export function outboxMailer(options: {
  db: Db;
  dataDir: string;
  clock: Clock;
  log: FastifyBaseLogger;
  print: boolean;
}): Mailer {
  const dir = path.join(options.dataDir, 'outbox');
  // One multi-row insert, so a batch is one commit (one disk flush on SQLite) rather than one per
  // message (decision 105). The notification worker's batches stay far below either engine's limit
  // on bound parameters.
  async function writeAll(mails: Mail[]) {
    if (!mails.length) return;
    const createdAt = options.clock.now().toISOString();
    const rows = await options.db
      .insertInto('mail_outbox')
      .values(
        mails.map((mail) => ({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
          created_at: createdAt,
        })),
      )
      .returning('id')
      .execute();
    // Both engines number one insert's rows in the order of its values, but neither promises to
    // return them in that order.
    const ids = rows.map((row) => row.id).sort((a, b) => a - b);
    await mkdir(dir, { recursive: true });
    // One after another: a hundred writes at once took as long and held the event loop longer.
    for (const [n, mail] of mails.entries()) {
      const file = path.join(dir, `${createdAt.replace(/[:.]/g, '-')}-${ids[n]}.json`);
      // Written aside and renamed, so a reader never sees half a message.
      await writeFile(
        `${file}.part`,
        JSON.stringify(
          {
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? null,
            attachments: mail.attachments ?? [],
            messageId: mail.messageId ?? null,
            headers: mail.headers ?? {},
            createdAt,
          },
          null,
          2,
        ),
      );
      await rename(`${file}.part`, file);
    }
    for (const mail of mails) {
      if (options.print) console.log(`\n[outbox] To: ${mail.to}\n[outbox] Subject: ${mail.subject}\n${mail.text}\n`);
      else options.log.info({ to: mail.to, subject: mail.subject }, 'mail written to the outbox');
    }
  }
  return {
    send: (mail) => writeAll([mail]),
    sendBatch: writeAll,
    close: () => undefined,
  };
}
