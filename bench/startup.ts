// Start-up bench: how long the server takes to load and index a large site, and the memory it then holds,
// beside a plain MiniSearch over the same files split at headings, in the same run (figures read as ratios).
//   node bench/startup.ts
// For context: the same MiniSearch cutting words as the server does, and the server's parsing alone (the
// files read and parsed on its workers, nothing indexed: the floor under a cold start).
// Cold: an empty data folder (every file parsed, the index built and its snapshot kept). Warm: a restart on
// the same data folder (pages come from the page cache by content hash, the index from its snapshot). Then
// restarts after one page and after a tenth of the pages changed (only those parsed and indexed again). Each measurement runs in a fresh child
// process; memory is the heap after a full GC (and RSS) once start-up is done and the parse workers have ended.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLargeCorpus } from './largeCorpus.ts';

interface Measurement {
  seconds: number;
  heapMB: number;
  rssMB: number;
  sections: number;
}

/** The corpus's Markdown files, sorted. */
function listFiles(corpus: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/.test(entry.name)) files.push(path);
    }
  };
  walk(corpus);
  return files.toSorted();
}

async function measureChild(mode: string, corpus: string, dataDir: string): Promise<Measurement> {
  const started = performance.now();
  let sections = 0;
  if (mode === 'minisearch' || mode === 'minisearch-analyzed') {
    const { default: MiniSearch } = await import('minisearch');
    // The second baseline cuts words as the server does (Intl.Segmenter for Chinese and Japanese, stems,
    // identifiers split): what the plain one saves by leaving a Chinese sentence one word.
    const { processTerm, tokenize } = await import('../server/docs/analyzer.ts');
    const analyzer = mode === 'minisearch-analyzed' ? { tokenize, processTerm } : {};
    const files = listFiles(corpus);
    const documents: { id: number; heading: string; text: string }[] = [];
    for (const file of files) {
      for (const part of readFileSync(file, 'utf8').split(/^(?=#{1,3} )/m)) documents.push({ id: documents.length, heading: /^#{1,3} (.*)$/m.exec(part)?.[1] ?? '', text: part });
    }
    const index = new MiniSearch({ fields: ['heading', 'text'], storeFields: ['heading'], ...analyzer });
    index.addAll(documents);
    sections = documents.length;
    (globalThis as { keep?: unknown }).keep = index;
  } else if (mode === 'parse-only') {
    // The floor under a cold start: the files read and parsed on the workers, nothing indexed or kept.
    const { loadDocs } = await import('../server/docs/load.ts');
    const { sharedParsePool } = await import('../server/docs/parsePool.ts');
    sharedParsePool().warm();
    const docs = await loadDocs(corpus);
    sections = docs.sections.length;
    (globalThis as { keep?: unknown }).keep = docs;
  } else {
    const { openPageCache } = await import('../server/docs/pageCache.ts');
    const { loadIndexedDocs } = await import('../server/docs/startIndex.ts');
    const { sharedParsePool } = await import('../server/docs/parsePool.ts');
    const cache = openPageCache(dataDir);
    const { index, saved } = await loadIndexedDocs(corpus, { cache });
    sections = index.sectionCount;
    (globalThis as { keep?: unknown }).keep = index;
    // Ready to answer; the snapshot for the next start is written after (the next measurement needs it).
    const seconds = (performance.now() - started) / 1000;
    const notSaved = await saved;
    if (notSaved !== undefined) throw new Error(notSaved);
    // Memory once the parse workers are gone (they end when idle).
    while (sharedParsePool().workerCount > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    (globalThis as { gc?: () => void }).gc?.();
    return { seconds, heapMB: process.memoryUsage().heapUsed / 1e6, rssMB: process.memoryUsage().rss / 1e6, sections };
  }
  const seconds = (performance.now() - started) / 1000;
  (globalThis as { gc?: () => void }).gc?.();
  return { seconds, heapMB: process.memoryUsage().heapUsed / 1e6, rssMB: process.memoryUsage().rss / 1e6, sections };
}

function runChild(mode: string, corpus: string, dataDir: string): Measurement {
  const result = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', mode, corpus, dataDir], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`${mode} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Measurement;
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  const [mode, corpus, dataDir] = process.argv.slice(childAt + 1);
  console.log(JSON.stringify(await measureChild(mode!, corpus!, dataDir!)));
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'docs-assistant-startup-'));
try {
  const corpus = join(work, 'corpus');
  const pages = writeLargeCorpus(corpus);
  const dataDir = join(work, 'data');
  const baseline = runChild('minisearch', corpus, dataDir);
  const analyzedBaseline = runChild('minisearch-analyzed', corpus, dataDir);
  const parseOnly = runChild('parse-only', corpus, dataDir);
  const cold = runChild('ours', corpus, dataDir);
  const warm = runChild('ours', corpus, dataDir);
  // A docs deploy between restarts: one page edited, then a tenth of them.
  const docFiles = listFiles(corpus);
  const edit = (count: number) => {
    for (const file of docFiles.slice(0, count)) appendFileSync(file, `\nEdited for release ${count}.\n`);
  };
  edit(1);
  const oneChanged = runChild('ours', corpus, dataDir);
  edit(Math.round(docFiles.length / 10));
  const tenthChanged = runChild('ours', corpus, dataDir);
  const row = (name: string, measured: Measurement) =>
    `${name.padEnd(34)} ${measured.seconds.toFixed(2).padStart(7)} s (${(measured.seconds / baseline.seconds).toFixed(2)}x)  heap ${measured.heapMB.toFixed(0).padStart(4)} MB (${(measured.heapMB / baseline.heapMB).toFixed(2)}x)  RSS ${measured.rssMB.toFixed(0).padStart(4)} MB (${(measured.rssMB / baseline.rssMB).toFixed(2)}x)  ${measured.sections} sections`;
  console.log(`start-up over ${pages} pages (bench/largeCorpus.ts), ratios to plain MiniSearch in this run`);
  console.log(row('plain MiniSearch, split at headings', baseline));
  console.log(row('  the same, with our word cutting', analyzedBaseline));
  console.log(row('  our parsing alone (no index)', parseOnly));
  console.log(row('docs-assistant, cold (no cache)', cold));
  console.log(row('docs-assistant, warm restart', warm));
  console.log(row('  restart, 1 page changed', oneChanged));
  console.log(row(`  restart, ${Math.round(docFiles.length / 10)} pages changed`, tenthChanged));
  console.log('goals (issue 15): cold <= 1x, warm <= 0.25x, heap <= 1x');
} finally {
  rmSync(work, { recursive: true, force: true });
}
