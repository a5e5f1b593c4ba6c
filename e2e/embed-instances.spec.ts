// Several widgets on one page through window.DocsAssistant.create(), and destroy() leaving nothing behind.
import type { CDPSession, Page } from '@playwright/test';
import { ASSISTANT_KEY, DOMAIN, expect, test } from './fixtures/embedTest.ts';

/** Event listeners on window and document, by type (read through the DevTools protocol). */
async function pageListeners(session: CDPSession): Promise<string[]> {
  const types: string[] = [];
  for (const expression of ['window', 'document']) {
    const { result } = await session.send('Runtime.evaluate', { expression });
    const { listeners } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    types.push(...listeners.map((listener) => `${expression}:${listener.type}`));
  }
  return types.toSorted();
}

/** A snapshot of the host page around the widget: body's children and styles, the root's attributes. */
function hostPageShape(page: Page) {
  return page.evaluate(() => ({
    bodyChildren: [...document.body.children].map((element) => element.tagName.toLowerCase()),
    // The widget never styles <body>, not even briefly (a style set and undone leaves an empty attribute).
    bodyStyle: document.body.style.cssText,
    htmlAttributes: [...document.documentElement.attributes].map((attribute) => attribute.name),
  }));
}

test.describe('given two widgets created on one page', () => {
  test('each answers on its own and destroy() removes every element and listener they added', async ({ assistant, page, servers }) => {
    // embed.js with no data-domain: the API only, no widget yet.
    await assistant.goto({ domain: '', 'api-key': '', 'base-url': '' });
    await page.waitForFunction(() => typeof window.DocsAssistant?.create === 'function');
    const session = await page.context().newCDPSession(page);
    const listenersBefore = await pageListeners(session);
    const shapeBefore = await hostPageShape(page);

    await page.evaluate(
      ({ domain, apiKey, baseUrl }) => {
        const created = ['Ask docs A', 'Ask docs B'].map((launcherLabel, index) =>
          window.DocsAssistant!.create!({
            domain,
            apiKey,
            baseUrl,
            position: index === 0 ? 'bottom-right' : 'bottom-left',
            translations: { launcherLabel },
          }),
        );
        (window as unknown as { created: typeof created }).created = created;
      },
      { domain: DOMAIN, apiKey: ASSISTANT_KEY, baseUrl: servers.api },
    );
    // Two elements each: a launcher's and a chat's.
    await expect(assistant.hosts).toHaveCount(4);
    // Both chats running before either is used (each runs on intent: here the pointer on its launcher);
    // a chat that starts later restores the domain's stored thread, as after a reload.
    const chatsMounted = () => page.evaluate(() => [...document.querySelectorAll('docs-assistant')].map((host) => host.shadowRoot?.adoptedStyleSheets.length));
    await page.getByRole('button', { name: 'Ask docs A' }).hover();
    await page.getByRole('button', { name: 'Ask docs B' }).hover();
    // Launchers first in <body> (the second created goes first), chats last: each adopted sheet is there.
    await expect.poll(chatsMounted).toEqual([1, 1, 1, 1]);

    await page.getByRole('button', { name: 'Ask docs A' }).click();
    await assistant.ask('How do I roll back a deploy?');
    await expect(assistant.answers.last()).toContainText('lumen rollback');
    await page.keyboard.press('Escape');
    await expect(assistant.dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Ask docs B' }).click();
    await expect(assistant.dialog).toHaveCount(1);
    await expect(assistant.questions).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(assistant.dialog).toHaveCount(0);

    await page.evaluate(() => (window as unknown as { created: { destroy(): void }[] }).created.forEach((widget) => widget.destroy()));
    await expect(assistant.hosts).toHaveCount(0);
    expect(await hostPageShape(page)).toEqual(shapeBefore);
    // React runs an unmounted tree's effect cleanups (the chats' listeners) in a task of their own, not
    // inside root.unmount(): a check right after destroy() can come before it (seen once in CI).
    await expect.poll(() => pageListeners(session)).toEqual(listenersBefore);

    // Nothing answers the shortcut or hovers code blocks any more.
    await page.keyboard.press('Control+i');
    await page.locator('#deploy-command').hover();
    await expect(page.getByRole('button', { name: 'Ask AI about this code' })).toHaveCount(0);
    await expect(assistant.dialog).toHaveCount(0);
  });
});
