import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { loadDocs } from '../../server/docs/load.ts';
import { createDocsIndex, DEFAULT_RANKING, MINISEARCH_OPTIONS, toDocument, type IndexedSection } from '../../server/docs/searchIndex.ts';
import { joinedNameShares, joinedTermsOf, termsOf } from '../../server/docs/analyzer.ts';
import { buildPage } from '../../server/docs/sections.ts';
import { PROJECT_DOCS_DIR, PROJECT_QUESTIONS, readQuestions } from '../../bench/retrieval.ts';
import { indexOf } from './support/docs.ts';

describe("given this project's docs in our index and in MiniSearch's own search", () => {
  it('scores every hit as MiniSearch scores it (BM25+, boosts, prefix matches, typo matches for words no section has)', async () => {
    const docs = await loadDocs(PROJECT_DOCS_DIR);
    const questions = await readQuestions(PROJECT_QUESTIONS);
    // The heading boosts, the synonyms, the coverage floor, the product name's and the generic words' weights and the troubleshooting and table-row lifts are ours, applied after BM25+ and beside it; without them the scores are MiniSearch's.
    const index = createDocsIndex(docs, { exactHeadingBoost: 1, partOfQuestionHeadingBoost: 1, wholeQuestionInHeadingBoost: 1, alternatives: false, coverageFloor: 0, productNameWeight: 1, genericWordWeight: 1, troubleshootingBoost: 1, tableRowBoost: 1 });
    const miniSearch = new MiniSearch<IndexedSection>(MINISEARCH_OPTIONS);
    const keyOf = new Map<string, number>();
    docs.pages.forEach((page) =>
      page.sections.forEach((section, position) => {
        keyOf.set(section.id, keyOf.size);
        miniSearch.add(toDocument(keyOf.size - 1, section, position === 0));
      }),
    );
    const usedWords = new Set(docs.sections.flatMap((section, position) => termsOf(Object.values(toDocument(position, section, true)).join(' '))));
    let compared = 0;
    for (const { question } of questions) {
      const terms = termsOf(question);
      // A hyphenated name's terms weigh one word and a half together, and its joined term is no prefix of longer names.
      const shares = joinedNameShares(question, terms);
      const joined = joinedTermsOf(question);
      const expected = new Map(
        miniSearch
          .search(terms.join(' '), {
            tokenize: (text) => text.split(' '),
            processTerm: (term) => term,
            boost: DEFAULT_RANKING.boost,
            prefix: (term) => term.length >= DEFAULT_RANKING.prefixMinLength && !joined.has(term),
            boostTerm: (term) => shares.get(term) ?? 1,
            fuzzy: (term) => (term.length >= DEFAULT_RANKING.fuzzyMinLength && !usedWords.has(term) ? DEFAULT_RANKING.fuzziness : false),
          })
          .map((result) => [result.id as number, result.score]),
      );
      for (const hit of index.search(question, { limit: 10 })) {
        expect(hit.score).toBeCloseTo(expected.get(keyOf.get(hit.section.id) ?? -1) ?? Number.NaN, 9);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(questions.length * 5);
  });
});

describe('given one page with more matching sections than the ranking looks at first', () => {
  const steps = Array.from({ length: 70 }, (_, n) => `## Deploy step ${n + 1}\n\nDeploy deploy deploy the app, part ${n + 1}.`).join('\n\n');
  const index = indexOf({
    'big.md': `# Deploy\n\n${steps}`,
    'a.md': '# Docker\n\nYou can also deploy with Docker, among other things you may do.',
    'b.md': '# Serverless\n\nYou can also deploy to a function, among other things you may do.',
  });

  it('still gives the other pages a place and fills the limit', () => {
    const files = index.search('deploy', { limit: 5 }).map((hit) => hit.section.file);
    expect(files).toHaveLength(5);
    expect(files).toContain('a.md');
    expect(files).toContain('b.md');
  });
});

describe('given a filtered search before and after a file changes', () => {
  it('finds the new section under the same filter and forgets the removed one', () => {
    const index = indexOf({
      'v1/keys.md': '---\nversion: v1\n---\n# Keys\n\nRotate keys from the dashboard.',
      'v2/other.md': '---\nversion: v2\n---\n# Other\n\nSomething else entirely.',
    });
    const filter = { version: 'v2' };
    expect(index.search('rotate keys', { limit: 5, filter })).toEqual([]);

    index.updateFile('v2/keys.md', buildPage('v2/keys.md', '---\nversion: v2\n---\n# Keys\n\nRotate keys with the CLI.').page.sections);
    expect(index.search('rotate keys', { limit: 5, filter }).map((hit) => hit.section.file)).toEqual(['v2/keys.md']);

    index.updateFile('v2/keys.md', []);
    expect(index.search('rotate keys', { limit: 5, filter })).toEqual([]);
    expect(index.search('rotate keys', { limit: 5 }).map((hit) => hit.section.file)).toEqual(['v1/keys.md']);
  });
});

describe('given a question with a typo and no exact match', () => {
  it('finds the page through the typo, also after the word was searched spelled right', () => {
    const index = indexOf({ 'auth.md': '# Authentication\n\nTokens authenticate every request.', 'other.md': '# Other\n\nUnrelated.' });
    expect(index.search('authentication', { limit: 5 }).map((hit) => hit.section.file)).toEqual(['auth.md']);
    expect(index.search('authenticaton tokens', { limit: 5 }).map((hit) => hit.section.file)).toEqual(['auth.md']);
  });

  it('takes a word the docs use as meant, not as a typo of another', () => {
    const index = indexOf({ 'seats.md': '# Seats\n\nEvery seat is taken.', 'access.md': '# Access\n\nSend the token.' });
    expect(index.search('taken', { limit: 5 }).map((hit) => hit.section.file)).toEqual(['seats.md']);
    expect(index.search('tokken', { limit: 5 }).map((hit) => hit.section.file)).toEqual(['access.md']);
  });
});
