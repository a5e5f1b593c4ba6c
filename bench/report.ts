// Renders one bench run as bench/RESULTS.md: machine, goals, then every figure with its method.
import type { BytesReport, FileSizes } from './bytes.ts';
import { totalOf } from './bytes.ts';
import type { HostImpact, HostRun } from './browser/host-impact.ts';
import type { OpenLatency } from './browser/open-latency.ts';
import type { StreamingResult, StreamingRun } from './browser/streaming.ts';
import { checkGoals, type ChildBench, type GoalInputs } from './goals.ts';
import { addSizes, type Sizes } from './sizes.ts';
import { maximum, median, milliseconds, percentile } from './statistics.ts';

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
  chromium: string;
  gzipTool: string;
  /** Which build was measured: HEAD, when dist/embed.js was written, and uncommitted source files. */
  build?: { commit: string; builtAt: string; uncommitted: string[] };
  /** 1-minute load averages when the run started and ended: other work on the machine makes timings noisy. */
  loadAverage: { start: number; end: number };
}

export interface BenchResults extends GoalInputs {
  machine: Machine;
  notes: string[];
  children: ChildBench[];
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const sizeCells = (sizes: Sizes) => `${number(sizes.raw)} | ${number(sizes.gzip)} | ${number(sizes.brotli)}`;
const sizeTableHead = '| what | raw B | gzip B | brotli B |\n| --- | ---: | ---: | ---: |';

function fileRows(files: FileSizes[], prefix = ''): string[] {
  return files.map((file) => `| ${prefix}${file.label} | ${sizeCells(file.sizes)} |`);
}

function bytesSection(bytes: BytesReport | undefined): string[] {
  if (!bytes) return ['Not run.'];
  const lines: string[] = [sizeTableHead];
  if (bytes.embed) lines.push(`| **ours: dist/embed.js** (the script tag) | ${sizeCells(bytes.embed)} |`);
  if (bytes.beforeIntent) lines.push(...fileRows(bytes.beforeIntent, 'ours, loaded before intent: '));
  if (bytes.afterOpen) {
    lines.push(...fileRows(bytes.afterOpen, 'ours, loaded after opening: '));
    lines.push(`| **ours: everything loaded after opening** | ${sizeCells(totalOf(bytes.afterOpen))} |`);
    if (bytes.embed) lines.push(`| **ours: embed.js + everything after opening** | ${sizeCells(addSizes(bytes.embed, totalOf(bytes.afterOpen)))} |`);
  }
  if (bytes.reactEntry) {
    const react = bytes.reactEntry;
    lines.push(`| ours: React app without the component (initial) | ${sizeCells(react.without.initial)} |`);
    lines.push(`| ours: React app with \`<DocsAssistant/>\` (initial) | ${sizeCells(react.with.initial)} |`);
    lines.push(`| **ours: added by \`<DocsAssistant/>\`, initial chunks** | ${sizeCells(react.addedInitial)} |`);
    lines.push(`| **ours: added by \`<DocsAssistant/>\`, all chunks** | ${sizeCells(react.addedTotal)} |`);
  }
  for (const anchor of bytes.anchors) {
    lines.push(...fileRows(anchor.files, `${anchor.name} ${anchor.version}: `));
    lines.push(`| **${anchor.name} ${anchor.version}, total loaded up front** | ${sizeCells(anchor.total)} |`);
  }
  const ours = bytes.embed && bytes.afterOpen ? addSizes(bytes.embed, totalOf(bytes.afterOpen)) : undefined;
  if (bytes.embed && bytes.anchors.length) {
    lines.push('', '| anchor (what it loads) | anchor gzip / our embed.js gzip | anchor gzip / ours after opening (embed.js + chat) |', '| --- | ---: | ---: |');
    for (const anchor of bytes.anchors) {
      const afterOpening = ours ? `${(anchor.total.gzip / ours.gzip).toFixed(2)}x` : 'n/a';
      lines.push(`| ${anchor.name} ${anchor.version} (${anchor.what}) | ${(anchor.total.gzip / bytes.embed.gzip).toFixed(0)}x | ${afterOpening} |`);
    }
  }
  return lines;
}

function spread(values: number[]): string {
  return `${milliseconds(median(values))} | ${milliseconds(percentile(values, 90))} | ${milliseconds(Math.min(...values))} | ${milliseconds(maximum(values))}`;
}

function openSection(open: OpenLatency | undefined): string[] {
  if (!open) return ['Not run.'];
  return [
    `${open.notCached.length} openings not cached and ${open.cached.length} cached, interleaved, each in a fresh browser context.`,
    '',
    '| case | median | p90 | min | max |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| chat not cached (data-preload="intent": fetched from the hover/click) | ${spread(open.notCached)} |`,
    `| chat cached (data-preload="idle", prefetch finished) | ${spread(open.cached)} |`,
    ...(open.idlePrefetchMissed
      ? ['', `In ${open.idlePrefetchMissed} of ${open.runs} cached runs the idle prefetch had not come 10 s after load; a hover prefetched the chat instead.`]
      : []),
    ...(open.failures ? ['', `${open.failures} opening(s) failed and are left out; the first: ${open.firstFailure}`] : []),
  ];
}

function streamingRow(name: string, runs: StreamingRun[]): string {
  const pick = (field: keyof StreamingRun) => median(runs.map((run) => run[field]));
  return `| ${name} | ${runs.length} | ${maximum(runs.map((run) => run.longTasks))} | ${milliseconds(maximum(runs.map((run) => run.longestTask)), 0)} | ${milliseconds(pick('scripting'), 0)} | ${milliseconds(pick('layout'), 0)} | ${milliseconds(pick('mainThread'), 0)} | ${milliseconds(pick('wall'), 0)} |`;
}

function streamingSection(streaming: StreamingResult | undefined): string[] {
  if (!streaming) return ['Not run.'];
  const lines = [
    '| variant | runs | long tasks (most in a run) | longest task | scripting (median) | style + layout (median) | main-thread tasks (median) | wall (median) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  if (streaming.widget.length) lines.push(streamingRow('ours (embed.js, dialog open)', streaming.widget));
  if (streaming.naive.length) lines.push(streamingRow('naive (react-markdown re-renders the whole answer per delta)', streaming.naive));
  lines.push('', 'Each run (long tasks / longest / scripting / wall):');
  for (const [name, runs] of [['ours', streaming.widget], ['naive', streaming.naive]] as const) {
    const each = runs.map((run) => `${run.longTasks} / ${run.longestTask.toFixed(0)} / ${run.scripting.toFixed(0)} / ${run.wall.toFixed(0)} ms`);
    if (each.length) lines.push(`- ${name}: ${each.join('; ')}`);
  }
  if (streaming.widget.length && streaming.naive.length) {
    const ratio = (field: 'scripting' | 'mainThread') =>
      (median(streaming.widget.map((run) => run[field])) / median(streaming.naive.map((run) => run[field]))).toFixed(2);
    lines.push('', `Ours / naive in this run: scripting ${ratio('scripting')}x, main-thread tasks ${ratio('mainThread')}x.`);
  }
  for (const [variant, error] of Object.entries(streaming.errors)) lines.push('', `The ${variant} variant failed: ${error}`);
  return lines;
}

function hostRow(name: string, runs: HostRun[], withScriptTag: boolean): string {
  const pick = (field: 'totalBlockingTime' | 'largestContentfulPaint') => median(runs.map((run) => run[field]));
  const prefetched = runs.filter((run) => run.prefetched).length;
  return `| ${name} | ${milliseconds(pick('totalBlockingTime'), 0)} | ${maximum(runs.map((run) => run.cumulativeLayoutShift)).toFixed(4)} | ${milliseconds(pick('largestContentfulPaint'), 0)} | ${median(runs.map((run) => run.longTasks))} | ${withScriptTag ? `${prefetched}/${runs.length}` : '-'} |`;
}

function hostSection(impacts: HostImpact[]): string[] {
  if (!impacts.length) return ['Not run.'];
  const lines: string[] = [];
  for (const impact of impacts) {
    lines.push(
      `CPU ${impact.cpuSlowdown}x, ${impact.runs} loads of each, interleaved:`,
      '',
      '| page | TBT (median) | CLS (largest) | LCP (median) | long tasks (median) | chat prefetched in window |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      hostRow('without the script tag', impact.without, false),
      hostRow('with the script tag (data-preload="idle")', impact.with, true),
      '',
    );
  }
  return lines;
}

function childSection(children: ChildBench[]): string[] {
  return children.flatMap((child) => {
    const heading = `### ${child.name} (\`node ${child.file}\`)`;
    if (child.status === 'absent') return [heading, '', `${child.file} is not in the repository yet; skipped.`, ''];
    const status = child.status === 'failed' ? ' It failed; its output:' : '';
    return [heading, '', `Took ${child.seconds.toFixed(0)} s.${status}`, '', '```text', child.output.trimEnd(), '```', ''];
  });
}

function mark(reached: boolean | undefined): string {
  if (reached === undefined) return 'not measured';
  return reached ? 'reached' : '**not reached**';
}

export function renderResults(results: BenchResults): string {
  const { machine } = results;
  const goals = checkGoals(results);
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); see bench/README.md for how each figure is measured. Every figure below, ours and the anchors, comes from this one run on this one machine.',
    '',
    `- Date: ${machine.date}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory} RAM, ${machine.os}; 1-minute load average ${machine.loadAverage.start.toFixed(1)} at the start, ${machine.loadAverage.end.toFixed(1)} at the end (above ${machine.cores}, timings are inflated by other work)`,
    `- Node ${machine.node}, Chromium ${machine.chromium}; gzip: ${machine.gzipTool}; brotli: Node zlib, quality 11 (1 kB = 1000 bytes)`,
    ...(machine.build
      ? [
          `- Build measured: dist/ written ${machine.build.builtAt} at commit ${machine.build.commit}` +
            (machine.build.uncommitted.length ? ` plus uncommitted changes to ${machine.build.uncommitted.join(', ')}` : ''),
        ]
      : []),
    ...(results.notes.length ? ['', '**Notes from this run:**', ...results.notes.map((note) => `- ${note}`)] : []),
    '',
    '## Goals (issue 5)',
    '',
    '| goal | measured | status | margin |',
    '| --- | ---: | --- | --- |',
    ...goals.map((goal) => `| ${goal.goal} | ${goal.measured} | ${mark(goal.reached)} | ${goal.margin} |`),
    '',
    '## 1. Bytes',
    '',
    'Each file compressed on its own, as a server sends it. "Loaded before intent" and "after opening" are the requests a real Chromium made on a docs page with the script tag (data-preload="intent"): before any hover or click, and from the launcher click until the composer is focused and the network is quiet. The React figures are a minimal React app built with Vite with and without `<DocsAssistant/>` (imported from the built package entry), subtracted.',
    '',
    ...bytesSection(results.bytes),
    '',
    '## 2. Open latency (launcher click to focused composer)',
    '',
    ...openSection(results.openLatency),
    '',
    '## 3. Streaming render cost',
    '',
    'A ~20 kB Markdown answer (GFM tables, fenced code) in 50-character deltas at 50 deltas/s from a loopback endpoint speaking the AI SDK UI message stream, from Enter until its last line is on screen. Long tasks from PerformanceObserver; scripting, style + layout and main-thread task time from CDP Performance.getMetrics (ScriptDuration, RecalcStyleDuration + LayoutDuration, TaskDuration).',
    '',
    ...streamingSection(results.streaming),
    '',
    '## 4. Host page impact',
    '',
    'A docs page (header, sidebar, article with code and tables) with and without the script tag. TBT = sum of (long task - 50 ms) from First Contentful Paint until the page is loaded and 1.5 s pass with no long task and no resource load (so the idle prefetch is inside the window). CLS = sum of layout-shift values without recent input; LCP = last largest-contentful-paint entry.',
    '',
    ...hostSection(results.hostImpact),
    '## 5. Server',
    '',
    ...childSection(results.children),
  ].join('\n');
}

