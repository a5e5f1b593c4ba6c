// The default answerer: no model, no key. It quotes the sentences and code of the best sections that match the
// question's terms, verbatim, under their section titles. Nothing is paraphrased, so nothing can be invented.
import type { Section } from '../docs/types.ts';
import { renderUnits, splitUnits, tableHeader, type Unit } from './passages.ts';
import { sectionTitle } from './sources.ts';
import { termsOf } from '../docs/analyzer.ts';

export interface ExtractiveAnswer {
  /** Markdown text of the answer. */
  text: string;
  /** The sections the answer quotes, in the order quoted (these are its sources). */
  sections: Section[];
}

export const NOTHING_FOUND =
  'I could not find anything about this in the docs. Try other words, such as the name of a command, option or page.';

const MAX_SECTIONS = 3;
const MAX_PROSE_UNITS = 4;
const MAX_CODE_BLOCKS = 2;
/** Longest code block quoted when it matches the question itself, and when it only follows a quoted paragraph. */
const MAX_MATCHING_CODE_LINES = 30;
const MAX_FOLLOWING_CODE_LINES = 15;

/** A Markdown link whose text and target survive brackets, parentheses and spaces. */
function markdownLink(text: string, url: string): string {
  const escapedText = text.replace(/[[\]\\]/g, '\\$&');
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  return `[${escapedText}](${target})`;
}

/** The question's terms (the focus) and, for a short follow-up, the previous question's terms (the setting). */
export interface MatchTerms {
  terms: readonly string[];
  contextTerms?: readonly string[];
}

interface Matcher {
  /** 0 when the unit does not qualify, else higher is better. */
  score(unitTerms: ReadonlySet<string>): number;
  /** Code is dense: one focus term in it is enough. */
  codeMatches(unitTerms: ReadonlySet<string>): boolean;
}

function countIn(unitTerms: ReadonlySet<string>, terms: ReadonlySet<string>): number {
  let count = 0;
  for (const term of terms) if (unitTerms.has(term)) count += 1;
  return count;
}

interface AnalysedUnit extends Unit {
  terms: ReadonlySet<string>;
}

/** Sections are immutable and shared by every answer; cutting and stemming each once makes answers cheap. */
const analysed = new WeakMap<Section, AnalysedUnit[]>();

function analyse(section: Section): AnalysedUnit[] {
  let units = analysed.get(section);
  if (!units) {
    units = splitUnits(section.text).map((unit) => ({ ...unit, terms: new Set(termsOf(unit.text)) }));
    analysed.set(section, units);
  }
  return units;
}

/**
 * A sentence qualifies with two focus terms (one shared word alone is mostly noise), or one focus term plus one
 * context term; `relaxed` accepts a single focus term (used for the best section when nothing else qualifies).
 */
function matcher(match: MatchTerms, relaxed: boolean): Matcher {
  const focus = new Set(match.terms);
  const context = new Set(match.contextTerms ?? []);
  const need = relaxed ? 1 : Math.min(2, focus.size);
  return {
    score(unitTerms) {
      const focusHits = countIn(unitTerms, focus);
      const contextHits = countIn(unitTerms, context);
      const qualifies = focusHits >= need || (focusHits >= 1 && contextHits >= 1);
      return qualifies ? 2 * focusHits + contextHits : 0;
    },
    codeMatches: (unitTerms) => countIn(unitTerms, focus) >= 1,
  };
}

/** The units of one section worth quoting, in section order. */
function pickUnits(section: Section, match: Matcher): Unit[] {
  const units = analyse(section);
  const prose = units
    .filter((unit) => unit.kind !== 'code')
    .map((unit) => ({ unit, score: match.score(unit.terms) }))
    .filter((entry) => entry.score > 0)
    .toSorted((a, b) => b.score - a.score || a.unit.position - b.unit.position)
    .slice(0, MAX_PROSE_UNITS)
    .map((entry) => entry.unit);
  if (prose.length === 0) return [];
  const chosenBlocks = new Set(prose.map((unit) => unit.block));
  // A code block is quoted when it matches itself or directly follows a paragraph quoted from (its example).
  const code = units
    .filter((unit) => {
      if (unit.kind !== 'code') return false;
      // Fence lines are not code.
      const lines = unit.text.split('\n').length - 2;
      if (match.codeMatches(unit.terms)) return lines <= MAX_MATCHING_CODE_LINES;
      return lines <= MAX_FOLLOWING_CODE_LINES && chosenBlocks.has(units[unit.position - 1]?.block ?? -1);
    })
    .slice(0, MAX_CODE_BLOCKS);
  // A quoted table row keeps its table's header row, or its cells would have no names.
  const headers = prose.filter((unit) => unit.kind === 'row').map((row) => tableHeader(units, row));
  const chosen = new Map([...prose, ...code, ...headers].filter((unit) => unit !== undefined).map((unit) => [unit.position, unit]));
  return [...chosen.values()].toSorted((a, b) => a.position - b.position);
}

/** Builds the answer from ranked sections (best first). */
export function composeExtractiveAnswer(sections: readonly Section[], match: MatchTerms): ExtractiveAnswer {
  if (match.terms.length === 0) return { text: NOTHING_FOUND, sections: [] };
  let chosen = chooseSections(sections, matcher(match, false));
  // Nothing qualified anywhere: accept single-term sentences, from the best section only.
  if (chosen.length === 0) chosen = chooseSections(sections.slice(0, 1), matcher(match, true));
  if (chosen.length === 0) return { text: NOTHING_FOUND, sections: [] };
  return {
    text: chosen.map(({ section, units }) => `**${markdownLink(sectionTitle(section), section.url)}**\n\n${renderUnits(units)}`).join('\n\n'),
    sections: chosen.map(({ section }) => section),
  };
}

function chooseSections(sections: readonly Section[], match: Matcher): { section: Section; units: Unit[] }[] {
  const chosen: { section: Section; units: Unit[] }[] = [];
  for (const section of sections) {
    if (chosen.length >= MAX_SECTIONS) break;
    const units = pickUnits(section, match);
    if (units.length > 0) chosen.push({ section, units });
  }
  return chosen;
}

/** Splits text into small deltas at word boundaries; joined, they give back `text` exactly. */
/** A markdown link (bold or not) is one token: a delta ending inside `[title](url)` shows raw brackets mid-stream. */
const DELTA_TOKENS = /\*{0,2}\[[^\]\n]*\]\([^)\s]*\)\*{0,2}\s*|\s+|\S+\s*/g;

export function splitIntoDeltas(text: string, wordsPerDelta = 3): string[] {
  const tokens = text.match(DELTA_TOKENS) ?? [];
  const deltas: string[] = [];
  for (let index = 0; index < tokens.length; index += wordsPerDelta) {
    deltas.push(tokens.slice(index, index + wordsPerDelta).join(''));
  }
  return deltas;
}
