// How text becomes index terms, the same at index and query time: lowercase, English stop words out,
// Porter stems, and code identifiers also split into their words (`getCookie` -> getcooki, get, cooki).
import { stemmer } from 'stemmer';

// Common English function words: they match nearly every section and only blur the ranking.
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which while who whom why will
  with would you your yours yourself yourselves ll ve re s t d m don doesn didn isn aren wasn weren won can't i'm
  please want wanted need needs also way`.split(/\s+/),
);

const CAMEL_CASE_BOUNDARY = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;

/** MiniSearch `processTerm`: null drops the token, an array indexes several terms. */
export function processTerm(token: string): string | string[] | null {
  const lower = token.toLowerCase();
  if (STOP_WORDS.has(lower) || (lower.length < 2 && !/\d/.test(lower))) return null;
  const stemmed = stem(lower);
  const parts = token.split(CAMEL_CASE_BOUNDARY);
  if (parts.length < 2) return stemmed;
  const terms = new Set([stemmed]);
  for (const part of parts) {
    const partLower = part.toLowerCase();
    if (partLower.length > 1 && !STOP_WORDS.has(partLower)) terms.add(stem(partLower));
  }
  return [...terms];
}

function stem(word: string): string {
  return /^[a-z]+$/.test(word) ? stemmer(word) : word;
}

const TOKEN_SEPARATOR = /[\n\r\p{Z}\p{P}\p{S}]+/u;

/** MiniSearch `tokenize`: split on spaces, punctuation and symbols (so `=>` or `|` never become terms). */
export function tokenize(text: string): string[] {
  return text.split(TOKEN_SEPARATOR).filter((token) => token !== '');
}

/** The distinct terms of a text, in order of appearance. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const token of tokenize(text)) {
    const processed = processTerm(token);
    if (processed === null) continue;
    for (const term of Array.isArray(processed) ? processed : [processed]) terms.add(term);
  }
  return [...terms];
}
