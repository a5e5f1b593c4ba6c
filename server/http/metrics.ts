// What the server counts for Prometheus (prom-client, one registry per app so two apps in one process keep
// apart): requests by route and status, how long answers take to start and to finish, limit refusals by
// policy, the docs index, agent jobs by status, and Node's own process metrics. Served at GET /metrics with
// the admin key, or on a separate port (`--metrics-port`) for a scraper inside the network.
import type { Handler, MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsSources {
  /** Pages and sections in the index now. */
  index: () => { pages: number; sections: number };
  /** Agent jobs by status, when agent jobs are mounted. */
  agentJobs?: () => Promise<Record<string, number>>;
}

export interface AppMetrics {
  registry: Registry;
  /** Counts every request by the route it matched (its pattern: bounded labels) and its status. */
  middleware: MiddlewareHandler;
  /** From the request to the answer's first text. */
  answerStarted(seconds: number): void;
  /** From the request to the stream's end, by how it ended. */
  answerEnded(seconds: number, outcome: 'complete' | 'failed' | 'aborted'): void;
  limitRefused(policies: readonly string[]): void;
  /** The index changed (a docs file re-indexed). */
  indexUpdated(at: number): void;
}

/** Seconds: an answer starts in milliseconds without a model and in seconds with one; a stream lasts up to a minute. */
const ANSWER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(sources: MetricsSources, startedAt = Date.now()): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docs_assistant_' });
  const requests = new Counter({ name: 'docs_assistant_http_requests_total', help: 'HTTP requests by route, method and status.', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const requestSeconds = new Histogram({ name: 'docs_assistant_http_request_duration_seconds', help: 'Time to the response headers, by route.', labelNames: ['route'], registers: [registry] });
  const answerStart = new Histogram({ name: 'docs_assistant_answer_first_text_seconds', help: 'From the question to the first text of its answer.', buckets: ANSWER_BUCKETS, registers: [registry] });
  const answerStream = new Histogram({
    name: 'docs_assistant_answer_stream_duration_seconds',
    help: 'From the question to the end of its answer stream, by outcome (complete, failed, aborted).',
    labelNames: ['outcome'],
    buckets: ANSWER_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({ name: 'docs_assistant_limit_refusals_total', help: 'Requests refused with 429, by the policy over its limit.', labelNames: ['policy'], registers: [registry] });
  let lastIndexUpdate = startedAt;
  // Read when Prometheus scrapes, never kept up to date by hand.
  const gauge = (name: string, help: string, read: () => number) =>
    registry.registerMetric(
      new Gauge({
        name,
        help,
        registers: [],
        collect() {
          this.set(read());
        },
      }),
    );
  gauge('docs_assistant_index_pages', 'Docs pages in the search index.', () => sources.index().pages);
  gauge('docs_assistant_index_sections', 'Docs sections in the search index.', () => sources.index().sections);
  gauge('docs_assistant_index_last_update_timestamp_seconds', 'When the index last changed (start-up or a re-indexed file), in Unix seconds.', () => lastIndexUpdate / 1000);
  if (sources.agentJobs) {
    const agentJobs = sources.agentJobs;
    registry.registerMetric(
      new Gauge({
        name: 'docs_assistant_agent_jobs',
        help: 'Agent jobs by status.',
        labelNames: ['status'],
        registers: [],
        async collect() {
          const counts = await agentJobs();
          this.reset();
          for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
        },
      }),
    );
  }

  return {
    registry,
    middleware: async (c, next) => {
      const started = performance.now();
      await next();
      // The matched pattern (`/discovery/v2/assistant/:domain/message`), never the raw path: bounded labels.
      const route = c.req.routePath || 'unmatched';
      requests.inc({ route, method: c.req.method, status: String(c.res.status) });
      requestSeconds.observe({ route }, (performance.now() - started) / 1000);
    },
    answerStarted: (seconds) => answerStart.observe(seconds),
    answerEnded: (seconds, outcome) => answerStream.observe({ outcome }, seconds),
    limitRefused: (policies) => {
      for (const policy of policies) refusals.inc({ policy });
    },
    indexUpdated: (at) => {
      lastIndexUpdate = at;
    },
  };
}

/** GET /metrics: the registry in Prometheus's text format (the app's route and the separate metrics port). */
export function serveMetrics(registry: Registry): Handler {
  return async (c) => c.text(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
}
