// Reads e-mailed codes from the server's outbox ($DATA_DIR/outbox/*.json), as a person would
// read them from their inbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './env';

export type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
  createdAt: string;
};

/** Every mail to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const files = await readdir(dir).catch(() => []);
  const mails = await Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .map(async (file): Promise<OutboxMail> => JSON.parse(await readFile(path.join(dir, file), 'utf8'))),
  );
  return mails
    .filter((mail) => mail.to.toLowerCase() === address.toLowerCase())
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The 6-digit code of the newest code mail to `address` (sent at or after `since`), waiting for it to
 * arrive. Other mail to the address (a security notice after a sign-in, decision 070) is passed over.
 */
export async function readCode(address: string, options: { since?: Date; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const since = options.since?.toISOString() ?? '';
  for (;;) {
    const codes = (await mailsTo(address))
      .filter((mail) => mail.createdAt >= since)
      .flatMap((mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? []);
    const code = codes.at(-1);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code e-mailed to ${address} since ${since || 'the start'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
