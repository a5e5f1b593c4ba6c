// A page's sections as the word index takes them: each of the four indexed fields (page title, the section's
// heading, its parent headings, its text) cut into terms by analyzer.ts, each term once with how often it
// occurs, in the order MiniSearch would first meet it. The parse workers compute this beside the page, so
// the thread that answers requests only inserts terms (analysing was half of a large site's index build).
// Compact for the trip between threads: one string of terms and two arrays of numbers per page.
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

/** The indexed fields of a section; the page description counts as text of the page's first section. */
export function toDocument(key: number, section: Section, firstOfPage: boolean): IndexedSection {
  const heading = section.headingPath.at(-1) ?? '';
  const parents = section.headingPath.slice(0, -1).filter((parent) => parent !== section.pageTitle);
  const description = firstOfPage && section.description ? `${section.description}\n\n` : '';
  return { key, title: section.pageTitle, heading, breadcrumbs: parents.join(' '), text: description + searchableText(section.text) };
}

/** The terms of a page's sections, in section order, each section's fields in INDEXED_FIELDS order. */
export interface PageTerms {
  /** Every field's distinct terms, joined by newlines (no term holds one: the tokenizer splits on them). */
  terms: string;
  /** How often each term occurs in its field. */
  counts: Uint32Array;
  /** Per section and field: the field's length as MiniSearch counts it (distinct tokens), then its number of terms. */
  fields: Uint32Array;
}

/** One field's distinct terms in the order MiniSearch first meets them, each with how often it occurs. */
interface AnalyzedField {
  /** The number of distinct tokens (MiniSearch's field length). */
  length: number;
  terms: string[];
  counts: number[];
}

/** A term, with its count in the field being analysed (`field` tells which one that is). */
interface TermRecord {
  term: string;
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
 * current field, so no per-field map is built. Remembers at most `limit` tokens, then starts afresh.
 */
export interface FieldAnalyzer {
  analyze(text: string): AnalyzedField;
}

export function createFieldAnalyzer(limit = 200_000): FieldAnalyzer {
  let tokens = new Map<string, TokenRecord>();
  let terms = new Map<string, TermRecord>();
  let field = 0;
  const termRecord = (term: string): TermRecord => {
    let record = terms.get(term);
    if (record === undefined) terms.set(term, (record = { term, field: 0, count: 0 }));
    return record;
  };
  return {
    analyze(text) {
      // Between fields only: a record forgotten in the middle of one would split its count.
      if (tokens.size >= limit) {
        tokens = new Map();
        terms = new Map();
      }
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
      return { length: distinct.length, terms: fieldTerms.map((term) => term.term), counts: fieldTerms.map((term) => term.count) };
    },
  };
}

/** The analysed fields of each section of a page (the title, shared by every section, analysed once). */
function analyzeSections(sections: readonly Section[], analyzer: FieldAnalyzer): AnalyzedField[][] {
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

/** The page's terms; `analyzer` remembers tokens across the pages given it (a fresh one by default). */
export function pageTermsOf(sections: readonly Section[], analyzer: FieldAnalyzer = createFieldAnalyzer()): PageTerms {
  const analyzed = analyzeSections(sections, analyzer);
  let total = 0;
  for (const section of analyzed) for (const field of section) total += field.terms.length;
  // Sized first and filled in place, rather than grown push by push and copied into typed arrays.
  const terms = Array.from<string>({ length: total });
  const counts = new Uint32Array(total);
  const fields = new Uint32Array(analyzed.length * INDEXED_FIELDS.length * 2);
  let next = 0;
  let at = 0;
  for (const section of analyzed) {
    for (const field of section) {
      fields[at++] = field.length;
      fields[at++] = field.terms.length;
      for (let position = 0; position < field.terms.length; position++) {
        terms[next] = field.terms[position] as string;
        counts[next++] = field.counts[position] as number;
      }
    }
  }
  return { terms: terms.join('\n'), counts, fields };
}

/** The terms of `pageTerms` one by one, when it fits a page of `sectionCount` sections; else undefined. */
export function termsOfPageTerms(pageTerms: PageTerms, sectionCount: number): string[] | undefined {
  if (pageTerms.fields.length !== sectionCount * INDEXED_FIELDS.length * 2) return undefined;
  const terms = pageTerms.counts.length === 0 ? [] : pageTerms.terms.split('\n');
  let total = 0;
  for (let at = 1; at < pageTerms.fields.length; at += 2) total += pageTerms.fields[at] as number;
  return terms.length === pageTerms.counts.length && total === terms.length ? terms : undefined;
}
