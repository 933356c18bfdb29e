import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { insertViewers } from '../../testing/bulk-viewers';
import { sharedDatabase } from '../../testing/shared-database';
import { describeEachEngine } from '../../testing/harness';
import { startSmtpSink } from '../../testing/smtp-sink';
import { messageIdFor } from './notification-worker';
import { notify } from './notifications.service';

const childScript = path.resolve(import.meta.dirname, '../../testing/notification-worker-process.ts');

function workerProcess(target: string, schema: string, smtpUrl: string, leaseMs: number, markEveryMs?: number) {
  const args = [target, schema, smtpUrl, String(leaseMs), ...(markEveryMs ? [String(markEveryMs)] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, out, err }));
    },
  );
  return { child: child as ChildProcess, exited };
}

const COUNT = 40;

/** One show_starting notification by e-mail for each viewer, committed at once. */
const notifyAll = (db: Db, userIds: number[]) =>
  db.transaction().execute((trx) =>
    notify(trx, {
      userIds,
      kind: 'show_starting',
      subject: 'show:1',
      title: 'Starting soon: Opal Hour',
      body: '"Opal Hour" goes live within the hour.',
      data: {
        event_id: 1,
        title: 'Opal Hour',
        description: 'Australian opals, live.',
        cust_start: '2026-06-15T19:00:00.000Z',
        cust_end: '2026-06-15T20:00:00.000Z',
      },
      channels: ['email'],
      at: new Date(),
    }),
  );
const LEASE_MS = 1000;

describeEachEngine('the notification worker killed mid-batch', (t) => {
  it(
    'delivers every notification once by Message-ID after kill -9 and a fresh worker',
    { timeout: 20_000 },
    async () => {
      const shared = await sharedDatabase(t().engine, 'outbox');
      const sink = await startSmtpSink();
      try {
        const { db } = shared.handle;
        const viewers = await insertViewers(db, COUNT, 'kill', new Date());
        await notifyAll(
          db,
          viewers.map((v) => v.id),
        );
        // The 16th message arrives and is never answered: the first worker is killed while it waits,
        // with that delivery and the rest of its batch of 5 left 'sending'.
        const held = sink.holdAt(16);
        const first = workerProcess(shared.target, shared.schema, sink.url, LEASE_MS);
        await held;
        first.child.kill('SIGKILL');
        expect((await first.exited).signal).toBe('SIGKILL');
        expect(sink.messages).toHaveLength(15);
        const stranded = await db
          .selectFrom('notification_deliveries')
          .select('id')
          .where('state', '=', 'sending')
          .execute();
        expect(stranded.length).toBeGreaterThan(0);

        const second = workerProcess(shared.target, shared.schema, sink.url, LEASE_MS);
        const done = await second.exited;
        expect(done.err).toBe('');
        expect(done.code).toBe(0);
        expect(Number(done.out)).toBe(COUNT - 15);

        const rows = await db.selectFrom('notification_deliveries').select(['id', 'state']).orderBy('id').execute();
        expect(rows.every((r) => r.state === 'sent')).toBe(true);
        const received = sink.messages.map((m) => m.messageId);
        expect(received).toHaveLength(COUNT);
        expect(new Set(received).size).toBe(COUNT);
        expect(new Set(received)).toEqual(new Set(rows.map((r) => messageIdFor(r.id, 'http://gemcast.test'))));
        expect(sink.messages.flatMap((m) => m.to).sort()).toEqual(
          viewers.map((_, n) => `kill-${n}@bulk.example.com`).sort(),
        );
      } finally {
        await sink.close();
        await shared.close();
      }
    },
  );

  it(
    'after kill -9 mid-batch sends twice only the messages accepted since the marks were last written',
    { timeout: 20_000 },
    async () => {
      const shared = await sharedDatabase(t().engine, 'outbox');
      const sink = await startSmtpSink();
      try {
        const { db } = shared.handle;
        const viewers = await insertViewers(db, COUNT, 'mid', new Date());
        await notifyAll(
          db,
          viewers.map((v) => v.id),
        );
        // Batches of 5, marks written only when a batch ends (a minute is far longer than one takes):
        // the 16th and 17th are accepted, the 18th is held, and the worker dies with none of the
        // fourth batch marked.
        const held = sink.holdAt(18);
        const first = workerProcess(shared.target, shared.schema, sink.url, LEASE_MS, 60_000);
        await held;
        first.child.kill('SIGKILL');
        expect((await first.exited).signal).toBe('SIGKILL');
        expect(sink.messages).toHaveLength(17);
        const acceptedUnmarked = sink.messages.slice(15).map((m) => m.messageId);
        const stranded = await db
          .selectFrom('notification_deliveries')
          .select('id')
          .where('state', '=', 'sending')
          .execute();
        expect(stranded).toHaveLength(5);

        const second = workerProcess(shared.target, shared.schema, sink.url, LEASE_MS);
        const done = await second.exited;
        expect(done.err).toBe('');
        expect(done.code).toBe(0);
        expect(Number(done.out)).toBe(COUNT - 15);

        const rows = await db.selectFrom('notification_deliveries').select(['id', 'state']).orderBy('id').execute();
        expect(rows.every((r) => r.state === 'sent')).toBe(true);
        const received = sink.messages.map((m) => m.messageId);
        expect(new Set(received)).toEqual(new Set(rows.map((r) => messageIdFor(r.id, 'http://gemcast.test'))));
        // Each arrived once but the two accepted after the last marks, which arrived twice.
        expect(received).toHaveLength(COUNT + 2);
        expect(received.filter((id, n) => received.indexOf(id) !== n).sort()).toEqual([...acceptedUnmarked].sort());
      } finally {
        await sink.close();
        await shared.close();
      }
    },
  );

  it('two worker processes at once send each of 100 notifications once', { timeout: 20_000 }, async () => {
    const shared = await sharedDatabase(t().engine, 'outbox');
    const sink = await startSmtpSink();
    try {
      const { db } = shared.handle;
      const viewers = await insertViewers(db, 100, 'pair', new Date());
      await notifyAll(
        db,
        viewers.map((v) => v.id),
      );
      const workers = [1, 2].map(() => workerProcess(shared.target, shared.schema, sink.url, 60_000));
      const results = await Promise.all(workers.map((w) => w.exited));
      for (const done of results) expect(done.code, done.err).toBe(0);
      expect(results.reduce((sum, done) => sum + Number(done.out), 0)).toBe(100);
      const received = sink.messages.map((m) => m.messageId);
      expect(received).toHaveLength(100);
      expect(new Set(received).size).toBe(100);
      const states = await db.selectFrom('notification_deliveries').select(['state', 'attempts']).execute();
      expect(states.every((d) => d.state === 'sent' && d.attempts === 1)).toBe(true);
    } finally {
      await sink.close();
      await shared.close();
    }
  });
});
