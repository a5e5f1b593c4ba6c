// The widget must work on pages with a strict Content-Security-Policy: no inline <style>, no style
// attributes, no inline script. Every test page is served with it; here we listen for violations
// through a whole conversation, on that page and on one that also enforces Trusted Types (no string
// may reach an HTML or script sink such as innerHTML, and no Trusted Types policy may be created).
import { recordCspViolations } from './fixtures/checks.ts';
import { expect, test } from './fixtures/embedTest.ts';
import { STRICT_CSP, TRUSTED_TYPES_CSP } from './fixtures/pageServer.ts';

for (const { policy, query } of [
  { policy: STRICT_CSP, query: '' },
  { policy: TRUSTED_TYPES_CSP, query: '?csp=trusted-types' },
]) {
  test.describe(`given a page served with ${policy}`, () => {
    test('chats, offers code-block help and closes without a single violation or error', async ({ assistant, page }) => {
      const violations = await recordCspViolations(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`${assistant.servers.pages}/docs.html${query}`);
      expect(response?.headers()['content-security-policy']).toBe(policy);

      await expect(assistant.launcher).toBeVisible();
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
      expect(errors).toEqual([]);
    });

    test('shows an answer holding a character reference decoded, without a violation', async ({ assistant, page }) => {
      // The markdown parser decodes `&name;` through decode-named-character-reference, whose browser
      // build uses innerHTML; the script-tag build aliases it to scripts/rewrites/standIns/decodeCharacterReference.ts.
      const violations = await recordCspViolations(page);
      await page.goto(`${assistant.servers.pages}/docs.html${query}`);

      await assistant.open();
      // The answer quotes an HTML block of the docs, `&nbsp;` included (an LLM's answer may hold references too).
      await assistant.ask('How do I stop the preview server?');
      await expect(assistant.answers.last()).toContainText('press Ctrl\u00a0+\u00a0C to stop');

      expect(await violations()).toEqual([]);
    });
  });
}
