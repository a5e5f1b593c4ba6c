// The widget must work on pages with a strict Content-Security-Policy: no inline <style>, no style
// attributes, no inline script. Every test page is served with it; here we listen for violations
// through a whole conversation.
import { recordCspViolations } from './fixtures/checks.ts';
import { expect, test } from './fixtures/embedTest.ts';
import { STRICT_CSP } from './fixtures/pageServer.ts';

test.describe("given a page served with script-src 'self'; style-src 'self'", () => {
  test('chats, offers code-block help and closes without a single violation', async ({ assistant, page }) => {
    const violations = await recordCspViolations(page);
    const response = await page.goto(`${assistant.servers.pages}/docs.html`);
    expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);

    await page.locator('#deploy-command').hover();
    await expect(page.getByRole('button', { name: 'Ask AI about this code' })).toBeVisible();
    await assistant.open();
    await assistant.ask('How do I roll back a deploy?');
    await expect(assistant.answers.last()).toContainText('lumen rollback');
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toBeVisible();
    // The widget's own styles applied: the dialog is laid out as a fixed layer, not in the page flow.
    await expect(assistant.dialog).toHaveCSS('position', 'fixed');
    await page.keyboard.press('Escape');
    await expect(assistant.dialog).toHaveCount(0);

    expect(await violations()).toEqual([]);
  });
});
