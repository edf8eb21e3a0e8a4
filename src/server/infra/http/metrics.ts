import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import { AppError } from './errors';

/** What the metrics read from the running app (kept small so tests can build it too). */
export interface MetricsSources {
  listeners(): number;
  eventStreams(): number;
  jobCounts(): Promise<{ queue: string; state: string; count: number }[]>;
  engineRestarts(): number;
}

const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface HttpSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Answers per latency bucket (not cumulative); the last slot counts those above every bound. */
  buckets: number[];
}

/**
 * The HTTP request counter and latency histogram in plain numbers, rendered by the registry as prom-client
 * renders its own counter and histogram. Recording an answer is a map lookup and a few additions:
 * prom-client's labelled `inc` and `observe` validate and hash their labels on every call, which cost a
 * quarter of a cached read's CPU on the fast paths.
 */
class HttpMetrics {
  private readonly series = new Map<string, HttpSeries>();

  record(method: string, route: string, status: number, seconds: number) {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0),
      };
      this.series.set(key, s);
    }
    s.count += 1;
    s.sum += seconds;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i += 1;
    s.buckets[i] += 1;
  }

  /** The two metrics, as objects the registry collects like its own. */
  metrics(): Metric[] {
    const all = () => [...this.series.values()];
    const reset = () => this.series.clear();
    const requests = {
      name: 'onair_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      type: 'counter',
      aggregator: 'sum',
      reset,
      get: async () => ({
        ...requests,
        values: all().map((s) => ({ labels: s.labels, value: s.count })),
      }),
    };
    const latency = {
      name: 'onair_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      type: 'histogram',
      aggregator: 'sum',
      reset,
      get: async () => ({
        ...latency,
        values: all().flatMap((s) => {
          let acc = 0;
          return [
            ...LATENCY_BUCKETS.map((le, i) => {
              acc += s.buckets[i];
              return { labels: { le, ...s.labels }, value: acc, metricName: `${latency.name}_bucket` };
            }),
            { labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${latency.name}_bucket` },
            { labels: s.labels, value: s.sum, metricName: `${latency.name}_sum` },
            { labels: s.labels, value: s.count, metricName: `${latency.name}_count` },
          ];
        }),
      }),
    };
    return [requests, latency] as unknown as Metric[];
  }
}

/**
 * Prometheus metrics in one registry: process defaults, HTTP requests by route and status with latency
 * histograms (the now-playing fast path included), listeners, event streams, job queues, engine restarts.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly http = new HttpMetrics();

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'onair_' });
    for (const m of this.http.metrics()) this.registry.registerMetric(m);
    new Gauge({
      name: 'onair_listeners',
      help: 'Listeners connected to the stream now',
      registers,
      collect() {
        this.set(sources.listeners());
      },
    });
    new Gauge({
      name: 'onair_event_streams',
      help: 'Open Server-Sent Events streams on this instance',
      registers,
      collect() {
        this.set(sources.eventStreams());
      },
    });
    new Gauge({
      name: 'onair_engine_restarts',
      help: 'Times the built-in engine processes were restarted after dying, since the app started',
      registers,
      collect() {
        this.set(sources.engineRestarts());
      },
    });
    new Gauge({
      name: 'onair_jobs',
      help: 'Background jobs by queue and state (created and retry = waiting; failed = gave up)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const c of await sources.jobCounts().catch(() => [])) {
          this.set({ queue: c.queue, state: c.state }, c.count);
        }
      },
    });
  }

  observe(method: string, route: string, status: number, seconds: number) {
    this.http.record(method, route, status, seconds);
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds when it relays someone else's request: with any of them the caller is not local. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
];

/**
 * May this request read the metrics? With METRICS_TOKEN set: only with `Authorization: Bearer <token>`.
 * Without it: only a direct connection from this machine (a request relayed by a proxy, which carries
 * Forwarded, X-Forwarded-For, X-Real-IP or the like, is refused even when the proxy itself connects from
 * loopback: set METRICS_TOKEN to read the metrics through a proxy).
 */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? '');
    const want = Buffer.from(`Bearer ${token}`);
    return given.length === want.length && timingSafeEqual(given, want);
  }
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
}

/** GET /metrics, and the request timing hook. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { metrics: Metrics; token: string | undefined }) => {
    const { metrics } = opts;
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
    app.get(
      '/metrics',
      // Declared public for the access layer; the handler itself checks the token or loopback.
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        if (!metricsAllowed(req, opts.token)) {
          throw new AppError(
            'FORBIDDEN',
            'Metrics are available with the metrics token or from this machine.',
          );
        }
        reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
        return metrics.registry.metrics();
      },
    );
  },
  { name: 'metrics' },
);
