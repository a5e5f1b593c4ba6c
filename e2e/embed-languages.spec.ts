// The script-tag widget in the page's language: its own strings from the pack for the page's <html lang>
// (or its `locale`), the host's `translations` still over them.
import { LOCALE_NAMES } from '../src/chat/locale.ts';
import ja from '../src/locales/ja.ts';
import zhHant from '../src/locales/zhHant.ts';
import { expect, test } from './fixtures/embedTest.ts';
import { text } from './fixtures/assistantPage.ts';

test.describe('given a page in Japanese', () => {
  test('the dialog speaks Japanese, and only the Japanese pack is loaded', async ({ assistant, page }) => {
    await assistant.goto();
    // Set before the chat runs (it reads the page's language once, when it is evaluated on intent).
    await page.evaluate(() => (document.documentElement.lang = 'ja-JP'));
    await assistant.launcher.click();
    const dialog = page.getByRole('dialog', { name: ja.dialogTitle });
    await expect(dialog).toBeVisible();
    const composer = dialog.getByRole('textbox', { name: ja.composerLabel });
    await expect(composer).toHaveAttribute('placeholder', ja.composerPlaceholder);
    await expect(dialog.getByText(ja.emptyState)).toBeVisible();
    await composer.fill('How do I roll back a deploy?');
    await composer.press('Enter');
    const answer = dialog.locator('[data-role="assistant"]').last();
    await expect(answer).toContainText('lumen rollback');
    await expect(answer.getByRole('list', { name: ja.sources }).getByRole('link').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: ja.copyAnswer })).toBeVisible();
    // Only the page's language travels: no other pack was requested.
    const packs = assistant.chatRequests.map((url) => url.split('/').at(-1)?.split('-')[0]).filter((name) => LOCALE_NAMES.some((locale) => locale === name));
    expect(packs).toEqual(['ja']);
  });

  test('keeps English with locale false, and the host\'s own strings over the pack\'s', async ({ assistant, page }) => {
    await assistant.goto({ locale: 'false' });
    await page.evaluate(() => (document.documentElement.lang = 'ja'));
    await assistant.open();
    await expect(assistant.dialog).toBeVisible();
    await expect(assistant.composer).toHaveAttribute('placeholder', text.composerPlaceholder);

    await assistant.goto({ translations: JSON.stringify({ dialogTitle: 'Lumen に質問' }) });
    await page.evaluate(() => (document.documentElement.lang = 'ja'));
    await assistant.launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Lumen に質問' });
    await expect(dialog.getByRole('textbox', { name: ja.composerLabel })).toBeVisible();
  });
});

test.describe('given an English page whose widget is set to Traditional Chinese', () => {
  test('the dialog switches to the pack once it arrives', async ({ assistant, page }) => {
    await assistant.goto({ locale: 'zh-TW' });
    await assistant.launcher.click();
    const dialog = page.getByRole('dialog', { name: zhHant.dialogTitle });
    await expect(dialog.getByRole('textbox', { name: zhHant.composerLabel })).toHaveAttribute('placeholder', zhHant.composerPlaceholder);
    await expect(dialog.getByRole('button', { name: zhHant.close })).toBeVisible();
  });
});
