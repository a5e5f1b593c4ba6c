// The words of a question that can match docs text, analysed exactly like the search index analyses docs
// (server/docs/analyzer.ts), minus words that are about asking rather than about the topic.
import { termsOf, termsOfToken, wordsOf } from '../docs/analyzer.ts';

/** "How do I use ...", "tell me ...", "in the docs": present in questions, absent as a topic. */
const ASKING_TERMS = new Set(
  termsOf('use using get make tell explain show know docs doc documentation anything something thing possible'),
);

/** Distinct stemmed topic terms of `text`, in first-seen order. */
export function contentTerms(text: string): string[] {
  return termsOf(text).filter((term) => !ASKING_TERMS.has(term));
}

const LONE_HAN = /^\p{Script=Han}$/u;

/**
 * How many topic words `text` has, as a reader counts them: each distinct word once, however many terms it
 * gives (`TypeScript` is one word, though it is also indexed as type and script), and the character pairs of
 * Chinese and Japanese text not at all; a lone Han character counts half, since the segmenter splits
 * compounds (组件 -> 组|件, 服务端 -> 服务|端). Terms would count "那组件呢？" (what about components?) as three.
 */
export function topicWordCount(text: string): number {
  const seen = new Set<string>();
  let count = 0;
  for (const word of readerWordsOf(text)) {
    const terms = termsOfToken(word);
    // A stop word has no terms, and every() holds for none.
    if (terms.every((term) => ASKING_TERMS.has(term)) || seen.has(terms[0] as string)) continue;
    seen.add(terms[0] as string);
    count += LONE_HAN.test(word) ? 0.5 : 1;
  }
  return count;
}

/** The words of `text` as a reader counts them: a hyphenated or snake_case name (`built-in`, `max_age`) once, not also its parts. */
function readerWordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of wordsOf(text)) {
    const parts = word.split(/[-_]/);
    // The analyzer gives a joined name right after its parts.
    if (parts.length > 1 && words.slice(-parts.length).join('') === parts.join('')) words.length -= parts.length;
    words.push(word);
  }
  return words;
}
