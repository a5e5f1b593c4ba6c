// What an operator watches: Prometheus metrics, readiness, request ids, JSON logs, and a shutdown that
// lets answers in flight finish.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type DocsAssistantServer, type ServerOptions } from '../../server/index.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../fixtures/agent/openaiPeer.ts';
import { freePort } from '../support/freePort.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { startCli } from './support/cli.ts';
import { ADMIN_KEY, ASSISTANT_KEY, FIXTURE_DOCS, MESSAGE_PATH, postMessage, questionBody, readAnswer } from './support/assistant.ts';

const BIN = fileURLToPath(new URL('../../bin/docs-assistant.js', import.meta.url));
const temporaryFolder = temporaryFolders('da-observability-');
const children: ChildProcess[] = [];
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const close of closers.splice(0)) await close();
});

async function server(overrides: Partial<ServerOptions> = {}): Promise<DocsAssistantServer> {
  const app = await createServer({ docsDir: FIXTURE_DOCS, dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], adminKeys: [ADMIN_KEY], watch: false, widgetDir: null, ...overrides });
  closers.push(() => app.close());
  return app;
}

/** The value of one sample line of the exposition text (`name{labels} value`). */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('given a server with its metrics', () => {
  it('counts requests by route and status, answer times, limit refusals and the index, for the admin key only', async () => {
    const app = await server({ limits: { perOrgHour: 1 } });
    const answered = await readAnswer(await postMessage(app, questionBody('How do I pull the Docker image?')));
    expect(answered.chunks.at(-1)).toMatchObject({ type: 'finish' });
    expect((await postMessage(app, questionBody('docker'))).status).toBe(429);

    expect((await app.request('/metrics')).status).toBe(401);
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${ASSISTANT_KEY}` } })).status).toBe(403);
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const route = '/discovery/v2/assistant/:domain/message';
    expect(sample(text, `docs_assistant_http_requests_total{route="${route}",method="POST",status="200"}`)).toBe(1);
    expect(sample(text, `docs_assistant_http_requests_total{route="${route}",method="POST",status="429"}`)).toBe(1);
    expect(sample(text, 'docs_assistant_answer_first_text_seconds_count')).toBe(1);
    expect(sample(text, 'docs_assistant_answer_stream_duration_seconds_count{outcome="complete"}')).toBe(1);
    expect(sample(text, 'docs_assistant_limit_refusals_total{policy="org-hour"}')).toBe(1);
    expect(sample(text, 'docs_assistant_index_pages')).toBe(app.docsIndex.pageCount);
    expect(sample(text, 'docs_assistant_index_sections')).toBe(app.docsIndex.sectionCount);
    expect(sample(text, 'docs_assistant_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers /ready until shutdown begins, then 503; /health stays cheap and up', async () => {
    const app = await server();
    expect(await (await app.request('/ready')).json()).toEqual({ status: 'ready' });
    app.beginShutdown();
    const draining = await app.request('/ready');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect((await app.request('/health')).status).toBe(200);
  });

  it('gives every response a request id, keeping the one the caller sent', async () => {
    const app = await server();
    const fresh = await app.request('/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request('/health', { headers: { 'x-request-id': 'lb-7f3a-42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a-42');
  });
});

describe('given docs-assistant serve with JSON logs and a metrics port', () => {
  it('logs one JSON line per request with its request id, and serves /metrics on its own port only', { timeout: 60_000 }, async () => {
    const metricsPort = await freePort();
    const lines: string[] = [];
    const { child, url } = await startCli(BIN, ['serve', FIXTURE_DOCS, '--port', '0', '--no-watch', '--data', temporaryFolder(), '--log-format', 'json', '--metrics-port', String(metricsPort), '--admin-key', ADMIN_KEY], {
      track: (started) => {
        children.push(started);
        started.stdout?.on('data', (data: Buffer) => lines.push(...data.toString().split('\n').filter(Boolean)));
      },
    });
    const health = await fetch(`${url}/health`, { headers: { 'x-request-id': 'trace-1234' } });
    expect(health.status).toBe(200);
    await expect.poll(() => lines.map((line) => (line.startsWith('{') ? JSON.parse(line) : null)).find((entry) => entry?.requestId === 'trace-1234')).toMatchObject({
      level: 'info',
      message: 'request',
      method: 'GET',
      path: '/health',
      status: 200,
    });
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('docs_assistant_http_requests_total{route="/health",method="GET",status="200"} 1');
    child.kill('SIGTERM');
  });
});

describe('given docs-assistant serve stopped while an answer streams', () => {
  let peer: OpenAiPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('says it is not ready, lets the answer finish within --shutdown-timeout, then exits 0', { timeout: 60_000 }, async () => {
    let releaseModel: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (releaseModel = resolve));
    let markReached: (() => void) | undefined;
    const modelReached = new Promise<void>((resolve) => (markReached = resolve));
    peer = await startOpenAiPeer(async () => {
      markReached?.();
      await held;
      return { text: 'Pull it with docker pull acme/relay.' };
    });
    const { child, url } = await startCli(
      BIN,
      ['serve', FIXTURE_DOCS, '--port', '0', '--no-watch', '--data', temporaryFolder(), '--assistant-key', ASSISTANT_KEY, '--model', `openai-compatible:relay@${peer.baseURL}`, '--shutdown-timeout', '30'],
      { track: (started) => children.push(started) },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const answer = fetch(`${url}${MESSAGE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ASSISTANT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(questionBody('How do I pull the Docker image?')),
    });
    await modelReached;
    child.kill('SIGTERM');
    // Draining: not ready (503 on a connection still open, or no new connection taken) while the answer goes on.
    await expect.poll(async () => fetch(`${url}/ready`).then((response) => String(response.status), () => 'refused')).toMatch(/^(503|refused)$/);
    releaseModel?.();
    const { chunks } = await readAnswer(await answer);
    expect(chunks).toContainEqual({ type: 'text-delta', id: 'text-1', delta: expect.any(String) });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(await exited).toBe(0);
  });
});
