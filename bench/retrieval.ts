// Retrieval quality: recall@5 and MRR of our index beside a plain BM25 baseline (MiniSearch with
// default options: no boosts, no stemming, no fuzzy) over the same sections, in the same run.
// Run: node bench/retrieval.ts [--misses] [docsDir questions.json]
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { loadDocs } from '../server/docs/load.ts';
import { createDocsIndex, type RankingOptions } from '../server/docs/searchIndex.ts';
import type { LoadedDocs, Section } from '../server/docs/types.ts';

export interface RetrievalQuestion {
  question: string;
  /** Doc files (relative to the corpus) any of which answers the question. */
  expected: string[];
}

export interface RetrievalScore {
  recallAt5: number;
  mrr: number;
  misses: string[];
}

/** Ranked sections for a question; only the order of their files matters here. */
export type Retrieve = (question: string) => Section[];

export const HONO_DOCS_DIR = fileURLToPath(new URL('../../shared/corpora/hono-docs', import.meta.url));
export const HONO_QUESTIONS = fileURLToPath(new URL('./questions/hono.json', import.meta.url));
/** This project's own docs: small (a dozen pages), but always present, so CI always checks something. */
export const PROJECT_DOCS_DIR = fileURLToPath(new URL('../docs', import.meta.url));
export const PROJECT_QUESTIONS = fileURLToPath(new URL('./questions/docs.json', import.meta.url));

export async function readQuestions(file: string): Promise<RetrievalQuestion[]> {
  return JSON.parse(await readFile(file, 'utf8')) as RetrievalQuestion[];
}

/** Page-level: a question counts when a section of an expected file is in the top 5; MRR over the top 10. */
export function scoreRetrieval(questions: RetrievalQuestion[], retrieve: Retrieve): RetrievalScore {
  let found = 0;
  let reciprocalRanks = 0;
  const misses: string[] = [];
  for (const { question, expected } of questions) {
    const files = retrieve(question).map((section) => section.file);
    const rank = files.slice(0, 10).findIndex((file) => expected.includes(file));
    if (rank >= 0 && rank < 5) found++;
    else misses.push(question);
    if (rank >= 0) reciprocalRanks += 1 / (rank + 1);
  }
  return { recallAt5: found / questions.length, mrr: reciprocalRanks / questions.length, misses };
}

export function ourRetriever(docs: LoadedDocs, ranking: Partial<RankingOptions> = {}): Retrieve {
  const index = createDocsIndex(docs, ranking);
  return (question) => index.search(question, { limit: 10 }).map((hit) => hit.section);
}

/** The baseline: MiniSearch's defaults (lowercase terms, BM25+, OR) on the same fields. */
export function baselineRetriever(docs: LoadedDocs): Retrieve {
  const miniSearch = new MiniSearch<{ key: number; title: string; heading: string; text: string }>({
    idField: 'key',
    fields: ['title', 'heading', 'text'],
  });
  miniSearch.addAll(docs.sections.map((section, key) => ({ key, title: section.pageTitle, heading: section.headingPath.join(' '), text: section.text })));
  return (question) =>
    miniSearch
      .search(question)
      .slice(0, 10)
      .flatMap((result) => docs.sections[result.id as number] ?? []);
}

async function report(docsDir: string, questionsFile: string): Promise<void> {
  if (!existsSync(docsDir)) {
    console.log(`retrieval: corpus ${docsDir} not found; skipped`);
    return;
  }
  const questions = await readQuestions(questionsFile);
  const docs = await loadDocs(docsDir, {});
  console.log(`\nretrieval: ${questions.length} questions over ${docs.pages.length} pages / ${docs.sections.length} sections (${path.basename(questionsFile)})`);
  const variants: [string, Retrieve][] = [
    ['plain BM25 baseline (MiniSearch defaults)', baselineRetriever(docs)],
    ['docs-assistant index (defaults)', ourRetriever(docs)],
    ['  without all-terms-first', ourRetriever(docs, { allTermsFirst: false })],
    ['  without per-page cap', ourRetriever(docs, { sectionsPerPage: Infinity })],
    ['  with 1 section per page', ourRetriever(docs, { sectionsPerPage: 1 })],
    ['  without field boosts', ourRetriever(docs, { boost: { heading: 1, title: 1, breadcrumbs: 1, text: 1 } })],
    ['  with heading 3 / title 2 / parents 1.5', ourRetriever(docs, { boost: { heading: 3, title: 2, breadcrumbs: 1.5, text: 1 } })],
    ['  without prefix and fuzzy', ourRetriever(docs, { prefixMinLength: Infinity, fuzzyMinLength: Infinity })],
  ];
  const rows = variants.map(([name, retrieve]) => ({ name, ...scoreRetrieval(questions, retrieve) }));
  for (const row of rows) console.log(`${row.name.padEnd(44)} recall@5 ${row.recallAt5.toFixed(3)}  MRR ${row.mrr.toFixed(3)}`);
  const ours = rows[1];
  if (ours && process.argv.includes('--misses')) for (const miss of ours.misses) console.log(`  miss: ${miss}`);
}

/** With no arguments: the Hono set (when the corpus is present) and the set over this project's docs/. */
async function main(): Promise<void> {
  const [docsArgument, questionsArgument] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
  if (docsArgument) return report(docsArgument, questionsArgument ?? HONO_QUESTIONS);
  await report(HONO_DOCS_DIR, HONO_QUESTIONS);
  await report(PROJECT_DOCS_DIR, PROJECT_QUESTIONS);
}

if (import.meta.main) await main();
