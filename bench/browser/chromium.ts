// Launches the machine's Chromium the way the size notes did, and opens contexts that can only reach
// the loopback bench server (a widget or host page must never reach the internet during a bench).
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';

/** The system Chromium when present (Playwright's own download may be unreachable), else Playwright's. */
export function launchChromium(): Promise<Browser> {
  const options = chromiumLaunchOptions();
  return chromium.launch({ ...options, args: ['--headless', ...options.args] });
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

/**
 * Resolves once the page has had neither a long task nor a finished resource load for `quietMilliseconds`
 * (the "load + idle" end of a window: the widget's idle prefetch and whatever it starts are inside it).
 */
export async function pageSettled(page: Page, quietMilliseconds = 1500, timeoutMilliseconds = 20_000): Promise<void> {
  await page.evaluate(
    ([quiet, timeout]) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        let lastActivity = started;
        const record = (list: PerformanceObserverEntryList) => {
          for (const entry of list.getEntries()) lastActivity = Math.max(lastActivity, entry.startTime + entry.duration);
        };
        new PerformanceObserver(record).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver(record).observe({ type: 'resource', buffered: true });
        const check = () => {
          const now = performance.now();
          if (now - lastActivity >= quiet || now - started >= timeout) resolve();
          else setTimeout(check, 100);
        };
        setTimeout(check, 100);
      }),
    [quietMilliseconds, timeoutMilliseconds] as const,
  );
}

/**
 * Resolves true when `page` requests a widget file other than embed.js (the chat's prefetch or load),
 * false after `timeoutMilliseconds`. Start it before the navigation it should observe.
 */
export function chatRequested(page: Page, timeoutMilliseconds = 10_000): Promise<boolean> {
  return page
    .waitForRequest((request) => /^\/dist\/(?!embed\.js$)/.test(new URL(request.url()).pathname), { timeout: timeoutMilliseconds })
    .then(
      () => true,
      () => false,
    );
}
