// Chinese is written in two scripts: simplified (mainland China, Singapore) and traditional (Taiwan, Hong
// Kong). A reader in Taipei asking "如何在父組件裡把數據傳給子組件" of docs written as "父组件 … 数据" matched
// almost nothing: on the Vue docs in simplified Chinese, the same questions written in traditional found
// their page in the top 5 for 80% of them instead of 98%. A question's Chinese terms are also searched in
// the other script (OpenCC's conversion tables, through opencc-js), as the same word of the question.
//
// opencc-js's own converters hold each table as a trie of one Map per character: simplified to traditional
// (its phrase table twice, to segment and to convert) was 47 MB of heap, a third of a large site's index,
// held from the first question with a Chinese character (Japanese kanji too) on. The same tables and the same
// steps (normalize, segment at phrases, convert group by group, the longest match first) are read here from
// one Map per group: 6 MB, the same conversions (chineseScripts.test.ts holds them equal to opencc-js's).
import { createRequire } from 'node:module';
import type { DictGroup, DictLike } from 'opencc-js';

const HAN = /\p{Script=Han}/u;
const require = createRequire(import.meta.url);

/** A conversion table: each entry's replacement, and the longest entry (UTF-16 units) to look for. */
interface Table {
  replacements: Map<string, string>;
  longest: number;
}

/** A table of entries: an earlier dictionary's entry wins over a later one's, as in opencc-js's loadDictGroup. */
function tableOf(dictionaries: readonly DictLike[]): Table {
  const replacements = new Map<string, string>();
  let longest = 0;
  for (const dictionary of dictionaries.toReversed()) {
    const entries = typeof dictionary === 'string' ? dictionary.split('|').map((line) => line.split(' ') as [string, string?]) : dictionary;
    for (const [from, to] of entries) {
      if (to === undefined) continue;
      replacements.set(from, to);
      longest = Math.max(longest, from.length);
    }
  }
  return { replacements, longest };
}

/** The end of the longest entry of `table` starting at `start`, or 0. */
function longestMatch(text: string, start: number, table: Table): number {
  for (let end = Math.min(text.length, start + table.longest); end > start; end--) {
    if (table.replacements.has(text.slice(start, end))) return end;
  }
  return 0;
}

/** The characters an unmatched step passes over: a code point, or a whole ideographic description sequence (⿰氵去). */
function unmatchedLength(text: string, start: number): number {
  const sequenceEnd = descriptionSequenceEnd(text, start);
  return sequenceEnd > start ? sequenceEnd - start : codePointLength(text, start);
}

function codePointLength(text: string, at: number): number {
  return (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
}

/** How many components an ideographic description character (U+2FF0–U+2FFF) describes: 0 for any other. */
function descriptionArity(codePoint: number): number {
  if (codePoint >= 0x2ff0 && codePoint <= 0x2ff1) return 2;
  if (codePoint >= 0x2ff2 && codePoint <= 0x2ff3) return 3;
  if (codePoint >= 0x2ff4 && codePoint <= 0x2fff) return 2;
  return 0;
}

function descriptionSequenceEnd(text: string, start: number): number {
  const arity = descriptionArity(text.codePointAt(start) ?? 0);
  if (arity === 0) return 0;
  let end = start + codePointLength(text, start);
  for (let component = 0; component < arity; component++) {
    if (end >= text.length) return 0;
    const inner = descriptionSequenceEnd(text, end);
    end = inner || end + codePointLength(text, end);
  }
  return end;
}

/** The text cut at the table's entries: each entry found a piece, the runs between them pieces too. */
function segmented(text: string, table: Table): string[] {
  const pieces: string[] = [];
  let runStart = -1;
  for (let at = 0; at < text.length; ) {
    const end = longestMatch(text, at, table);
    if (end > 0) {
      if (runStart >= 0) pieces.push(text.slice(runStart, at));
      runStart = -1;
      pieces.push(text.slice(at, end));
      at = end;
    } else {
      if (runStart < 0) runStart = at;
      at += unmatchedLength(text, at);
    }
  }
  if (runStart >= 0) pieces.push(text.slice(runStart));
  return pieces;
}

/** The text with each longest entry found replaced, left to right. */
function convertedBy(text: string, table: Table): string {
  let result = '';
  let runStart = -1;
  for (let at = 0; at < text.length; ) {
    const end = longestMatch(text, at, table);
    if (end > 0) {
      if (runStart >= 0) result += text.slice(runStart, at);
      runStart = -1;
      result += table.replacements.get(text.slice(at, end)) as string;
      at = end;
    } else {
      if (runStart < 0) runStart = at;
      at += unmatchedLength(text, at);
    }
  }
  return runStart >= 0 ? result + text.slice(runStart) : result;
}

/** An OpenCC configuration as opencc-js's presets give it (`s2tw`: simplified to Taiwan's traditional). */
interface Configuration {
  normalizationChain?: readonly DictGroup[];
  segmentation?: DictLike | readonly DictLike[];
  conversionChain: readonly DictGroup[];
}

/** opencc-js's Converter for a configuration of its presets, its tables read into Maps. */
function converterOf(configuration: Configuration): (text: string) => string {
  const normalization = (configuration.normalizationChain ?? []).map(tableOf);
  const { segmentation } = configuration;
  const segments = segmentation === undefined ? undefined : tableOf(Array.isArray(segmentation) && segmentation.every((dictionary) => typeof dictionary === 'string') ? segmentation : [segmentation as DictLike]);
  const chain = configuration.conversionChain.map(tableOf);
  return (text) => {
    const normalized = normalization.reduce((result, table) => convertedBy(result, table), text);
    const pieces = segments ? segmented(normalized, segments) : [normalized];
    return pieces.map((piece) => chain.reduce((result, table) => convertedBy(result, table), piece)).join('');
  };
}

let converters: { toSimplified: (text: string) => string; toTraditional: (text: string) => string } | undefined;

/**
 * Loaded on the first Chinese question, synchronously (search is), never at start-up: the tables are a
 * megabyte of script and take about 0.1 s to read, which a site in English never needs.
 */
function loaded(): NonNullable<typeof converters> {
  if (!converters) {
    const configurations = (name: string) => (require(`opencc-js/preset/${name}`) as { configs: Record<string, Configuration> }).configs;
    converters = { toSimplified: converterOf(configurations('t2cn')['tw2s'] as Configuration), toTraditional: converterOf(configurations('cn2t')['s2tw'] as Configuration) };
  }
  return converters;
}

/** The term written in the other Chinese script (both ways, whichever differ), or none: not Chinese, or the same in both. */
export function otherScriptForms(term: string): string[] {
  if (!HAN.test(term)) return [];
  const { toSimplified, toTraditional } = loaded();
  const forms = new Set([toSimplified(term), toTraditional(term)]);
  forms.delete(term);
  return [...forms];
}

/** Whether Chinese text is written in traditional characters: converting it to simplified changes more of it than converting it to traditional. */
export function isTraditionalChinese(text: string): boolean {
  if (!HAN.test(text)) return false;
  const { toSimplified, toTraditional } = loaded();
  const changed = (converted: string) => {
    const original = [...text];
    return [...converted].filter((character, position) => character !== original[position]).length;
  };
  return changed(toSimplified(text)) > changed(toTraditional(text));
}
