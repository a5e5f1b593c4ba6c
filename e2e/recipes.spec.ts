// Each README recipe, run as written: its snippet is read from README.md, pointed at a real reference
// server (started as the recipes assume: `serve docs --assistant-key da_dsc_0123456789abcdef`) and
// loaded in Chromium, where a reader asks a question and gets the answer.
// (Next.js App Router is tested in Node: test/unit/recipes-nextjs.test.tsx.)
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { test as base, expect, type Page } from '@playwright/test';
import { Hono } from 'hono';
import { EmbeddedAssistant } from './fixtures/assistantPage.ts';
import { startReferenceServer } from './fixtures/referenceServer.ts';
import { RECIPE_DOMAIN, RECIPE_KEY, projectRoot, recipeSnippet, serveSite, sitePage, type Site } from './journeys/recipes.ts';

const DOCS_DIR = path.join(projectRoot, 'e2e', 'fixtures', 'docs');
const SITE_URL = 'https://docs.example.com';
const QUESTION = 'How do I roll back a deploy?';
/** Scratch folder for recipe files that must run from inside the package (self-reference, node_modules). */
const scratch = (name: string) => path.join(projectRoot, 'test-results', 'recipes', name);

const test = base.extend<{ sites: Site[]; assistant: EmbeddedAssistant }, { api: string }>({
  api: [
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startReferenceServer({ docsDir: DOCS_DIR, domain: RECIPE_DOMAIN, assistantKey: RECIPE_KEY, siteUrl: SITE_URL });
      await use(server.url);
      await server.close();
    },
    { scope: 'worker' },
  ],
  // Sites a test serves; closed after it.
  // oxlint-disable-next-line no-empty-pattern
  sites: async ({}, use) => {
    const sites: Site[] = [];
    await use(sites);
    await Promise.all(sites.map((site) => site.close()));
  },
  assistant: async ({ page, api }, use) => {
    await use(new EmbeddedAssistant(page, { api, pages: api, holdNextAnswer: () => ({ release() {} }) }));
  },
});

// Independent tests (each serves its own site): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

async function askAndExpectAnswer(assistant: EmbeddedAssistant): Promise<void> {
  await assistant.open();
  await assistant.ask(QUESTION);
  await expect(assistant.answers.last()).toContainText('lumen rollback');
  // The source lands on the quoted passage itself (a text fragment; Chromium supports them).
  await expect(assistant.sourcesOf(assistant.answers.last()).first()).toHaveAttribute(
    'href',
    `${SITE_URL}/deploy#roll-back-a-deploy:~:text=Run%20lumen%20rollback%20to%20point%20the%20production%20domain`,
  );
}

async function open(page: Page, sites: Site[], app: Hono, route = '/'): Promise<void> {
  const site = await serveSite(app);
  sites.push(site);
  await page.goto(`${site.url}${route}`);
}

/** Attributes rendered the way Docusaurus and VitePress render head tags (true and '' become bare attributes). */
function scriptTag(attributes: Record<string, unknown>): string {
  const rendered = Object.entries(attributes).map(([name, value]) => (value === true || value === '' ? ` ${name}` : ` ${name}="${String(value)}"`));
  return `<script${rendered.join('')}></script>`;
}

/** Evaluates a config snippet (an ES module with a default export) as the tool would load it. */
async function loadConfig(code: string): Promise<Record<string, unknown>> {
  const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
  return module.default;
}

test.describe('given the README recipes', () => {
  test('plain HTML: the script tag on any page answers from the server', async ({ api, assistant, page, sites }) => {
    const tag = recipeSnippet('Plain HTML', 'html').replace('http://127.0.0.1:8787', api);
    await open(page, sites, new Hono().get('/', (c) => c.html(sitePage({ body: tag }))));
    const request = assistant.nextQuestionRequest();
    await askAndExpectAnswer(assistant);
    expect((await request).url()).toBe(`${api}/discovery/v2/assistant/docs/message`);
  });

  test('Docusaurus: the `scripts` entry becomes a working script tag in the head', async ({ api, assistant, page, sites }) => {
    const config = await loadConfig(recipeSnippet('Docusaurus', 'js').replace('https://assistant.example.com', api));
    const scripts = config.scripts as Record<string, unknown>[];
    expect(scripts).toHaveLength(1);
    await open(page, sites, new Hono().get('/', (c) => c.html(sitePage({ head: scripts.map(scriptTag).join('') }))));
    await askAndExpectAnswer(assistant);
  });

  test('VitePress: the `head` script works on a clean URL', async ({ api, assistant, page, sites }) => {
    const code = recipeSnippet('VitePress', 'ts')
      .replace("import { defineConfig } from 'vitepress';", 'const defineConfig = (config) => config;')
      .replace('https://assistant.example.com', api);
    const config = await loadConfig(code);
    expect(config.cleanUrls).toBe(true);
    const head = (config.head as [string, Record<string, unknown>][]).map(([tag, attributes]) => {
      expect(tag).toBe('script');
      return scriptTag(attributes);
    });
    await open(page, sites, new Hono().get('/guide/deploy', (c) => c.html(sitePage({ head: head.join('') }))), '/guide/deploy');
    const request = assistant.nextQuestionRequest();
    await askAndExpectAnswer(assistant);
    expect((await request).postDataJSON().currentPath).toBe('/guide/deploy');
  });

  test('proxy base URL: the browser sends no key, the proxy adds it, the answer arrives', async ({ api, assistant, page, sites }) => {
    const folder = scratch('proxy');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'route.ts'), recipeSnippet('Proxy base URL, no key in the browser', 'ts'));
    process.env.DOCS_ASSISTANT_URL = api;
    process.env.DOCS_ASSISTANT_KEY = RECIPE_KEY;
    const { POST } = (await import(path.join(folder, 'route.ts'))) as {
      POST: (request: Request, context: { params: Promise<{ domain: string }> }) => Promise<Response>;
    };
    const tag = recipeSnippet('Proxy base URL, no key in the browser', 'html').replace('https://assistant.example.com', api);
    const site = new Hono()
      .get('/', (c) => c.html(sitePage({ body: tag })))
      .post('/api/assistant/discovery/v2/assistant/:domain/message', (c) => POST(c.req.raw, { params: Promise.resolve({ domain: c.req.param('domain') }) }));
    await open(page, sites, site);

    const request = assistant.nextQuestionRequest();
    await askAndExpectAnswer(assistant);
    const sent = await request;
    expect(new URL(sent.url()).pathname).toBe('/api/assistant/discovery/v2/assistant/docs/message');
    expect(await sent.headerValue('authorization')).toBeNull();
    expect((await sent.response())?.headers()['x-thread-id']).toEqual(expect.any(String));
  });

  test('React with Vite: the App opens the assistant from its own button and answers a starter question', async ({ api, page, sites }) => {
    test.slow(); // a Vite build of the snippet
    // Under node_modules so the app's bare imports (react, @radix-ui ...) resolve as in a real project.
    const folder = path.join(projectRoot, 'node_modules', '.cache', 'docs-assistant-recipes', 'react-vite');
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(path.join(folder, 'src'), { recursive: true });
    const app = recipeSnippet('React with Vite', 'tsx').replace('http://127.0.0.1:8787', api);
    expect(app).toContain(`baseUrl="${api}"`);
    writeFileSync(path.join(folder, 'src', 'App.tsx'), app);
    writeFileSync(
      path.join(folder, 'src', 'main.tsx'),
      "import { createRoot } from 'react-dom/client';\nimport App from './App.tsx';\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
    );
    writeFileSync(
      path.join(folder, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lumen docs</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
    );
    const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
    await build({
      configFile: false,
      logLevel: 'warn',
      root: folder,
      plugins: [react()],
      // The package by its name, as an app imports it, resolved to this checkout's build.
      resolve: {
        alias: [
          { find: /^docs-assistant\/styles\.css$/, replacement: path.join(projectRoot, 'dist', 'styles.css') },
          { find: /^docs-assistant$/, replacement: path.join(projectRoot, 'dist', 'index.js') },
        ],
        dedupe: ['react', 'react-dom'],
      },
      build: { outDir: path.join(folder, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 5000 },
    });
    await open(page, sites, new Hono().get('*', serveStatic({ root: path.join(folder, 'dist') })));

    // The App's own button comes first in <main>; the component's launcher follows it.
    await page.getByRole('main').getByRole('button', { name: 'Ask AI' }).first().click();
    const assistant = new EmbeddedAssistant(page, { api, pages: api, holdNextAnswer: () => ({ release() {} }) });
    await expect(assistant.composer).toBeFocused();
    await assistant.dialog.getByRole('button', { name: 'How do I install it?' }).click();
    await expect(assistant.answers.last()).toContainText('npm install --global lumen-cli');
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toHaveAttribute('href', `${SITE_URL}/getting-started#install:~:text=Install%20the%20Lumen%20CLI%20with%20npm%3A%20npm%20install`);
  });

  test('self-host: the serve.ts snippet serves the docs site and the assistant on one origin', async ({ page }) => {
    test.slow(); // a child process indexes the docs
    const folder = scratch('self-host');
    rmSync(folder, { recursive: true, force: true });
    cpSync(DOCS_DIR, path.join(folder, 'docs'), { recursive: true });
    mkdirSync(path.join(folder, 'build'), { recursive: true });
    const tags = recipeSnippet('Self-host next to a docs site', 'html');
    writeFileSync(path.join(folder, 'build', 'index.html'), sitePage({ body: tags }));
    const port = await freePort();
    const serveTs = recipeSnippet('Self-host next to a docs site', 'ts').replace('port: 3000', `port: ${port}, hostname: '127.0.0.1'`);
    expect(serveTs).toContain(`port: ${port}`);
    // The snippet imports 'docs-assistant/server': from inside this package it resolves to dist/server/.
    writeFileSync(path.join(folder, 'serve.ts'), serveTs);
    const child = spawn(process.execPath, ['serve.ts'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const origin = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${origin}/health`).catch(() => null))?.status ?? output, { timeout: 20_000 })
        .toBe(200);
      await page.goto(`${origin}/`);
      const assistant = new EmbeddedAssistant(page, { api: origin, pages: origin, holdNextAnswer: () => ({ release() {} }) });
      const request = assistant.nextQuestionRequest();
      await askAndExpectAnswer(assistant);
      expect((await request).url()).toBe(`${origin}/discovery/v2/assistant/docs/message`);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
