// Bench 2, open latency: from the launcher's click event to the composer's focus event, measured in the
// page with performance.now(). "Not cached": a fresh context with data-preload="intent", so the chat is
// fetched only from the hover/click itself. "Cached": data-preload="idle" and the idle prefetch done.
import type { Browser } from '@playwright/test';
import { chatRequested, loopbackContext, networkQuiet, pageSettled, widget } from './chromium.ts';

export interface OpenLatency {
  runs: number;
  notCached: number[];
  cached: number[];
  /** Cached runs where requestIdleCallback had not prefetched the chat 10 s after load (hover did). */
  idlePrefetchMissed: number;
  /** Openings that failed (left out of the figures), with the first error. */
  failures: number;
  firstFailure?: string;
}

interface Opening {
  milliseconds: number;
  idlePrefetchMissed: boolean;
}

interface OpenTimes {
  clickAt: number | null;
  focusAt: number | null;
}

declare global {
  interface Window {
    benchOpen?: OpenTimes;
  }
}

/**
 * Runs in the page before its scripts. A capture listener on window sees the click first. Focus moving
 * inside one shadow root never reaches window (target and relatedTarget retarget to the same host),
 * so every shadow root the page attaches gets the focus listener too.
 */
function instrumentOpening(): void {
  const times: OpenTimes = { clickAt: null, focusAt: null };
  window.benchOpen = times;
  const onFocus = (event: Event) => {
    const target = event.composedPath()[0];
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) times.focusAt ??= performance.now();
  };
  addEventListener('click', () => (times.clickAt ??= performance.now()), true);
  addEventListener('focusin', onFocus, true);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init);
    root.addEventListener('focusin', onFocus, true);
    return root;
  };
}

async function openOnce(browser: Browser, origin: string, cached: boolean): Promise<Opening> {
  const context = await loopbackContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(instrumentOpening);
    const quiet = networkQuiet(page);
    let idlePrefetchMissed = false;
    const prefetch = cached ? chatRequested(page) : Promise.resolve(false);
    await page.goto(`${origin}/page/docs?embed=${cached ? 'idle' : 'intent'}`);
    const launcher = page.getByRole('button', { name: widget.launcherName, exact: true });
    await launcher.waitFor();
    if (cached) {
      // The idle prefetch has fetched and evaluated the chat once it was requested, the network is quiet
      // and the page has settled.
      if (!(await prefetch)) {
        // The idle prefetch did not come: prefetch on intent instead (hover), and count it.
        idlePrefetchMissed = true;
        await launcher.hover();
      }
      await quiet();
      await pageSettled(page);
    }
    await launcher.click();
    await page.getByRole('textbox', { name: widget.composerName }).waitFor({ timeout: 15_000 });
    const handle = await page.waitForFunction(() => {
      const times = window.benchOpen;
      return times?.clickAt != null && times.focusAt != null ? Math.max(0, times.focusAt - times.clickAt) : false;
    });
    return { milliseconds: (await handle.jsonValue()) as number, idlePrefetchMissed };
  } finally {
    await context.close();
  }
}

/**
 * `runs` openings of each kind, interleaved so drift on a busy machine hits both alike. A failed
 * opening is counted and left out; after 3 failures the bench gives up with the first error.
 */
export async function measureOpenLatency(browser: Browser, origin: string, runs = 20): Promise<OpenLatency> {
  const result: OpenLatency = { runs, notCached: [], cached: [], idlePrefetchMissed: 0, failures: 0 };
  const attempt = async (cached: boolean): Promise<Opening | undefined> => {
    try {
      return await openOnce(browser, origin, cached);
    } catch (error) {
      result.failures++;
      result.firstFailure ??= (error as Error).message.split('\n')[0];
      if (result.failures >= 3) throw new Error(`3 openings failed; the first: ${result.firstFailure}`, { cause: error });
      return undefined;
    }
  };
  // One unrecorded opening warms the browser process (first-context start-up is not the widget's cost).
  await attempt(false);
  result.failures = 0;
  for (let run = 0; run < runs; run++) {
    const notCached = await attempt(false);
    if (notCached) result.notCached.push(notCached.milliseconds);
    const cached = await attempt(true);
    if (cached) result.cached.push(cached.milliseconds);
    if (cached?.idlePrefetchMissed) result.idlePrefetchMissed++;
  }
  return result;
}
