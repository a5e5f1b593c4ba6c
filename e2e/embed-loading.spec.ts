// embed.js is only a loader: the chat is downloaded once the browser is idle and run on the reader's intent,
// and calls made before anything loaded are kept.
import { ASSISTANT_KEY, DOMAIN, expect, test } from './fixtures/embedTest.ts';

const CHAT_MODULE = /\/embed\/chat-[\w-]+\.js$/;
const QUESTION_URL = /\/discovery\/v2\/assistant\//;

test.describe('given a page with the script tag set to load on intent only', () => {
  test('fetches nothing but embed.js until the pointer rests on the launcher', async ({ assistant, page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await assistant.goto({ preload: 'intent' });
    await expect(assistant.launcher).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => path !== '/favicon.ico')).toEqual(['/docs.html', '/page.css', '/dist/embed.js']);

    const chatRequest = page.waitForRequest(CHAT_MODULE);
    await assistant.launcher.hover();
    await chatRequest;
    await expect(assistant.dialog).toHaveCount(0);
  });

  test('fetches the chat when the launcher gets keyboard focus', async ({ assistant, page }) => {
    await assistant.goto({ preload: 'intent' });
    await page.waitForLoadState('networkidle');
    expect(assistant.chatRequests).toEqual([]);

    const chatRequest = page.waitForRequest(CHAT_MODULE);
    // The launcher is the page's first Tab stop.
    await page.keyboard.press('Tab');
    await expect(assistant.launcher).toBeFocused();
    await chatRequest;
  });

  test('opens with the shortcut before the chat was fetched', async ({ assistant, page }) => {
    await assistant.goto({ preload: 'intent' });
    await page.waitForLoadState('networkidle');
    expect(assistant.chatRequests).toEqual([]);

    await page.keyboard.press('Control+i');
    await expect(assistant.dialog).toBeVisible();
    await expect(assistant.composer).toBeFocused();
  });

  test('leaves the shortcut alone when the page already handled it', async ({ assistant, page }) => {
    await assistant.goto({ preload: 'intent' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() =>
      document.addEventListener('keydown', (event) => {
        if (event.key === 'i' && event.ctrlKey) event.preventDefault();
      }),
    );

    await page.keyboard.press('Control+i');
    await page.waitForLoadState('networkidle');
    expect(assistant.chatRequests).toEqual([]);
    await expect(assistant.dialog).toHaveCount(0);
  });
});

test.describe('given a page with the script tag and default settings', () => {
  test('downloads the chat once the browser is idle after load, runs it only on intent, and asks nothing', async ({ assistant, page }) => {
    const questions: string[] = [];
    page.on('request', (request) => QUESTION_URL.test(request.url()) && questions.push(request.url()));
    const chatRequest = page.waitForRequest(CHAT_MODULE);
    await assistant.goto();
    // A modulepreload inside the launcher's shadow root (downloaded and parsed, not run), nothing in the page's <head>.
    expect((await chatRequest).resourceType()).toBe('script');
    expect(await page.evaluate(() => document.querySelector('docs-assistant')?.shadowRoot?.querySelector('link[rel="modulepreload"]') != null)).toBe(true);
    expect(await page.locator('head link[rel="modulepreload"]').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    // Two elements: the launcher's, with its stylesheet, and the chat's, whose stylesheet the mounted chat adopts.
    const adoptedSheets = () => page.evaluate(() => [...document.querySelectorAll('docs-assistant')].map((host) => host.shadowRoot?.adoptedStyleSheets.length));
    expect(await adoptedSheets()).toEqual([1, 0]);

    await assistant.launcher.hover();
    await expect.poll(adoptedSheets).toEqual([1, 1]);
    await expect(assistant.dialog).toHaveCount(0);
    expect(questions).toEqual([]);
  });

  test('replays the calls a page queued before embed.js loaded', async ({ assistant, page }) => {
    await assistant.goto({ preload: 'intent' }, { before: ['queue-stub.js'] });
    await expect(assistant.questions).toHaveText(['How do I roll back a deploy?']);
    await expect(assistant.answers.last()).toContainText('lumen rollback');
    await expect.poll(() => page.evaluate(() => (window as unknown as { answeredQuestions: string[] }).answeredQuestions)).toEqual([
      'How do I roll back a deploy?',
    ]);
  });

  test('reads its options from window.DocsAssistantConfig when the tag has none', async ({ assistant, page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await assistant.goto({ domain: '', 'api-key': '', 'base-url': '' }, { before: ['config.js'] });
    await assistant.open();
    const request = await assistant.ask('How do I roll back a deploy?');
    expect(request.url()).toContain(`/discovery/v2/assistant/${DOMAIN}/message`);
    expect(request.headers()['authorization']).toBe(`Bearer ${ASSISTANT_KEY}`);
    await expect(assistant.answers.last()).toContainText('lumen rollback');
    expect(consoleErrors.filter((text) => !text.includes('favicon'))).toEqual([]);
  });

  test('loaded from the reference server, talks to the origin that served it', async ({ assistant, servers }) => {
    await assistant.goto({ 'base-url': '' }, { embedFrom: 'api' });
    await assistant.open();
    const request = await assistant.ask('How do I roll back a deploy?');
    expect(request.url()).toBe(`${servers.api}/discovery/v2/assistant/${DOMAIN}/message`);
    await expect(assistant.answers.last()).toContainText('lumen rollback');
  });

  test('loaded from the reference server, arrives brotli-compressed, the loader and the chat', async ({ assistant, page, servers }) => {
    const fromServer = (path: RegExp) => page.waitForResponse((response) => response.url().startsWith(`${servers.api}/widget/`) && path.test(response.url()));
    const loader = fromServer(/\/embed\.js$/);
    const chat = fromServer(CHAT_MODULE);
    await assistant.goto({ 'base-url': '', preload: 'intent' }, { embedFrom: 'api' });
    await assistant.open();
    for (const response of [await loader, await chat]) {
      expect(response.headers()['content-encoding']).toBe('br');
      // What crossed the network is the compressed copy: under half the file's bytes.
      const { responseBodySize } = await response.request().sizes();
      expect(responseBodySize).toBeLessThan((await response.body()).length / 2);
    }
    await expect(assistant.composer).toBeFocused();
  });
});

test.describe('given a page whose script tag turns the launcher off', () => {
  test('draws no launcher, and the page opens the chat through the API', async ({ assistant, page }) => {
    await assistant.goto({ launcher: 'false', preload: 'intent' });
    // The launcher's element stays (empty: it holds the chat's preload), beside the chat's.
    await expect(assistant.hosts).toHaveCount(2);
    await expect(assistant.launcher).toHaveCount(0);

    await page.evaluate(() => window.DocsAssistant?.open?.());
    await expect(assistant.dialog).toBeVisible();
    await expect(assistant.composer).toBeFocused();
  });
});
