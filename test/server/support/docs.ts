// A search index over Markdown files written in a test, each built into its page as the server builds it,
// and the answer the server streams from it (without a model, or with the answerer given).
import { ourRetriever, readQuestions, scoreRetrieval, type RetrievalScore } from '../../../bench/retrieval.ts';
import { createExtractiveAnswerer, type Answerer } from '../../../server/assistant/answerers.ts';
import { retrieveDocs } from '../../../server/assistant/retrieve.ts';
import { loadDocs } from '../../../server/docs/load.ts';
import { createDocsIndex, type RankingOptions } from '../../../server/docs/searchIndex.ts';
import { buildPage } from '../../../server/docs/sections.ts';
import type { Synonyms } from '../../../server/docs/synonyms.ts';
import type { DocsIndex, Page, Section } from '../../../server/docs/types.ts';

/** The index over `files` (path -> Markdown). */
export function indexOf(files: Record<string, string>, ranking: Partial<RankingOptions> = {}, synonyms?: Synonyms): DocsIndex {
  const pages: Page[] = Object.entries(files).map(([file, source]) => buildPage(file, source).page);
  return createDocsIndex({ pages, sections: pages.flatMap((page) => page.sections), warnings: [] }, ranking, synonyms);
}

/** The answer the server streams without a model, joined. */
export async function extractiveAnswer(index: DocsIndex, question: string): Promise<string> {
  return (await answerWith(createExtractiveAnswerer(), index, question)).text;
}

/** What `answerer` streams for a first question, joined, with the sections it cites; each retrieval takes `limit` sections. */
export async function answerWith(answerer: Answerer, index: DocsIndex, question: string, limit = 5): Promise<{ text: string; sources: Section[] }> {
  const plan = await answerer({
    question,
    history: [],
    retrieve: (asked, turns) => retrieveDocs(index, asked, turns, { limit }),
    search: (query) => index.search(query, { limit: 5 }).map((hit) => hit.section),
    signal: new AbortController().signal,
  });
  let text = '';
  for await (const delta of plan.deltas) text += delta;
  return { text, sources: plan.sources };
}

/** A bench question set scored with the shipped ranking and with `without` (a rule turned off), each over a fresh index of its docs. */
export async function scoredWithAndWithout(set: { docsDir: string; questionsFile: string }, without: Partial<RankingOptions>): Promise<{ ours: RetrievalScore; without: RetrievalScore; questions: number }> {
  const [docs, questions] = await Promise.all([loadDocs(set.docsDir), readQuestions(set.questionsFile)]);
  return { ours: scoreRetrieval(questions, ourRetriever(docs)), without: scoreRetrieval(questions, ourRetriever(docs, without)), questions: questions.length };
}

/** The last heading of the first section a search for `question` finds. */
export const firstHeading = (index: DocsIndex, question: string): string | undefined => index.search(question, { limit: 5 })[0]?.section.headingPath.at(-1);

/** A section's place (its headings, the first its page's title), as the heading rules read it. */
export const headingPlace = (...headingPath: string[]): Pick<Section, 'headingPath' | 'pageTitle'> => ({ headingPath, pageTitle: headingPath[0] ?? '' });
