// Bench 1, bytes: gzip -9 and brotli -q 11 of embed.js, of everything loaded after opening, of what the
// React component adds to an app, and of the anchors' bundles, all measured the same way in one run.
// `node bench/bytes.ts` runs it alone and prints JSON; `npm run bench` runs it with the other benches.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { ensureAnchorsInstalled, prepareAnchorBundles } from './anchors/anchors.ts';
import { recordOpeningLoads, type LoadedFile } from './browser/after-open.ts';
import { launchChromium } from './browser/chromium.ts';
import { benchOutDirectory, distDirectory, snapshotDist, startBenchServer } from './browser/server.ts';
import { measureReactEntryWeight, type ReactEntryWeight } from './react-app.ts';
import { addSizes, sizesOf, zeroSizes, type Sizes } from './sizes.ts';

export interface FileSizes {
  label: string;
  sizes: Sizes;
}

export interface AnchorSizes {
  name: string;
  version: string;
  what: string;
  files: FileSizes[];
  total: Sizes;
}

export interface BytesReport {
  embed?: Sizes;
  /** Everything the page loads because of the script tag before any intent. */
  beforeIntent?: FileSizes[];
  /** Everything loaded from the launcher click until the composer is focused and the network is quiet. */
  afterOpen?: FileSizes[];
  reactEntry?: ReactEntryWeight;
  anchors: AnchorSizes[];
  notes: string[];
}

export function totalOf(files: FileSizes[]): Sizes {
  return files.map((file) => file.sizes).reduce(addSizes, zeroSizes);
}

function fileSizes(files: LoadedFile[]): FileSizes[] {
  return files.map((file) => ({ label: file.path, sizes: sizesOf(file.body) }));
}

async function measureAnchors(notes: string[]): Promise<AnchorSizes[]> {
  const installNote = ensureAnchorsInstalled();
  if (installNote) {
    notes.push(installNote);
    return [];
  }
  const bundles = await prepareAnchorBundles(join(benchOutDirectory, 'anchors'));
  return bundles.map((bundle) => {
    const files = bundle.files.map((file) => ({ label: file.label, sizes: sizesOf(readFileSync(file.path)) }));
    return { name: bundle.name, version: bundle.version, what: bundle.what, files, total: totalOf(files) };
  });
}

/** Measures every size; `browser` and `origin` (the bench server) are needed for the files loaded after opening. */
export async function measureBytes(browser: Browser | undefined, origin: string | undefined): Promise<BytesReport> {
  const notes: string[] = [];
  const report: BytesReport = { anchors: await measureAnchors(notes), notes };
  const embedPath = join(distDirectory, 'embed.js');
  if (!existsSync(embedPath)) {
    notes.push('dist/embed.js is missing: run `npm run build` first; our sizes were not measured.');
    return report;
  }
  report.embed = sizesOf(readFileSync(embedPath));
  if (browser && origin) {
    try {
      const loads = await recordOpeningLoads(browser, origin);
      report.beforeIntent = fileSizes(loads.beforeIntent);
      report.afterOpen = fileSizes(loads.afterOpen);
    } catch (error) {
      notes.push(`files loaded after opening not measured: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  try {
    report.reactEntry = await measureReactEntryWeight();
    if (!report.reactEntry) notes.push('the React entry (dist/index.js) is missing: run `npm run build`.');
  } catch (error) {
    notes.push(`React entry weight not measured: ${(error as Error).message.split('\n')[0]}`);
  }
  return report;
}

if (import.meta.main) {
  await snapshotDist();
  const server = await startBenchServer();
  const browser = await launchChromium();
  try {
    console.log(JSON.stringify(await measureBytes(browser, server.origin), null, 2));
  } finally {
    await browser.close();
    await server.close();
  }
}
