// createApp: the reference server's routes as one Hono app. Nothing listens here; index.ts and cli.ts do that.
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { DocsIndex } from './docs/types.ts';
import { createExtractiveAnswerer, type Answerer } from './assistant/answerers.ts';
import { assistantRoutes } from './assistant/route.ts';
import { llmsTxtRoutes } from './discovery/llmsTxt.ts';
import { mcpRoutes } from './discovery/mcp.ts';
import { discoveryRoutes } from './discovery/routes.ts';
import { askedQuestionsRoutes } from './assistant/askedQuestions.ts';
import { feedbackRoutes } from './assistant/feedback.ts';
import type { SiteConfig } from './assistant/siteInstructions.ts';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import { createKeySet, requireAdminKey } from './http/auth.ts';
import { serveMetrics, type AppMetrics } from './http/metrics.ts';
import type { SharedRouteOptions } from './http/routeOptions.ts';
import { createErrorHandler, notFoundHandler } from './http/errors.ts';
import { DEFAULT_ASSISTANT_LIMITS, type AssistantLimits } from './http/limits.ts';
import { serveWidget } from './http/widget.ts';
import type { ServerStore } from './store/index.ts';

export interface AppOptions {
  /** The docs search index (updated in place when files change). */
  index: DocsIndex;
  /** Threads and rate-limit counters (`openStore(dataDir)`). */
  store: Pick<ServerStore, 'threads' | 'rateLimits'>;
  /** Public keys accepted by the assistant route. */
  assistantKeys: readonly string[];
  /** Server-side keys; refused (403) on the assistant route. @default [] */
  adminKeys?: readonly string[];
  /** The `{domain}` path segment this server answers. @default 'docs' */
  domain?: string;
  /** How answers are made. @default extractive (quotes the docs, no model) */
  answerer?: Answerer;
  /** Per-window request limits; 0 turns one off. @default 10,000 each */
  limits?: Partial<AssistantLimits>;
  /** Origins allowed to call the assistant route from a browser; `*` is any. @default ['*'] */
  corsOrigins?: readonly string[];
  /** Number of reverse proxies in front whose X-Forwarded-For is trusted. @default 0 */
  trustProxyHops?: number;
  /** Return `X-Thread-Key` on thread creation and require `threadKey` with `threadId`. @default false */
  threadKeys?: boolean;
  /** Folder served under /widget/ (the built widget); skipped when missing or null. @default null */
  widgetDir?: string | null;
  /** Clock in epoch milliseconds (tests move it across limit windows). @default Date.now */
  now?: () => number;
  /** Where server-side errors are reported. @default console.error */
  log?: (message: string) => void;
  /** Site name and starter questions served to the widget (assistant.md). @default none */
  siteConfig?: SiteConfig;
  /** Serve the MCP server at /mcp (search and get_page tools; docs are public). @default true */
  mcp?: boolean;
  /** Route groups mounted next to the assistant (the agent job routes mount here). */
  mounts?: readonly { path: string; routes: Hono }[];
  /** Prometheus metrics (`createMetrics`); served at GET /metrics with an admin key unless `metricsRoute` is false. @default none */
  metrics?: AppMetrics;
  /** Serve GET /metrics here (false when a separate metrics port serves it). @default true */
  metricsRoute?: boolean;
  /** What GET /ready asks: 503 with the reason while not ready (starting, the store unreachable, shutting down). @default always ready */
  readiness?: () => Promise<{ ready: true } | { ready: false; reason: string }>;
  /** Receives one entry per finished request (the JSON log). @default none */
  accessLog?: (entry: AccessLogEntry) => void;
}

export interface AccessLogEntry {
  requestId: string;
  method: string;
  /** The path, without the query (which may hold a question). */
  path: string;
  route: string;
  status: number;
  durationMs: number;
}

/** This package's version, as MCP clients see it: package.json beside server/ in a checkout, two folders up in dist/server/. */
const SERVER_VERSION: string = (() => {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      return (JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { version: string }).version;
    } catch {
      // Not there: try the next place.
    }
  }
  return '0.0.0';
})();

export function createApp(options: AppOptions): Hono {
  const log = options.log ?? ((message: string) => console.error(message));
  const now = options.now ?? Date.now;
  const app = new Hono<{ Variables: RequestIdVariables }>();

  // Every response carries X-Request-Id (the caller's own when it sent a sane one), which log lines repeat.
  app.use('*', requestId());
  if (options.accessLog) {
    const accessLog = options.accessLog;
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      accessLog({
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        route: c.req.routePath,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    });
  }
  if (options.metrics) app.use('*', options.metrics.middleware);

  // Liveness: cheap, no store access.
  app.get('/health', (c) =>
    c.json({ status: 'ok', pages: options.index.pageCount, sections: options.index.sectionCount }),
  );
  // Readiness: a load balancer sends traffic only while this answers 200.
  app.get('/ready', async (c) => {
    const state = options.readiness ? await options.readiness() : { ready: true as const };
    return state.ready ? c.json({ status: 'ready' }) : c.json({ status: 'not ready', reason: state.reason }, 503);
  });

  // What every discovery route shares: the docs, the keys, the limits and where clients come from.
  const shared: SharedRouteOptions = {
    domain: options.domain ?? 'docs',
    getIndex: () => options.index,
    assistantKeys: createKeySet(options.assistantKeys),
    adminKeys: createKeySet(options.adminKeys ?? []),
    rateLimits: options.store.rateLimits,
    limits: { ...DEFAULT_ASSISTANT_LIMITS, ...options.limits },
    trustProxyHops: options.trustProxyHops ?? 0,
    corsOrigins: options.corsOrigins ?? ['*'],
    now,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  };
  if (options.metrics && (options.metricsRoute ?? true)) {
    app.get('/metrics', requireAdminKey(shared.adminKeys, shared.assistantKeys), serveMetrics(options.metrics.registry));
  }
  app.route(
    '/',
    assistantRoutes({
      ...shared,
      threads: options.store.threads,
      answerer: options.answerer ?? createExtractiveAnswerer(),
      threadKeys: options.threadKeys ?? false,
      log,
      siteConfig: options.siteConfig ?? { siteName: null, starterQuestions: [] },
    }),
  );
  app.route('/', discoveryRoutes(shared));
  app.route('/', feedbackRoutes({ ...shared, threads: options.store.threads, threadKeys: options.threadKeys ?? false }));
  app.route('/', askedQuestionsRoutes({ ...shared, threads: options.store.threads }));
  if (options.mcp ?? true) app.route('/', mcpRoutes({ ...shared, name: options.siteConfig?.siteName ?? 'docs-assistant', version: SERVER_VERSION }));
  app.route('/', llmsTxtRoutes({ getIndex: () => options.index, siteName: options.siteConfig?.siteName ?? null }));

  for (const mount of options.mounts ?? []) app.route(mount.path, mount.routes);

  const widget = options.widgetDir ? serveWidget(options.widgetDir) : null;
  if (widget) app.use('/widget/*', widget);

  app.notFound(notFoundHandler);
  app.onError(createErrorHandler(log));
  // The request id is this app's own business: callers see a plain Hono app.
  return app as unknown as Hono;
}
