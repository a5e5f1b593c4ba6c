// A reader on a docs site whose widget is a side panel (`data-layout="panel"`): it opens beside the page,
// which stays usable, and stays open across the site's pages as they left it.
import type { Page } from '@playwright/test';
import { expect, test } from './journeys/demoTest.ts';
import { saveScreenshot } from './journeys/screenshots.ts';
import { expectNoAxeViolations } from './fixtures/checks.ts';

test.describe.configure({ mode: 'parallel' });

/** The demo's pages with the panel layout: the site's own script tag, given the attributes a team would add. */
async function usePanelLayout(page: Page, demoUrl: string, attributes = 'data-layout="panel"') {
  await page.route(
    (url) => url.origin === demoUrl,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('<script async src="/widget/embed.js"');
      await route.fulfill({ response, body: html.replace('<script async src="/widget/embed.js"', `<script async src="/widget/embed.js" ${attributes}`) });
    },
  );
}

const box = async (locator: import('@playwright/test').Locator) => (await locator.boundingBox())!;

test.describe('given a docs site with the side panel', () => {
  test('opens beside the page, which stays usable, and is open on the next page at the same width, scroll and draft', async ({ assistant, demo, page }, testInfo) => {
    await usePanelLayout(page, demo.url);
    await assistant.visit('/getting-started');
    await assistant.open();
    const viewport = page.viewportSize()!;
    const panel = assistant.dialog;
    // Docked right, full height, no backdrop over the page.
    const opened = await box(panel);
    expect(opened.x + opened.width).toBeCloseTo(viewport.width, 0);
    expect(opened.height).toBeCloseTo(viewport.height, 0);
    await expect(panel).toHaveAttribute('aria-modal', 'false');
    await expect(page.locator('.da-backdrop')).toHaveCount(0);

    await assistant.ask('How do I change the launcher color?');
    await expect(panel).toHaveAttribute('data-status', 'ready');
    await assistant.ask('Which CSS variables can I set?');
    await expect(panel).toHaveAttribute('data-status', 'ready');

    // Wider by the keyboard on its inner edge.
    const handle = panel.getByRole('separator', { name: 'Resize the panel' });
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await box(panel)).width).toBeCloseTo(opened.width + 64, 0);
    await expect(handle).toHaveAttribute('aria-valuenow', String(Math.round(opened.width + 64)));
    const width = (await box(panel)).width;

    // Scrolled back to the first answer, a question half typed.
    const conversation = panel.locator('.da-scroll');
    await conversation.evaluate((element) => element.scrollTo(0, 120));
    await assistant.composer.fill('And in dark mode');
    await saveScreenshot(page, testInfo, 'side-panel');

    // The page beside it is usable: its own link, clicked with the panel open.
    await page.locator('.sidebar').getByRole('link', { name: 'Theming' }).click();
    await expect(page).toHaveURL(`${demo.url}/theming`);
    await expect(panel).toBeVisible();
    await expect.poll(async () => (await box(panel)).width).toBeCloseTo(width, 0);
    await expect(assistant.questions).toHaveText(['How do I change the launcher color?', 'Which CSS variables can I set?']);
    await expect(assistant.composer).toHaveValue('And in dark mode');
    await expect.poll(() => conversation.evaluate((element) => element.scrollTop)).toBeCloseTo(120, -1);
    // Reopened by itself: focus stays on the page the reader came to read.
    await expect(assistant.composer).not.toBeFocused();

    // Closed, it stays closed on the next page.
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await page.reload();
    await expect(assistant.launcher).toBeVisible();
    await expect(panel).toBeHidden();
  });

  test('moves focus between the page and the panel with the shortcut, traps nothing, and closes with Escape', async ({ assistant, demo, page }) => {
    await usePanelLayout(page, demo.url);
    await assistant.visit('/getting-started');
    const pageLink = page.locator('.sidebar').getByRole('link', { name: 'Theming' });
    await pageLink.focus();
    await page.keyboard.press('Control+i');
    await expect(assistant.composer).toBeFocused();

    // Out to where the reader was, the panel still open; and back in.
    await page.keyboard.press('Control+i');
    await expect(pageLink).toBeFocused();
    await expect(assistant.dialog).toBeVisible();
    await page.keyboard.press('Control+i');
    await expect(assistant.composer).toBeFocused();

    // No trap: Tab goes on past the panel's last control, out of it.
    const inPanel = () => page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.closest('[role="dialog"]') !== null && active?.closest('[role="dialog"]') !== undefined;
    });
    let left = false;
    for (let step = 0; step < 12 && !left; step++) {
      await page.keyboard.press('Tab');
      left = !(await inPanel());
    }
    expect(left).toBe(true);

    await page.keyboard.press('Control+i');
    await expect(assistant.composer).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(assistant.dialog).toBeHidden();
    await expectNoAxeViolations(page);
  });

  test('resizes with the mouse from its inner edge', async ({ assistant, demo, page }) => {
    await usePanelLayout(page, demo.url);
    await assistant.visit('/getting-started');
    await assistant.open();
    const before = await box(assistant.dialog);
    const handle = await box(assistant.dialog.getByRole('separator', { name: 'Resize the panel' }));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x - 100, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await box(assistant.dialog)).width).toBeCloseTo(before.width + 100, -1);
  });

  test('pushes the page aside in push mode, on the left of a right-to-left page, and gives the margin back on close', async ({ assistant, demo, page }) => {
    await usePanelLayout(page, demo.url, 'data-layout="panel" data-panel-mode="push"');
    await assistant.visit('/getting-started');
    const content = page.locator('main');
    const contentBefore = await box(content);
    await assistant.open();
    const panel = await box(assistant.dialog);
    await expect.poll(async () => (await box(content)).x + (await box(content)).width).toBeLessThanOrEqual(panel.x + 1);
    expect(await page.evaluate(() => document.documentElement.style.marginRight)).toBe(`${Math.round(panel.width)}px`);
    await assistant.dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.marginRight)).toBe('');
    expect((await box(content)).width).toBeCloseTo(contentBefore.width, 0);

    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await assistant.open();
    await expect.poll(async () => (await box(assistant.dialog)).x).toBe(0);
    expect(await page.evaluate(() => document.documentElement.style.marginLeft)).toMatch(/^\d+px$/);
  });

  test('takes the whole screen on a phone and pushes nothing', async ({ assistant, demo, page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await usePanelLayout(page, demo.url, 'data-layout="panel" data-panel-mode="push"');
    await assistant.visit('/getting-started');
    await assistant.open();
    const panel = await box(assistant.dialog);
    expect(panel).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.style.marginRight)).toBe('');
    await expect(assistant.dialog.getByRole('separator', { name: 'Resize the panel' })).toBeHidden();
  });
});
