// A page's sections as the word index takes them: each of the four indexed fields (page title, the section's
// heading, its parent headings, its text) cut into terms by analyzer.ts, each term once with how often it
// occurs, in the order MiniSearch would first meet it. The parse workers compute this beside the page, so
// the thread that answers requests only inserts terms (analysing was half of a large site's index build).
// Compact for the trip between threads: three arrays of numbers per page, and the words it is the first to use.
import { processTerm, tokenize } from './analyzer.ts';
import { searchableText } from './blockText.ts';
import type { Section } from './types.ts';

/** What MiniSearch indexes for a section (`key` is its short id). */
export interface IndexedSection {
  key: number;
  title: string;
  heading: string;
  breadcrumbs: string;
  text: string;
}

/** The indexed fields, in MiniSearch's field order (its field ids are these positions). */
export const INDEXED_FIELDS = ['title', 'heading', 'breadcrumbs', 'text'] as const;

/**
 * The indexed fields of a section. The page description counts as text of the page's intro; a page with no
 * intro keeps it out: a FAQ's description lists the page's topics, which made its first question match them all.
 */
export function toDocument(key: number, section: Section, firstOfPage: boolean): IndexedSection {
  const heading = section.headingPath.at(-1) ?? '';
  const parents = section.headingPath.slice(0, -1).filter((parent) => parent !== section.pageTitle);
  const description = firstOfPage && section.headingPath.length <= 1 && section.description ? `${section.description}\n\n` : '';
  const text = section.listsSubsections ? '' : searchableText(section.text);
  return { key, title: section.pageTitle, heading, breadcrumbs: parents.join(' '), text: description + text + englishAnchorWords(heading, section.anchor) };
}

const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const ENGLISH_SLUG = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * The words of a Chinese, Japanese or Korean heading's explicit English anchor (`### 激活不匹配 {#hydration-mismatch}`,
 * VitePress's convention, kept by every translation of Vue's and Vite's docs): the authors' own English name for the
 * section, which a reader asking in English, or pasting an English warning, uses. Read with the section's text, not
 * its heading: there they made "how to watch a ref for changes" open on 访问模板引用 ({#accessing-the-refs}).
 */
function englishAnchorWords(heading: string, anchor: string): string {
  return UNSPACED_SCRIPT.test(heading) && ENGLISH_SLUG.test(anchor) ? `\n\n${anchor.replaceAll('-', ' ')}` : '';
}

/** The terms of a page's sections, in section order, each section's fields in INDEXED_FIELDS order. */
export interface PageTerms {
  /** Every field's distinct terms. */
  terms: readonly string[];
  /** How often each term occurs in its field. */
  counts: Uint32Array;
  /** Per section and field: the field's length as MiniSearch counts it (distinct tokens), then its number of terms. */
  fields: Uint32Array;
}

/**
 * PageTerms as a parse worker sends them: each term by its number in the worker's list of terms, with the
 * terms it numbered since its last page. A word is sent once per worker instead of once per field it is in
 * (a large site's terms were 7.7 million characters to send, split and look up again), and the thread that
 * answers requests gets back the same string objects, whose hashes are computed once.
 */
export interface NumberedPageTerms {
  ids: Uint32Array<ArrayBuffer>;
  counts: Uint32Array<ArrayBuffer>;
  fields: Uint32Array<ArrayBuffer>;
  /** The number of the first of `added`; below the receiver's count when the worker started its list afresh. */
  firstAdded: number;
  /** The terms numbered from `firstAdded` on, joined by newlines (no term holds one: the tokenizer splits on them). */
  added: string;
}

/** One field's distinct terms in the order MiniSearch first meets them, each with how often it occurs. */
interface AnalyzedField {
  /** The number of distinct tokens (MiniSearch's field length). */
  length: number;
  terms: TermRecord[];
  counts: number[];
}

/** A term, its number (in the order the analyzer first met it), and its count in the field being analysed (`field` tells which one that is). */
interface TermRecord {
  term: string;
  id: number;
  field: number;
  count: number;
}

/** A token, its terms, and its count in the field being analysed. */
interface TokenRecord {
  terms: TermRecord[];
  field: number;
  count: number;
}

/**
 * Cuts fields into terms as MiniSearch's `add` reads them: a field's length is its number of distinct tokens,
 * and each term is counted once per token that gives it. Each token is looked up once (words repeat across
 * fields and files, so each distinct one is stemmed once), and tokens and terms carry their counts in the
 * current field, so no per-field map is built. Terms are numbered as they are first met. Past `limit`
 * tokens it starts afresh at the next page (never within one: its terms' numbers would change meanwhile).
 */
export interface FieldAnalyzer {
  /** Call before each page's fields. */
  startPage(): void;
  analyze(text: string): AnalyzedField;
  /** The terms numbered since the last call, and the number of the first (0 after starting afresh). */
  takeAdded(): { first: number; terms: string[] };
}

export function createFieldAnalyzer(limit = 200_000): FieldAnalyzer {
  let tokens = new Map<string, TokenRecord>();
  let terms = new Map<string, TermRecord>();
  let added: string[] = [];
  let firstAdded = 0;
  let field = 0;
  const termRecord = (term: string): TermRecord => {
    let record = terms.get(term);
    if (record === undefined) {
      terms.set(term, (record = { term, id: terms.size, field: 0, count: 0 }));
      added.push(term);
    }
    return record;
  };
  return {
    startPage() {
      if (tokens.size < limit) return;
      tokens = new Map();
      terms = new Map();
      added = [];
      firstAdded = 0;
    },
    analyze(text) {
      field++;
      const distinct: TokenRecord[] = [];
      for (const token of tokenize(text)) {
        let record = tokens.get(token);
        if (record === undefined) {
          const processed = processTerm(token);
          const tokenTerms = processed === null ? [] : typeof processed === 'string' ? [termRecord(processed)] : processed.map(termRecord);
          tokens.set(token, (record = { terms: tokenTerms, field: 0, count: 0 }));
        }
        if (record.field !== field) {
          record.field = field;
          record.count = 0;
          distinct.push(record);
        }
        record.count++;
      }
      const fieldTerms: TermRecord[] = [];
      for (const token of distinct) {
        for (const term of token.terms) {
          if (term.field !== field) {
            term.field = field;
            term.count = 0;
            fieldTerms.push(term);
          }
          term.count += token.count;
        }
      }
      return { length: distinct.length, terms: fieldTerms, counts: fieldTerms.map((term) => term.count) };
    },
    takeAdded() {
      const taken = { first: firstAdded, terms: added };
      firstAdded = terms.size;
      added = [];
      return taken;
    },
  };
}

/** The analysed fields of each section of a page (the title, shared by every section, analysed once). */
function analyzeSections(sections: readonly Section[], analyzer: FieldAnalyzer): AnalyzedField[][] {
  analyzer.startPage();
  const byText = new Map<string, AnalyzedField>();
  const shortField = (text: string) => {
    let field = byText.get(text);
    if (!field) byText.set(text, (field = analyzer.analyze(text)));
    return field;
  };
  return sections.map((section, position) => {
    const document = toDocument(0, section, position === 0);
    return [shortField(document.title), shortField(document.heading), shortField(document.breadcrumbs), analyzer.analyze(document.text)];
  });
}

/** Each term of the analysed fields handed to `put` with its position, and the fields' counts and lengths. */
function flattened(analyzed: AnalyzedField[][], put: (position: number, term: TermRecord) => void, total: number): { counts: Uint32Array<ArrayBuffer>; fields: Uint32Array<ArrayBuffer> } {
  // Sized first and filled in place, rather than grown push by push and copied into typed arrays.
  const counts = new Uint32Array(total);
  const fields = new Uint32Array(analyzed.length * INDEXED_FIELDS.length * 2);
  let next = 0;
  let at = 0;
  for (const section of analyzed) {
    for (const field of section) {
      fields[at++] = field.length;
      fields[at++] = field.terms.length;
      for (let position = 0; position < field.terms.length; position++) {
        put(next, field.terms[position] as TermRecord);
        counts[next++] = field.counts[position] as number;
      }
    }
  }
  return { counts, fields };
}

function termTotal(analyzed: AnalyzedField[][]): number {
  let total = 0;
  for (const section of analyzed) for (const field of section) total += field.terms.length;
  return total;
}

/** The page's terms; `analyzer` remembers tokens across the pages given it (a fresh one by default). */
export function pageTermsOf(sections: readonly Section[], analyzer: FieldAnalyzer = createFieldAnalyzer()): PageTerms {
  const analyzed = analyzeSections(sections, analyzer);
  const total = termTotal(analyzed);
  const terms = Array.from<string>({ length: total });
  const { counts, fields } = flattened(analyzed, (position, term) => (terms[position] = term.term), total);
  return { terms, counts, fields };
}

/** The page's terms by number, as a parse worker sends them (read back by a TermReader). */
export function numberedPageTermsOf(sections: readonly Section[], analyzer: FieldAnalyzer): NumberedPageTerms {
  const analyzed = analyzeSections(sections, analyzer);
  const total = termTotal(analyzed);
  const ids = new Uint32Array(total);
  const { counts, fields } = flattened(analyzed, (position, term) => (ids[position] = term.id), total);
  const { first, terms } = analyzer.takeAdded();
  return { ids, counts, fields, firstAdded: first, added: terms.join('\n') };
}

/** Reads one worker's numbered terms back, page after page in the order it sent them. */
export interface TermReader {
  /** The page's terms; undefined when they do not read back (a number never sent). */
  read(numbered: NumberedPageTerms): PageTerms | undefined;
}

export function createTermReader(): TermReader {
  const known: string[] = [];
  return {
    read(numbered) {
      if (numbered.firstAdded > known.length) return undefined;
      known.length = numbered.firstAdded;
      if (numbered.added !== '') for (const term of numbered.added.split('\n')) known.push(term);
      const terms = Array.from<string>({ length: numbered.ids.length });
      for (let position = 0; position < terms.length; position++) {
        const term = known[numbered.ids[position] as number];
        if (term === undefined) return undefined;
        terms[position] = term;
      }
      return { terms, counts: numbered.counts, fields: numbered.fields };
    },
  };
}

/** Whether `pageTerms` fits a page of `sectionCount` sections. */
export function fitsPage(pageTerms: PageTerms, sectionCount: number): boolean {
  if (pageTerms.fields.length !== sectionCount * INDEXED_FIELDS.length * 2) return false;
  let total = 0;
  for (let at = 1; at < pageTerms.fields.length; at += 2) total += pageTerms.fields[at] as number;
  return pageTerms.terms.length === pageTerms.counts.length && total === pageTerms.terms.length;
}
