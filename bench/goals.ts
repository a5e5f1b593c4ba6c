// The goals, each checked against this run's figures: reached or not, and by how much.
import type { BytesReport } from './bytes.ts';
import { totalOf } from './bytes.ts';
import type { HostImpact } from './browser/host-impact.ts';
import type { OpenLatency } from './browser/open-latency.ts';
import type { StreamingResult } from './browser/streaming.ts';
import { kilobytes } from './sizes.ts';
import { maximum, median, milliseconds } from './statistics.ts';

export interface ChildBench {
  name: string;
  file: string;
  status: 'ran' | 'absent' | 'failed';
  output: string;
  seconds: number;
}

export interface GoalInputs {
  bytes?: BytesReport;
  openLatency?: OpenLatency;
  streaming?: StreamingResult;
  hostImpact: HostImpact[];
  children: ChildBench[];
}

export interface GoalCheck {
  goal: string;
  measured: string;
  /** Undefined when this run could not measure it. */
  reached?: boolean;
  margin: string;
}

function atMost(goal: string, value: number | undefined, limit: number, format: (value: number) => string): GoalCheck {
  if (value === undefined || !Number.isFinite(value)) return { goal, measured: 'not measured', margin: '' };
  const reached = value <= limit;
  const difference = Math.abs(limit - value);
  const ratio = limit > 0 ? ` (${(value / limit).toFixed(2)}x the budget)` : '';
  return { goal, measured: format(value), reached, margin: `${format(difference)} ${reached ? 'under' : 'over'}${ratio}` };
}

const bytes = (value: number) => `${kilobytes(value)} (${Math.round(value).toLocaleString('en-US')} B)`;

/**
 * The search bench prints a row per corpus and engine, columns separated by two or more spaces:
 * "corpus  engine  build-ms  heap-MB  p50-ms  p99-ms  recall". Its 50,000-section corpora have "50k"
 * in their name (unfiltered and filtered rows). The shipped engine is "ours" (MiniSearch in older
 * outputs). Read strictly: the worst p50 and p99 over that engine's 50k rows.
 */
export function searchAtFiftyThousand(
  children: ChildBench[],
): { engine: string; rows: number; p50: number; p99: number; build: number } | undefined {
  const output = children.find((child) => child.file === 'bench/search.ts' && child.status === 'ran')?.output ?? '';
  const rows = output
    .split('\n')
    .map((line) => line.trim().split(/\s{2,}/))
    .filter((columns) => columns[0]?.includes('50k') && columns.length >= 6);
  for (const engine of ['ours', 'MiniSearch']) {
    const figures = rows
      .filter((columns) => columns[1] === engine)
      .map((columns) => columns.slice(2, 6).map(Number))
      .filter((numbers) => numbers.every(Number.isFinite));
    if (figures.length === 0) continue;
    return {
      engine,
      rows: figures.length,
      build: Math.max(...figures.map((numbers) => numbers[0]!)),
      p50: Math.max(...figures.map((numbers) => numbers[2]!)),
      p99: Math.max(...figures.map((numbers) => numbers[3]!)),
    };
  }
  return undefined;
}

/** The server bench's first-byte p50 of an extractive answer, when it prints a line like "first byte ... p50 1.23 ms". */
export function firstBytePercentile(children: ChildBench[]): number | undefined {
  const output = children.find((child) => child.file === 'bench/server.ts' && child.status === 'ran')?.output ?? '';
  const line = output.split('\n').find((text) => /first byte/i.test(text) && /p50/i.test(text));
  const match = line?.match(/p50[^0-9]*([0-9.]+)\s*ms/i);
  return match ? Number(match[1]) : undefined;
}

export function checkGoals(inputs: GoalInputs): GoalCheck[] {
  const { bytes: sizes, openLatency, streaming, hostImpact } = inputs;
  const checks: GoalCheck[] = [
    atMost('embed.js <= 2 kB gzip', sizes?.embed?.gzip, 2000, bytes),
    // Read strictly: everything the page holds once the dialog is open, embed.js included.
    atMost(
      'everything loaded after opening <= 120 kB gzip (embed.js + what the click loads)',
      sizes?.embed && sizes.afterOpen ? sizes.embed.gzip + totalOf(sizes.afterOpen).gzip : undefined,
      120_000,
      bytes,
    ),
    atMost('React component adds <= 130 kB gzip to a React app (all its chunks)', sizes?.reactEntry?.addedTotal.gzip, 130_000, bytes),
    atMost('open, chat not cached <= 100 ms (median of runs)', openLatency ? median(openLatency.notCached) : undefined, 100, milliseconds),
    atMost('open, chat cached <= 50 ms (median of runs)', openLatency ? median(openLatency.cached) : undefined, 50, milliseconds),
  ];
  const widgetRuns = streaming?.widget ?? [];
  const naiveRuns = streaming?.naive ?? [];
  checks.push(
    atMost('zero long tasks while streaming (most in any run)', widgetRuns.length ? maximum(widgetRuns.map((run) => run.longTasks)) : undefined, 0, String),
  );
  const scriptingRatio =
    widgetRuns.length && naiveRuns.length
      ? median(widgetRuns.map((run) => run.scripting)) / median(naiveRuns.map((run) => run.scripting))
      : undefined;
  checks.push(atMost('main-thread scripting while streaming <= 0.3x the naive variant', scriptingRatio, 0.3, (value) => `${value.toFixed(2)}x`));
  const baseline = hostImpact.find((impact) => impact.cpuSlowdown === 1);
  checks.push(
    atMost('CLS 0 with the script tag (largest in any run)', baseline ? maximum(baseline.with.map((run) => run.cumulativeLayoutShift)) : undefined, 0, (value) =>
      value.toFixed(4),
    ),
  );
  for (const impact of hostImpact) {
    const added = median(impact.with.map((run) => run.totalBlockingTime)) - median(impact.without.map((run) => run.totalBlockingTime));
    checks.push(atMost(`TBT added <= 5 ms (medians, CPU ${impact.cpuSlowdown}x)`, added, 5, milliseconds));
  }
  checks.push(atMost('server: first byte of an extractive answer p50 <= 10 ms', firstBytePercentile(inputs.children), 10, milliseconds));
  const search = searchAtFiftyThousand(inputs.children);
  const searchLabel = search ? ` (engine "${search.engine}", worst of its ${search.rows} 50k rows)` : '';
  checks.push(atMost(`server: search p99 <= 5 ms at 50,000 sections${searchLabel}`, search?.p99, 5, milliseconds));
  return checks;
}
