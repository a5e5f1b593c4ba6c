// Sections that quote what a reader pasted: a troubleshooting entry that shows the very console message
// ("Access to fetch ... has been blocked by CORS policy") or the server's answer (`{"error":"domain:
// unknown domain \"acme\""}`) is the one the reader is looking for, though the pasted text's other words
// (their host, their paths, their values) say nothing to the search.
import type { Section } from './types.ts';

/** Words in a row a section must share with a pasted message: three are too common ("is not defined"). */
const RUN_WORDS = 4;
/** Of which at least this many longer than three letters: "to the end of" is no message. */
const LONG_WORDS = 2;

const WORD = /[a-z0-9]+/g;
/** Runs looked for at most: a message says what it is in its first words, and a pasted log of 8,000 characters made a thousand runs to look for in each of 64 sections. */
const MAX_RUNS = 200;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Every run of RUN_WORDS words of the pasted text (with enough long words), as " w1 w2 w3 w4 " to find in a section's words. */
export function pastedRuns(messages: readonly string[]): string[] {
  const runs = new Set<string>();
  for (const message of messages) {
    const words = wordsOf(message);
    for (let start = 0; start + RUN_WORDS <= words.length; start++) {
      const run = words.slice(start, start + RUN_WORDS);
      if (run.filter((word) => word.length > 3).length >= LONG_WORDS) runs.add(` ${run.join(' ')} `);
      if (runs.size >= MAX_RUNS) return [...runs];
    }
  }
  return [...runs];
}

/**
 * Whether the section's words hold one of the runs. Read anew each time, not kept: a pasted question reads 64
 * sections (well under a millisecond), and kept strings would grow, question after question, towards a second
 * copy of a large site's text.
 */
export function quotesPasted(section: Section, runs: readonly string[]): boolean {
  const words = ` ${wordsOf(section.text).join(' ')} `;
  return runs.some((run) => words.includes(run));
}
