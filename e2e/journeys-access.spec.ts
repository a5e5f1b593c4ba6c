// The journeys for every reader: keyboard only with focus always visible, axe in every state on
// every demo page, and a phone-sized screen.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/checks.ts';
import { expect, test } from './journeys/demoTest.ts';
import { focusState } from './journeys/focus.ts';

// Independent tests (each with its own browser context; one demo per worker): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

const QUESTION = 'How do I change the launcher color?';

/** Presses Tab and expects the newly focused element to show it (`:focus-visible` and a drawn indicator). */
async function tabWithVisibleFocus(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const state = await focusState(page);
  expect(state, `focus after Tab: ${state.element}`).toEqual({ element: expect.any(String), focusVisible: true, indicatorDrawn: true });
}

test.describe('given a reader who uses only the keyboard', () => {
  test('tabs to the launcher, asks, reads the answer and opens a source, with focus visible at every step', async ({ assistant, page, demo }) => {
    await assistant.visit('/getting-started');
    // The page's skip link stays its first Tab stop; the launcher is the second, not the last of the page's 30-odd.
    await tabWithVisibleFocus(page);
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await tabWithVisibleFocus(page);
    await expect(assistant.launcher).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(assistant.composer).toBeFocused();
    expect(await focusState(page)).toMatchObject({ focusVisible: true, indicatorDrawn: true });
    await page.keyboard.type(QUESTION);
    await page.keyboard.press('Enter');
    const answer = assistant.answers.last();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(answer).toContainText('--docs-assistant-launcher-background');

    // Onward through the answer to its first source, every stop visible.
    const source = assistant.sourcesOf(answer).first();
    const sourceFocused = () => source.evaluate((link) => (link.getRootNode() as Document | ShadowRoot).activeElement === link);
    for (let stop = 0; stop < 30 && !(await sourceFocused()); stop++) await tabWithVisibleFocus(page);
    await expect(source).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${demo.url}/theming#change-the-launcher-color`);
    await expect(page.getByRole('heading', { name: 'Change the launcher color' })).toBeInViewport();
  });
});

const pages = [
  { name: 'a docs page', route: '/getting-started' },
  { name: 'the React page', route: '/demo/react/' },
  { name: 'the dark page', route: '/demo/dark' },
  { name: 'the strict-CSP page', route: '/demo/strict-csp' },
];

test.describe('given axe on the demo', () => {
  test('finds nothing on any docs page with the assistant closed', async ({ assistant, page }) => {
    test.slow(); // one axe run per docs page
    await assistant.visit('/');
    const routes = await page
      .getByRole('navigation', { name: 'Documentation' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      await assistant.visit(route);
      await expectNoAxeViolations(page);
    }
  });

  for (const { name, route } of pages) {
    test(`finds nothing on ${name}: closed, open, streaming, answered, failed`, async ({ assistant, demo, page }) => {
      test.slow(); // five axe runs
      await assistant.visit(route);
      await expectNoAxeViolations(page);

      await assistant.open();
      await expectNoAxeViolations(page);

      const held = demo.answers.holdNext();
      await assistant.ask(QUESTION);
      await held.reached;
      await expect(assistant.answers.last()).toHaveAttribute('data-streaming', 'true');
      await expectNoAxeViolations(page);

      held.release();
      await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
      await expect(assistant.sourcesOf(assistant.answers.last()).first()).toBeVisible();
      await expectNoAxeViolations(page);

      const cut = demo.answers.holdNext();
      await assistant.ask('Which port does the server listen on?');
      await cut.reached;
      cut.cut();
      await expect(assistant.dialog).toHaveAttribute('data-status', 'error');
      await expect(assistant.retryButton).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('given a reader who asks in Chinese on the docs in English', () => {
  test('gets the English section, their question marked as Chinese for screen readers and the quoted English left in the page\'s language, and axe finds nothing', async ({ assistant, page }) => {
    await assistant.visit('/theming');
    await assistant.open();
    await assistant.ask('如何更改启动按钮的颜色？');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const answer = assistant.answers.last();
    await expect(answer).toContainText('--docs-assistant-launcher-background');
    await expect(assistant.questions.last().locator('.da-question')).toHaveAttribute('lang', 'zh');
    // The quoted English passages keep the page's language.
    expect(await answer.locator('p[lang], li[lang]').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('given a reader who asks in Korean on the docs in English', () => {
  test('gets the install commands as tabs, opened on the package manager named, the question marked as Korean, and a question beyond the docs told so in Korean', async ({ assistant, page }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    await assistant.ask('pnpm으로 설치하려면 어떻게 하나요?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const answer = assistant.answerText(assistant.answers.last());
    await expect(answer.getByRole('tab', { selected: true })).toHaveText('pnpm');
    await expect(answer.getByRole('tabpanel', { name: 'pnpm' })).toHaveText('pnpm add docs-assistant');
    await expect(assistant.questions.last().locator('.da-question')).toHaveAttribute('lang', 'ko');
    await expectNoAxeViolations(page);
    await assistant.ask('Slack과 연동할 수 있나요?');
    await expect(assistant.answers).toHaveCount(2);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.answerText(assistant.answers.last()).locator('p').first()).toHaveText(/^문서에서 찾을 수 없습니다\./);
  });
});

test.describe('given a 375 x 667 phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('opens a full-screen dialog whose composer can type and send', async ({ assistant }) => {
    await assistant.visit('/getting-started');
    await assistant.launcher.tap();
    await expect(assistant.composer).toBeVisible();
    expect(await assistant.dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });

    await assistant.composer.tap();
    await assistant.composer.fill(QUESTION);
    await assistant.sendButton.tap();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.answers.last()).toContainText('--docs-assistant-launcher-background');
    await expect(assistant.composer).toBeInViewport();
    await expect(assistant.sendButton).toBeInViewport();
    // The answer (with its code block and table) keeps to the screen; wide blocks scroll in their own box.
    const answerBox = await assistant.answers.last().boundingBox();
    expect(answerBox!.x + answerBox!.width).toBeLessThanOrEqual(375);
    const overflowing = await assistant.dialog.evaluate((dialog) =>
      [...dialog.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > 375.5 && !element.parentElement?.closest('pre, .da-table-scroll')).length,
    );
    expect(overflowing).toBe(0);
  });

  test('finds no demo page wider than the screen, so the dialog keeps to the viewport', async ({ assistant, page }) => {
    for (const route of ['/getting-started', '/theming', '/demo/react/', '/demo/dark', '/demo/strict-csp']) {
      await assistant.visit(route);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBe(375);
    }
  });
});
