// Bench 3, streaming render cost: the same ~20 kB Markdown answer (tables, code) streamed at 50 deltas/s
// into the widget and into the naive page (whole Markdown re-rendered on every delta). Measured between
// pressing Enter and the answer's last line on screen: long tasks (PerformanceObserver 'longtask') and
// main-thread time from CDP Performance.getMetrics (ScriptDuration, TaskDuration).
import type { Browser, CDPSession, Page } from '@playwright/test';
import { answerEndMarker } from './answer.ts';
import { loopbackContext, networkQuiet, pageSettled, widget } from './chromium.ts';

export type StreamingVariant = 'widget' | 'naive';

export interface StreamingRun {
  longTasks: number;
  longestTask: number;
  /** Main-thread JavaScript time (ms). */
  scripting: number;
  /** All main-thread task time: script, style, layout, paint (ms). */
  mainThread: number;
  /** Style recalculation and layout time (ms): high when code reads layout after each DOM change. */
  layout: number;
  /** Wall time from Enter to the last line on screen (ms). */
  wall: number;
}

export interface StreamingResult {
  runs: number;
  widget: StreamingRun[];
  naive: StreamingRun[];
  /** Why a variant has no runs. */
  errors: Partial<Record<StreamingVariant, string>>;
}

interface LongTaskEntry {
  startTime: number;
  duration: number;
}

declare global {
  interface Window {
    benchLongTasks?: LongTaskEntry[];
  }
}

function observeLongTasks(): void {
  const entries: LongTaskEntry[] = [];
  window.benchLongTasks = entries;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function mainThreadMetrics(session: CDPSession): Promise<{ script: number; task: number; layout: number }> {
  const { metrics } = await session.send('Performance.getMetrics');
  const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return { script: value('ScriptDuration'), task: value('TaskDuration'), layout: value('LayoutDuration') + value('RecalcStyleDuration') };
}

/** Brings the page to a focused, filled composer with everything loaded. */
async function prepare(page: Page, origin: string, variant: StreamingVariant): Promise<void> {
  const quiet = networkQuiet(page);
  if (variant === 'naive') {
    await page.goto(`${origin}/page/naive`);
  } else {
    await page.goto(`${origin}/page/docs?embed=idle`);
    await page.getByRole('button', { name: widget.launcherName, exact: true }).click();
  }
  const composer = page.getByRole('textbox', { name: widget.composerName });
  await composer.fill('How do I add middleware to a route?');
  // Start from a quiet page: the idle prefetch and what it starts (e.g. a fingerprint) are not streaming cost.
  await quiet();
  await pageSettled(page);
}

async function streamOnce(browser: Browser, origin: string, variant: StreamingVariant): Promise<StreamingRun> {
  const context = await loopbackContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    const session = await context.newCDPSession(page);
    await session.send('Performance.enable');
    await prepare(page, origin, variant);
    const startedAt = await page.evaluate(() => performance.now());
    const before = await mainThreadMetrics(session);
    await page.getByRole('textbox', { name: widget.composerName }).press('Enter');
    // .first(): a live region may repeat the answer's end for screen readers.
    await page.getByText(answerEndMarker).first().waitFor({ timeout: 60_000 });
    // Let the frame that shows the last line finish before reading the counters.
    const endedAt = await page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))),
    );
    const after = await mainThreadMetrics(session);
    const tasks = await page.evaluate((since) => (window.benchLongTasks ?? []).filter((task) => task.startTime >= since), startedAt);
    return {
      longTasks: tasks.length,
      longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
      scripting: after.script - before.script,
      mainThread: after.task - before.task,
      layout: after.layout - before.layout,
      wall: endedAt - startedAt,
    };
  } finally {
    await context.close();
  }
}

/** `runs` streams into each variant, interleaved; a variant that fails once is dropped with its error. */
export async function measureStreaming(
  browser: Browser,
  origin: string,
  runs = 3,
  variants: StreamingVariant[] = ['widget', 'naive'],
): Promise<StreamingResult> {
  const result: StreamingResult = { runs, widget: [], naive: [], errors: {} };
  for (let run = 0; run < runs; run++) {
    for (const variant of variants) {
      if (result.errors[variant]) continue;
      try {
        result[variant].push(await streamOnce(browser, origin, variant));
      } catch (error) {
        result.errors[variant] = (error as Error).message.split('\n')[0] ?? 'failed';
      }
    }
  }
  return result;
}
