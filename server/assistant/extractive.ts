// The default answerer: no model, no key. It quotes the sentences and code of the best sections that match the
// question's terms, verbatim, under their section titles. Nothing is paraphrased, so nothing can be invented.
import type { Section } from '../docs/types.ts';
import { renderUnits, splitUnits, tableHeader, type Unit } from './passages.ts';
import { sectionTitle } from './sources.ts';
import { countMatches } from './terms.ts';

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
const MAX_CODE_LINES = 40;

/** A Markdown link whose text and target survive brackets, parentheses and spaces. */
function markdownLink(text: string, url: string): string {
  const escapedText = text.replace(/[[\]\\]/g, '\\$&');
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  return `[${escapedText}](${target})`;
}

/** The units of one section worth quoting; `need` is how many question terms a sentence must contain. */
function pickUnits(section: Section, terms: ReadonlySet<string>, need: number): Unit[] {
  const units = splitUnits(section.text);
  const scored = units.map((unit) => ({ unit, score: countMatches(unit.text, terms) }));
  const prose = scored
    .filter((entry) => entry.unit.kind !== 'code' && entry.score >= need)
    .toSorted((a, b) => b.score - a.score || a.unit.position - b.unit.position)
    .slice(0, MAX_PROSE_UNITS)
    .map((entry) => entry.unit);
  const chosenPositions = new Set(prose.map((unit) => unit.position));
  // A code block is quoted when it matches a term itself or directly follows a quoted sentence (its example).
  const code = scored
    .filter((entry) => entry.unit.kind === 'code' && entry.unit.text.split('\n').length <= MAX_CODE_LINES + 2)
    .filter((entry) => entry.score >= 1 || chosenPositions.has(entry.unit.position - 1))
    .slice(0, MAX_CODE_BLOCKS)
    .map((entry) => entry.unit);
  if (prose.length === 0) return [];
  // A quoted table row keeps its table's header row, or its cells would have no names.
  const headers = prose.filter((unit) => unit.kind === 'row').map((row) => tableHeader(units, row));
  const chosen = new Map([...prose, ...code, ...headers].filter((unit) => unit !== undefined).map((unit) => [unit.position, unit]));
  return [...chosen.values()].toSorted((a, b) => a.position - b.position);
}

/**
 * Builds the answer from ranked sections. `terms` are the stemmed question terms; with two or more, a sentence
 * must contain two of them (one shared word is mostly noise), falling back to one for the best section.
 */
export function composeExtractiveAnswer(sections: readonly Section[], terms: readonly string[]): ExtractiveAnswer {
  const termSet = new Set(terms);
  if (termSet.size === 0) return { text: NOTHING_FOUND, sections: [] };
  const need = Math.min(2, termSet.size);
  const parts: string[] = [];
  const used: Section[] = [];
  for (const [rank, section] of sections.entries()) {
    if (used.length >= MAX_SECTIONS) break;
    let units = pickUnits(section, termSet, need);
    if (units.length === 0 && rank === 0 && need > 1) units = pickUnits(section, termSet, 1);
    if (units.length === 0) continue;
    used.push(section);
    parts.push(`**${markdownLink(sectionTitle(section), section.url)}**\n\n${renderUnits(units)}`);
  }
  if (used.length === 0) return { text: NOTHING_FOUND, sections: [] };
  return { text: parts.join('\n\n'), sections: used };
}

/** Splits text into small deltas at word boundaries; joined, they give back `text` exactly. */
export function splitIntoDeltas(text: string, wordsPerDelta = 3): string[] {
  const tokens = text.match(/\s+|\S+\s*/g) ?? [];
  const deltas: string[] = [];
  for (let index = 0; index < tokens.length; index += wordsPerDelta) {
    deltas.push(tokens.slice(index, index + wordsPerDelta).join(''));
  }
  return deltas;
}
