// `npm run bench`: every benchmark in one run, written to bench/RESULTS.md with date and machine.
//   node bench/run.ts [--quick] [--only=bytes,open,streaming,host,server] [--render]
// --quick takes fewer samples (for trying the harness; the committed results use the defaults).
// Each run also keeps its raw figures in bench/out/results.json; --render rewrites RESULTS.md from
// them without measuring again (after a change to the report's layout).
// Browser benches need the build (`npm run build`); without dist/ they are skipped with a note.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { measureBytes } from './bytes.ts';
import { launchChromium } from './browser/chromium.ts';
import { measureHostImpact } from './browser/host-impact.ts';
import { buildNaivePage } from './browser/naive/build.ts';
import { measureOpenLatency } from './browser/open-latency.ts';
import { benchOutDirectory, distDirectory, projectRoot, snapshotDist, startBenchServer, type BenchServer } from './browser/server.ts';
import { measureStreaming } from './browser/streaming.ts';
import type { ChildBench } from './goals.ts';
import { renderResults, type BenchResults } from './report.ts';
import { gzipTool } from './sizes.ts';

const parts = ['bytes', 'open', 'streaming', 'host', 'server'] as const;
type Part = (typeof parts)[number];

const quick = process.argv.includes('--quick');
const onlyArgument = process.argv.find((argument) => argument.startsWith('--only='));
const selected = new Set<Part>(onlyArgument ? (onlyArgument.slice('--only='.length).split(',') as Part[]) : parts);
const samples = quick ? { open: 5, streaming: 1, host: 3 } : { open: 20, streaming: 3, host: 10 };

/** The other benches print their own figures; they run as child processes so a crash or a leak stays theirs. */
const childBenches = [
  { name: 'HTTP server: first byte and requests/s', file: 'bench/server.ts' },
  { name: 'Search: index build and search latency', file: 'bench/search.ts' },
  { name: 'Start-up on a 2,500-page site: cold, warm restart, memory', file: 'bench/startup.ts' },
  { name: 'Retrieval quality', file: 'bench/retrieval.ts' },
  { name: 'Answer quality: context, not in the docs, well-formed quotes', file: 'bench/answers.ts' },
];

function runChild(name: string, file: string): Promise<ChildBench> {
  if (!existsSync(join(projectRoot, file))) return Promise.resolve({ name, file, status: 'absent', output: '', seconds: 0 });
  console.error(`bench: running ${file}...`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], timeout: 15 * 60_000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({ name, file, status: code === 0 ? 'ran' : 'failed', output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

async function step<T>(label: string, notes: string[], work: () => Promise<T>): Promise<T | undefined> {
  console.error(`bench: ${label}...`);
  try {
    return await work();
  } catch (error) {
    notes.push(`${label} failed: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

function git(...parameters: string[]): string {
  return spawnSync('git', parameters, { cwd: projectRoot, encoding: 'utf8' }).stdout?.trim() ?? '';
}

/** The commit and the uncommitted source files behind the snapshot of dist/ (helpers build from their working tree). */
function buildProvenance(): { commit: string; builtAt: string; uncommitted: string[] } | undefined {
  const embed = join(distDirectory, 'embed.js');
  if (!existsSync(embed)) return undefined;
  const uncommitted = git('status', '--porcelain', '--', 'src', 'scripts', 'vite.config.ts')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  return { commit: git('rev-parse', '--short', 'HEAD') || 'unknown', builtAt: statSync(embed).mtime.toISOString(), uncommitted };
}

const rawResultsPath = join(benchOutDirectory, 'results.json');
const resultsPath = join(projectRoot, 'bench', 'RESULTS.md');

function writeResults(results: BenchResults): void {
  writeFileSync(resultsPath, renderResults(results) + '\n');
  console.error(`bench: wrote ${resultsPath.slice(projectRoot.length)}`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--render')) {
    writeResults(JSON.parse(readFileSync(rawResultsPath, 'utf8')) as BenchResults);
    return;
  }
  const notes: string[] = [];
  // One copy of dist/ for the whole run: another `npm run build` meanwhile cannot mix two builds.
  const built = await snapshotDist();
  if (!built) notes.push('dist/ is missing: run `npm run build` first. Our sizes and the browser benches of the widget were skipped.');
  const server: BenchServer = await startBenchServer();
  const browser: Browser | undefined = await launchChromium().catch((error: Error) => {
    notes.push(`Chromium did not start (${error.message.split('\n')[0]}): the browser benches were skipped. Set CHROMIUM_PATH or run \`npx playwright install chromium\`.`);
    return undefined;
  });
  const results: BenchResults = {
    machine: {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: cpus().length,
      memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
      os: `${osType()} ${release()}`,
      node: process.version,
      chromium: browser?.version() ?? 'not started',
      gzipTool,
      loadAverage: { start: loadavg()[0] ?? 0, end: 0 },
      build: buildProvenance(),
    },
    notes,
    hostImpact: [],
    children: [],
  };
  try {
    if (selected.has('bytes')) results.bytes = await step('bytes', notes, () => measureBytes(browser, server.origin));
    if (results.bytes) notes.push(...results.bytes.notes);
    if (browser && built && selected.has('open')) results.openLatency = await step('open latency', notes, () => measureOpenLatency(browser, server.origin, samples.open));
    if (browser && selected.has('streaming')) {
      results.streaming = await step('streaming render cost', notes, async () => {
        await buildNaivePage();
        return measureStreaming(browser, server.origin, samples.streaming, built ? ['widget', 'naive'] : ['naive']);
      });
    }
    if (browser && built && selected.has('host')) {
      for (const cpuSlowdown of [1, 4]) {
        const impact = await step(`host page impact (CPU ${cpuSlowdown}x)`, notes, () => measureHostImpact(browser, server.origin, samples.host, cpuSlowdown));
        if (impact) results.hostImpact.push(impact);
      }
    }
  } finally {
    await browser?.close();
    await server.close();
  }
  // The server benches measure timings on the same two cores: run them after the browser is gone.
  if (selected.has('server')) for (const child of childBenches) results.children.push(await runChild(child.name, child.file));
  results.machine.loadAverage.end = loadavg()[0] ?? 0;
  if (quick) notes.push('Run with --quick: fewer samples than the committed results use.');
  writeFileSync(rawResultsPath, JSON.stringify(results, null, 2));
  writeResults(results);
}

await main();
