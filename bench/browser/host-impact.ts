// Bench 4, host page impact: a docs page's Total Blocking Time, CLS and LCP with and without the script
// tag (default data-preload="idle", so the idle prefetch of the chat is inside the window). TBT is the
// sum of (long task - 50 ms) for long tasks that start after First Contentful Paint and before the
// page is loaded and then 1.5 s pass with neither a long task nor a resource load.
import type { Browser } from '@playwright/test';
import { chatRequested, loopbackContext, networkQuiet, pageSettled } from './chromium.ts';
import type { EmbedVariant } from './pages.ts';

export interface HostRun {
  totalBlockingTime: number;
  cumulativeLayoutShift: number;
  largestContentfulPaint: number;
  longTasks: number;
  /** Whether the chat was prefetched inside the window (with the script tag only). */
  prefetched: boolean;
}

export interface HostImpact {
  runs: number;
  /** CPU slowdown applied with CDP (1 = none; 4 is what Lighthouse uses for mobile). */
  cpuSlowdown: number;
  without: HostRun[];
  with: HostRun[];
}

interface HostObservations {
  firstContentfulPaint: number | null;
  largestContentfulPaint: number;
  layoutShift: number;
  longTasks: { startTime: number; duration: number }[];
}

declare global {
  interface Window {
    benchHost?: HostObservations;
  }
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

function observeHostMetrics(): void {
  const observations: HostObservations = { firstContentfulPaint: null, largestContentfulPaint: 0, layoutShift: 0, longTasks: [] };
  window.benchHost = observations;
  // Everything stays inside this function: Playwright serialises it into the page.
  const recorders: [string, (entry: PerformanceEntry) => void][] = [
    ['paint', (entry) => entry.name === 'first-contentful-paint' && (observations.firstContentfulPaint = entry.startTime)],
    ['largest-contentful-paint', (entry) => (observations.largestContentfulPaint = entry.startTime)],
    ['layout-shift', (entry) => !(entry as LayoutShiftEntry).hadRecentInput && (observations.layoutShift += (entry as LayoutShiftEntry).value)],
    ['longtask', (entry) => observations.longTasks.push({ startTime: entry.startTime, duration: entry.duration })],
  ];
  for (const [type, record] of recorders) new PerformanceObserver((list) => list.getEntries().forEach(record)).observe({ type, buffered: true });
}

async function loadOnce(browser: Browser, origin: string, embed: EmbedVariant, cpuSlowdown: number): Promise<HostRun> {
  const context = await loopbackContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(observeHostMetrics);
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const quiet = networkQuiet(page);
    // The idle prefetch waits on requestIdleCallback, which can come late on a slowed CPU: give it 10 s
    // so its cost is inside the window rather than missed.
    const prefetch = embed === 'none' ? Promise.resolve(false) : chatRequested(page);
    await page.goto(`${origin}/page/docs?embed=${embed}`, { waitUntil: 'load' });
    const prefetched = await prefetch;
    await quiet();
    await pageSettled(page);
    const observations = await page.evaluate(() => window.benchHost!);
    const afterPaint = observations.longTasks.filter((task) => task.startTime >= (observations.firstContentfulPaint ?? 0));
    return {
      totalBlockingTime: afterPaint.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      cumulativeLayoutShift: observations.layoutShift,
      largestContentfulPaint: observations.largestContentfulPaint,
      longTasks: afterPaint.length,
      prefetched,
    };
  } finally {
    await context.close();
  }
}

/** `runs` loads with and without the script tag, interleaved, at the given CPU slowdown. */
export async function measureHostImpact(browser: Browser, origin: string, runs = 10, cpuSlowdown = 1): Promise<HostImpact> {
  const result: HostImpact = { runs, cpuSlowdown, without: [], with: [] };
  for (let run = 0; run < runs; run++) {
    result.without.push(await loadOnce(browser, origin, 'none', cpuSlowdown));
    result.with.push(await loadOnce(browser, origin, 'idle', cpuSlowdown));
  }
  return result;
}
