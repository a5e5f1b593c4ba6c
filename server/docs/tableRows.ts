// A table's rows (a CSS variable, a prop, a CLI flag, a header's option) are each as short as a sentence, but
// BM25 weighs the table as one long text: "How do I change the dialog width?" found a short section with dialog
// and width far apart before the variables table whose row `--docs-assistant-dialog-width` | Dialog width above
// 768 px is the answer. A table one of whose rows holds, read under its header, every question term its rows
// hold, two words or more and at least half of the question's weight, is lifted (searchIndex.ts, rank).
import { splitUnits } from '../assistant/passages.ts';
import { termsOfOwnHeading } from '../assistant/sectionTermSets.ts';
import { termsOf, termsOfToken, wordsOf } from './analyzer.ts';
import { bitCount, type QueryTerm } from './postings.ts';
import type { Candidate } from './ranking.ts';
import type { Section } from './types.ts';

/** The share of the question's weight (rare words weighing most) one row must hold. */
const MIN_ROW_COVERAGE = 0.5;

/** The question as searched: its text, its query terms and their weights (Accumulated.termWeights). */
export interface AskedTerms {
  question: string;
  queries: readonly QueryTerm[];
  weights: Float64Array;
}

/**
 * Multiplies the score of each table the question matches in one row by `boost`, and orders `ranked` again. A
 * section whose own heading names every word of the question stays before a table it led: a search for
 * "launcher color" opens on Change the launcher color, not on the colors table whose accent row says "launcher
 * colors".
 */
export function liftTableRows(ranked: Candidate[], asked: AskedTerms, boost: number): void {
  // Each word of the question as its terms, cut only once a table qualifies: two terms of one word (OpenAI gives
  // openai, open and ai) are one word.
  let words: string[][] | undefined;
  let named: number | undefined;
  let lifted = false;
  for (const candidate of ranked) {
    if (!mayHoldTable(candidate.section.text)) continue;
    const best = bestRow(tablesOf(candidate.section), asked.queries);
    if (best === 0 || coverage(best, asked) < MIN_ROW_COVERAGE) continue;
    words ??= wordsOf(asked.question).map(termsOfToken);
    if (wordsIn(best, asked.queries, words) < 2) continue;
    named ??= namedScore(ranked, words);
    const raised = candidate.score * boost;
    candidate.score = candidate.score < named ? Math.min(raised, named * BELOW_NAMED) : raised;
    lifted = true;
  }
  if (lifted) ranked.sort((a, b) => b.score - a.score);
}

/** A lifted table stays just under a section whose heading names the question. */
const BELOW_NAMED = 0.999;

/** The best score of a section whose own heading has a term of every word of the question (0 when none has). */
function namedScore(ranked: readonly Candidate[], words: readonly (readonly string[])[]): number {
  const telling = words.filter((word) => word.length > 0);
  if (telling.length === 0) return 0;
  let best = 0;
  for (const candidate of ranked) {
    const heading = termsOfOwnHeading(candidate.section);
    if (telling.every((word) => word.some((term) => heading.has(term)))) best = Math.max(best, candidate.score);
  }
  return best;
}

/**
 * The query terms (bit i: query term i) of the row holding the most, when it holds every term the tables' rows
 * hold; else 0. A reader's own word, not the docs' words for it: "crashes" found an error row saying "failed".
 */
function bestRow(tables: readonly Table[], queries: readonly QueryTerm[]): number {
  let all = 0;
  let best = 0;
  for (const { header, rows } of tables) {
    for (const row of rows) {
      let bits = 0;
      queries.forEach((query, position) => {
        if (row.has(query.term) || header.has(query.term)) bits |= 2 ** position;
      });
      all |= bits;
      if (bitCount(bits) > bitCount(best)) best = bits;
    }
  }
  return best === all ? best : 0;
}

function wordsIn(bits: number, queries: readonly QueryTerm[], words: readonly (readonly string[])[]): number {
  const terms = new Set(queries.flatMap((query, position) => (bits & (2 ** position) ? [query.term] : [])));
  return words.filter((word) => word.some((term) => terms.has(term))).length;
}

function coverage(bits: number, asked: AskedTerms): number {
  let total = 0;
  let covered = 0;
  asked.queries.forEach((_query, position) => {
    const weight = asked.weights[position] ?? 0;
    total += weight;
    if (bits & (2 ** position)) covered += weight;
  });
  return total === 0 ? 0 : covered / total;
}

interface Table {
  header: ReadonlySet<string>;
  rows: ReadonlySet<string>[];
}

/**
 * Whether a text has three lines with a cell's pipe, the least a table of a header and two rows needs: cheaper
 * than cutting it into units (tablesOf), which a section's first search pays for every type union in its code.
 */
function mayHoldTable(text: string): boolean {
  let rows = 0;
  let at = text.indexOf(' | ');
  while (at !== -1) {
    rows += 1;
    if (rows === 3) return true;
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) return false;
    at = text.indexOf(' | ', lineEnd + 1);
  }
  return false;
}

/** Cuts a section's tables into rows now rather than at its first search (DocsIndexBuilder.tidy). */
export function prepareTables(section: Section): void {
  if (mayHoldTable(section.text)) tablesOf(section);
}

/** Each section's tables as terms, made once per section (the sections of a site change only on re-index). */
const tablesBySection = new WeakMap<Section, Table[]>();

/** A section's tables, as the answers cut them (passages.ts): each block of rows, its first row the header. */
function tablesOf(section: Section): Table[] {
  const known = tablesBySection.get(section);
  if (known) return known;
  const byBlock = new Map<number, Set<string>[]>();
  for (const unit of splitUnits(section.text)) {
    if (unit.kind !== 'row') continue;
    let rows = byBlock.get(unit.block);
    if (!rows) byBlock.set(unit.block, (rows = []));
    rows.push(new Set(termsOf(unit.text)));
  }
  // A table of one row is as short as that row already.
  const tables = [...byBlock.values()].flatMap(([header, ...rows]) => (header && rows.length > 1 ? [{ header, rows }] : []));
  tablesBySection.set(section, tables);
  return tables;
}
