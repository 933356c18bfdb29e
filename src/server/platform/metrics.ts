// Prometheus metrics of one app (decision 091): request durations per call and status class, open
// sockets, outbox depth and the process's own (event-loop lag, memory, GC), served on METRICS_PORT.
import { createServer, type Server } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { MESSAGES } from '../../shared/messages';
import { fail } from '../http/envelope';

/** How long a scrape waits for the database's count of undelivered notifications. */
const SCRAPE_QUERY_TIMEOUT_MS = 1_000;

/** From 2 ms to 10 s: the hot calls answer in a few milliseconds, the show start's target is 250 ms. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

export type MetricsSources = {
  /** E-mails queued in this process and not yet handed over. */
  mailPending: () => number;
  /** Notification deliveries not yet sent, per channel: read from the database at scrape time only. */
  notificationBacklog: () => Promise<{ channel: string; count: number | string | bigint }[]>;
};

/**
 * One route's answers of one status class. prom-client's labelled observe validates and hashes the
 * labels on every call (about 1 µs here); these are plain counts, turned into cumulative buckets
 * only when scraped.
 */
type Series = { labels: string; buckets: Float64Array; sum: number; count: number };

const DURATIONS = 'gemcast_http_request_duration_seconds';

function escapeLabel(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function observe(series: Series, seconds: number) {
  let bucket = 0;
  while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] ?? 0)) bucket += 1;
  series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
  series.sum += seconds;
  series.count += 1;
}

/** The request histogram in Prometheus's text format, as prom-client writes its own. */
function durationsText(all: Series[]): string {
  const lines = [
    `# HELP ${DURATIONS} Time from the request to its answer, by route pattern (never the raw URL) and status class`,
    `# TYPE ${DURATIONS} histogram`,
  ];
  for (const series of all) {
    let cumulative = 0;
    DURATION_BUCKETS.forEach((bound, i) => {
      cumulative += series.buckets[i] ?? 0;
      lines.push(`${DURATIONS}_bucket{${series.labels},le="${bound}"} ${cumulative}`);
    });
    lines.push(`${DURATIONS}_bucket{${series.labels},le="+Inf"} ${series.count}`);
    lines.push(`${DURATIONS}_sum{${series.labels}} ${series.sum}`);
    lines.push(`${DURATIONS}_count{${series.labels}} ${series.count}`);
  }
  return `${lines.join('\n')}\n`;
}

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(sources: MetricsSources) {
  // A registry per app, not prom-client's global one: several apps in one test process must not clash.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const allSeries: Series[] = [];
  function newSeries(method: string, route: string, status: string): Series {
    const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`;
    const series = { labels, buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
    allSeries.push(series);
    return series;
  }

  const socketCounts = new Map<string, () => number>();
  new Gauge({
    name: 'gemcast_open_sockets',
    help: 'Long-lived connections this process holds: chat sockets, notification and console event streams',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      for (const [kind, count] of socketCounts) this.set({ kind }, count());
    },
  });

  new Gauge({
    name: 'gemcast_outbox_pending',
    help: "Messages waiting to go out: this process's mail queue, and notification deliveries per channel",
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      this.set({ queue: 'mail' }, sources.mailPending());
      // A database that does not answer leaves the notification rows out rather than hold the scrape.
      const rows = await withTimeout(sources.notificationBacklog(), SCRAPE_QUERY_TIMEOUT_MS).catch(() => []);
      for (const row of rows) this.set({ queue: `notification_${row.channel}` }, Number(row.count));
    },
  });

  // A route's series, one per status class, made at the class's first answer: the hook does one map
  // lookup keyed by the route's own config object (the same for every request) and adds counts.
  type RouteSeries = { method: string; route: string; byClass: (Series | undefined)[] };
  const byRoute = new Map<object, RouteSeries>();
  function routeSeriesOf(request: FastifyRequest): RouteSeries {
    const { config, url, method } = request.routeOptions;
    let found = byRoute.get(config);
    if (!found) {
      // Pages of the web app and unknown paths share the not-found handler: one route, '*'.
      found = { method: url === undefined ? '*' : [method].flat().join(','), route: url ?? '*', byClass: [] };
      byRoute.set(config, found);
    }
    return found;
  }

  return {
    registry,
    /** The onResponse hook, in the callback style: no promise per request on the hot path. */
    onResponse(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      const route = routeSeriesOf(request);
      const index = Math.min(4, Math.max(0, ((reply.statusCode / 100) | 0) - 1));
      const series = (route.byClass[index] ??= newSeries(route.method, route.route, STATUS_CLASSES[index] ?? '5xx'));
      observe(series, reply.elapsedTime / 1000);
      done();
    },
    /** Adds a count of open sockets, read at each scrape. */
    countSockets(kind: string, count: () => number) {
      socketCounts.set(kind, count);
    },
    /** The exposition text and its content type. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: `${await registry.metrics()}\n${durationsText(allSeries)}` };
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Serves GET /metrics on a port of its own, apart from the site: behind a balancer each process is
 * scraped directly, and the public port never exposes it. Anything else answers the 404 envelope.
 */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const isScrape = request.method === 'GET' && request.url?.split('?')[0] === '/metrics';
    if (!isScrape) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(fail(404, MESSAGES.notFound)));
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(body);
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(fail(500, MESSAGES.serverError)));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
