// Which files a docs page loads because of the script tag: before the reader shows intent, and after
// they open the assistant. Recorded from a real Chromium rather than guessed from the build output.
import type { Browser, Page, Response } from '@playwright/test';
import { loopbackContext, networkQuiet, widget } from './chromium.ts';

export interface LoadedFile {
  /** Path on the bench server, e.g. /dist/embed.js. */
  path: string;
  body: Buffer;
}

export interface OpeningLoads {
  /** Files loaded with the page, before any intent (the HTML page itself left out). */
  beforeIntent: LoadedFile[];
  /** Files loaded from the click on the launcher until the network is idle with the composer focused. */
  afterOpen: LoadedFile[];
}

function recordResponses(page: Page, into: Promise<LoadedFile | undefined>[]): void {
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (response.request().method() !== 'GET' || url.pathname.startsWith('/page/')) return;
    into.push(response.body().then((body) => ({ path: url.pathname, body }), () => undefined));
  });
}

async function settled(pending: Promise<LoadedFile | undefined>[]): Promise<LoadedFile[]> {
  const files = await Promise.all(pending);
  return files.filter((file): file is LoadedFile => file !== undefined);
}

/** Loads the docs page with `data-preload="intent"` (so nothing is prefetched on idle), then opens the assistant. */
export async function recordOpeningLoads(browser: Browser, origin: string): Promise<OpeningLoads> {
  const context = await loopbackContext(browser);
  try {
    const page = await context.newPage();
    const pending: Promise<LoadedFile | undefined>[] = [];
    recordResponses(page, pending);
    const quiet = networkQuiet(page);
    await page.goto(`${origin}/page/docs?embed=intent`);
    const launcher = page.getByRole('button', { name: widget.launcherName, exact: true });
    await launcher
      .waitFor({ timeout: 15_000 })
      .catch(() => Promise.reject(new Error(`no button named "${widget.launcherName}" appeared on the page`)));
    await quiet();
    const beforeIntent = await settled(pending.splice(0));
    await launcher.click();
    await page
      .getByRole('textbox', { name: widget.composerName })
      .waitFor({ timeout: 15_000 })
      .catch(() => Promise.reject(new Error(`no textbox named "${widget.composerName}" appeared after clicking the launcher`)));
    // Chunks requested after the dialog shows (a deferred import, a font) count too.
    await quiet();
    return { beforeIntent, afterOpen: await settled(pending) };
  } finally {
    await context.close();
  }
}
