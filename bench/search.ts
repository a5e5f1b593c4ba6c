// Search engines on the same sections: our index (createDocsIndex: MiniSearch plus our ranking
// steps, the shipped path), MiniSearch alone and Orama 3, both with the same fields, boosts and
// analyzer (our tokenizer, stop words and stemmer), on the
// Hono docs, this project's docs/ and a 50,000-section versioned site (bench/syntheticCorpus.ts),
// searched unfiltered and filtered to `version: latest`.
// Reports docs load time, index build time, heap held by the index, search p50/p99 and recall@5.
// Latency is wall time; beside it the process CPU time of each query (user + system, all threads),
// which leaves out the time other processes held the cores: on a shared 2-core machine the wall p99
// of even a 0.1 ms query can be 10 ms of waiting.
// Timed queries are each asked once, after 10 warm-up queries (words they share are then cached).
// Run: node --expose-gc bench/search.ts   (re-launches itself with --expose-gc when needed)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';
import { processTerm, tokenize } from '../server/docs/analyzer.ts';
import { loadDocs } from '../server/docs/load.ts';
import { createDocsIndex, DEFAULT_RANKING } from '../server/docs/searchIndex.ts';
import type { LoadedDocs, Section } from '../server/docs/types.ts';
import { syntheticCorpus } from './syntheticCorpus.ts';
import { HONO_DOCS_DIR, HONO_QUESTIONS, PROJECT_DOCS_DIR, readQuestions, scoreRetrieval, type RetrievalQuestion } from './retrieval.ts';

const SYNTHETIC_SIZE = 50_000;

type Filter = { version: string } | undefined;

interface Corpus {
  name: string;
  sections: Section[];
  queries: string[];
  /** Each a row of its own, on one build. */
  filters: Filter[];
  questions?: RetrievalQuestion[];
}

interface EngineRun {
  buildMs: number;
  search(query: string, filter?: { version: string }): Section[];
}

type Engine = (sections: Section[]) => Promise<EngineRun>;

async function measureBuild(build: () => Promise<(query: string, filter?: { version: string }) => Section[]>): Promise<EngineRun> {
  const started = performance.now();
  const search = await build();
  return { buildMs: performance.now() - started, search };
}

function heapUsedMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const miniSearchEngine: Engine = (sections) =>
  measureBuild(async () => {
    const index = createDocsIndex({ pages: [], sections, warnings: [] });
    return (query, filter) => index.search(query, { limit: 5, filter }).map((hit) => hit.section);
  });

/** MiniSearch alone with the same analyzer, fields and boosts (OR query, no ranking steps of ours). */
const miniSearchOnlyEngine: Engine = (sections) =>
  measureBuild(async () => {
    const miniSearch = new MiniSearch<{ key: number; title: string; heading: string; breadcrumbs: string; text: string }>({
      idField: 'key',
      fields: ['title', 'heading', 'breadcrumbs', 'text'],
      tokenize,
      processTerm,
    });
    miniSearch.addAll(sections.map((section, key) => ({ key, ...searchableFields(section) })));
    return (query, filter) =>
      miniSearch
        .search(query, {
          boost: DEFAULT_RANKING.boost,
          ...(filter ? { filter: (result) => sections[result.id as number]?.metadata.version === filter.version } : {}),
        })
        .slice(0, 5)
        .flatMap((result) => sections[result.id as number] ?? []);
  });

function searchableFields(section: Section): { title: string; heading: string; breadcrumbs: string; text: string } {
  return {
    title: section.pageTitle,
    heading: section.headingPath.at(-1) ?? '',
    breadcrumbs: section.headingPath.slice(0, -1).join(' '),
    text: section.text,
  };
}

const oramaEngine: Engine = (sections) =>
  measureBuild(async () => {
    const database = create({
      schema: { title: 'string', heading: 'string', breadcrumbs: 'string', text: 'string', version: 'enum' } as const,
      components: {
        // The same analysis as our MiniSearch index, so the comparison is about the engines.
        tokenizer: {
          language: 'english',
          normalizationCache: new Map(),
          tokenize: (raw: string) => tokenize(raw).flatMap((token) => processTerm(token) ?? []),
        },
      },
    });
    await insertMultiple(
      database,
      sections.map((section, key) => ({ id: String(key), ...searchableFields(section), version: String(section.metadata.version ?? '') })),
      1000,
    );
    return (query, filter) => {
      const results = oramaSearch(database, {
        term: query,
        limit: 5,
        boost: DEFAULT_RANKING.boost,
        // threshold 1 returns documents matching any term (best of 0 / 0.5 / 1 on the question set);
        // tolerance 1 (typos) lowered recall@5 from 0.617 to 0.483 there, so it stays off.
        threshold: 1,
        ...(filter ? { where: { version: { eq: filter.version } } } : {}),
      });
      if (results instanceof Promise) throw new Error('Orama search unexpectedly async');
      return results.hits.flatMap((hit) => sections[Number(hit.id)] ?? []);
    };
  });

interface FilterRow {
  filter: Filter;
  p50: number;
  p99: number;
  cpuP50: number;
  cpuP99: number;
  recall: string;
}

/** Everything that needs the index alive, in one scope so the index can be collected afterwards. */
async function measureEngine(engine: Engine, corpus: Corpus): Promise<{ buildMs: number; rows: FilterRow[]; heapWith: number }> {
  const run = await engine(corpus.sections);
  const rows = corpus.filters.map((filter) => {
    const { p50, p99, cpuP50, cpuP99 } = timeQueries(run, corpus.queries, filter);
    const recall = corpus.questions ? scoreRetrieval(corpus.questions, (question) => run.search(question, filter)).recallAt5.toFixed(3) : '-';
    return { filter, p50, p99, cpuP50, cpuP99, recall };
  });
  return { buildMs: run.buildMs, rows, heapWith: heapUsedMb() };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

function timeQueries(run: EngineRun, queries: string[], filter: Filter): { p50: number; p99: number; cpuP50: number; cpuP99: number } {
  const warmUp = queries.slice(-10);
  for (const query of warmUp) run.search(query, filter);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (const query of queries.slice(0, -10)) {
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    run.search(query, filter);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  const sorted = times.toSorted((a, b) => a - b);
  const cpuSorted = cpuTimes.toSorted((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), cpuP50: percentile(cpuSorted, 0.5), cpuP99: percentile(cpuSorted, 0.99) };
}

/** Queries a reader might type: the question set when there is one, plus section headings as questions. */
function queriesFor(sections: Section[], questions: RetrievalQuestion[] = [], count = 200): string[] {
  const headings = sections.filter((section) => section.headingPath.length > 0);
  const step = Math.max(1, Math.floor(headings.length / count));
  const fromHeadings = headings.filter((_, position) => position % step === 0).map((section) => `how do I ${section.headingPath.at(-1)}?`);
  return [...questions.map((question) => question.question), ...fromHeadings].slice(0, Math.max(count, questions.length));
}

function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(1)}x`;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

async function timedLoad(dir: string): Promise<{ docs: LoadedDocs; ms: number }> {
  const started = performance.now();
  const docs = await loadDocs(dir);
  return { docs, ms: performance.now() - started };
}

async function main(): Promise<void> {
  const corpora: Corpus[] = [];
  const real: Section[] = [];
  if (existsSync(HONO_DOCS_DIR)) {
    await loadDocs(HONO_DOCS_DIR); // warm the parsers so the timed load is the steady state
    const { docs, ms } = await timedLoad(HONO_DOCS_DIR);
    console.log(`load hono-docs: ${docs.pages.length} files, ${docs.sections.length} sections in ${ms.toFixed(0)} ms (${(ms / docs.pages.length).toFixed(2)} ms/file)`);
    const questions = await readQuestions(HONO_QUESTIONS);
    corpora.push({ name: 'hono-docs', sections: docs.sections, queries: queriesFor(docs.sections, questions), filters: [undefined], questions });
    real.push(...docs.sections);
  } else console.log('hono-docs corpus not found; skipped');
  const project = await timedLoad(PROJECT_DOCS_DIR);
  if (project.docs.sections.length > 0) {
    console.log(`load docs/: ${project.docs.pages.length} files, ${project.docs.sections.length} sections in ${project.ms.toFixed(0)} ms`);
    corpora.push({ name: 'docs/', sections: project.docs.sections, queries: queriesFor(project.docs.sections), filters: [undefined] });
    real.push(...project.docs.sections);
  }
  if (real.length > 0) {
    const sections = syntheticCorpus(real, SYNTHETIC_SIZE);
    // Hono questions over the real Hono sections inside the large site: does ranking still find them?
    const questions = corpora[0]?.questions;
    corpora.push({ name: `site ${SYNTHETIC_SIZE / 1000}k`, sections, queries: queriesFor(real, questions), filters: [undefined, { version: 'latest' }], ...(questions ? { questions } : {}) });
  }

  const engines: [string, Engine][] = [
    ['ours', miniSearchEngine],
    ['MiniSearch', miniSearchOnlyEngine],
    ['Orama', oramaEngine],
  ];
  console.log(`\n${'corpus'.padEnd(28)}${'engine'.padEnd(12)}${'build ms'.padStart(10)}${'heap MB'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'recall@5'.padStart(10)}${'cpu p50'.padStart(9)}${'cpu p99'.padStart(9)}`);
  for (const corpus of corpora) {
    const rows: { name: string; buildMs: number; heapMb: number; p50: number; p99: number }[] = [];
    for (const [name, engine] of engines) {
      const measured = await measureEngine(engine, corpus);
      // Heap held by the index: used heap while it was alive minus used heap once it is dropped.
      const heapMb = measured.heapWith - heapUsedMb();
      for (const { filter, p50, p99, cpuP50, cpuP99, recall } of measured.rows) {
        const label = `${corpus.name}${filter ? ` ${filter.version}` : ''}`;
        rows.push({ name: `${name}${filter ? ' filtered' : ''}`, buildMs: measured.buildMs, heapMb, p50, p99 });
        console.log(
          `${label.padEnd(28)}${name.padEnd(12)}${measured.buildMs.toFixed(0).padStart(10)}${heapMb.toFixed(1).padStart(9)}${p50.toFixed(2).padStart(9)}${p99.toFixed(2).padStart(9)}${recall.padStart(10)}${cpuP50.toFixed(2).padStart(9)}${cpuP99.toFixed(2).padStart(9)}`,
        );
      }
    }
    for (const suffix of corpus.filters.map((filter) => (filter ? ' filtered' : ''))) {
      const row = (name: string) => rows.find((candidate) => candidate.name === `${name}${suffix}`);
      const [ours, mini, orama] = [row('ours'), row('MiniSearch'), row('Orama')];
      if (!ours || !mini || !orama) continue;
      console.log(
        `${''.padEnd(28)}${`${suffix.trim() || 'unfiltered'}:`.padEnd(12)}MiniSearch/ours p50 ${ratio(mini.p50, ours.p50)} p99 ${ratio(mini.p99, ours.p99)}; Orama/MiniSearch build ${ratio(orama.buildMs, mini.buildMs)}, heap ${ratio(orama.heapMb, mini.heapMb)}, p50 ${ratio(orama.p50, mini.p50)}, p99 ${ratio(orama.p99, mini.p99)}`,
      );
    }
  }
  console.log(`\nload average ${loadavg().map((load) => load.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
}

if (import.meta.main) {
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') {
    const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
    process.exit(child.status ?? 1);
  }
  await main();
}
