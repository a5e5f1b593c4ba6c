// When answering fails (server down, rate limited, offline, a stream cut mid-answer) the reader sees
// a sentence saying what happened, keeps the question, and gets the answer with Retry once it can work.
import { startDemo } from '../demo/server.ts';
import { expectNoAxeViolations } from './fixtures/checks.ts';
import { DemoAssistant, text } from './journeys/demoAssistant.ts';
import { expect, test } from './journeys/demoTest.ts';

// Independent tests (each with its own browser context; one demo per worker): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

const PORT_QUESTION = 'Which port does the server listen on?';
const QUESTION_URL = /\/discovery\/v2\/assistant\/[^/]+\/message$/;

test.describe('given a reference server that goes down', () => {
  test('says it cannot be reached, keeps the question, and answers on Retry once it is back', async ({ assistant, demo }) => {
    await assistant.visit('/server');
    await assistant.open();
    await demo.server.suspend();
    try {
      await assistant.ask(PORT_QUESTION);
      await expect(assistant.dialog).toHaveAttribute('data-status', 'error');
      await expect(assistant.alert).toHaveText(text.errorNetwork);
      await expect(assistant.questions).toHaveText([PORT_QUESTION]);
    } finally {
      await demo.server.resume();
    }

    await assistant.retryButton.click();
    await expect(assistant.composer).toBeFocused();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.alert).toHaveCount(0);
    await expect(assistant.answers.last()).toContainText('8787');
  });
});

test.describe('given a server that allows one question per day', () => {
  test('counts down the wait of a 429 and keeps the question', async ({ page, demo }) => {
    const limited = await startDemo({ port: 0, build: false, limits: { perIpDay: 1 } });
    try {
      const assistant = new DemoAssistant(page, { url: limited.url, server: limited, answers: demo.answers });
      await assistant.visit('/faq');
      await assistant.open();
      await assistant.ask(PORT_QUESTION);
      await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');

      const refused = page.waitForResponse((response) => QUESTION_URL.test(response.url()));
      await assistant.ask('How do I change the launcher color?');
      expect((await refused).status()).toBe(429);
      await expect(assistant.dialog).toHaveAttribute('data-status', 'error');
      await expect(assistant.alert).toHaveText(/^Too many questions right now\. You can retry in \d+ s\.$/);
      const countdown = assistant.dialog.locator('[data-countdown]');
      await expect(countdown).toHaveText(/You can retry in \d+ s\./);
      const secondsLeft = Number(await countdown.getAttribute('data-countdown'));
      expect(secondsLeft).toBeGreaterThan(0);
      await expect.poll(async () => Number(await countdown.getAttribute('data-countdown'))).toBeLessThan(secondsLeft);
      await expect(assistant.retryButton).toBeDisabled();
      await expect(assistant.questions).toHaveText([PORT_QUESTION, 'How do I change the launcher color?']);
    } finally {
      await limited.close();
    }
  });
});

test.describe('given a browser that goes offline', () => {
  test('says so, keeps the question, and answers on Retry once back online', async ({ assistant, context }) => {
    await assistant.visit('/theming');
    await assistant.open();
    await context.setOffline(true);
    await assistant.ask('How do I change the launcher color?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'error');
    await expect(assistant.alert).toHaveText(text.errorOffline);
    await expect(assistant.questions).toHaveText(['How do I change the launcher color?']);

    await context.setOffline(false);
    await assistant.retryButton.click();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.answers.last()).toContainText('--docs-assistant-launcher-background');
  });
});

test.describe('given an answer stream that breaks', () => {
  test('keeps the partial answer when the connection drops mid-answer, and Retry gets it whole', async ({ assistant, demo }) => {
    await assistant.visit('/theming');
    await assistant.open();
    const held = demo.answers.holdNext();
    await assistant.ask('How do I change the launcher color?');
    await held.reached;
    await expect(assistant.answerText(assistant.answers.last())).toContainText('Theming');
    held.cut();

    await expect(assistant.dialog).toHaveAttribute('data-status', 'error');
    await expect(assistant.alert).toHaveText(text.errorStream);
    await expect(assistant.answerText(assistant.answers.last())).toContainText('Theming');
    await expect(assistant.questions).toHaveText(['How do I change the launcher color?']);
    // The half answer says so, can be copied, and is not offered for rating.
    const cutAnswer = assistant.answers.last();
    await expect(cutAnswer.getByText(text.answerCutOff, { exact: true })).toBeVisible();
    await expect(cutAnswer.getByRole('button', { name: text.copyAnswer })).toBeVisible();
    await expect(cutAnswer.getByRole('button', { name: text.helpful })).toHaveCount(0);
    await expect(cutAnswer.getByRole('button', { name: text.notHelpful })).toHaveCount(0);

    await assistant.retryButton.click();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.answers).toHaveCount(1);
    await expect(assistant.answers.last()).toContainText('--docs-assistant-launcher-background');
  });

  test('says the answer was cut off when the stream ends before its finish', async ({ assistant, page }) => {
    // The server's real stream, delivered up to its third text delta and then ended cleanly.
    await page.route(QUESTION_URL, async (route) => {
      const response = await route.fetch();
      const events = (await response.text()).split('\n\n');
      let deltas = 0;
      const thirdDelta = events.findIndex((event) => event.includes('"type":"text-delta"') && ++deltas === 3);
      await route.fulfill({ response, body: `${events.slice(0, thirdDelta + 1).join('\n\n')}\n\n` });
    });
    await assistant.visit('/theming');
    await assistant.open();
    await assistant.ask('How do I change the launcher color?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'error');
    await expect(assistant.alert).toHaveText(text.errorStream);
    await expect(assistant.answerText(assistant.answers.last())).toContainText('Theming');

    await page.unroute(QUESTION_URL);
    await assistant.retryButton.click();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.answers.last()).toContainText('--docs-assistant-launcher-background');
    await expect(assistant.answers.last().getByText(text.answerCutOff, { exact: true })).toHaveCount(0);
    await expect(assistant.answers.last().getByRole('button', { name: text.helpful, exact: true })).toBeVisible();
  });

  test('still shows the answer as cut off after a reload, without rating', async ({ assistant, page }) => {
    await page.route(QUESTION_URL, async (route) => {
      const response = await route.fetch();
      const events = (await response.text()).split('\n\n');
      const firstDelta = events.findIndex((event) => event.includes('"type":"text-delta"'));
      await route.fulfill({ response, body: `${events.slice(0, firstDelta + 1).join('\n\n')}\n\n` });
    });
    await assistant.visit('/theming');
    await assistant.open();
    await assistant.ask('How do I change the launcher color?');
    await expect(assistant.alert).toHaveText(text.errorStream);
    const partial = await assistant.answerText(assistant.answers.last()).innerText();

    await page.reload();
    await assistant.launcher.waitFor();
    await assistant.open();

    const restored = assistant.answers.last();
    await expect(assistant.answerText(restored)).toHaveText(partial);
    await expect(restored.getByText(text.answerCutOff, { exact: true })).toBeVisible();
    await expect(restored.getByRole('button', { name: text.copyAnswer })).toBeVisible();
    await expect(restored.getByRole('button', { name: text.helpful })).toHaveCount(0);
    await expect(assistant.alert).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
