import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageResponseBody, SearchResult } from '../../src/wire.ts';
import { createApp } from '../../server/app.ts';
import { loadDocs } from '../../server/docs/load.ts';
import { createDocsIndex } from '../../server/docs/searchIndex.ts';
import { openStore } from '../../server/store/index.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { ADMIN_KEY, ASSISTANT_KEY, fixtureApp } from './support/assistant.ts';
import { listen, preflight } from './support/http.ts';

const SEARCH = '/discovery/v1/search/docs';
const PAGE = '/discovery/v1/page/docs';
const temporaryFolder = temporaryFolders('discovery-');

let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

async function serve(app: Awaited<ReturnType<typeof fixtureApp>>): Promise<string> {
  const { url, close } = await listen(app);
  closeServer = close;
  return url;
}

function post(url: string, body: unknown, { key = ASSISTANT_KEY as string | null, origin }: { key?: string | null; origin?: string } = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...(origin ? { origin } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Docs with a page only the `staff` group may see. */
async function appWithProtectedPage(overrides: Parameters<typeof createApp>[0] extends infer O ? Partial<O> : never = {}) {
  const docs = temporaryFolder();
  mkdirSync(join(docs, 'guides'));
  writeFileSync(join(docs, 'index.md'), '---\ndescription: The Acme relay docs.\n---\n# Acme\n\nAcme forwards webhooks.\n');
  writeFileSync(join(docs, 'guides', 'port.md'), '# Port\n\nChange the listening port with `--port`.\n\n## Defaults\n\nThe port is 4040 unless `--port` is set.\n');
  writeFileSync(join(docs, 'guides', 'internal.md'), '---\ngroups: [staff]\n---\n# Internal port map\n\nThe staff port map lists every internal port.\n');
  return createApp({ index: createDocsIndex(await loadDocs(docs, { siteUrl: 'https://acme.example/docs' })), store: openStore(':memory:'), assistantKeys: [ASSISTANT_KEY], adminKeys: [ADMIN_KEY], log: () => {}, ...overrides });
}

describe('given the search route', () => {
  it('returns the matching sections best first, with title, heading path, URL and a 0-1 score', async () => {
    const url = await serve(await fixtureApp());
    const response = await post(`${url}${SEARCH}`, { query: 'change the listening port', pageSize: 3 });
    expect(response.status).toBe(200);
    const results = (await response.json()) as SearchResult[];
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({
      content: 'The relay listens on port 4040 by default. Change the listening port with the `--port` flag. Port 0 picks a free port.\n\n```sh\nrelay --port 5050\n```',
      path: '/guides/configuration',
      metadata: { title: 'Configuration › Port', headingPath: ['Configuration', 'Port'], url: 'https://relay.example/guides/configuration#port', score: 1 },
    });
    const scores = results.map((result) => result.metadata.score);
    expect(scores).toEqual(scores.toSorted((a, b) => b - a));
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0);
  });

  it('leaves out results under scoreThreshold, defaults to 10 results, and applies the filter', async () => {
    const url = await serve(await fixtureApp());
    const strict = (await (await post(`${url}${SEARCH}`, { query: 'change the listening port', scoreThreshold: 0.5 })).json()) as SearchResult[];
    // The flags table's `--port` row (Listening port) holds the question's words too: a table row answers as a section does.
    expect(strict.map((result) => result.metadata.title)).toEqual(['Configuration › Port', 'Configuration › Flags']);
    const all = (await (await post(`${url}${SEARCH}`, { query: 'the relay' })).json()) as SearchResult[];
    expect(all.length).toBeGreaterThan(3);
    expect(all.length).toBeLessThanOrEqual(10);
    const v1 = (await (await post(`${url}${SEARCH}`, { query: 'failed delivery retried', filter: { version: 'v1' } })).json()) as SearchResult[];
    expect(v1.map((result) => result.path)).toEqual(['/reference/limits-v1']);
  });

  it('shows a page restricted to groups only to callers naming one of them', async () => {
    const url = await serve(await appWithProtectedPage());
    const publicResults = (await (await post(`${url}${SEARCH}`, { query: 'port map' })).json()) as SearchResult[];
    expect(publicResults.map((result) => result.path)).not.toContain('/guides/internal');
    const staff = (await (await post(`${url}${SEARCH}`, { query: 'port map', filter: { groups: ['staff'] } })).json()) as SearchResult[];
    expect(staff[0]?.path).toBe('/guides/internal');
  });

  it('answers 400 naming the field, 401 without a key, 403 with an admin key, 404 for another domain, with CORS', async () => {
    const url = await serve(await fixtureApp());
    for (const [body, error] of [
      [{}, 'query: is required'],
      [{ query: '  ' }, 'query: must be at least 1 characters'],
      [{ query: 'port', pageSize: 0 }, 'pageSize: must be at least 1'],
      [{ query: 'port', pageSize: 51 }, 'pageSize: must be at most 50'],
      [{ query: 'port', pageSize: 2.5 }, 'pageSize: must be an integer'],
      [{ query: 'port', scoreThreshold: 1.5 }, 'scoreThreshold: must be at most 1'],
      [{ query: 'port', filter: { groups: 'staff' } }, 'filter.groups: must be an array'],
      ['{nope', 'body: malformed JSON'],
      ['[]', 'body: must be a JSON object'],
    ] as const) {
      const response = await post(`${url}${SEARCH}`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    const noKey = await post(`${url}${SEARCH}`, { query: 'port' }, { key: null, origin: 'https://docs.example' });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('access-control-allow-origin')).toBe('*');
    expect((await post(`${url}${SEARCH}`, { query: 'port' }, { key: ADMIN_KEY })).status).toBe(403);
    const otherDomain = await post(`${url}/discovery/v1/search/other`, { query: 'port' });
    expect(await otherDomain.json()).toEqual({ error: 'domain: unknown domain "other"' });
    const huge = await post(`${url}${SEARCH}`, { query: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
    const searchPreflight = await preflight(`${url}${SEARCH}`);
    expect(searchPreflight.status).toBe(204);
    expect(searchPreflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it("counts searches against the per-IP limit but not the key's monthly quota", async () => {
    const url = await serve(await fixtureApp({ limits: { perIpDay: 2, perKeyMonth: 1 } }));
    expect((await post(`${url}${SEARCH}`, { query: 'port' })).status).toBe(200);
    expect((await post(`${url}${SEARCH}`, { query: 'port' })).status).toBe(200);
    const refused = await post(`${url}${SEARCH}`, { query: 'port' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^rate limit: over 2 requests per IP address per day/);
  });
});

describe('given the page route', () => {
  it("returns the page's Markdown by a search result's path, a route written otherwise, or its URL", async () => {
    const url = await serve(await appWithProtectedPage());
    const expected = '# Port\n\nChange the listening port with `--port`.\n\n## Defaults\n\nThe port is 4040 unless `--port` is set.\n';
    for (const path of ['/guides/port', 'guides/port/', '/guides/port#defaults', 'https://acme.example/docs/guides/port']) {
      const response = await post(`${url}${PAGE}`, { path });
      expect(response.status).toBe(200);
      expect((await response.json()) as PageResponseBody).toEqual({ path: '/guides/port', content: expected });
    }
  });

  it('answers 404 with a message for an unknown page and for one the caller may not see, and 400 without a path', async () => {
    const url = await serve(await appWithProtectedPage());
    const unknown = await post(`${url}${PAGE}`, { path: '/nope' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No page at "/nope". Use the path of a search result.' });
    expect((await post(`${url}${PAGE}`, { path: '/guides/internal' })).status).toBe(404);
    expect((await post(`${url}${PAGE}`, { path: '/guides/internal', groups: ['staff'] })).status).toBe(200);
    const missing = await post(`${url}${PAGE}`, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'path: is required' });
    expect((await post(`${url}${PAGE}`, { path: '/guides/port' }, { key: null })).status).toBe(401);
    expect((await post(`${url}${PAGE}`, { path: '/guides/port' }, { key: ADMIN_KEY })).status).toBe(403);
  });
});

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'docs-assistant-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

describe('given the page route under limits and from a browser', () => {
  it('answers 413 for an oversized body, 429 past the per-IP limit it shares with search, and the CORS preflight', async () => {
    const url = await serve(await fixtureApp({ limits: { perIpDay: 2 } }));
    expect((await post(`${url}${PAGE}`, { path: 'x'.repeat(100_000) })).status).toBe(413);
    expect((await post(`${url}${SEARCH}`, { query: 'port' })).status).toBe(200);
    expect((await post(`${url}${PAGE}`, { path: '/guides/configuration' })).status).toBe(200);
    const refused = await post(`${url}${PAGE}`, { path: '/guides/configuration' }, { origin: 'https://docs.example' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect((await preflight(`${url}${PAGE}`)).status).toBe(204);
  });
});

describe('given the MCP server at /mcp', () => {

  it('lists search and get_page to the official client, and both return what the routes return, as text with titles and URLs', async () => {
    const url = await serve(await fixtureApp());
    const client = await connect(url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).toSorted()).toEqual(['get_page', 'search']);

    const search = await client.callTool({ name: 'search', arguments: { query: 'change the listening port', pageSize: 2 } });
    const searchText = (search.content as { type: string; text: string }[])[0]?.text ?? '';
    const routeResults = (await (await post(`${url}${SEARCH}`, { query: 'change the listening port', pageSize: 2 })).json()) as SearchResult[];
    for (const result of routeResults) {
      expect(searchText).toContain(`## ${result.metadata.title}\nURL: ${result.metadata.url}\nPath: ${result.path}`);
      expect(searchText).toContain(result.content);
    }

    const page = await client.callTool({ name: 'get_page', arguments: { path: '/guides/configuration' } });
    const routePage = (await (await post(`${url}${PAGE}`, { path: '/guides/configuration' })).json()) as PageResponseBody;
    expect((page.content as { text: string }[])[0]?.text).toBe(`URL: https://relay.example/guides/configuration\n\n${routePage.content}`);

    const missing = await client.callTool({ name: 'get_page', arguments: { path: '/nope' } });
    expect(missing.isError).toBe(true);
    await client.close();
  });

  it('answers a browser-based client\'s CORS preflight', async () => {
    const url = await serve(await fixtureApp());
    const answer = await preflight(`${url}/mcp`, 'content-type, mcp-protocol-version', 'https://inspector.example');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
  });

  it('is absent with mcp off (--no-mcp)', async () => {
    const url = await serve(await fixtureApp({ mcp: false }));
    const response = await fetch(`${url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(404);
  });

  it('counts its requests against the per-IP limit', async () => {
    // Connecting takes two requests (initialize, then the initialized notification).
    const url = await serve(await fixtureApp({ limits: { perIpDay: 2 } }));
    const client = new Client({ name: 'docs-assistant-test', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))).resolves.toBeUndefined();
    await expect(client.listTools()).rejects.toThrow(/rate limit: over 2 requests per IP address per day/);
    await client.close();
  });
});

describe('given llms.txt and llms-full.txt', () => {
  it('lists every public page with its URL and description, and serves every page as Markdown, cached with an ETag', async () => {
    const url = await serve(await appWithProtectedPage());
    const index = await fetch(`${url}/llms.txt`);
    expect(index.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await index.text()).toBe(
      '# Acme\n\n> The Acme relay docs.\n\n## Pages\n\n- [Acme](https://acme.example/docs/): The Acme relay docs.\n- [Port](https://acme.example/docs/guides/port)\n',
    );
    const full = await fetch(`${url}/llms-full.txt`);
    const text = await full.text();
    expect(text).toContain('## Port\n\nChange the listening port with `--port`.\n\n### Defaults\n\nThe port is 4040 unless `--port` is set.\n\nSource: https://acme.example/docs/guides/port\n');
    expect(text).not.toContain('staff port map');
    const tag = full.headers.get('etag') as string;
    expect(tag).toBeTruthy();
    const again = await fetch(`${url}/llms-full.txt`, { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
  });
});
