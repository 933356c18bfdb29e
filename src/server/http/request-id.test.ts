// Request ids (decision 091): a trusted proxy's well-formed x-request-id is kept and answered, so a
// request is followed from the balancer into the server's log lines; anything else gets a new one.
import { expect, it } from 'vitest';
import { createTestApp } from '../testing/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

it("keeps a trusted proxy's well-formed request id, and answers it", async () => {
  const t = await createTestApp('sqlite', { trustProxy: '127.0.0.1' });
  try {
    const fromNginx = '4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';
    const kept = await t.get('/healthz', { headers: { 'x-request-id': fromNginx } });
    expect(kept.headers['x-request-id']).toBe(fromNginx);

    for (const odd of ['short', 'has spaces in it', 'line\\nbreak-injected', 'x'.repeat(129)]) {
      const replaced = await t.get('/healthz', { headers: { 'x-request-id': odd } });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
    const none = await t.get('/healthz');
    expect(none.headers['x-request-id']).toMatch(UUID);
  } finally {
    await t.close();
  }
});

it('makes its own id when no proxy is trusted, whatever the client sends', async () => {
  const t = await createTestApp('sqlite');
  try {
    const res = await t.get('/healthz', { headers: { 'x-request-id': 'chosen-by-the-client-1234' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    const second = await t.get('/healthz');
    expect(second.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  } finally {
    await t.close();
  }
});
