// The demo docs site (demo/server.ts) over the project's own docs/: every page renders with the
// navigation and with heading ids equal to the search index's anchors, so a source link in an answer
// lands on the passage; the strict-CSP page really is strict.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, DEMO_ASSISTANT_KEY, DEMO_DOMAIN, startDemo, type DemoServer } from '../../demo/server.ts';
import { createServer, type DocsAssistantServer } from '../../server/index.ts';
import { SERVE_FLAGS } from '../../server/config.ts';
import { defaultTranslations } from '../../src/chat/translations.ts';
import { loadDocs } from '../../server/docs/load.ts';
import type { LoadedDocs } from '../../server/docs/types.ts';
import type { Hono } from 'hono';

const DOCS_DIR = fileURLToPath(new URL('../../docs', import.meta.url));
const SITE_URL = 'http://demo.test';

// jsdom ships no type declarations; this file uses only its constructor and window.document.
const { JSDOM } = (await import('jsdom' as string)) as { JSDOM: new (html: string) => { window: { document: Document } } };

function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

interface RenderedPage {
  status: number;
  headers: Headers;
  html: string;
  document: Document;
}

const rendered = new Map<string, Promise<RenderedPage>>();

/** GET `route` from the demo app, parsed; each route is fetched once per test file (parsing is the slow part). */
function page(app: Hono, route: string): Promise<RenderedPage> {
  let result = rendered.get(route);
  if (result === undefined) {
    result = Promise.resolve(app.request(`${SITE_URL}${route}`)).then(async (response) => {
      const html = await response.text();
      return { status: response.status, headers: response.headers, html, document: parse(html) };
    });
    rendered.set(route, result);
  }
  return result;
}

/** Walking every page parses a dozen documents; on a busy machine that takes seconds. */
const WALK_TIMEOUT = 60_000;

async function ask(app: Hono, question: string): Promise<UIMessage> {
  const response = await app.request(`${SITE_URL}/discovery/v2/assistant/${DEMO_DOMAIN}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_ASSISTANT_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'anonymous', messages: [{ id: 'q1', role: 'user', parts: [{ type: 'text', text: question }] }] }),
  });
  expect(response.status).toBe(200);
  const chunks = parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream<{ success: boolean; value?: unknown }, UIMessageChunk>({
      transform(result, controller) {
        if (!result.success) throw new Error('the stream carried a chunk the AI SDK rejects');
        controller.enqueue(result.value as UIMessageChunk);
      },
    }),
  );
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: chunks })) last = message;
  if (!last) throw new Error('the stream carried no message');
  return last;
}

describe('given the demo site over the project docs', () => {
  let assistant: DocsAssistantServer;
  let app: Hono;
  let docs: LoadedDocs;

  beforeAll(async () => {
    assistant = await createServer({
      docsDir: DOCS_DIR,
      siteUrl: SITE_URL,
      dataDir: ':memory:',
      watch: false,
      domain: DEMO_DOMAIN,
      assistantKeys: [DEMO_ASSISTANT_KEY],
      widgetDir: null,
      onWarning: () => {},
    });
    app = createDemoApp({ assistant, docsDir: DOCS_DIR, widget: { domain: DEMO_DOMAIN, apiKey: DEMO_ASSISTANT_KEY } });
    docs = await loadDocs(DOCS_DIR, { siteUrl: SITE_URL });
  }, WALK_TIMEOUT);
  afterAll(async () => {
    await assistant.close();
  });

  it('has the pages the docs promise, with no file skipped', () => {
    expect(docs.warnings).toEqual([]);
    expect(docs.pages.map((docsPage) => docsPage.route).toSorted()).toEqual(
      ['/', '/agent-jobs', '/api', '/faq', '/getting-started', '/react', '/recipes', '/script-tag', '/server', '/theming', '/troubleshooting'].toSorted(),
    );
  });

  it('renders every docs page with a title, the whole navigation and the current page marked', async () => {
    const allRoutes = docs.pages.map((entry) => entry.route).toSorted();
    const seen = [];
    for (const docsPage of docs.pages) {
      const { status, document } = await page(app, docsPage.route);
      const nav = document.querySelector('nav[aria-label="Documentation"]');
      seen.push({
        route: docsPage.route,
        status,
        title: document.title,
        navigation: [...(nav?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href')).toSorted(),
        current: nav?.querySelector('a[aria-current="page"]')?.getAttribute('href'),
        h1Count: document.querySelectorAll('h1').length,
      });
    }
    expect(seen).toEqual(
      docs.pages.map((docsPage) => ({
        route: docsPage.route,
        status: 200,
        title: `${docsPage.title} · docs-assistant`,
        navigation: allRoutes,
        current: docsPage.route,
        h1Count: 1,
      })),
    );
  }, WALK_TIMEOUT);

  it('gives every section of the search index a heading whose id is its anchor', async () => {
    const mismatches: string[] = [];
    for (const docsPage of docs.pages) {
      const { document } = await page(app, docsPage.route);
      for (const section of docsPage.sections.filter((entry) => entry.anchor !== '')) {
        const heading = document.getElementById(section.anchor);
        const matches = heading !== null && /^H[1-3]$/.test(heading.tagName) && heading.textContent === section.headingPath.at(-1);
        if (!matches) mismatches.push(section.url);
      }
    }
    expect(docs.sections.length).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  }, WALK_TIMEOUT);

  it('links only to pages and headings that exist', async () => {
    const broken: string[] = [];
    for (const docsPage of docs.pages) {
      const { document } = await page(app, docsPage.route);
      for (const link of document.querySelectorAll('article a[href^="/"], article a[href^="#"]')) {
        const target = new URL(link.getAttribute('href') ?? '', `${SITE_URL}${docsPage.route}`);
        const linked = await page(app, target.pathname);
        const anchorMissing = target.hash !== '' && linked.document.getElementById(decodeURIComponent(target.hash.slice(1))) === null;
        if (linked.status !== 200 || anchorMissing) broken.push(`${docsPage.route} -> ${target.pathname}${target.hash}`);
      }
    }
    expect(broken).toEqual([]);
  }, WALK_TIMEOUT);

  it('adds the widget with the script tag exactly as the README shows it', async () => {
    const { document } = await page(app, '/getting-started');
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.outerHTML).toBe(`<script async="" src="/widget/embed.js" data-domain="docs" data-api-key="${DEMO_ASSISTANT_KEY}"></script>`);
  });

  it('renders code blocks as pre elements the widget can offer "Ask AI" on', async () => {
    const { document } = await page(app, '/recipes');
    const blocks = [...document.querySelectorAll('article pre > code')];
    expect(blocks.length).toBeGreaterThan(5);
    expect(blocks.some((block) => block.className === 'language-html' && block.textContent?.includes('/widget/embed.js'))).toBe(true);
  });

  it('answers with sources that open a demo page at the heading they quote', async () => {
    const message = await ask(app, 'How do I keep the key out of the browser with a proxy?');
    const sources = message.parts.filter((part) => part.type === 'source-url');
    expect(sources.length).toBeGreaterThan(0);
    const landings = [];
    for (const source of sources) {
      const url = new URL(source.url);
      const { status, document } = await page(app, url.pathname);
      landings.push({ origin: url.origin, status, headingFound: document.getElementById(decodeURIComponent(url.hash.slice(1))) !== null });
    }
    expect(landings).toEqual(sources.map(() => ({ origin: SITE_URL, status: 200, headingFound: true })));
  });

  it('serves the strict-CSP page with the header and nothing inline', async () => {
    const { headers, html, document } = await page(app, '/demo/strict-csp');
    expect(headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self'; style-src 'self'");
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
    expect([...document.querySelectorAll('script')].every((script) => script.getAttribute('src')?.startsWith('/'))).toBe(true);
    expect([...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))).toEqual(['/assets/site.css']);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const css = await app.request(`${SITE_URL}/assets/site.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('serves the dark page with the dark scheme for the site and the widget', async () => {
    const { status, document } = await page(app, '/demo/dark');
    expect(status).toBe(200);
    expect(document.documentElement.dataset.theme).toBe('dark');
    const script = document.querySelector('script[src="/widget/embed.js"]') as HTMLScriptElement | null;
    expect(script?.dataset.theme).toBe('dark');
    expect(JSON.parse(script?.dataset.starterQuestions ?? '[]')).toHaveLength(2);
  });

  it('answers an unknown path with a 404 page that keeps the navigation', async () => {
    const { status, document } = await page(app, '/no-such-page');
    expect(status).toBe(404);
    expect(document.querySelector('h1')?.textContent).toBe('Page not found');
    expect(document.querySelectorAll('nav[aria-label="Documentation"] a').length).toBe(docs.pages.length);
  });

  it('forwards the assistant API and health to the reference server on the same origin', async () => {
    const health = await app.request(`${SITE_URL}/health`);
    expect(await health.json()).toEqual({ status: 'ok', pages: docs.pages.length, sections: docs.sections.length });
    const unauthorized = await app.request(`${SITE_URL}/discovery/v2/assistant/${DEMO_DOMAIN}/message`, { method: 'POST', body: '{}' });
    expect(unauthorized.status).toBe(401);
  });
});

function variablesIn(text: string): Set<string> {
  return new Set(text.match(/--docs-assistant-[a-z0-9-]+/g) ?? []);
}

describe('given the theming page and the widget tokens', () => {
  it('documents every --docs-assistant-* variable the widget reads, and no other', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const tokens = variablesIn(readFileSync(path.join(root, 'src/styles/tokens.css'), 'utf8'));
    const theming = readFileSync(path.join(root, 'docs/theming.md'), 'utf8');
    const tableStart = theming.indexOf('\n## Variables\n');
    const table = variablesIn(theming.slice(tableStart, theming.indexOf('\n## ', tableStart + 1)));
    expect([...table].toSorted()).toEqual([...tokens].toSorted());
    expect([...variablesIn(theming)].filter((used) => !tokens.has(used))).toEqual([]);
  });
});

describe('given the theming page and the widget strings', () => {
  it('lists every translation key with its default text', () => {
    const theming = readFileSync(fileURLToPath(new URL('../../docs/theming.md', import.meta.url)), 'utf8');
    const missing = Object.entries(defaultTranslations)
      .map(([key, text]) => `| \`${key}\` | ${text.replaceAll('|', '\\|')} |`)
      .filter((row) => !theming.includes(row));
    expect(missing).toEqual([]);
  });
});

function readDocsPage(file: string): string {
  return readFileSync(fileURLToPath(new URL(`../../docs/${file}`, import.meta.url)), 'utf8');
}

describe('given the server and agent flag tables', () => {
  it('documents every flag of docs-assistant serve', () => {
    const documented = readDocsPage('server.md') + readDocsPage('agent-jobs.md');
    expect(SERVE_FLAGS.map((flag) => `--${flag.name}`).filter((flag) => !documented.includes(`\`${flag}`))).toEqual([]);
  });
});

describe('given the demo started on a free port', () => {
  let demo: DemoServer;

  beforeAll(async () => {
    demo = await startDemo({ port: 0, build: false });
  }, WALK_TIMEOUT);
  afterAll(async () => {
    await demo.close();
  });

  it('serves the docs site and the API on the one URL it reports, with sources on that origin', async () => {
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await fetch(`${demo.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1 id="docs-assistant">docs-assistant</h1>');
    const sections = demo.assistant.docsIndex.search('strict Content Security Policy', { limit: 3 });
    expect(sections[0]?.section.url.startsWith(`${demo.url}/`)).toBe(true);
  });

  it('goes down on suspend and answers again on the same URL after resume', async () => {
    await demo.suspend();
    await expect(fetch(`${demo.url}/health`)).rejects.toThrow('fetch failed');
    await demo.resume();
    expect((await fetch(`${demo.url}/health`)).status).toBe(200);
  }, WALK_TIMEOUT);

  it('stops listening when closed', async () => {
    const other = await startDemo({ port: 0, build: false });
    await other.close();
    await expect(fetch(`${other.url}/`)).rejects.toThrow('fetch failed');
  }, WALK_TIMEOUT);
});

describe('given npm run demo in a terminal', () => {
  it('prints one line with the URL, serves it, and exits cleanly on Ctrl+C', async () => {
    const child = spawn(process.execPath, ['demo/run.ts', '--port', '0', '--no-build'], { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stdout = '';
    const firstLine = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
      });
      child.once('exit', (code) => reject(new Error(`demo exited with ${String(code)} before printing its URL`)));
    });
    expect(firstLine).toMatch(/^demo: http:\/\/127\.0\.0\.1:\d+$/);
    const url = firstLine.slice('demo: '.length);
    expect((await fetch(`${url}/theming`)).status).toBe(200);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toBe(`${firstLine}\n`);
  }, WALK_TIMEOUT);
});
