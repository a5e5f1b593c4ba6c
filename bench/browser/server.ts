// The loopback server every browser bench talks to: it serves the built widget (dist/), the bench's
// own built pages (bench/out/), generated HTML pages, and an assistant endpoint that streams a fixed
// Markdown answer in the AI SDK UI message stream format at a steady number of deltas per second.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { Hono } from 'hono';
import { benchmarkAnswer, splitIntoDeltas } from './answer.ts';
import { pageHtml, type PageName } from './pages.ts';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const benchOutDirectory = join(projectRoot, 'bench', 'out');
/** The build as `npm run build` leaves it. */
export const builtDirectory = join(projectRoot, 'dist');
/** The copy of dist/ every bench of one run measures and serves (see snapshotDist). */
export const distDirectory = join(benchOutDirectory, 'dist');

/** Names, sizes and times of every file under dist/: equal twice in a row means no build is writing. */
function buildSignature(): string {
  if (!existsSync(builtDirectory)) return '';
  return readdirSync(builtDirectory, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const stats = statSync(join(builtDirectory, name), { throwIfNoEntry: false });
      return `${name}:${stats?.size}:${stats?.mtimeMs}`;
    })
    .toSorted()
    .join('\n');
}

/**
 * Copies dist/ into bench/out/dist so the whole run measures one build, even if dist/ is rebuilt
 * meanwhile; waits (up to a minute) until no build is writing dist/. Returns false when there is no
 * build (dist/embed.js missing).
 */
export async function snapshotDist(): Promise<boolean> {
  rmSync(distDirectory, { recursive: true, force: true });
  let previous = buildSignature();
  for (let check = 0; check < 30; check++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const current = buildSignature();
    if (current === previous) break;
    previous = current;
  }
  if (!existsSync(join(builtDirectory, 'embed.js'))) return false;
  cpSync(builtDirectory, distDirectory, { recursive: true, preserveTimestamps: true });
  return true;
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface StreamSettings {
  /** Deltas written per second. @default 50 */
  deltasPerSecond: number;
  /** Characters per delta. @default 50 */
  deltaSize: number;
}

export interface BenchServer {
  origin: string;
  /** Number of answers streamed so far (lets a bench check that the widget really asked). */
  answersStarted: () => number;
  close: () => Promise<void>;
}

async function serveFile(root: string, relativePath: string): Promise<Response> {
  const target = normalize(join(root, relativePath));
  if (!target.startsWith(root.endsWith(sep) ? root : root + sep)) return new Response('outside the root', { status: 403 });
  try {
    const body = await readFile(target);
    // No compression and no caching headers: sizes are computed from the bytes, and each bench
    // decides about caching through its browser context.
    return new Response(body, { headers: { 'content-type': contentTypes[extname(target)] ?? 'application/octet-stream' } });
  } catch {
    return new Response('not found', { status: 404 });
  }
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, milliseconds)));

function answerStream(settings: StreamSettings, signal: AbortSignal): Response {
  const deltas = splitIntoDeltas(benchmarkAnswer(), settings.deltaSize);
  const interval = 1000 / settings.deltasPerSecond;
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      writer.write({ type: 'start', messageId: `bench-${Date.now()}` });
      writer.write({ type: 'start-step' });
      writer.write({ type: 'text-start', id: 'answer' });
      // Scheduled against the start time, so timer drift does not slow the stream down.
      const start = performance.now();
      for (const [index, delta] of deltas.entries()) {
        if (signal.aborted) return;
        await sleep(start + index * interval - performance.now());
        writer.write({ type: 'text-delta', id: 'answer', delta });
      }
      writer.write({ type: 'text-end', id: 'answer' });
      writer.write({ type: 'finish-step' });
      writer.write({ type: 'finish', finishReason: 'stop' });
    },
  });
  return createUIMessageStreamResponse({ stream });
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startBenchServer(settings: StreamSettings = { deltasPerSecond: 50, deltaSize: 50 }): Promise<BenchServer> {
  let answers = 0;
  const app = new Hono();
  app.get('/dist/*', (context) => serveFile(distDirectory, context.req.path.slice('/dist/'.length)));
  app.get('/out/*', (context) => serveFile(benchOutDirectory, context.req.path.slice('/out/'.length)));
  app.get('/page/:name', (context) => {
    const html = pageHtml(context.req.param('name') as PageName, new URL(context.req.url).searchParams);
    return html === undefined ? context.text('no such page', 404) : context.html(html);
  });
  app.post('/discovery/v2/assistant/:domain/message', (context) => {
    answers++;
    return answerStream(settings, context.req.raw.signal);
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const instance = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(instance));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    answersStarted: () => answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser's keep-alive connections would otherwise hold the close open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
