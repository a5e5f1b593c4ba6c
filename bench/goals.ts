// The issue's goals, each checked against this run's figures: reached or not, and by how much.
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
 * The search bench prints a row per corpus and engine: "synthetic 50k ... <engine> build heap p50 p99 ...".
 * The shipped engine is the row named "ours" (MiniSearch in older outputs).
 */
export function searchAtFiftyThousand(children: ChildBench[]): { engine: string; p50: number; p99: number; build: number } | undefined {
  const output = children.find((child) => child.file === 'bench/search.ts' && child.status === 'ran')?.output ?? '';
  const rows = output.split('\n').filter((line) => line.startsWith('synthetic 50k'));
  for (const engine of ['ours', 'MiniSearch']) {
    const numbers = rows
      .find((line) => line.includes(` ${engine} `))
      ?.split(` ${engine} `)[1]
      ?.trim()
      .split(/\s+/)
      .slice(0, 4)
      .map(Number);
    if (numbers?.length === 4 && numbers.every(Number.isFinite)) return { engine, build: numbers[0]!, p50: numbers[2]!, p99: numbers[3]! };
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
  checks.push(atMost(`server: search p99 <= 5 ms at 50,000 sections${search ? ` (engine "${search.engine}")` : ''}`, search?.p99, 5, milliseconds));
  return checks;
}
