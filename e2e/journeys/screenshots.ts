// Screenshots of the widget's states: attached to the test's report and written to
// test-results/screenshots/<name>.png, where a reviewer looks at all of them side by side.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const image = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { body: image, contentType: 'image/png' });
  const projectRoot = path.dirname(testInfo.config.configFile ?? path.join(process.cwd(), 'playwright.config.ts'));
  const folder = path.join(projectRoot, 'test-results', 'screenshots');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${name}.png`), image);
}
