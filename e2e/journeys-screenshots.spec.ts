// One screenshot per state a reader sees (closed, open, streaming, answered with sources, error, dark,
// mobile, React page), kept as test artifacts for review.
import { expect, test } from './journeys/demoTest.ts';
import { saveScreenshot } from './journeys/screenshots.ts';

// Independent tests (each with its own browser context; one demo per worker): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

const QUESTION = 'How do I change the launcher color?';

test.describe('given the demo docs site', () => {
  test('shows each state of the assistant on a docs page', async ({ assistant, demo, page }, testInfo) => {
    await assistant.visit('/getting-started');
    await saveScreenshot(page, testInfo, '1-closed');

    await assistant.open();
    await saveScreenshot(page, testInfo, '2-open');

    const held = demo.answers.holdNext();
    await assistant.ask(QUESTION);
    await held.reached;
    await expect(assistant.answers.last()).toHaveAttribute('data-streaming', 'true');
    await expect(assistant.answerText(assistant.answers.last())).toContainText('Theming');
    await saveScreenshot(page, testInfo, '3-streaming');

    held.release();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toBeVisible();
    await saveScreenshot(page, testInfo, '4-answered-with-sources');

    const cut = demo.answers.holdNext();
    await assistant.ask('Which port does the server listen on?');
    await cut.reached;
    cut.cut();
    await expect(assistant.retryButton).toBeVisible();
    await saveScreenshot(page, testInfo, '5-error');
  });

  test('shows an answer the reader stopped, with Retry', async ({ assistant, demo, page }, testInfo) => {
    await assistant.visit('/theming');
    await assistant.open();
    const held = demo.answers.holdNext();
    await assistant.ask(QUESTION);
    await held.reached;
    await expect(assistant.answerText(assistant.answers.last())).toContainText('Theming');
    await assistant.stopButton.click();
    await expect(assistant.retryButton).toBeVisible();
    await saveScreenshot(page, testInfo, '5-stopped');
  });

  test('shows the dark page with an answer', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/demo/dark');
    await saveScreenshot(page, testInfo, '6-dark-closed');
    await assistant.open();
    await saveScreenshot(page, testInfo, '6-dark-open');
    await assistant.ask(QUESTION);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toBeVisible();
    await saveScreenshot(page, testInfo, '6-dark-answered');
  });

  test('shows the React page with its theme and event log', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/demo/react/');
    await assistant.open();
    await assistant.ask(QUESTION);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await saveScreenshot(page, testInfo, '8-react-answered');
    await page.keyboard.press('Escape');
    const eventLog = page.getByRole('list', { name: /Widget events/ });
    await expect(eventLog).toContainText('answer');
    await eventLog.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, '8-react-event-log');
  });
});

test.describe('given a 375 x 667 phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('shows the full-screen dialog open and answered', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/getting-started');
    await saveScreenshot(page, testInfo, '7-mobile-closed');
    await assistant.launcher.tap();
    await expect(assistant.composer).toBeVisible();
    await saveScreenshot(page, testInfo, '7-mobile-open');
    await assistant.ask(QUESTION);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await saveScreenshot(page, testInfo, '7-mobile-answered');
  });
});
