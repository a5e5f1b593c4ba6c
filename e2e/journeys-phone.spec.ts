// A reader on a 390 x 844 phone (touch): what they select or tap must never push the widget's own
// controls off the screen or under each other.
import { expect, test } from './journeys/demoTest.ts';
import { saveScreenshot } from './journeys/screenshots.ts';

test.describe.configure({ mode: 'parallel' });

const PHONE = { width: 390, height: 844 };

function inside(box: { x: number; y: number; width: number; height: number } | null, area: { x: number; y: number; width: number; height: number }): boolean {
  return box !== null && box.x >= area.x - 0.5 && box.y >= area.y - 0.5 && box.x + box.width <= area.x + area.width + 0.5 && box.y + box.height <= area.y + area.height + 0.5;
}

function overlap(a: { x: number; y: number; width: number; height: number } | null, b: { x: number; y: number; width: number; height: number } | null): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('given a 390 x 844 phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('keeps Send and the chip remove button on screen with a long selection attached', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/theming');
    await page.locator('main p', { hasText: 'To style only the assistant' }).selectText();
    await assistant.launcher.tap();
    const chip = assistant.contextChip('selection');
    await expect(chip).toBeVisible();
    const screen = { x: 0, y: 0, ...PHONE };
    expect(inside(await assistant.dialog.locator('.da-chip').boundingBox(), screen)).toBe(true);
    expect(inside(await assistant.sendButton.boundingBox(), screen)).toBe(true);
    expect(inside(await chip.boundingBox(), screen)).toBe(true);
    await saveScreenshot(page, testInfo, 'phone-selection-chip');
    // The empty state's hint leaves out keys a phone has not got.
    await expect(assistant.dialog.locator('.da-hints')).toContainText('Select text');
    await expect(assistant.dialog.locator('.da-hint-keys')).toBeHidden();

    await chip.tap();
    await expect(assistant.dialog.locator('.da-chip')).toHaveCount(0);
  });

  test('shows a compact "Ask AI" inside a tapped code block, with no key hint, never over the launcher', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/theming');
    const block = page.locator('main pre').first();
    await block.scrollIntoViewIfNeeded();
    await block.tap();
    const ask = page.getByRole('button', { name: /^Ask AI about this code/ });
    await expect(ask).toBeVisible();
    await expect(ask.locator('kbd')).toHaveCount(0);
    const askBox = await ask.boundingBox();
    expect(askBox!.height).toBeLessThan(48);
    expect(inside(askBox, (await block.boundingBox())!)).toBe(true);
    expect(overlap(askBox, await assistant.launcher.boundingBox())).toBe(false);
    await saveScreenshot(page, testInfo, 'phone-code-block-ask');
    await ask.tap();
    await expect(assistant.contextChip('code')).toBeVisible();
  });

  test('moves the code button off the launcher when the block sits beside it', async ({ assistant, page }) => {
    await assistant.visit('/theming');
    const block = page.locator('main pre').first();
    const launcher = await assistant.launcher.boundingBox();
    // Scroll so the block's top edge is level with the launcher, where the button would be drawn.
    await page.evaluate((launcherTop) => {
      const pre = document.querySelector('main pre') as HTMLElement;
      window.scrollBy(0, pre.getBoundingClientRect().top - launcherTop + 4);
    }, launcher!.y);
    await block.tap({ position: { x: 30, y: 20 } });
    const ask = page.getByRole('button', { name: /^Ask AI about this code/ });
    await expect(ask).toBeVisible();
    const askBox = await ask.boundingBox();
    expect(overlap(askBox, await assistant.launcher.boundingBox())).toBe(false);
    expect(inside(askBox, (await block.boundingBox())!)).toBe(true);
  });

  test('shows a code group as tabs in one block, opened on the package manager the question names, and switches with a tap', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/getting-started');
    await assistant.launcher.tap();
    await assistant.ask('How do I install docs-assistant with pnpm?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const answer = assistant.answerText(assistant.answers.last());
    await expect(answer.getByRole('tab')).toHaveText(['npm', 'pnpm', 'Yarn', 'Bun']);
    await expect(answer.getByRole('tab', { selected: true })).toHaveText('pnpm');
    await expect(answer.getByRole('tabpanel', { name: 'pnpm' })).toHaveText('pnpm add docs-assistant');
    // Four commands in one block's room: the tabs sit on one line of a phone's dialog, above one command.
    await expect(answer.locator('.da-code')).toHaveCount(1);
    const tabs = await answer.getByRole('tab').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
    expect(new Set(tabs).size).toBe(1);
    await saveScreenshot(page, testInfo, 'phone-code-group-tabs');
    await answer.getByRole('tab', { name: 'Bun' }).tap();
    await expect(answer.getByRole('tabpanel', { name: 'Bun' })).toHaveText('bun add docs-assistant');
  });
});
