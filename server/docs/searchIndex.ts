// The search index over all sections: MiniSearch (BM25+) with heading/title boosts, stemming,
// prefix and fuzzy matching for longer terms, then our ranking steps: sections matching every
// question term first, page and folder of `currentPath` lifted, `context` terms as a weaker query,
// and at most a few sections per page before others get a place.
import MiniSearch from 'minisearch';
import { processTerm, termsOf, tokenize } from './analyzer.ts';
import { compileFilter, type MetadataPredicate } from './filter.ts';
import { applyCurrentPath, capPerPage, type Candidate } from './ranking.ts';
import type { DocsIndex, LoadedDocs, SearchHit, SearchOptions, Section } from './types.ts';

/** Ranking knobs; the defaults are the measured ones (see bench/retrieval.ts). */
export interface RankingOptions {
  /** Field boosts: the section's own heading, page title, parent headings, body. */
  boost: { heading: number; title: number; breadcrumbs: number; text: number };
  /** Sections that match every question term rank before those that match some. */
  allTermsFirst: boolean;
  /** Sections of one page allowed before other pages fill the results (Infinity = no cap). */
  sectionsPerPage: number;
  /** Multiplier for sections on the reader's current page, and on pages in the same folder. */
  currentPageBoost: number;
  currentFolderBoost: number;
  /** Weight of `context` terms relative to the question's best score. */
  contextWeight: number;
  /** Query terms at least this long also match as prefixes and with typos (Infinity = never). */
  prefixMinLength: number;
  fuzzyMinLength: number;
  /** Allowed edits as a share of the term's length. */
  fuzziness: number;
}

export const DEFAULT_RANKING: RankingOptions = {
  // Measured on bench/questions/hono.json: heading 3 (headings there are mostly API names like
  // `status()`) let one shared word outrank the page about the topic; 1.5 found 2 more of 60 questions.
  boost: { heading: 1.5, title: 2, breadcrumbs: 1, text: 1 },
  allTermsFirst: true,
  sectionsPerPage: 2,
  currentPageBoost: 1.5,
  currentFolderBoost: 1.15,
  contextWeight: 0.35,
  prefixMinLength: 5,
  fuzzyMinLength: 5,
  fuzziness: 0.2,
};

/** Context beyond this many distinct terms adds noise and time, not relevance. */
const MAX_CONTEXT_TERMS = 24;
const MAX_CONTEXT_CHARS = 4000;
const MAX_QUESTION_TERMS = 32;
const MAX_LIMIT = 100;

interface IndexedSection {
  key: number;
  title: string;
  heading: string;
  breadcrumbs: string;
  text: string;
}

export function createDocsIndex(docs: LoadedDocs, ranking: Partial<RankingOptions> = {}): DocsIndex {
  const settings: RankingOptions = { ...DEFAULT_RANKING, ...ranking };
  const miniSearch = new MiniSearch<IndexedSection>({
    idField: 'key',
    fields: ['title', 'heading', 'breadcrumbs', 'text'],
    tokenize,
    processTerm,
  });
  const sectionsByKey = new Map<number, Section>();
  const keysByFile = new Map<string, number[]>();
  let nextKey = 0;

  function addFile(file: string, sections: Section[]): void {
    if (sections.length === 0) return;
    const documents = sections.map((section, position) => {
      const key = nextKey++;
      sectionsByKey.set(key, section);
      return toDocument(key, section, position === 0);
    });
    keysByFile.set(file, documents.map((document) => document.key));
    miniSearch.addAll(documents);
  }

  function removeFile(file: string): void {
    const keys = keysByFile.get(file);
    if (!keys) return;
    miniSearch.discardAll(keys);
    for (const key of keys) sectionsByKey.delete(key);
    keysByFile.delete(file);
  }

  const sectionsByFile = new Map<string, Section[]>();
  for (const section of docs.sections) {
    const list = sectionsByFile.get(section.file);
    if (list) list.push(section);
    else sectionsByFile.set(section.file, [section]);
  }
  for (const [file, sections] of sectionsByFile) addFile(file, sections);

  function passesFilter(key: number, predicate: MetadataPredicate): boolean {
    const section = sectionsByKey.get(key);
    return section !== undefined && predicate(section.metadata);
  }

  /** `terms` are already processed (analyzer.termsOf), so MiniSearch takes them as they are. */
  function score(terms: string[], options: { fuzzy: boolean; allTermsCount: number }, predicate: MetadataPredicate | undefined): Map<number, Candidate> {
    const candidates = new Map<number, Candidate>();
    if (terms.length === 0) return candidates;
    const results = miniSearch.search(terms.join(' '), {
      tokenize: splitProcessedTerms,
      processTerm: keepProcessedTerm,
      boost: settings.boost,
      combineWith: 'OR',
      prefix: options.fuzzy ? (term) => term.length >= settings.prefixMinLength : false,
      fuzzy: options.fuzzy ? (term) => (term.length >= settings.fuzzyMinLength ? settings.fuzziness : false) : false,
      // A zero document boost makes MiniSearch skip the posting before it builds a result:
      // a filter that keeps 1 section in 50 then costs a fraction of an unfiltered search.
      ...(predicate ? { boostDocument: (key: number) => (passesFilter(key, predicate) ? 1 : 0) } : {}),
    });
    for (const result of results) {
      const key = result.id as number;
      const section = sectionsByKey.get(key);
      if (!section) continue;
      candidates.set(key, { section, score: result.score, allTerms: result.queryTerms.length >= options.allTermsCount });
    }
    return candidates;
  }

  return {
    search(query: string, options: SearchOptions): SearchHit[] {
      const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit) || 1));
      const predicate = compileFilter(options.filter);
      // Capped: a pasted log of a thousand words would cost seconds of fuzzy matching on a large site.
      const questionTerms = termsOf(query).slice(0, MAX_QUESTION_TERMS);
      const candidates = score(questionTerms, { fuzzy: true, allTermsCount: questionTerms.length }, predicate);
      addContext(candidates, contextTerms(options.context, questionTerms));
      applyCurrentPath(candidates.values(), options.currentPath, settings);
      const ranked = [...candidates.values()].toSorted(
        (a, b) => (settings.allTermsFirst ? Number(b.allTerms) - Number(a.allTerms) : 0) || b.score - a.score,
      );
      return capPerPage(ranked, limit, settings.sectionsPerPage).map(({ section, score: value }) => ({ section, score: value }));

      function addContext(into: Map<number, Candidate>, terms: string[]): void {
        if (terms.length === 0) return;
        const contextual = score(terms, { fuzzy: false, allTermsCount: Infinity }, predicate);
        const bestQuestion = bestScore(into) || 1;
        const bestContext = bestScore(contextual) || 1;
        for (const [key, candidate] of contextual) {
          const added = (candidate.score / bestContext) * settings.contextWeight * bestQuestion;
          const existing = into.get(key);
          if (existing) existing.score += added;
          // Without question terms (e.g. "what does this do?") the context alone decides.
          else into.set(key, { section: candidate.section, score: added, allTerms: questionTerms.length === 0 });
        }
      }
    },
    updateFile(file: string, sections: Section[]): void {
      removeFile(file);
      addFile(file, sections);
    },
    get pageCount() {
      return keysByFile.size;
    },
    get sectionCount() {
      return sectionsByKey.size;
    },
  };
}

function toDocument(key: number, section: Section, firstOfPage: boolean): IndexedSection {
  const heading = section.headingPath.at(-1) ?? '';
  const parents = section.headingPath.slice(0, -1).filter((parent) => parent !== section.pageTitle);
  const description = firstOfPage && section.description ? `${section.description}\n\n` : '';
  return { key, title: section.pageTitle, heading, breadcrumbs: parents.join(' '), text: description + section.text };
}

/** Selected text and code, cut to their first distinct terms that the question does not already have. */
function contextTerms(context: SearchOptions['context'], questionTerms: string[]): string[] {
  if (!context || context.length === 0) return [];
  const text = context
    .map((item) => item.value)
    .join('\n')
    .slice(0, MAX_CONTEXT_CHARS);
  const known = new Set(questionTerms);
  return termsOf(text)
    .filter((term) => !known.has(term))
    .slice(0, MAX_CONTEXT_TERMS);
}

function splitProcessedTerms(text: string): string[] {
  return text.split(' ');
}

function keepProcessedTerm(term: string): string {
  return term;
}

function bestScore(candidates: Map<number, Candidate>): number {
  let best = 0;
  for (const candidate of candidates.values()) best = Math.max(best, candidate.score);
  return best;
}
