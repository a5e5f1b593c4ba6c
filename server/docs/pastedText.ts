// What a reader pasted into a question rather than wrote: an error message, a console line, a URL, a
// token, a server's JSON answer. Its words are the machine's (the reader's host, file names, error codes,
// a session token), not the topic the reader asks about: its names never take a question beyond the docs,
// its words come after the reader's own, and a section quoting the message is the one to find.

/** Start and end (exclusive) of a pasted part of a question. */
export type Span = readonly [start: number, end: number];

/**
 * A URL, with the HTTP method a console line names before it ("POST https://…/message 401"): the reader's own
 * server or files, its path as theirs as its host ("/discovery/v2/assistant/acme/message" found the API reference
 * for a 401).
 */
const FULL_URL = /(?:\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+)?\b(?:https?|wss?|file):\/\/[^\s'"`<>()]+/g;
/**
 * A URL, or a path with a file's extension: the reader's own host and files. A path is tried only where one can
 * start (never inside one), so a question of 8,000 slashes stays linear.
 */
const ADDRESS = new RegExp(String.raw`${FULL_URL.source}|(?<![\w@./~-])(?:[.~@]?\/|[\w@.-]+\/)[\w@./-]*\.[A-Za-z]{1,5}\b`, 'g');

/**
 * An error's label: a class (TypeError, HTTPException), error or warning in any case, optionally with a code
 * ("error TS2307", "Error [ERR_REQUIRE_ESM]"), or a bracketed tag ending in one ("[Vue warn]"), then a colon.
 */
const LABEL = String.raw`(?:\b[A-Z]\w*(?:Error|Exception)\b|\b(?:[Ee]rror|ERROR|[Ww]arn(?:ing)?|WARN(?:ING)?)\b(?:\s+TS\d+)?|\[[^\]\n]{1,40}\b(?:warn|warning|error)\])(?:\s*\[[A-Z][A-Z0-9_]*\])?:`;
const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;

/**
 * An error's label and its message up to the end of its sentence: "TypeError: Cannot read properties of
 * null", "Error [ERR_REQUIRE_ESM]: require() of ES Module", "error TS2307: Cannot find module",
 * "[Vue warn]: Failed to resolve component". The sentence ends at a full stop, question or exclamation mark
 * before a space, at a line's end or where Chinese, Japanese or Korean text resumes (the reader's own words).
 */
const ERROR_MESSAGE = new RegExp(String.raw`${LABEL}[^\n${UNSPACED}]*?(?=[.?!](?:\s|$)|\n|[${UNSPACED}]|$)`, 'gu');

/** An error's label and the first word of its message, which opens a sentence ("HTTPException: Unauthorized"): no name. */
const ERROR_LABEL = new RegExp(String.raw`${LABEL}\s*[\w'-]*`, 'gu');

/** A word that is an error's code or class: ENOSPC, EADDRINUSE, ERR_ABORTED, TS2307, ReferenceError, HTTPException. Never the reader's topic. */
const ERROR_CODE = /\b(?:E[A-Z]{4,}|ERR_[A-Z0-9_]+|TS\d{4,}|[A-Z]\w*(?:Error|Exception))\b/g;
/** A run of twelve characters or more, a token when it mixes letters and digits (a JWT's part, a file's hash); matched whole, so a long run costs one pass. */
const LONG_RUN = /(?<![\w-])[\w-]{12,}(?![\w-])/g;

/** Error codes and tokens, with where they start. */
function codesAndTokens(question: string): RegExpMatchArray[] {
  return [...question.matchAll(ERROR_CODE), ...[...question.matchAll(LONG_RUN)].filter((match) => /\d/.test(match[0]) && /[A-Za-z]/.test(match[0]))];
}

/**
 * A line of a stack trace: "    at fetch (file:///app/src/index.ts:12:5)", '  File "/app/main.py", line 12, in
 * <module>'. Where the program was, in the reader's own files: its words (app, src, node_modules, dist) found a
 * Dockerfile for a Hono error pasted with its stack.
 */
const STACK_FRAME = /^[ \t]*(?:at [^\n]*?:\d+(?::\d+)?\)?|File "[^"\n]*", line \d+[^\n]*)[ \t]*$/gm;

/** An HTTP status and the first word of its reason or message ("401 Incorrect API key provided", "404 (Not Found)"): no name. */
const STATUS_REASON = /\b[1-5]\d\d:?\s+\(?[A-Z][\w'-]*/g;

/** A fenced code block (to its closing fence, or the question's end): the reader's own code. */
const FENCED_CODE = /```[^\n]*\n[\s\S]*?(?:```|$)/g;

/** A JSON object a server answered: `{"error":"domain: unknown domain \"acme\""}`. */
const JSON_OBJECT = /\{\s*"[^{}\n]*\}/g;

const UNSPACED_CHARACTER = new RegExp(`[${UNSPACED}]`, 'u');
/** A run of Latin words (with what an English sentence holds between them) inside Chinese, Japanese or Korean text. */
const LATIN_RUN = new RegExp(String.raw`[A-Za-z][^${UNSPACED}。，、？！：；（）「」『』\n]*`, 'gu');
const LATIN_WORD = /[A-Za-z][\w'-]*/g;
/** Fewer Latin words in a row are names a reader writes in their own language (Vue Router, React Native). */
const MIN_PASTED_WORDS = 4;
/** A run of names (Google Maps JavaScript API) is not a sentence: a sentence has at least two words in lower case. */
const MIN_LOWER_CASE_WORDS = 2;

/** The pasted parts of a question, in order; overlapping parts are merged. */
export function pastedSpans(question: string): Span[] {
  return merged([...matchedSpans(question, [ADDRESS, ERROR_MESSAGE, JSON_OBJECT, STACK_FRAME, FENCED_CODE]), ...spansOf(codesAndTokens(question)), ...englishAmongOtherScripts(question)]);
}

/**
 * The parts of a question where a capitalized word is no name: addresses, codes and tokens, a server's JSON,
 * an English sentence among Chinese, Japanese or Korean words, and an error's label or an HTTP status with the
 * word opening its message. The rest of an English error message may still name something ("Error: listen EADDRINUSE when I
 * deploy to Heroku" asks about Heroku).
 */
export function namelessSpans(question: string): Span[] {
  return merged([...matchedSpans(question, [ADDRESS, ERROR_LABEL, STATUS_REASON, JSON_OBJECT, STACK_FRAME, FENCED_CODE]), ...spansOf(codesAndTokens(question)), ...englishAmongOtherScripts(question)]);
}

/**
 * The messages a reader pasted (an error's message, a server's JSON answer, an English sentence among
 * Chinese, Japanese or Korean words), without the addresses in them: the words a section quoting the
 * message would have too (quotedMessages.ts), where a URL's host and path are the reader's own.
 */
export function pastedMessages(question: string): string[] {
  return merged([...matchedSpans(question, [ERROR_MESSAGE, JSON_OBJECT]), ...englishAmongOtherScripts(question)]).map(([start, end]) => question.slice(start, end).replace(ADDRESS, ' ').trim());
}

/** A reader writing in Chinese, Japanese or Korean writes their own words in it: an English sentence among them ("[Vue warn]: Set operation on key "title" failed: target is readonly") was pasted. */
function englishAmongOtherScripts(question: string): Span[] {
  if (!UNSPACED_CHARACTER.test(question)) return [];
  const spans: Span[] = [];
  for (const match of question.matchAll(LATIN_RUN)) {
    const words = match[0].match(LATIN_WORD) ?? [];
    if (words.length >= MIN_PASTED_WORDS && words.filter((word) => /^[a-z]/.test(word)).length >= MIN_LOWER_CASE_WORDS) {
      spans.push([match.index, match.index + match[0].trimEnd().length]);
    }
  }
  return spans;
}

function matchedSpans(question: string, patterns: readonly RegExp[]): Span[] {
  return patterns.flatMap((pattern) => spansOf([...question.matchAll(pattern)]));
}

function spansOf(matches: readonly RegExpMatchArray[]): Span[] {
  return matches.map((match): Span => [match.index ?? 0, (match.index ?? 0) + match[0].length]);
}

/**
 * The text without its URLs and stack frames, where the reader's program runs: the words an answer's passages
 * are matched on ("Deliveries without a valid signature answer 401" under a 401 asked with the URL of `POST
 * .../message`, which that passage named too). A text that is nothing else stays as it is.
 */
export function withoutWhereItRuns(text: string): string {
  const rest = text.replace(STACK_FRAME, ' ').replace(FULL_URL, ' ');
  return /[\p{L}\p{N}]/u.test(rest) ? rest : text;
}

/** The fenced code blocks of a question, joined: the code the reader pasted, not their question. */
export function pastedCode(question: string): string {
  return question.includes('```') ? [...question.matchAll(FENCED_CODE)].map((match) => match[0]).join('\n') : '';
}

/** Whether the text from `start` to `end` lies inside a pasted part. */
export function insidePasted(spans: readonly Span[], start: number, end: number): boolean {
  return spans.some(([spanStart, spanEnd]) => start >= spanStart && end <= spanEnd);
}

function merged(spans: Span[]): Span[] {
  const sorted = spans.toSorted((first, second) => first[0] - second[0]);
  const result: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = result.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else result.push([start, end]);
  }
  return result;
}

/**
 * A question cut into the reader's own words and what they pasted (each part in order, the rest blanked; the
 * pasted part without its URLs and stack frames, which are where the reader's program runs, never what it
 * does), and the words of the pasted part that a machine made: error codes and tokens.
 */
export interface QuestionParts {
  own: string;
  pasted: string;
  machineWords: string[];
}

export function questionParts(question: string, spans: readonly Span[] = pastedSpans(question)): QuestionParts {
  let own = '';
  let position = 0;
  for (const [start, end] of spans) {
    own += `${question.slice(position, start)} `;
    position = end;
  }
  own += question.slice(position);
  return {
    own,
    pasted: spans
      .map(([start, end]) => question.slice(start, end))
      .join('\n')
      .replace(STACK_FRAME, ' ')
      .replace(FULL_URL, ' '),
    machineWords: codesAndTokens(question).map((match) => match[0]),
  };
}
