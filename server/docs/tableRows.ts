// A table's rows (a CSS variable, a prop, a CLI flag, a header's option) are each as short as a sentence, but
// BM25 weighs the table as one long text: "How do I change the dialog width?" found a short section with dialog
// and width far apart before the variables table whose row `--docs-assistant-dialog-width` | Dialog width above
// 768 px is the answer. A table one of whose rows holds, read under its header, every question term its rows
// hold, two words or more and at least half of the question's weight, is lifted (searchIndex.ts, rank).
import { termsOf } from './analyzer.ts';
import { bitCount, type QueryTerm } from './postings.ts';
import type { Candidate } from './ranking.ts';
import type { Section } from './types.ts';

/** The share of the question's weight (rare words weighing most) one row must hold. */
const MIN_ROW_COVERAGE = 0.5;

/** The question as searched: its query terms, their weights (Accumulated.termWeights) and each word's terms. */
export interface AskedTerms {
  queries: readonly QueryTerm[];
  weights: Float64Array;
  /** Each word of the question's terms: two terms of one word (OpenAI gives openai, open and ai) are one word. */
  words: readonly (readonly string[])[];
}

/**
 * Multiplies the score of each table the question matches in one row by `boost`, and orders `ranked` again. A
 * section whose own heading names every word of the question stays before a table it led: a search for
 * "launcher color" opens on Change the launcher color, not on the colors table whose accent row says "launcher
 * colors".
 */
export function liftTableRows(ranked: Candidate[], asked: AskedTerms, boost: number): void {
  let named: number | undefined;
  let lifted = false;
  for (const candidate of ranked) {
    if (!candidate.section.text.includes(' | ')) continue;
    const best = bestRow(tablesOf(candidate.section), asked.queries);
    if (best === 0 || wordsIn(best, asked) < 2 || coverage(best, asked) < MIN_ROW_COVERAGE) continue;
    named ??= namedScore(ranked, asked.words);
    const raised = candidate.score * boost;
    candidate.score = candidate.score < named ? Math.min(raised, named * BELOW_NAMED) : raised;
    lifted = true;
  }
  if (lifted) ranked.sort((a, b) => b.score - a.score);
}

/** A lifted table stays just under a section whose heading names the question. */
const BELOW_NAMED = 0.999;

/** The best score of a section whose own heading has a term of every word of the question (0 when none has). */
function namedScore(ranked: readonly Candidate[], words: AskedTerms['words']): number {
  const telling = words.filter((word) => word.length > 0);
  if (telling.length === 0) return 0;
  let best = 0;
  for (const candidate of ranked) {
    const heading = new Set(termsOf(candidate.section.headingPath.at(-1) ?? ''));
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

function wordsIn(bits: number, asked: AskedTerms): number {
  const terms = new Set(asked.queries.flatMap((query, position) => (bits & (2 ** position) ? [query.term] : [])));
  return asked.words.filter((word) => word.some((term) => terms.has(term))).length;
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

/** Each section's tables as terms, made once per section (the sections of a site change only on re-index). */
const tablesBySection = new WeakMap<Section, Table[]>();

/** A section's tables: runs of lines with cells (the section text keeps a row as `a | b | c`), outside code. */
function tablesOf(section: Section): Table[] {
  const known = tablesBySection.get(section);
  if (known) return known;
  const tables: Table[] = [];
  let current: Set<string>[] = [];
  let inCode = false;
  const end = () => {
    const [header, ...rows] = current;
    // A table of one row is as short as that row already.
    if (header && rows.length > 1) tables.push({ header, rows });
    current = [];
  };
  for (const line of section.text.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    if (!inCode && line.includes(' | ')) current.push(new Set(termsOf(line)));
    else end();
  }
  end();
  tablesBySection.set(section, tables);
  return tables;
}
