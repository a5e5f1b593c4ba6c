// The widget never changes the host page outside its own root: a reader opens it, asks, reads the
// answer and closes it, and a MutationObserver on the whole document sees nothing but the widget's
// root arriving once. Body pointer events, aria-hidden/inert on the page and <head> stay as they were,
// while the dialog is still a real modal (aria-modal, Tab kept inside, Escape and the backdrop close,
// focus goes back). Both ways in: the script tag (shadow root) and the React component (light DOM).
import type { Page } from '@playwright/test';
import { EmbeddedAssistant, text } from './fixtures/assistantPage.ts';
import { ASSISTANT_KEY, DOMAIN, expect, test as embedTest } from './fixtures/embedTest.ts';
import { DIST_SNAPSHOT_VARIABLE } from './fixtures/globalSetup.ts';
import { buildReactPage } from './fixtures/isolation/buildReactPage.ts';
import { startPageServer } from './fixtures/pageServer.ts';

const ROLLBACK_QUESTION = 'How do I roll back a deploy?';
const FOLLOW_UP_QUESTION = 'And how do I deploy to production?';
const VISITOR_ID = /^[0-9a-f]{32}$/;

interface HostMutation {
  type: MutationRecordType;
  target: string;
  attribute: string | null;
  added: string[];
  removed: string[];
  /** The record's target is the widget's root or inside it. */
  inWidget: boolean;
  /** A childList record that adds exactly the widget's root: mounting it. */
  addsWidgetRoot: boolean;
}

declare global {
  interface Window {
    hostMutations?: HostMutation[];
  }
}

/**
 * Records every DOM change of the page. The parser's own insertions come first, so watching starts as
 * soon as the page is parsed, before deferred and module scripts (the React page) run. The async
 * embed.js may run earlier; all it does then is add its host, which the checks below count.
 */
async function watchHostPage(page: Page, widgetSelector: string): Promise<void> {
  await page.addInitScript((selector) => {
    const records: HostMutation[] = [];
    window.hostMutations = records;
    // Defined in here: the init script runs in the page, on its own.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const describe = (node: Node) => {
      if (!(node instanceof Element)) return node.nodeName;
      const classes = typeof node.className === 'string' && node.className.trim() ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
    };
    const isWidgetRoot = (node: Node) => node instanceof Element && node.matches(selector);
    const inWidget = (node: Node) => Boolean((node instanceof Element ? node : node.parentElement)?.closest(selector));
    const observer = new MutationObserver((list) => {
      for (const record of list) {
        records.push({
          type: record.type,
          target: describe(record.target),
          attribute: record.attributeName,
          added: [...record.addedNodes].map(describe),
          removed: [...record.removedNodes].map(describe),
          inWidget: inWidget(record.target),
          addsWidgetRoot: record.type === 'childList' && record.removedNodes.length === 0 && [...record.addedNodes].every(isWidgetRoot) && record.addedNodes.length === 1,
        });
      }
    });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      observer.observe(document.documentElement, { attributes: true, childList: true, subtree: true, characterData: true });
    });
  }, widgetSelector);
}

/** What the widget must leave alone: body's pointer events, aria-hidden and inert on the page, <head>. */
function hostPageState(page: Page, widgetSelector: string) {
  return page.evaluate(
    (selector) => ({
      bodyPointerEvents: document.body.style.pointerEvents,
      hiddenOrInert: [...document.querySelectorAll('[aria-hidden], [inert]')].filter((element) => !element.closest(selector)).map((element) => element.outerHTML),
      head: [...document.head.children].map((element) => element.outerHTML),
    }),
    widgetSelector,
  );
}

/** Every recorded change outside the widget's roots, except mounting each root once (`roots` of them). */
async function changesOutsideTheWidget(page: Page, roots: number): Promise<HostMutation[]> {
  const records = await page.evaluate(() => window.hostMutations ?? []);
  const mounts = records.filter((record) => !record.inWidget && record.addsWidgetRoot);
  const outside = records.filter((record) => !record.inWidget && !record.addsWidgetRoot);
  return mounts.length > roots ? [...outside, ...mounts.slice(roots)] : outside;
}

/** Open, ask, read the answer, ask again, close: the page must be exactly as before, the widget's roots aside. */
async function askAndClose(assistant: EmbeddedAssistant, widgetSelector: string, roots: number): Promise<void> {
  const { page } = assistant;
  await expect(assistant.launcher).toBeVisible();
  const before = await hostPageState(page, widgetSelector);

  await assistant.open();
  await expect(assistant.dialog).toHaveAttribute('aria-modal', 'true');
  expect(await hostPageState(page, widgetSelector)).toEqual(before);

  await assistant.ask(ROLLBACK_QUESTION);
  await expect(assistant.answers.last()).toContainText('lumen rollback');
  await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
  // By the second question FingerprintJS has run, so whatever it does to the DOM is in the record.
  const followUp = await assistant.ask(FOLLOW_UP_QUESTION);
  expect(followUp.postDataJSON().fp).toMatch(VISITOR_ID);
  await expect(assistant.answers.nth(1)).toContainText('lumen deploy --prod');
  expect(await hostPageState(page, widgetSelector)).toEqual(before);

  await page.keyboard.press('Escape');
  await expect(assistant.dialog).toHaveCount(0);
  await expect(assistant.launcher).toBeFocused();
  expect(await hostPageState(page, widgetSelector)).toEqual(before);
  expect(await changesOutsideTheWidget(page, roots)).toEqual([]);
}

/** Tab and Shift+Tab stay inside the dialog; the backdrop closes it and focus goes back to the launcher. */
async function keepsFocusInsideAndClosesOnTheBackdrop(assistant: EmbeddedAssistant, roots: number): Promise<void> {
  const { page } = assistant;
  await assistant.open();
  await expect(assistant.composer).toBeFocused();
  const close = assistant.dialog.getByRole('button', { name: text.close });
  // Forward from the composer to the last control, then once more: back to the first, never the page.
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    await expect(assistant.dialog.locator(':focus')).toHaveCount(1);
  }
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(assistant.dialog.locator(':focus')).toHaveCount(1);
  await expect(page.locator('#page-button')).not.toBeFocused();

  // The backdrop covers the page: a click beside the dialog lands on it and closes the dialog.
  await page.mouse.click(5, 5);
  await expect(assistant.dialog).toHaveCount(0);
  await expect(assistant.launcher).toBeFocused();
  expect(await changesOutsideTheWidget(page, roots)).toEqual([]);
}

embedTest.describe('given the script tag on a docs page', () => {
  const HOST = 'docs-assistant';
  /** The launcher's element, early in <body>, and the chat's, at its end. */
  const ROOTS = 2;

  embedTest('asking and closing changes nothing on the page outside the widget host', async ({ assistant, page }) => {
    await watchHostPage(page, HOST);
    await assistant.goto();
    await askAndClose(assistant, HOST, ROOTS);
  });

  embedTest('is a modal inside its own layer: Tab stays in, the backdrop closes it', async ({ assistant, page }) => {
    await watchHostPage(page, HOST);
    await assistant.goto();
    await keepsFocusInsideAndClosesOnTheBackdrop(assistant, ROOTS);
  });
});

// The React component on a page that renders nothing else, built from the package like an app would.
const reactTest = embedTest.extend<{ reactPage: EmbeddedAssistant }, { reactPageUrl: string }>({
  reactPageUrl: [
    async ({ servers }, use) => {
      const distDir = process.env[DIST_SNAPSHOT_VARIABLE] ?? 'dist';
      const built = await buildReactPage(distDir);
      const pages = await startPageServer({
        distDir,
        apiOrigin: servers.api,
        pagesDir: built.dir,
        defaultAttributes: { 'data-domain': DOMAIN, 'data-api-key': ASSISTANT_KEY, 'data-base-url': servers.api },
      });
      await use(`${pages.url}/index.html`);
      await pages.close();
      built.remove();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  reactPage: async ({ page, servers }, use) => {
    await use(new EmbeddedAssistant(page, servers));
  },
});

reactTest.describe('given the React component on an app page', () => {
  const ROOT = '.da-root';

  reactTest('asking and closing changes nothing on the page outside the component root', async ({ reactPage, reactPageUrl, page }) => {
    await watchHostPage(page, ROOT);
    await page.goto(reactPageUrl);
    await askAndClose(reactPage, ROOT, 1);
  });

  reactTest('is a modal inside its own layer: Tab stays in, the backdrop closes it', async ({ reactPage, reactPageUrl, page }) => {
    await watchHostPage(page, ROOT);
    await page.goto(reactPageUrl);
    await keepsFocusInsideAndClosesOnTheBackdrop(reactPage, 1);
  });
});
