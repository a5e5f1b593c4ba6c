// Server bench: time to first byte and requests/s of extractive answers, beside a bare Hono route served by the
// same server in the same run (so the figures read as a ratio on this machine, not as absolute promises).
//   node bench/server.ts [--quick]
// The server runs in a child process (the real createServer over docs/, limits off, served by @hono/node-server);
// this process is the client, using Node's fetch with keep-alive.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';

const KEY = 'bench_dsc_key';
const QUESTIONS = [
  'How do I change the port of the server?',
  'How do I add the widget with a script tag?',
  'Which CSS variables change the colors?',
  'What happens when a rate limit is exceeded?',
  'How do I use the React component?',
  'How do agent jobs open a pull request?',
];

/** The server under test: createServer over docs/ with a bare route mounted beside the assistant. */
async function benchApp(dataDir: string) {
  const { createServer } = await import('../server/index.ts');
  const bare = new Hono().post('/bare', async (c) => c.json({ ok: true, received: (await c.req.json<{ fp: string }>()).fp }));
  return createServer({
    docsDir: fileURLToPath(new URL('../docs', import.meta.url)),
    dataDir,
    assistantKeys: [KEY],
    watch: false,
    widgetDir: null,
    limits: { perKeyMonth: 0, perOrgHour: 0, perIpDay: 0 },
    mounts: [{ path: '/bench', routes: bare }],
    onWarning: () => {},
  });
}

async function serveChild(): Promise<void> {
  const { serve } = await import('@hono/node-server');
  const dataDir = mkdtempSync(join(tmpdir(), 'da-bench-server-'));
  const app = await benchApp(dataDir);
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
    process.stdout.write(`listening on http://127.0.0.1:${info.port} sections=${app.docsIndex.sectionCount}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    void app.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

interface Target {
  name: string;
  path: string;
  body: (index: number) => string;
}

const targets: Target[] = [
  { name: 'bare Hono route (POST JSON echo)', path: '/bench/bare', body: () => JSON.stringify({ fp: 'anonymous' }) },
  {
    name: 'extractive answer (streamed)',
    path: '/discovery/v2/assistant/docs/message',
    body: (index) =>
      JSON.stringify({
        fp: 'anonymous',
        retrievalPageSize: 5,
        messages: [{ id: String(index), role: 'user', parts: [{ type: 'text', text: QUESTIONS[index % QUESTIONS.length] }] }],
      }),
  },
];

type Send = (request: Request) => Response | Promise<Response>;

/** Sends one request; returns ms to the first body byte and ms to the end. */
async function timedRequest(send: Send, baseUrl: string, target: Target, index: number): Promise<{ firstByte: number; total: number }> {
  const started = performance.now();
  const response = await send(
    new Request(baseUrl + target.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: target.body(index),
    }),
  );
  if (!response.ok || !response.body) throw new Error(`${target.path} answered ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const firstByte = performance.now() - started;
  let done = first.done;
  while (!done) done = (await reader.read()).done;
  return { firstByte, total: performance.now() - started };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

async function sequentialFirstByte(send: Send, baseUrl: string, target: Target, count: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) times.push((await timedRequest(send, baseUrl, target, index)).firstByte);
  const sorted = times.toSorted((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** Completed requests per second with `concurrency` clients looping for `seconds`. */
async function throughput(baseUrl: string, target: Target, concurrency: number, seconds: number): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let completed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_unused, client) => {
      for (let index = client; performance.now() < deadline; index += concurrency) {
        await timedRequest(fetch, baseUrl, target, index);
        completed += 1;
      }
    }),
  );
  return completed / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise<{ url: string; sections: string }>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      const match = /listening on (\S+) sections=(\d+)/.exec(output);
      if (match?.[1] && match[2]) resolve({ url: match[1], sections: match[2] });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });

  const sequentialCount = quick ? 100 : 500;
  const concurrency = 16;
  const seconds = quick ? 2 : 6;
  // Warm up both routes (JIT, index caches, connection pool).
  for (const target of targets) await throughput(ready.url, target, concurrency, quick ? 0.5 : 2);

  const rows: { name: string; rps: number; p50: number; p99: number }[] = [];
  for (const target of targets) {
    const firstByte = await sequentialFirstByte(fetch, ready.url, target, sequentialCount);
    const rps = await throughput(ready.url, target, concurrency, seconds);
    rows.push({ name: target.name, rps, ...firstByte });
  }
  child.kill('SIGTERM');

  // The same app without sockets (app.request): what the route itself costs, apart from the HTTP stack.
  const dataDir = mkdtempSync(join(tmpdir(), 'da-bench-inprocess-'));
  const app = await benchApp(dataDir);
  const inProcess: { name: string; p50: number; p99: number }[] = [];
  for (const target of targets) {
    await sequentialFirstByte(app.request, 'http://localhost', target, 100);
    inProcess.push({ name: target.name, ...(await sequentialFirstByte(app.request, 'http://localhost', target, sequentialCount)) });
  }
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });

  const [bare, answer] = rows;
  console.log(`server bench: ${process.version}, Hono + @hono/node-server on loopback, docs/ corpus (${ready.sections} sections), limits off, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}`);
  console.log(`TTFB: ${sequentialCount} sequential requests per route; requests/s: ${concurrency} concurrent clients for ${seconds} s per route`);
  console.log('');
  console.log('route                                   requests/s   TTFB median    TTFB p99   in-process TTFB median');
  for (const [index, row] of rows.entries()) {
    const local = inProcess[index];
    console.log(
      `${row.name.padEnd(40)}${row.rps.toFixed(0).padStart(10)}   ${row.p50.toFixed(2).padStart(8)} ms   ${row.p99.toFixed(2).padStart(6)} ms   ${local?.p50.toFixed(2).padStart(8)} ms`,
    );
  }
  console.log('');
  if (bare && answer) {
    console.log(`first byte of an extractive answer: p50 ${answer.p50.toFixed(2)} ms, p99 ${answer.p99.toFixed(2)} ms (loopback HTTP)`);
    console.log(`extractive answers run at ${((answer.rps / bare.rps) * 100).toFixed(0)}% of the bare route's requests/s (${(bare.rps / answer.rps).toFixed(1)}x slower)`);
  }
}

if (process.argv.includes('--child')) await serveChild();
else await main();
