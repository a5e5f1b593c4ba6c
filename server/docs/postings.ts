// Scores query terms straight from MiniSearch's own posting maps into preallocated typed arrays.
// Why not `miniSearch.search()`: it builds a result object (terms array, match object) for every
// posting of every term and sorts them all; at 50,000 sections a common word has tens of thousands of
// postings and one question cost 30-700 ms, almost all of it in those objects. Summing the same BM25+
// scores into arrays costs a fraction. MiniSearch still owns the radix tree that expands prefixes and
// typos and the documents' bookkeeping; its leaves hold our posting lists (searchIndex.ts adds and
// vacuums them). The internals read here are checked once at creation (`postingsOf`), so a MiniSearch
// release that changes them fails loudly at startup.
import type MiniSearch from 'minisearch';

/**
 * The documents (short ids) holding a term in one field and how often, interleaved `[document, count, ...]`
 * in the order they were added (searchIndex.ts writes them in MiniSearch's tree in place of its Maps): two
 * small integers a posting, where the Maps took about 50 bytes (85 MB of a large site's 134 MB heap).
 */
export type PostingList = number[];
/** Per field id, the term's posting list. */
type FieldTermData = Map<number, PostingList>;

/** How many documents a posting list holds. */
export function postingCount(list: PostingList): number {
  return list.length >> 1;
}

/** The part of MiniSearch's radix tree used here (SearchableMap; not exported as a type). */
interface TermDictionary {
  entries(): Iterable<[string, FieldTermData]>;
  get(term: string): FieldTermData | undefined;
  atPrefix(prefix: string): Iterable<[string, FieldTermData]>;
  fuzzyGet(term: string, maxDistance: number): Map<string, [FieldTermData, number]>;
}

/** MiniSearch's own fields read here, by their meaning (MiniSearch names them `_index`, `_nextId` ...). */
interface MiniSearchInternals {
  readonly index: TermDictionary;
  readonly documentCount: number;
  readonly fieldIds: Record<string, number>;
  readonly fieldLength: Map<number, number[]>;
  readonly averageFieldLength: number[];
  readonly nextId: number;
  readonly documentIds: Map<number, unknown>;
  /** Documents discarded since the last vacuum (their postings are still in the lists). */
  readonly dirtCount: number;
}

interface CompiledList {
  documents: Int32Array;
  parts: Float64Array;
  inverseFrequency: number;
}

/** One processed question term and how far it may stretch. */
export interface QueryTerm {
  term: string;
  prefix: boolean;
  /** Allowed edits as a share of the term's length, or false; only for a term no section has. */
  fuzzy: number | false;
  /** The docs' words for what the reader's word names (synonyms.ts, chineseScripts.ts), found as this term. */
  alternatives?: readonly string[];
  /** The alternatives are this word itself in another form (a katakana loanword's English name, a compound's words): they weigh in full. */
  sameWord?: boolean;
  /** What the term's matches weigh (1 unless said). */
  weight?: number;
  /**
   * For a question asked in another language than the docs' (the glossary's words): the reader's word and its forms
   * in other languages of its script (`quoted`), which such docs write only in quoted strings, are no rarer in a
   * field than the commonest of the docs' own words for it (`as`).
   */
  noRarer?: { quoted: readonly string[]; as: readonly string[] };
}

/** Summed scores of one query: `documents[0..count)` were touched; index the arrays by short id. */
export interface Accumulated {
  count: number;
  documents: Int32Array;
  /** MiniSearch's score: the summed BM25+ of every matching term, times the number of query terms matched. */
  scores: Float64Array;
  /** Bit i set: the document matched query term i (through any of its expansions). */
  matched: Uint32Array;
  /**
   * How telling query term i is: its inverse document frequency over sections, the highest for a
   * word no section has. `matched` weighed by these says how much of a question a section covers.
   */
  termWeights: Float64Array;
  termCount: number;
}

// MiniSearch's defaults (bm25 k/b/d, the weights of prefix and typo matches, maxFuzzy): the same
// scores as its search(), so the ranking measured with it (bench/retrieval.ts) still holds.
const K = 1.2;
const B = 0.7;
const D = 0.5;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** A docs' word for the reader's, when the docs use the reader's too: below the word itself, above a prefix or a typo of it. */
const ALTERNATIVE_WEIGHT = 0.5;
const MAX_FUZZY = 6;
/** Postings kept as arrays (12 bytes each): about 24 MB at most. */
const MAX_COMPILED_POSTINGS = 2_000_000;
const MAX_CACHED_EXPANSIONS = 4096;
/**
 * Lists this long are compiled when the index is built (up to 3/4 of the budget), so the first question
 * with a common word does not pay for it: at 50,000 sections they hold about 2/3 of all postings, and a
 * small site has none.
 */
const PRECOMPILED_MIN_LENGTH = 500;
/** Bits in `matched`. */
export const MAX_QUERY_TERMS = 32;

export interface Postings {
  /** Call after every add to MiniSearch: copies the new documents' field lengths. */
  added(): void;
  /** Call after discarding documents. */
  changed(): void;
  /** Compiles the longest posting lists ahead of the first questions (see PRECOMPILED_MIN_LENGTH). */
  precompile(): void;
  /**
   * Scores `terms` over documents whose `allowed` byte is 1 (index by short id), each score then weighed by
   * `coverage` when given (CoverageWeight: in the same pass over the documents, not one more).
   */
  accumulate(terms: QueryTerm[], allowed: Uint8Array, into: Accumulated, coverage?: CoverageWeight): void;
  createAccumulator(): Accumulated;
  /** Whether any section has the term, as itself, a prefix of a longer word or within its typo budget. */
  known(term: QueryTerm): boolean;
  /** Documents whose `field` has exactly `term` (no prefix, no typo): their posting list there. */
  inField(term: string, field: string): Readonly<PostingList> | undefined;
  /** The short id MiniSearch gives the next document it adds (ids are handed out in order). */
  readonly nextDocument: number;
}

export function postingsOf(miniSearch: MiniSearch<never> | MiniSearch<unknown>, boosts: Record<string, number>): Postings {
  const internals = checkedInternals(miniSearch);
  const fields = Object.entries(boosts).map(([name, boost]) => {
    const id = internals.fieldIds[name];
    if (id === undefined) throw new Error(`minisearch: no field ${name}`);
    return { id, boost };
  });
  // Field lengths by field id, then short id: typed arrays instead of one Map lookup per posting.
  let fieldLengths: Uint32Array[] = [];
  let capacity = 0;
  let copiedUpTo = 0;
  const compiledLists = new Map<PostingList, CompiledList>();
  let compiledSize = 0;
  const expansionCache = new Map<string, [FieldTermData, number][]>();

  function grow(needed: number): void {
    if (needed <= capacity) return;
    capacity = Math.max(needed, Math.ceil(capacity * 1.5), 64);
    fieldLengths = Object.keys(internals.fieldIds).map((_, fieldId) => {
      const next = new Uint32Array(capacity);
      const previous = fieldLengths[fieldId];
      if (previous) next.set(previous);
      return next;
    });
  }

  function added(): void {
    grow(internals.nextId);
    for (let document = copiedUpTo; document < internals.nextId; document++) {
      const lengths = internals.fieldLength.get(document);
      if (!lengths) continue;
      for (let fieldId = 0; fieldId < lengths.length; fieldId++) (fieldLengths[fieldId] as Uint32Array)[document] = lengths[fieldId] ?? 0;
    }
    copiedUpTo = internals.nextId;
    changed();
  }

  function createAccumulator(): Accumulated {
    return {
      count: 0,
      documents: new Int32Array(capacity),
      scores: new Float64Array(capacity),
      matched: new Uint32Array(capacity),
      termWeights: new Float64Array(MAX_QUERY_TERMS),
      termCount: 0,
    };
  }

  function accumulate(terms: QueryTerm[], allowed: Uint8Array, into: Accumulated, coverage?: CoverageWeight): void {
    reset(into);
    if (into.scores.length < capacity) Object.assign(into, createAccumulator());
    const { documents, scores, matched } = into;
    let count = 0;
    const documentCount = internals.documentCount;
    into.termCount = Math.min(terms.length, MAX_QUERY_TERMS);
    terms.slice(0, MAX_QUERY_TERMS).forEach((query, termPosition) => {
      const bit = 2 ** termPosition;
      const found = expansions(query);
      // The word's own sections (or its closest expansion's, for a typo) tell how rare it is.
      let sectionsWithTerm = 0;
      for (const [data] of found.slice(0, 1)) for (const [fieldId, frequencies] of data) sectionsWithTerm = Math.max(sectionsWithTerm, compiled(frequencies, fieldId).documents.length);
      into.termWeights[termPosition] = Math.log(1 + (documentCount - sectionsWithTerm + 0.5) / (sectionsWithTerm + 0.5));
      const quoted = query.noRarer ? new Set(query.noRarer.quoted.map((word) => internals.index.get(word))) : undefined;
      const commonest = query.noRarer ? commonestInverseFrequencies(query.noRarer.as) : undefined;
      for (const [data, weight] of found) {
        for (const field of fields) {
          const frequencies = data.get(field.id);
          if (!frequencies) continue;
          const list = compiled(frequencies, field.id);
          const inverseFrequency = quoted?.has(data) ? Math.min(list.inverseFrequency, commonest?.[field.id] ?? Infinity) : list.inverseFrequency;
          const scale = weight * (query.weight ?? 1) * field.boost * inverseFrequency;
          const { documents: listed, parts } = list;
          for (let position = 0; position < listed.length; position++) {
            const document = listed[position] as number;
            if (allowed[document] !== 1) continue;
            if (matched[document] === 0) documents[count++] = document;
            matched[document] = ((matched[document] as number) | bit) >>> 0;
            scores[document] = (scores[document] as number) + scale * (parts[position] as number);
          }
        }
      }
    });
    into.count = count;
    const { floor = 0, power = 0 } = coverage ?? {};
    const sums = floor > 0 || power !== 0 ? coverageSums(into) : undefined;
    for (let position = 0; position < count; position++) {
      const document = documents[position] as number;
      const bits = matched[document] as number;
      const score = (scores[document] as number) * bitCount(bits);
      if (sums === undefined) scores[document] = score;
      else {
        const covered = coverageIn(sums, bits);
        scores[document] = score * ((floor > 0 ? Math.min(1, covered / floor) : 1) * (power === 0 ? 1 : covered ** power));
      }
    }
  }

  /**
   * Per field, the lowest inverse frequency among the lists of `words` (QueryTerm.noRarer). Their own lists' made a
   * reader's Chinese word that English docs write once, in the widget's own strings (提问), weigh there as a word of
   * one section, far above the docs' word for it (question) in the sections about the topic.
   */
  function commonestInverseFrequencies(words: readonly string[]): number[] {
    const lowest: number[] = [];
    for (const word of words) {
      for (const [fieldId, frequencies] of internals.index.get(word) ?? []) {
        const inverseFrequency = compiled(frequencies, fieldId).inverseFrequency;
        if (inverseFrequency < (lowest[fieldId] ?? Infinity)) lowest[fieldId] = inverseFrequency;
      }
    }
    return lowest;
  }

  /**
   * A posting map as arrays: its documents and each one's BM25+ term part (everything but the
   * field boost, the match weight and the inverse document frequency, which apply to the whole list).
   * Iterating arrays is several times faster than a Map; lists are kept (least recently used dropped
   * past a budget) until the sections change, since field lengths and their average then move.
   */
  function compiled(frequencies: PostingList, fieldId: number): CompiledList {
    const known = compiledLists.get(frequencies);
    if (known) {
      compiledLists.delete(frequencies);
      compiledLists.set(frequencies, known);
      return known;
    }
    const documentCount = internals.documentCount;
    const lengths = fieldLengths[fieldId] as Uint32Array;
    const lengthFactor = (K * B) / (internals.averageFieldLength[fieldId] || 1);
    // Documents discarded since the last vacuum are left out, and out of the count: the scores are those of
    // an index built without them (a list longer than the document count gave negative weights).
    const documentIds = internals.dirtCount === 0 ? undefined : internals.documentIds;
    const documents = new Int32Array(postingCount(frequencies));
    const parts = new Float64Array(documents.length);
    let matching = 0;
    for (let at = 0; at < frequencies.length; at += 2) {
      const document = frequencies[at] as number;
      if (documentIds && !documentIds.has(document)) continue;
      const frequency = frequencies[at + 1] as number;
      documents[matching] = document;
      parts[matching++] = D + (frequency * (K + 1)) / (frequency + K * (1 - B) + lengthFactor * (lengths[document] as number));
    }
    const list: CompiledList = {
      documents: matching === documents.length ? documents : documents.slice(0, matching),
      parts: matching === parts.length ? parts : parts.slice(0, matching),
      inverseFrequency: Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5)),
    };
    compiledLists.set(frequencies, list);
    compiledSize += matching;
    for (const [oldest, evicted] of compiledLists) {
      if (compiledSize <= MAX_COMPILED_POSTINGS) break;
      compiledLists.delete(oldest);
      compiledSize -= evicted.documents.length;
    }
    return list;
  }

  function precompile(): void {
    const lists: [PostingList, number][] = [];
    for (const [, data] of internals.index.entries()) {
      for (const [fieldId, frequencies] of data) if (postingCount(frequencies) >= PRECOMPILED_MIN_LENGTH) lists.push([frequencies, fieldId]);
    }
    lists.sort((a, b) => b[0].length - a[0].length);
    for (const [frequencies, fieldId] of lists) {
      if (compiledSize + postingCount(frequencies) > MAX_COMPILED_POSTINGS * 0.75) break;
      compiled(frequencies, fieldId);
    }
  }

  /** After sections are added or discarded: lengths, averages and document frequencies have moved. */
  function changed(): void {
    expansionCache.clear();
    compiledLists.clear();
    compiledSize = 0;
  }

  /** The term itself, then (as MiniSearch weighs them) longer words it prefixes, then (for an unknown word) words within its typo budget. */
  function expansions(query: QueryTerm): [FieldTermData, number][] {
    // Walking the radix tree for typos is the dearest step left for a long word: readers repeat words.
    const cacheKey = `${query.term} ${query.prefix} ${query.fuzzy} ${query.sameWord === true} ${query.alternatives?.join(' ') ?? ''}`;
    const known = expansionCache.get(cacheKey);
    if (known) return known;
    const found = expand(query);
    if (expansionCache.size >= MAX_CACHED_EXPANSIONS) expansionCache.delete(expansionCache.keys().next().value as string);
    expansionCache.set(cacheKey, found);
    return found;
  }

  function expand(query: QueryTerm): [FieldTermData, number][] {
    const found: [FieldTermData, number][] = [];
    const exact = internals.index.get(query.term);
    if (exact) found.push([exact, 1]);
    const prefixed = new Set<string>();
    if (query.prefix) {
      for (const [term, data] of internals.index.atPrefix(query.term)) {
        const distance = term.length - query.term.length;
        if (distance === 0) continue;
        prefixed.add(term);
        found.push([data, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance)]);
      }
    }
    // A word the docs use is taken as meant, not as a typo: this skips the dearest step (walking the
    // dictionary within an edit distance) for most words, and measured the same recall and MRR.
    if (query.fuzzy !== false && !exact) {
      const maxDistance = Math.min(MAX_FUZZY, Math.round(query.term.length * query.fuzzy));
      if (maxDistance > 0) {
        for (const [term, [data, distance]] of internals.index.fuzzyGet(query.term, maxDistance)) {
          if (distance === 0 || prefixed.has(term)) continue;
          found.push([data, (FUZZY_WEIGHT * term.length) / (term.length + distance)]);
        }
      }
    }
    for (const alternative of query.alternatives ?? []) {
      const data = internals.index.get(alternative);
      // A word the docs never use has only the docs' words for it to stand in for it.
      if (data) found.push([data, exact && !query.sameWord ? ALTERNATIVE_WEIGHT : 1]);
    }
    return found;
  }

  added();
  return {
    added,
    changed,
    precompile,
    accumulate,
    createAccumulator,
    known: (term) => expansions(term).length > 0,
    inField: (term, field) => {
      const fieldId = internals.fieldIds[field];
      return fieldId === undefined ? undefined : internals.index.get(term)?.get(fieldId);
    },

    get nextDocument() {
      return internals.nextId;
    },
  };
}

/** Share (0-1) of the query's weight that a document's matched terms carry. */
export function coverageOf(accumulated: Accumulated, document: number): number {
  let total = 0;
  let covered = 0;
  const bits = accumulated.matched[document] ?? 0;
  for (let term = 0; term < accumulated.termCount; term++) {
    const weight = accumulated.termWeights[term] as number;
    total += weight;
    if (bits & (2 ** term)) covered += weight;
  }
  return total === 0 ? 0 : covered / total;
}

/**
 * How a question's score is weighed by its coverage: cut in proportion below `floor` (0: not cut), and raised to
 * `power` (0: not weighed).
 */
export interface CoverageWeight {
  floor: number;
  power: number;
}

/**
 * coverageOf for every document of one query, read from four tables of 256 sums (one per byte of `matched`: each
 * byte's share of the question's weight; all 0 when it weighs nothing) instead of a loop over the terms or a map
 * from matched sets: on a large site a question's common words touch tens of thousands of sections, and a map
 * lookup for each was a tenth of the search.
 */
export function coverageSums(accumulated: Accumulated): Float64Array {
  let total = 0;
  for (let term = 0; term < accumulated.termCount; term++) total += accumulated.termWeights[term] as number;
  const sums = new Float64Array(4 * 256);
  if (total === 0) return sums;
  for (let byte = 0; byte * 8 < accumulated.termCount; byte++) {
    for (let bits = 1; bits < 256; bits++) {
      // The sum without the lowest bit, plus that bit's term.
      const lowest = 31 - Math.clz32(bits & -bits);
      const term = byte * 8 + lowest;
      const weight = term < accumulated.termCount ? (accumulated.termWeights[term] as number) / total : 0;
      sums[byte * 256 + bits] = (sums[byte * 256 + (bits & (bits - 1))] as number) + weight;
    }
  }
  return sums;
}

/** The coverage (coverageOf) of a document whose matched terms are `bits`, from coverageSums' tables. */
export function coverageIn(sums: Float64Array, bits: number): number {
  return (sums[bits & 255] as number) + (sums[256 + ((bits >>> 8) & 255)] as number) + (sums[512 + ((bits >>> 16) & 255)] as number) + (sums[768 + (bits >>> 24)] as number);
}

/** Clears only what the last query touched. */
function reset(accumulated: Accumulated): void {
  for (let position = 0; position < accumulated.count; position++) {
    const document = accumulated.documents[position] as number;
    accumulated.scores[document] = 0;
    accumulated.matched[document] = 0;
  }
  accumulated.count = 0;
}

export function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function checkedInternals(miniSearch: unknown): MiniSearchInternals {
  const raw = miniSearch as Record<string, unknown>;
  // Read on every use: MiniSearch replaces some of them (counts, and the index on removeAll).
  const internals: MiniSearchInternals = {
    get index() {
      return raw['_index'] as TermDictionary;
    },
    get documentCount() {
      return raw['_documentCount'] as number;
    },
    get fieldIds() {
      return raw['_fieldIds'] as Record<string, number>;
    },
    get fieldLength() {
      return raw['_fieldLength'] as Map<number, number[]>;
    },
    get averageFieldLength() {
      return raw['_avgFieldLength'] as number[];
    },
    get nextId() {
      return raw['_nextId'] as number;
    },
    get documentIds() {
      return raw['_documentIds'] as Map<number, unknown>;
    },
    get dirtCount() {
      return raw['_dirtCount'] as number;
    },
  };
  const index = internals.index as Partial<TermDictionary> | undefined;
  const shaped =
    typeof index?.get === 'function' &&
    typeof index.entries === 'function' &&
    typeof index.atPrefix === 'function' &&
    typeof index.fuzzyGet === 'function' &&
    typeof internals.documentCount === 'number' &&
    typeof internals.nextId === 'number' &&
    internals.fieldLength instanceof Map &&
    internals.documentIds instanceof Map &&
    typeof internals.dirtCount === 'number' &&
    Array.isArray(internals.averageFieldLength) &&
    typeof internals.fieldIds === 'object';
  if (!shaped) throw new Error('minisearch: its internal index has changed shape; server/docs/postings.ts needs updating for this MiniSearch version');
  return internals;
}
