// The dialog eases in for readers who have not asked for less motion, and appears at once for those who
// have (every other spec runs as the latter: see playwright.config.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './journeys/demoTest.ts';

declare global {
  interface Window {
    widgetAnimations?: string[];
  }
}

/** Records the CSS animations that start and end in the widget's shadow root (their events stay inside it). */
async function recordAnimations(page: Page): Promise<void> {
  // The chat's element: the last of the two the script tag adds.
  await page.locator('docs-assistant').last().evaluate((host) => {
    window.widgetAnimations = [];
    for (const type of ['animationstart', 'animationend'] as const) {
      host.shadowRoot!.addEventListener(type, (event) => window.widgetAnimations!.push(`${type.slice(9)} ${(event as AnimationEvent).animationName}`), true);
    }
  });
}

const recorded = (page: Page) => page.evaluate(() => window.widgetAnimations ?? []);

test.describe('given a reader with no preference for less motion', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('the dialog rises and fades in on opening, then stands fully shown', async ({ assistant, page }) => {
    await assistant.visit('/getting-started');
    await recordAnimations(page);
    await assistant.launcher.click();
    await expect.poll(() => recorded(page)).toEqual(expect.arrayContaining(['start da-open', 'start da-fade-in', 'end da-open', 'end da-fade-in']));
    expect(await assistant.dialog.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
  });
});

test.describe('given a reader who asks for less motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the dialog appears at once, with no animation', async ({ assistant, page }) => {
    await assistant.visit('/getting-started');
    await recordAnimations(page);
    await assistant.open();
    // Animation events are dispatched with the frames that follow: let two pass.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await recorded(page)).toEqual([]);
    expect(await assistant.dialog.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
  });
});
