// The words of a question that can match docs text, analysed exactly like the search index analyses docs
// (server/docs/analyzer.ts), minus words that are about asking rather than about the topic.
import { termsOf } from '../docs/analyzer.ts';

/** "How do I use ...", "tell me ...", "in the docs": present in questions, absent as a topic. */
const ASKING_TERMS = new Set(
  termsOf('use using get make tell explain show know docs doc documentation anything something thing possible'),
);

/** Distinct stemmed topic terms of `text`, in first-seen order. */
export function contentTerms(text: string): string[] {
  return termsOf(text).filter((term) => !ASKING_TERMS.has(term));
}
