import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../server/index.ts';
import { freePort } from '../support/freePort.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { ASSISTANT_KEY, FIXTURE_DOCS, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

const temporaryFolder = temporaryFolders('da-app-');

describe('given the health route', () => {
  it('reports the indexed pages and sections', async () => {
    const app = await fixtureApp();
    const response = await app.request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', pages: 5, sections: expect.any(Number) });
  });
});

describe('given an unknown route or method', () => {
  it('answers 404 JSON', async () => {
    const app = await fixtureApp();
    for (const [method, path] of [['GET', '/nope'], ['GET', '/discovery/v2/assistant/docs/message'], ['POST', '/discovery/v3/assistant/docs/message']] as const) {
      const response = await app.request(path, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: `not found: ${method} ${path}` });
    }
  });
});

describe('given a route that throws', () => {
  it('answers 500 JSON without internals and logs the error', async () => {
    const logged: string[] = [];
    const routes = new Hono().get('/boom', () => {
      throw new Error('secret detail');
    });
    const app = await fixtureApp({ mounts: [{ path: '/test', routes }], log: (message) => logged.push(message) });
    const response = await app.request('/test/boom');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'internal error' });
    expect(logged.join('\n')).toContain('secret detail');
  });
});

describe('given mounted admin routes', () => {
  it('gives them no CORS headers, so a browser on another origin cannot read them', async () => {
    const routes = new Hono().get('/job', (c) => c.json({ ok: true }));
    const app = await fixtureApp({ mounts: [{ path: '/v2/agent/project', routes }] });
    const preflight = await app.request('/v2/agent/project/job', {
      method: 'OPTIONS',
      headers: { origin: 'https://docs.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const response = await app.request('/v2/agent/project/job', { headers: { origin: 'https://docs.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

const EMBED_SOURCE = 'console.log("embed")';

function widgetFolder(): string {
  const dist = temporaryFolder();
  writeFileSync(join(dist, 'embed.js'), EMBED_SOURCE);
  // The copies `npm run build` writes beside the script tag's files.
  writeFileSync(join(dist, 'embed.js.br'), brotliCompressSync(EMBED_SOURCE));
  writeFileSync(join(dist, 'embed.js.gz'), gzipSync(EMBED_SOURCE));
  mkdirSync(join(dist, 'embed'));
  writeFileSync(join(dist, 'embed', 'chat-BadMEZfO.js'), 'export {}');
  writeFileSync(join(dist, 'use-markdown.js'), 'export {}');
  writeFileSync(join(dist, 'styles.css'), ':host{}');
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'server', 'cli.js'), 'export {}');
  return dist;
}

describe('given a built widget folder', () => {
  it('serves it under /widget/ with content types, caching and cross-origin access', async () => {
    const app = await fixtureApp({ widgetDir: widgetFolder() });
    const embed = await app.request('/widget/embed.js');
    expect(embed.status).toBe(200);
    expect(await embed.text()).toBe(EMBED_SOURCE);
    expect(embed.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(embed.headers.get('cache-control')).toBe('public, max-age=300');
    expect(embed.headers.get('access-control-allow-origin')).toBe('*');
    expect(embed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    const hashed = await app.request('/widget/embed/chat-BadMEZfO.js');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/widget/use-markdown.js')).headers.get('cache-control')).toBe('public, max-age=300');
    expect((await app.request('/widget/styles.css')).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('sends the compressed copy a browser accepts, brotli first, and the file itself to others', async () => {
    const app = await fixtureApp({ widgetDir: widgetFolder() });
    const brotli = await app.request('/widget/embed.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(EMBED_SOURCE);

    const gzip = await app.request('/widget/embed.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(EMBED_SOURCE);

    const plain = await app.request('/widget/embed.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(EMBED_SOURCE);
    // A shared cache keeps the three apart.
    for (const response of [brotli, gzip, plain]) expect(response.headers.get('vary')).toBe('Accept-Encoding');

    // A file without copies is sent as it is, whatever the browser accepts.
    const chat = await app.request('/widget/embed/chat-BadMEZfO.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(chat.headers.get('content-encoding')).toBeNull();
    expect(await chat.text()).toBe('export {}');
  });

  it('serves nothing outside it, nor the compiled server', async () => {
    const app = await fixtureApp({ widgetDir: widgetFolder() });
    for (const path of ['/widget/missing.js', '/widget/../package.json', '/widget/%2e%2e/package.json', '/widget/server/cli.js']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/^not found/) });
    }
  });
});

describe('given createServer (the programmatic entry)', () => {
  it('returns the Hono app, answering over its docs folder, and closes cleanly', async () => {
    const app = await createServer({ docsDir: FIXTURE_DOCS, dataDir: temporaryFolder(), assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null });
    expect(app).toBeInstanceOf(Hono);
    expect(app.generatedKey).toBeNull();
    const { message } = await readAnswer(await postMessage(app, questionBody('How do I pull the Docker image?')));
    expect(sourcesOf(message)[0]?.url).toBe('/guides/install#install-with-docker');
    await app.close();
  });

  it('generates a da_dsc_ key when none is configured', async () => {
    const app = await createServer({ docsDir: FIXTURE_DOCS, dataDir: ':memory:', watch: false, widgetDir: null });
    expect(app.generatedKey).toMatch(/^da_dsc_[0-9A-Za-z]{32}$/);
    expect(app.assistantKeys).toEqual([app.generatedKey]);
    const response = await postMessage(app, questionBody('docker'), { key: app.generatedKey });
    expect(response.status).toBe(200);
    await readAnswer(response);
    await app.close();
  });

  it('ends the stream with a readable error when the configured model cannot be reached', { timeout: 20_000 }, async () => {
    // A loopback port that was just freed refuses connections: the real provider code fails, offline.
    const port = await freePort();
    const app = await createServer({ docsDir: FIXTURE_DOCS, dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null, model: `openai-compatible:llama3@http://127.0.0.1:${port}/v1` });
    const { chunks } = await readAnswer(await postMessage(app, questionBody('How do I pull the Docker image?')));
    expect(chunks).toContainEqual({ type: 'error', errorText: 'The language model is unavailable right now. Please try again later.' });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'error' });
    await app.close();
  });

  it('re-indexes a docs file that changes while serving', async () => {
    const docs = temporaryFolder();
    writeFileSync(join(docs, 'a.md'), '# Alpha\n\nThe alpha setting turns on tracing.\n');
    const app = await createServer({ docsDir: docs, dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], widgetDir: null });
    writeFileSync(join(docs, 'b.md'), '# Bravo\n\nThe bravo setting turns on compression.\n');
    await expect.poll(async () => (await (await app.request('/health')).json()).pages, { timeout: 5000 }).toBe(2);
    await app.close();
  });
});
