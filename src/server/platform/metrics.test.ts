// The Prometheus metrics (decision 091): request durations labelled by route pattern and status
// class, open sockets, outbox depth and event-loop lag, scraped from a port of their own.
import type { Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { consoleStreamPath } from '../../shared/contract/console';
import { createLiveShow } from '../modules/console/console.factories';
import { describeEachEngine, createTestApp, type TestApp } from '../testing/harness';
import { serveMetrics } from './metrics';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function scrape(t: TestApp, path = '/metrics') {
  if (!t.app.metrics) throw new Error('metrics are off');
  const server = await serveMetrics(t.app.metrics, 0, '127.0.0.1');
  servers.push(server);
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the metrics server has no port');
  const { port } = address;
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** The value of one sample line, by its metric name and exact label set as printed. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachEngine(
  'metrics',
  (t) => {
    it('counts answers per route pattern and status class, never per raw URL', async () => {
      await t().get('/api/siteconfig');
      await t().get('/api/siteconfig');
      await t().get('/api/staff/users/12345');
      await t().get('/api/no-such-call/98765');

      const { status, type, text } = await scrape(t());
      expect(status).toBe(200);
      expect(type).toContain('text/plain');
      const count = 'gemcast_http_request_duration_seconds_count';
      expect(sample(text, `${count}{method="GET",route="/api/siteconfig",status="2xx"}`)).toBe(2);
      expect(sample(text, `${count}{method="GET",route="/api/staff/users/:id",status="4xx"}`)).toBe(1);
      // Unknown paths (and the web app's pages) are answered by the not-found handler: one route, '*'.
      expect(sample(text, `${count}{method="*",route="*",status="4xx"}`)).toBe(1);
      const buckets = text
        .split('\n')
        .filter((line) =>
          line.startsWith('gemcast_http_request_duration_seconds_bucket{method="GET",route="/api/siteconfig",'),
        )
        .map((line) => Number(line.split(' ').at(-1)));
      expect(buckets).toHaveLength(12);
      expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
      expect(buckets.at(-1)).toBe(2);
      // Every sample line as Prometheus reads it: a name, labels, a number.
      for (const line of text.split('\n').filter((l) => l && !l.startsWith('#')))
        expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/);
      // No label carries the raw ids (a sample's value may happen to hold those digits).
      const labels = text.match(/\{[^}]*\}/g) ?? [];
      expect(labels.filter((set) => set.includes('12345') || set.includes('98765'))).toEqual([]);
    });

    it('reports open sockets, the mail queue and undelivered notifications at scrape time', async () => {
      const viewer = await t().createViewer();
      const now = t().clock.now().toISOString();
      const notification = await t()
        .db.insertInto('notifications')
        .values({
          user_id: viewer.id,
          kind: 'show_live',
          subject: 'show:1',
          title: 'Live',
          body: 'On air',
          data: '{}',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t()
        .db.insertInto('notification_deliveries')
        .values([
          { notification_id: notification.id, channel: 'email', state: 'pending', attempts: 0, next_attempt_at: now },
        ])
        .execute();
      const aborter = new AbortController();
      const stream = await t().app.inject({
        method: 'GET',
        url: '/api/notifications/stream',
        headers: { token: viewer.tokenvalue },
        payloadAsStream: true,
        signal: aborter.signal,
      });
      expect(stream.statusCode).toBe(200);

      const { text } = await scrape(t());
      aborter.abort();
      expect(sample(text, 'gemcast_open_sockets{kind="chat"}')).toBe(0);
      expect(sample(text, 'gemcast_open_sockets{kind="notification_stream"}')).toBe(1);
      expect(sample(text, 'gemcast_open_sockets{kind="console_stream"}')).toBe(0);
      expect(sample(text, 'gemcast_outbox_pending{queue="mail"}')).toBe(t().app.mailPending());
      expect(sample(text, 'gemcast_outbox_pending{queue="notification_email"}')).toBe(1);
    });

    it('counts the producer console’s open streams as their own kind, and forgets a closed one', async () => {
      const staff = await t().createStaff();
      const show = await createLiveShow(t());
      const consoles = [new AbortController(), new AbortController()];
      for (const aborter of consoles) {
        const stream = await t().app.inject({
          method: 'GET',
          url: consoleStreamPath(show.id),
          headers: { token: staff.tokenvalue },
          payloadAsStream: true,
          signal: aborter.signal,
        });
        expect(stream.statusCode).toBe(200);
      }
      const series = 'gemcast_open_sockets{kind="console_stream"}';
      expect(sample((await scrape(t())).text, series)).toBe(2);

      consoles[0]?.abort();
      await expect.poll(async () => sample((await scrape(t())).text, series)).toBe(1);
      consoles[1]?.abort();
      await expect.poll(async () => sample((await scrape(t())).text, series)).toBe(0);
    });

    it("includes the process's default metrics, event-loop lag among them", async () => {
      const { text } = await scrape(t());
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    });

    it('answers the 404 envelope for anything but GET /metrics', async () => {
      const { status, text } = await scrape(t(), '/');
      expect(status).toBe(404);
      expect(JSON.parse(text)).toMatchObject({ status: 0, statusCode: 404, data: [] });
    });
  },
  { metricsPort: 0 },
);

it('keeps a registry per app, so two apps in one process each count their own', async () => {
  const first = await createTestApp('sqlite', { metricsPort: 0 });
  const second = await createTestApp('sqlite', { metricsPort: 0 });
  try {
    await first.get('/healthz');
    const series = 'gemcast_http_request_duration_seconds_count{method="GET",route="/healthz",status="2xx"}';
    expect(sample((await scrape(first)).text, series)).toBe(1);
    expect(sample((await scrape(second)).text, series)).toBeUndefined();
  } finally {
    await first.close();
    await second.close();
  }
});

it('keeps no metrics when METRICS_PORT is not set', async () => {
  const t = await createTestApp('sqlite');
  try {
    expect(t.app.metrics).toBeNull();
  } finally {
    await t.close();
  }
});
