// Gemcast's chat as it runs in production (one process, SQLite, in-process fan-out), with
// BENCH_CLIENTS viewers and one staff sender already logged in. Prints the port and each one's chat
// token (from GET /api/weavy/token); answers `mem` on stdin with its memory use after a collection.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { BLANK_PROFILE } from '../../src/server/modules/auth/auth.repository';
import { sha256Hex } from '../../src/server/platform/secrets';
import { answerMemoryRequests } from './memory-probe';

const clients = Number(process.env.BENCH_CLIENTS ?? 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'gemcast-chat-bench-'));
// Every bench client comes from 127.0.0.1, so the cap on sockets per IP (decision 053) is lifted.
const app = await buildApp(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', CHAT_SOCKETS_PER_IP: '1000000' }),
);
const now = new Date().toISOString();
const expires = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
const blank = {
  ...BLANK_PROFILE,
  country: 'United States',
  password_hash: null,
  isactive: 1,
  created_at: now,
  updated_at: now,
};

// Accounts straight into the database (registering 5,000 through the API would time argon2, not chat).
const sessionTokens: string[] = [];
for (let start = 0; start <= clients; start += 500) {
  const batch = Array.from({ length: Math.min(500, clients + 1 - start) }, (_, k) => start + k);
  const users = await app.ctx.db
    .insertInto('users')
    .values(
      batch.map((i) => ({
        ...blank,
        first_name: i === 0 ? 'Host' : 'Viewer',
        last_name: String(i),
        email: `bench${i}@example.com`,
        phone: `+1555${String(i).padStart(7, '0')}`,
        is_staff: i === 0 ? 1 : 0,
        my_invite_code: `BENCH${i}`,
      })),
    )
    .returning('id')
    .execute();
  const tokens = users.map((u) => `gc_bench_${u.id}_${Math.random().toString(36).slice(2)}`);
  await app.ctx.db
    .insertInto('sessions')
    .values(
      users.map((u, k) => ({
        user_id: u.id,
        token_hash: sha256Hex(tokens[k] ?? ''),
        created_at: now,
        expires_at: expires,
      })),
    )
    .execute();
  sessionTokens.push(...tokens);
}
const chatTokens: string[] = [];
for (const token of sessionTokens) {
  const res = await app.inject({ method: 'GET', url: '/api/weavy/token', headers: { token } });
  chatTokens.push(res.json().data[0].token);
}
await app.listen({ port: 0, host: '127.0.0.1' });
// Setup garbage goes now, so the memory measured before the clients connect is the baseline.
for (let i = 0; i < 3; i++) {
  globalThis.gc?.();
  await delay(300);
}
const address = app.server.address();
if (address && typeof address === 'object')
  process.stdout.write(
    `${JSON.stringify({ port: address.port, sender: chatTokens[0], viewers: chatTokens.slice(1) })}\n`,
  );

answerMemoryRequests();
process.on('SIGTERM', () => process.exit(0));
