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

interface AnalyzedField {
  length: number;
  terms: Map<string, number>;
}

/** Tokens to terms, remembered: within a page and a worker's life the same words come back. */
export type TermProcessor = (token: string) => string | string[] | null;

export function memoizedProcessTerm(limit = 200_000): TermProcessor {
  const known = new Map<string, string | string[] | null>();
  return (token) => {
    let terms = known.get(token);
    if (terms === undefined) {
      if (known.size >= limit) known.clear();
      known.set(token, (terms = processTerm(token)));
    }
    return terms;
  };
}

/**
 * One field as MiniSearch's `add` reads it: its length is the number of distinct tokens, and each term is
 * counted once per token that gives it. Tokens are counted first, so each distinct token is processed once;
 * a Map keeps first-occurrence order, so terms come out in the order MiniSearch meets them.
 */
function analyzeField(text: string, process: TermProcessor = processTerm): AnalyzedField {
  const tokenCounts = new Map<string, number>();
  for (const token of tokenize(text)) tokenCounts.set(token, (tokenCounts.get(token) ?? 0) + 1);
  const terms = new Map<string, number>();
  for (const [token, count] of tokenCounts) {
    const processed = process(token);
    if (processed === null) continue;
    if (typeof processed === 'string') terms.set(processed, (terms.get(processed) ?? 0) + count);
    else for (const term of processed) terms.set(term, (terms.get(term) ?? 0) + count);
  }
  return { length: tokenCounts.size, terms };
}

/** The analysed fields of each section of a page (the title, shared by every section, analysed once). */
function analyzeSections(sections: readonly Section[], process: TermProcessor = processTerm): AnalyzedField[][] {
  const byText = new Map<string, AnalyzedField>();
  const shortField = (text: string) => {
    let field = byText.get(text);
    if (!field) byText.set(text, (field = analyzeField(text, process)));
    return field;
  };
  return sections.map((section, position) => {
    const document = toDocument(0, section, position === 0);
    return [shortField(document.title), shortField(document.heading), shortField(document.breadcrumbs), analyzeField(document.text, process)];
  });
}

export function pageTermsOf(sections: readonly Section[], process: TermProcessor = processTerm): PageTerms {
  const analyzed = analyzeSections(sections, process);
  let total = 0;
  for (const section of analyzed) for (const field of section) total += field.terms.size;
  // Sized first and filled in place, rather than grown push by push and copied into typed arrays.
  const terms = Array.from<string>({ length: total });
  const counts = new Uint32Array(total);
  const fields = new Uint32Array(analyzed.length * INDEXED_FIELDS.length * 2);
  let next = 0;
  let at = 0;
  for (const section of analyzed) {
    for (const field of section) {
      fields[at++] = field.length;
      fields[at++] = field.terms.size;
      for (const [term, count] of field.terms) {
        terms[next] = term;
        counts[next++] = count;
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
