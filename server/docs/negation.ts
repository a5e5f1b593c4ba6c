// What a reader asks to do without ("How do I validate requests without Zod?", "How do I test my routes without starting
// a real server?"): the word left out is not what the answer is about, though the docs' sections on it say it most.
import { termsOf } from './analyzer.ts';

/** The word after without (articles and "using" skipped). */
const LEFT_OUT = /\bwithout(?:\s+(?:using|the|a|an|any))*\s+([\w.+#-]+)/gi;

/** The terms of what the question asks to do without. */
export function leftOutTerms(question: string): Set<string> {
  return new Set([...question.matchAll(LEFT_OUT)].flatMap((match) => termsOf(match[1] ?? '')));
}
