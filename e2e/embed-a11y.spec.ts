// The script-tag widget with a keyboard only, and axe in every state a reader can see.
import { expectNoAxeViolations } from './fixtures/checks.ts';
import { expect, test } from './fixtures/embedTest.ts';

const QUESTION = 'How do I roll back a deploy?';

test.describe('given a reader who uses only the keyboard', () => {
  test('opens, asks, reads the answer, closes and lands back on the launcher', async ({ assistant, page }) => {
    await assistant.goto();
    // The launcher is the page's first Tab stop (the page opens with no skip link), not the last after
    // the page's link and button.
    await page.keyboard.press('Tab');
    await expect(assistant.launcher).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(assistant.composer).toBeFocused();
    await page.keyboard.type(QUESTION);
    await page.keyboard.press('Enter');
    const answer = assistant.answers.last();
    await expect(answer).toContainText('lumen rollback');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');

    // Focus stays trapped in the dialog: tabbing around never reaches the page.
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab');
      await expect(assistant.dialog.locator(':focus')).toHaveCount(1);
    }

    await page.keyboard.press('Escape');
    await expect(assistant.dialog).toHaveCount(0);
    await expect(assistant.launcher).toBeFocused();
  });
});

test.describe('given a reader who types the moment the shortcut opens the assistant', () => {
  test('finds every keystroke in the composer', async ({ assistant, page }) => {
    await assistant.goto();
    // The chat has run once (opened and closed), so the shortcut opens it at once.
    await assistant.launcher.click();
    await expect(assistant.composer).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(assistant.dialog).toHaveCount(0);

    await page.keyboard.press('Control+i');
    await page.keyboard.type(QUESTION);
    await expect(assistant.composer).toHaveValue(QUESTION);
  });
});

test.describe('given axe on the page', () => {
  test('finds nothing with the dialog closed', async ({ assistant, page }) => {
    const chatLoaded = page.waitForRequest(/\/embed\/chat-/);
    await assistant.goto();
    await chatLoaded;
    await expect(assistant.launcher).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('finds nothing with the dialog open and empty', async ({ assistant, page }) => {
    await assistant.goto({ 'starter-questions': 'How do I deploy?|How do I roll back?' });
    await assistant.open();
    await expect(assistant.dialog.getByRole('button', { name: 'How do I deploy?' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('finds nothing in the dark theme, closed and open', async ({ assistant, page }) => {
    await assistant.goto({ theme: 'dark' });
    await expect(assistant.launcher).toBeVisible();
    await expectNoAxeViolations(page);
    await assistant.open();
    await expectNoAxeViolations(page);
  });

  test('finds nothing while an answer streams, nor once it is done', async ({ assistant, page, servers }) => {
    const answer = servers.holdNextAnswer();
    await assistant.goto({ 'base-url': `${servers.pages}/api` });
    await assistant.open();
    await assistant.ask(QUESTION);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'streaming');
    await expect(assistant.answers.last()).toHaveAttribute('data-streaming', 'true');
    await expectNoAxeViolations(page);

    answer.release();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.answers.last()).toContainText('lumen rollback');
    await expectNoAxeViolations(page);
  });

  test('finds nothing when the server refuses the key', async ({ assistant, page }) => {
    await assistant.goto({ 'api-key': 'da_dsc_not_a_key_of_this_server' });
    await assistant.open();
    await assistant.ask(QUESTION);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'error');
    await expect(assistant.dialog.getByRole('alert').first()).toContainText('not authorized');
    await expect(assistant.dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
