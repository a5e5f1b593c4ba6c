// Launches the machine's Chromium the way the size notes did, and opens contexts that can only reach
// the loopback bench server (a widget or host page must never reach the internet during a bench).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const chromiumArguments = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium when present (Playwright's own download may be unreachable), else Playwright's. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: existsSync(systemChromium) ? systemChromium : undefined, args: chromiumArguments });
}

/** A fresh context (empty cache, no storage) whose requests outside 127.0.0.1 are aborted. */
export async function loopbackContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  return context;
}

/** Selectors of the widget a reader uses; the launcher label and composer label are the default translations. */
export const widget = {
  launcherName: 'Ask AI',
  composerName: 'Your question',
};

/** Resolves once no request of `page` has been in flight for `quietMilliseconds` (Playwright's networkidle fires once per navigation only). */
export function networkQuiet(page: Page, quietMilliseconds = 500): () => Promise<void> {
  let inFlight = 0;
  let lastChange = performance.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = performance.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  const busy = () => inFlight > 0 || performance.now() - lastChange < quietMilliseconds;
  return async () => {
    while (busy()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
