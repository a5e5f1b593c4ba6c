// startDemo: the demo docs site, the React page, the dark and strict-CSP pages, and the reference server,
// all on one origin. The reference server answers over the same docs/ folder the site renders, with
// source URLs on this origin, so a source link in an answer opens the demo page and heading it quotes.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { createServer, type DocsAssistantServer } from '../server/index.ts';
import type { AssistantLimits } from '../server/http/limits.ts';
import { ensureReactPageBuild, ensureWidgetBuild, projectRoot, reactPageDir } from './build.ts';
import { createSiteCache, normalizeRoute } from './site/docsSite.ts';
import { demoRoutes } from './site/layout.ts';
import { darkPageHtml, docsPageHtml, notFoundPageHtml, STRICT_CSP, strictCspPageHtml, type WidgetSettings } from './site/pages.ts';

/** The demo's public assistant key. It is public by design, as every assistant key is. */
export const DEMO_ASSISTANT_KEY = 'da_dsc_demo0public0key0for0the0demo0site';
export const DEMO_DOMAIN = 'docs';

export interface DemoOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** Docs folder, rendered as the site and answered from. @default the repository's docs/ */
  docsDir?: string;
  /** Folder of the reference server's store. @default a fresh temporary folder, removed on close */
  dataDir?: string;
  /** Assistant limits (e.g. `{ perIpDay: 1 }` to see a 429). @default the server's defaults */
  limits?: Partial<AssistantLimits>;
  /** The built widget served under /widget/ (e2e tests pass a snapshot of dist/). @default the repository's dist/ */
  widgetDir?: string;
  /** Build dist/ and the React page first when missing or stale. @default true */
  build?: boolean;
  /** Progress lines (builds, skipped files). @default nothing */
  log?: (line: string) => void;
  /** Sees every request first and may replace its response (e2e journeys hold or cut answer streams). @default none */
  intercept?: (request: Request, next: () => Promise<Response>) => Promise<Response>;
}

export interface DemoServer {
  /** Origin of the demo, e.g. `http://127.0.0.1:5173`. */
  url: string;
  assistantKey: string;
  domain: string;
  /** The embedded reference server: its Hono app, with its index and keys. */
  assistant: DocsAssistantServer;
  /** Stops listening, ends open connections, closes the store and removes a temporary data folder. */
  close(): Promise<void>;
  /** Stops listening and ends open connections, as if the server went down (for failure journeys). */
  suspend(): Promise<void>;
  /** Listens again on the same port after `suspend()`. */
  resume(): Promise<void>;
}

export async function startDemo(options: DemoOptions = {}): Promise<DemoServer> {
  const log = options.log ?? (() => {});
  const docsDir = options.docsDir ?? path.join(projectRoot, 'docs');
  if (options.build !== false) {
    await ensureWidgetBuild(log);
    await ensureReactPageBuild(log);
  }
  const temporaryData = options.dataDir === undefined ? mkdtempSync(path.join(tmpdir(), 'docs-assistant-demo-')) : null;
  const dataDir = options.dataDir ?? (temporaryData as string);

  // Listen first: the reference server needs this origin as its site URL before it indexes.
  let handler: FetchHandler = answerStarting;
  const httpServer = await listen((request, env) => handler(request, env), options.port ?? 0, options.host ?? '127.0.0.1');
  const address = httpServer.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  let assistant: DocsAssistantServer;
  try {
    assistant = await createServer({
      docsDir,
      siteUrl: url,
      dataDir,
      domain: DEMO_DOMAIN,
      assistantKeys: [DEMO_ASSISTANT_KEY],
      limits: options.limits,
      widgetDir: options.widgetDir ?? path.join(projectRoot, 'dist'),
      onWarning: log,
    });
  } catch (error) {
    await stopListening(httpServer);
    if (temporaryData) rmSync(temporaryData, { recursive: true, force: true });
    throw error;
  }

  const app = createDemoApp({ assistant, docsDir, widget: { domain: DEMO_DOMAIN, apiKey: DEMO_ASSISTANT_KEY } });
  // Render the site once now, so the first reader (or test) does not wait for every page to render.
  await app.request(`${url}/`);
  const intercept = options.intercept;
  handler = intercept ? (request, env) => intercept(request, async () => app.fetch(request, env)) : (request, env) => app.fetch(request, env);

  let closing: Promise<void> | undefined;
  return {
    url,
    assistantKey: DEMO_ASSISTANT_KEY,
    domain: DEMO_DOMAIN,
    assistant,
    suspend: () => stopListening(httpServer),
    resume: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(address.port, address.address, () => {
          httpServer.off('error', reject);
          resolve();
        });
      }),
    close: () =>
      (closing ??= (async () => {
        if (httpServer.listening) await stopListening(httpServer);
        await assistant.close();
        if (temporaryData) rmSync(temporaryData, { recursive: true, force: true });
      })()),
  };
}

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

function answerStarting(): Response {
  return new Response('The demo is starting; reload in a moment.', { status: 503, headers: { 'Retry-After': '1' } });
}

interface DemoAppOptions {
  assistant: DocsAssistantServer;
  docsDir: string;
  widget: WidgetSettings;
}

/** The demo's routes, without listening: tests call `createDemoApp(...).request(path)`. */
export function createDemoApp({ assistant, docsDir, widget }: DemoAppOptions): Hono {
  const app = new Hono();
  const site = createSiteCache(docsDir);
  const forward = (c: Context) => assistant.fetch(c.req.raw, c.env);

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  // The reference server: the assistant API, the built widget, health and agent routes.
  for (const prefix of ['/discovery/*', '/widget/*', '/v2/*']) app.all(prefix, forward);
  app.get('/health', forward);

  const siteCss = path.join(projectRoot, 'demo', 'public', 'site.css');
  app.get('/assets/site.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(readFileSync(siteCss, 'utf8'));
  });

  // Browsers ask for /favicon.ico on pages without an icon link (the React page); both get the same icon.
  const favicon = path.join(projectRoot, 'demo', 'public', 'favicon.svg');
  for (const route of ['/assets/favicon.svg', '/favicon.ico']) {
    app.get(route, (c) => {
      c.header('Content-Type', 'image/svg+xml');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(readFileSync(favicon, 'utf8'));
    });
  }

  app.get(demoRoutes.react, (c) => c.redirect(`${demoRoutes.react}/`, 308));
  app.get(`${demoRoutes.react}/`, (c) => {
    const index = path.join(reactPageDir, 'index.html');
    if (!existsSync(index)) return c.html('<h1>The React page is not built</h1><p>Run <code>npm run demo</code>.</p>', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(index, 'utf8'));
  });
  let reactAssets: ReturnType<typeof serveStatic> | undefined;
  app.get(`${demoRoutes.react}/assets/*`, (c, next) => {
    reactAssets ??= serveStatic({ root: reactPageDir, rewriteRequestPath: (requestPath) => requestPath.slice(demoRoutes.react.length) });
    return reactAssets(c, next);
  });

  app.get(demoRoutes.dark, async (c) => c.html(darkPageHtml(await site(), widget)));
  app.get(demoRoutes.strictCsp, async (c) => {
    c.header('Content-Security-Policy', STRICT_CSP);
    return c.html(strictCspPageHtml(await site(), widget));
  });

  app.get('*', async (c) => {
    const docs = await site();
    const page = docs.page(normalizeRoute(c.req.path));
    if (!page) return c.html(notFoundPageHtml(docs, c.req.path), 404);
    return c.html(docsPageHtml(docs, page, widget));
  });
  return app;
}

function listen(fetch: FetchHandler, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once('error', reject);
  });
}

/** Closes the listener and every open connection (streams in flight end, keep-alive sockets close). */
function stopListening(server: ServerType): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}
