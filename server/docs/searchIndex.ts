// The search index over all sections: MiniSearch (BM25+) with heading/title boosts, stemming,
// prefix and fuzzy matching for longer terms, then our ranking steps: sections matching every
// question term first, page and folder of `currentPath` lifted, `context` terms as a weaker query,
// and at most a few sections per page before others get a place. MiniSearch holds the dictionary
// (its radix tree, for prefixes and typos) and the documents; its leaves hold our posting lists, which
// this file inserts and vacuums. Queries are scored from them into typed arrays (postings.ts) and only
// the best few are ranked (topRanked.ts), so a search at 50,000 sections stays within a few milliseconds.
import { deserialize, serialize } from 'node:v8';
import MiniSearch from 'minisearch';
import { compoundParts, loanwordsInHiragana } from './compounds.ts';
import { hasUnspacedScript, isKatakanaWord, joinedNameShares, katakanaTerm, joinedTermsOf, pairOnlyTerms, processTerm, termsOf, termsOfToken, tokenize, wordsOf, wordTermsOf } from './analyzer.ts';
import { compileFilter } from './filter.ts';
import { otherScriptForms } from './chineseScripts.ts';
import { GLOSSARY, glossaryAlternatives, glossaryEnglishWords, glossaryKnows } from './glossary.ts';
import { pastedCode, pastedMessages, pastedSpans, questionParts } from './pastedText.ts';
import { pastedRuns, quotesPasted } from './quotedMessages.ts';
import { asksWhy, headingGivesReason } from './reasons.ts';
import { exampleWordTerms } from './exampleRequest.ts';
import { leftOutTerms } from './negation.ts';
import { asksOldWays, headingMarksDeprecated } from './deprecated.ts';
import { asksDifference, headingCompares } from './comparisons.ts';
import { DEFAULT_SYNONYMS, signTerms, type Synonyms } from './synonyms.ts';
import { languageOfPath, languageOfText, primaryLanguage } from './language.ts';
import { bitCount, coverageOf, MAX_QUERY_TERMS, postingsOf, type Accumulated, type PostingList, type QueryTerm } from './postings.ts';
import { capPerPage, fillsUnderCap, introducesSite, namedSectionFirst, normalizePath, pageBoost, pagePathsOf, pageTopicFirst, type Candidate } from './ranking.ts';
import { createFieldAnalyzer, fitsPage, INDEXED_FIELDS, pageTermsOf, type FieldAnalyzer, type IndexedSection, type PageTerms } from './sectionTerms.ts';
import { liftTableRows, prepareTables, type AskedTerms } from './tableRows.ts';
import { topDocuments } from './topRanked.ts';
import { describesProblem, isTroubleshootingEntry, isTroubleshootingPage } from './symptoms.ts';
import type { DocsIndex, IndexedPage, LoadedDocs, SearchHit, SearchOptions, Section } from './types.ts';

/** Ranking knobs; the defaults are the measured ones (see bench/retrieval.ts). */
export interface RankingOptions {
  /** Field boosts: the section's own heading, page title, parent headings, body. */
  boost: { heading: number; title: number; breadcrumbs: number; text: number };
  /** Sections that match every question term rank before those that match some. */
  allTermsFirst: boolean;
  /**
   * Scores are multiplied by the section's coverage of the question (rare words weigh most) to this
   * power: a section with the question's rare word beats one with its filler words ("set", "keep").
   */
  coveragePower: number;
  /**
   * A section covering less than this share of the question (coverage, rare words weighing most) has its
   * score cut in proportion: one that matches only the question's common words in its headings gives way to
   * one with its rare words ("how do I answer with 201 instead of 200?" opened on the factory helper's
   * createHandlers(), now on `status()`). 0 = off.
   */
  coverageFloor: number;

  /**
   * Multiplier for a section whose own heading has exactly the question's terms ("How do I change the
   * colors?" and "## Change the colors"): the reader named the section, though a child section's
   * heading and text may share more of its words.
   */
  exactHeadingBoost: number;
  /** Multiplier for a section whose heading's terms are some of the question's ("Docusaurus" for "set it up with Docusaurus"). */
  partOfQuestionHeadingBoost: number;
  /**
   * Multiplier for a section whose heading has every term of a question of two or more, and more: a
   * keyword search ("launcher color" for "Change the launcher color"). Only when no heading is exactly
   * the question; above partOfQuestionHeadingBoost, so a one-word heading that is part of the search
   * does not win over it.
   */
  wholeQuestionInHeadingBoost: number;
  /** Sections of one page allowed before other pages fill the results (Infinity = no cap). */
  sectionsPerPage: number;
  /** Multiplier for sections on the reader's current page, and on pages in the same folder. */
  currentPageBoost: number;
  currentFolderBoost: number;
  /** Multiplier for sections in another language than the question's, on a site that has pages in the question's language. */
  otherLanguageFactor: number;
  /** Weight of `context` terms relative to the question's best score. */
  contextWeight: number;
  /** Multiplier for a follow-up's sections on the pages its setting (the last question) was answered from. */
  settingPageBoost: number;
  /** The same for a follow-up that names no other page (SearchOptions.staysOnSetting). */
  stayingSettingPageBoost: number;
  /** Query terms at least this long also match as prefixes and with typos (Infinity = never). */
  prefixMinLength: number;
  fuzzyMinLength: number;
  /** Allowed edits as a share of the term's length. */
  fuzziness: number;
  /** A reader's word also finds the docs' words for it (synonyms.ts): "spamming" finds rate limits. */
  alternatives: boolean;
  /** A page's intro found first gives way to a section of it whose heading names the rest of the question (ranking.ts, namedSectionFirst). */
  namedSectionFirst: boolean;
  /** A question on a page's topic starts at the page's opening section, not a subsection deep in it (ranking.ts, pageTopicFirst). */
  pageTopicFirst: boolean;
  /** What the product's name (a word in most sections: isProductName) weighs in a question with other words. */
  productNameWeight: number;
  /** What a word that names nothing (another, every, anything: GENERIC_WORDS) weighs in a question's score. */
  genericWordWeight: number;
  /** Multiplier for the entries of a troubleshooting page when the question describes a problem (symptoms.ts). */
  troubleshootingBoost: number;
  /** Multiplier for a table one of whose rows holds the question (tableRows.ts). 1 = off. */
  tableRowBoost: number;
  /** Multiplier for a section that quotes a run of what the reader pasted, an error message (quotedMessages.ts). 1 = off. */
  pastedMessageBoost: number;
  /** Multiplier for a section whose heading promises a reason (reasons.ts) when the question asks why. 1 = off. */
  reasonHeadingBoost: number;
  /** Multiplier for a section whose heading compares (comparisons.ts) when the question asks for a difference. 1 = off. */
  comparingHeadingBoost: number;
  /** What a term of the code a question quotes weighs, when the question's own words do not have it. 1 = as any. */
  pastedCodeWeight: number;
  /** Multiplier for a section whose heading marks it deprecated, when the question does not ask about old ways. 1 = off. */
  deprecatedHeadingWeight: number;
}

export const DEFAULT_RANKING: RankingOptions = {
  // Measured on bench/questions/hono.json: heading 3 (headings there are mostly API names like
  // `status()`) let one shared word outrank the page about the topic; 1.5 found 2 more of 60 questions.
  boost: { heading: 1.5, title: 2, breadcrumbs: 1, text: 1 },
  // Off since the question sets grew to four corpora (bench/retrieval.ts): a filler word ("set it up",
  // "I keep getting 429") put a section that only had it ahead of the one about the topic.
  allTermsFirst: false,
  coveragePower: 0,
  // Measured over every set (bench/retrieval.ts): 0.35 lifted P@1 on docs, hono, vue-zh, vue-zh-traditional and
  // vite-ja-reworded and lowered none; 0.25 did little, 0.5 lowered five sets.
  coverageFloor: 0.35,
  exactHeadingBoost: 2,
  // Measured (bench/retrieval.ts --variants): 1.5 lifts hono and vite-ja, 2 lets short generic headings win.
  partOfQuestionHeadingBoost: 1.5,
  wholeQuestionInHeadingBoost: 1.75,
  sectionsPerPage: 2,
  currentPageBoost: 1.5,
  currentFolderBoost: 1.15,
  otherLanguageFactor: 0.5,
  // Half the question's best: a follow-up's setting ("and a signed one?" after "How do I set a cookie?") found the
  // follow-up's page first for 9 of Hono's 12 (bench/questions/follow-ups.json) against 7 at 0.35, and one more
  // of follow-ups-2.json (written before this was measured); a selection's section still comes first as often.
  contextWeight: 0.5,
  // A follow-up's sections on the pages its setting was answered from (retrieve.ts): "and allow cookies?" after
  // "How do I enable CORS?" found the cookie helper, not CORS's credentials option. Measured on the follow-up
  // sets (bench/answers.ts): 1.5 found 3 more of the 59 of follow-ups.json and follow-ups-2.json and lost 2 (follow-ups
  // naming a sibling page: "プレビューサーバーでは？" after the dev server's port), and 6 more of the 24 of
  // follow-ups-3.json; 2 the same, 3 lost four of Hono's.
  settingPageBoost: 1.5,
  stayingSettingPageBoost: 3,
  prefixMinLength: 5,
  fuzzyMinLength: 5,
  fuzziness: 0.2,
  alternatives: true,
  // Section-level, so the page benches cannot see it: bench/questions/docs-sections.json, P@1 0.65 -> 0.70.
  namedSectionFirst: true,
  // "插槽怎么用" and "怎么优化性能" open on their pages' beginnings, "侦听器" on its page; vite-ja P@1 0.795 -> 0.818.
  pageTopicFirst: true,
  // docs P@1 0.875 -> 0.900, docs-reworded 0.600 -> 0.650, docs-sections 0.750 -> 0.800; docs-reworded-2 0.800 ->
  // 0.700 (a question whose first section was wrong at both, on another page). 0.25 also lifted hono-reworded-5
  // but lost the first question "如何开始使用 Vue" (its quick start's headings name Vue).
  productNameWeight: 0.5,
  // Measured on every retrieval set: docs-symptoms-2 P@1 0.600 -> 0.800 ("Why doesn't pressing Ctrl+I do anything?",
  // "Why isn't the chat kept when I go to another page?"), hono-reworded-11 0.400 -> 0.467 ("...so the handler does not
  // run every time?" opened on Combine's `every`), no set lower; 0.3 gives the same P@1 and recall@5 on every set.
  genericWordWeight: 0.5,
  // Measured on bench/questions/docs-symptoms.json and vite-ja-symptoms.json (written before the rule): P@1 0.357 ->
  // 0.643 and 0.200 -> 0.300 (1.5 and 2 lifted less); no other set's recall@5 or P@1 changed (vite-ja's MRR 0.872 ->
  // 0.871), and 16 of the 951 bench answers without history, each a reader's problem.
  troubleshootingBoost: 3,
  // Measured on bench/questions/*-table-rows.json (written before the rule): docs P@1 0.438 -> 0.750, hono 0.500 ->
  // 0.750; docs 0.900 -> 0.925, docs-reworded 0.70 -> 0.75, docs-reworded-4 0.80 -> 0.85, no set lower. 2 lost two
  // docs-sections and a docs-symptoms question to tables naming a word of them in one row; 1.5 missed the dialog width.
  tableRowBoost: 1.75,
  // Measured on bench/questions/pasted-errors.json (written before the rule): at 3 the one section quoting a pasted
  // message that the search did not already put first came third, at 6 and 10 first; no other set moves at any.
  pastedMessageBoost: 6,
  // Measured on every retrieval set: vite-ja-reworded-2's "開発中に import が遅いのはなぜ" finds 依存関係の事前バンドル ›
  // その理由は？ (recall@5 0.917 -> 1.000), no set lower at 1.5, 2 or 3; on questions written for it, "为什么 ref 需要
  // .value" opens on 为什么要使用 ref？ and "依存関係の事前バンドルはなぜ必要？" on その理由は？ from 2.
  reasonHeadingBoost: 2,
  // A question comparing two things opens on the section that compares them: held-out vue-zh-compare P@1 7 -> 9 of 11
  // at 1.5 ("SSR 和 SSG 我该选哪个？" on SSR vs. SSG), and no more at 2, which lifted the removed reactivity transform's
  // "ref vs. 响应式变量" over reactive() for "What is the difference between ref and reactive?"; 3 lowered vue-zh-mixed.
  comparingHeadingBoost: 1.5,
  // A way the docs keep for old versions is no reader's first answer: "deploy the same Hono app on AWS behind API Gateway
  // using Lambda. What are the steps?" opened on AWS Lambda › Before v3.10.0 (deprecated), above 1. Setup.
  deprecatedHeadingWeight: 0.5,
  // The reader's words say what they ask, their code where: "This returns 404 for /posts/1/ with a trailing slash:"
  // over a route and its handler opened on RPC › Not Found (route, param, json), now on Trailing Slash. Measured on
  // bench/questions/pasted-code.json (written before the rule): 8 -> 10 of 18 first at 0.5, 11 at 0.3, 10 at 0.2;
  // no other set has a fenced block.
  pastedCodeWeight: 0.3,
};

/**
 * A word a sign of the question stands for (signTerms: "alias" for the "@" of "@ で src を指すように import したい")
 * is its topic, the words beside it details: at 1 the question opened on asset URLs, which say src and import more
 * often; 2 and 3 put resolve.alias first for the four such questions of the retrieval sets alike.
 */
const SIGN_WORD_WEIGHT = 2;

/**
 * Words that name nothing a section is about: rare in many docs ("another" is in one Hono section in a hundred, fewer
 * than "redirect"), they weighed most of a question and led it to the one heading that has them ("Follow up, even on
 * another page", Combine's `every`). They still match: as stop words they lost questions whose phrases hold them
 * ("send the visitor to a different URL", a redirect; "answer with 201 instead of 200"), and "instead", weighed half
 * with them, lost "The answer appears all at once instead of word by word" (the entry says "instead of streaming").
 * "support", "built-in" and "official" frame a question whether it has or supports a thing: "Does it support Ollama?"
 * opened on the FAQ entry "Does it support other languages?" through its heading, "Is there a built-in CSRF
 * middleware?" on the guide's Built-in Middleware, which names no CSRF. 設定 (to set, a setting) frames a Japanese
 * question how to set a thing: "パスエイリアスを設定する方法" opened on Vite's 条件付き設定 (conditional config).
 */
const GENERIC_WORDS: ReadonlySet<string> = new Set(
  termsOf('another different every certain anything something everything else someone anyone everyone thing things stuff whole already really specific particular support built builtin official officially natively 設定'),
);

/** A heading word in more of the sections than this does not name a part of the question (using, page). */
const MAX_NAMING_SHARE = 0.25;
/**
 * A word in more of the sections than this is the product's name and tells nothing of what a question is
 * about: Hono is in 58% of Hono's sections, Vite in 70% of Vite's, Vue in 80% of Vue's. As a shared word of the
 * not-in-the-docs rule (retrieve.ts), out-of-scope questions marked not found went from 80% to 90-100% on those
 * three sets, held-out ones included, and no answerable question of any set was lost. At 0.5, "server" (52% of
 * this project's docs' sections) stopped counting and one answerable question was lost; so the line sits
 * between the two, drawn on these few sets.
 */
const PRODUCT_NAME_SHARE = 0.55;
/** Below this many sections a share says little (in three pages, any word of a page's title is in a third of them). */
const MIN_SECTIONS_FOR_PRODUCT_NAME = 50;
/** A home page title longer than this is a tagline, not a name. */
const MAX_PRODUCT_NAME_WORDS = 3;

const HAN = /\p{Script=Han}/u;
/** Context beyond this many distinct terms adds noise and time, not relevance. */
const MAX_CONTEXT_TERMS = 24;
const MAX_CONTEXT_CHARS = 4000;
const MAX_QUESTION_TERMS = MAX_QUERY_TERMS;
const MAX_LIMIT = 100;
/** The heading's place among INDEXED_FIELDS. */
const HEADING_FIELD = INDEXED_FIELDS.indexOf('heading');
/** A heading's distinct terms as counted (a Uint16Array holds the count plus one). */
const MAX_HEADING_TERMS = 65_534;
/** Sections whose tables tidy() cuts into rows per step: a few milliseconds. */
const PREPARED_PER_STEP = 2_000;
/** Questions tidy() warms the search path with (about 4 ms each on a 50,000-section site). */
const WARM_UP_QUESTIONS = 50;
/** How many of the best sections a pasted message, or a heading promising a reason, is looked for in: the one quoting it shares its words too. */
const QUOTING_WINDOW = 64;
/** Compiled filters kept (a site's widget sends the same few); dropped whenever the sections change. */
const FILTER_CACHE_SIZE = 16;

export { toDocument, type IndexedSection } from './sectionTerms.ts';

/** The MiniSearch options of the index (fields and analyzer). */
// MiniSearch never vacuums on its own: its vacuum reads its own Maps, which our posting lists replace (vacuum() below).
export const MINISEARCH_OPTIONS = { idField: 'key', fields: [...INDEXED_FIELDS], tokenize, processTerm, autoVacuum: false };

/**
 * Bump when a snapshot of the word index would differ for the same sections (fields, toDocument, the
 * analyzer in analyzer.ts): an older snapshot is then never loaded.
 */
export const INDEX_FORMAT = 31; // 31: couldn, shouldn, wouldn (and the like), whose, whichever, whenever, wherever, whatever, though, although and anymore are stop words; 30: somewhere, anywhere, elsewhere, everywhere and somehow are stop words; 29: katakana words indexed without their long-vowel marks (ライブラリーモード is ライブラリモード); 28: 它是 and 那是 (it is, that is: the segmenter's words) are Chinese stop words; 27: irregular verbs' forms stemmed as their base (kept: keep); 26: a URL's scheme (https://) no word of the text; 25: an acronym's plural (URLs, APIs) no longer cut before its last capital; 24: 能不能, 可不可以, 会不会, 要不要, 是不是 and 有没有 (a question asking yes or no) are Chinese stop words; 23: 之间 (between) a Chinese stop word, and Han pairs holding 之 dropped; 22: 哪里 and 哪儿 (where) are Chinese stop words; 21: Han pairs holding 怎 or 哪 (怎么, 哪个: a question's frame) dropped; 20: a Chinese, Japanese or Korean heading's English anchor read with its section's text; 19: 以后 and 之后 (after) are Chinese stop words; 18: a name with a one-digit version (WSL2) indexed as the name too; 17: added and adding stemmed add, not ad; 16: a name beside Chinese or Japanese cut as between spaces, production no longer product; 15: Korean phrases indexed as their words (korean.ts)

/**
 * MiniSearch's state, as the snapshot keeps it: its own fields (postings.ts reads several of them too), with
 * the radix tree of its term dictionary as the Map it is, and which keys hold each file's sections, made from
 * which bytes (the content hash). Written with V8's serializer, which keeps Maps as Maps: loading is a third of
 * `MiniSearch.loadJSON`'s time (which parses JSON, then converts every posting object to a Map and inserts
 * every term into a new tree) and the snapshot two thirds of the JSON's size.
 */
const SNAPSHOT_FIELDS = ['_documentIds', '_idToShortId', '_fieldLength', '_avgFieldLength', '_storedFields', '_documentCount', '_nextId', '_dirtCount'] as const;

/** A file as the snapshot holds it: its content hash and its sections' keys, in page order. */
interface KeptFile {
  hash: string;
  keys: number[];
}

function snapshotOf(miniSearch: MiniSearch<IndexedSection>, files: [file: string, hash: string, keys: number[]][]): Uint8Array {
  const raw = miniSearch as unknown as Record<string, unknown>;
  const fields = Object.fromEntries(SNAPSHOT_FIELDS.map((name) => [name, raw[name]]));
  return serialize({ ...fields, tree: (raw['_index'] as Record<string, unknown>)['_tree'], files });
}

/** The word index of an earlier start and the files it holds, when it can be used; else null (built anew). */
function loadedSnapshot(snapshot: Uint8Array | undefined): { miniSearch: MiniSearch<IndexedSection>; files: Map<string, KeptFile> } | null {
  if (snapshot === undefined) return null;
  try {
    const kept = deserialize(snapshot) as Record<string, unknown>;
    const loaded = new MiniSearch<IndexedSection>(MINISEARCH_OPTIONS);
    const raw = loaded as unknown as Record<string, unknown>;
    // The dictionary's class is not exported: a fresh index's own empty one gives it.
    const Dictionary = (raw['_index'] as object).constructor as new (tree: unknown) => unknown;
    const documentIds = kept['_documentIds'];
    if (!(kept.tree instanceof Map) || !(documentIds instanceof Map) || !(kept['_fieldLength'] instanceof Map) || !Array.isArray(kept.files)) return null;
    const files = new Map<string, KeptFile>();
    let keyCount = 0;
    for (const entry of kept.files as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string' || !Array.isArray(entry[2])) return null;
      const keys = entry[2] as unknown[];
      // Each key a live document of this snapshot (our key is MiniSearch's short id).
      if (keys.length === 0 || !keys.every((key) => typeof key === 'number' && documentIds.get(key) === key)) return null;
      files.set(entry[0], { hash: entry[1], keys: keys as number[] });
      keyCount += keys.length;
    }
    for (const name of SNAPSHOT_FIELDS) raw[name] = kept[name];
    raw['_index'] = new Dictionary(kept.tree);
    // Every live document belongs to exactly one file (postings.ts checks the rest of the shape at creation).
    return loaded.documentCount === keyCount ? { miniSearch: loaded, files } : null;
  } catch {
    return null;
  }
}

/** Builds an index file by file (start-up adds files as the parse workers hand them over), then `finish()`. */
export interface DocsIndexBuilder {
  /**
   * Adds a file's sections, with the parse workers' terms when they came with the page. With its content
   * hash, a file the snapshot holds from the same bytes keeps its postings: nothing is indexed again.
   */
  add(file: string, sections: Section[], details?: { hash?: string; terms?: PageTerms }): void;
  /** Files of the snapshot never added are dropped (removed since); the index is ready. */
  finish(): DocsIndex;
  /**
   * After finish, when there is time: posting lists cut to their length (memory), the longest ones compiled,
   * sections' tables cut into rows and the search path run on questions made of the site's own headings (the
   * first readers' speed: on a 50,000-section site their questions took two to three times as long as the same
   * ones asked again). The index answers the same before and after.
   */
  tidy(): void;
  /** tidy() in steps of a few milliseconds each, so a server answers requests between them. */
  tidySteps(): Generator<void>;
  /** Files whose postings came from the snapshot, indexed anew, and dropped from the snapshot. */
  readonly counts: { kept: number; indexed: number; dropped: number };
}

/** An index over `docs`, built at once (start-up builds one file by file, from its snapshot: startIndex.ts). */
export function createDocsIndex(docs: LoadedDocs, ranking: Partial<RankingOptions> = {}, synonyms?: Synonyms): DocsIndex {
  const builder = openDocsIndex(ranking, synonyms ? { synonyms } : {});
  const sectionsByFile = new Map<string, Section[]>();
  for (const section of docs.sections) {
    const list = sectionsByFile.get(section.file);
    if (list) list.push(section);
    else sectionsByFile.set(section.file, [section]);
  }
  for (const [file, fileSections] of sectionsByFile) builder.add(file, fileSections);
  const index = builder.finish();
  builder.tidy();
  return index;
}

/** Whether a section's page says its language, rather than its text telling it (sections.ts withLanguage). */
function languageDeclared(section: Section): boolean {
  return languageOfPath(section.file) !== undefined || typeof section.metadata['lang'] === 'string' || typeof section.metadata['locale'] === 'string';
}

/**
 * A builder of an index; `start.snapshot`: `snapshot()` of an earlier index, whose unchanged files are kept;
 * `start.synonyms`: the readers' words questions are read with (the built-in list by default).
 */
export function openDocsIndex(ranking: Partial<RankingOptions> = {}, start: { snapshot?: Uint8Array; synonyms?: Synonyms } = {}): DocsIndexBuilder {
  const settings: RankingOptions = { ...DEFAULT_RANKING, ...ranking };
  /** The page boosts of a follow-up that stays on its setting (SearchOptions.staysOnSetting). */
  const stayingSettings: RankingOptions = { ...settings, settingPageBoost: settings.stayingSettingPageBoost };
  const synonyms = start.synonyms ?? DEFAULT_SYNONYMS;
  /**
   * Per term of the question `asked` (`terms`, its terms), the docs' words it also finds: synonyms, the glossary's asked
   * across languages, and a Chinese term in the other script. `meant` receives the readers' words meaning only words the
   * question has (Synonyms.alternativesIn).
   */
  const alternativesFor = (asked: string, terms: readonly string[], byPhrase?: Set<string>, meant?: Map<string, string[]>): Map<string, string[]> => {
    if (!settings.alternatives) return new Map();
    // Asked in another language than most of the docs: its words also search for theirs (glossary.ts).
    const translated = glossaryReading(asked);
    const crossLanguage = translated !== undefined;
    const lists = crossLanguage ? [synonyms, GLOSSARY] : [synonyms];
    const alternatives = new Map<string, string[]>();
    const addAlternatives = (found: ReadonlyMap<string, readonly string[]>) => {
      for (const [term, others] of found) alternatives.set(term, [...new Set([...(alternatives.get(term) ?? []), ...others])]);
    };
    addAlternatives(synonyms.alternativesIn(asked, byPhrase, meant));
    if (translated) {
      addAlternatives(translated);
      // The readers' words read the glossary's English for a word asked in another language too: デプロイ is deploy,
      // which a site's list may read as self-host (its docs never saying deploy).
      const english = new Map<string, string[]>();
      for (const word of glossaryEnglishWords(new Set([...translated.values()].flat()))) {
        for (const [term, others] of synonyms.alternativesIn(word)) english.set(term, [...(english.get(term) ?? []), ...others]);
      }
      for (const [term, others] of translated) {
        const found = others.flatMap((other) => english.get(other) ?? []);
        if (found.length > 0) alternatives.set(term, [...new Set([...(alternatives.get(term) ?? []), ...found])]);
      }
    }
    // A compound's parts are words the docs use, or, asked across languages, words the glossary knows
    // (ルートパラメータ: ルート and パラメータ, route and parameter on docs in English).
    const partKnown = (written: string) => exactlyKnown(katakanaTerm(written)) || (crossLanguage && glossaryKnows(written));
    // The question's katakana words as written, by their terms (without long-vowel marks: katakanaTerm); most
    // questions have none, and are not cut into words again for them.
    const katakanaWords = terms.some(isKatakanaWord) ? new Map(wordsOf(asked).flatMap((word) => (isKatakanaWord(word) ? [[katakanaTerm(word), word] as const] : []))) : new Map<string, string>();
    for (const term of terms) {
      if (!isKatakanaWord(term)) continue;
      const written = katakanaWords.get(term);
      // A loanword typed in hiragana (loanwordsInHiragana) has the lines of its katakana, which the question lacks.
      if (written === undefined) for (const list of lists) addAlternatives(list.alternativesIn(term));
      // A katakana compound is also searched for as the words it is made of, and theirs: the docs may write
      // it once and say キャッシュ and ディレクトリー apart where they explain it.
      const parts = compoundParts(written ?? term, partKnown);
      if (parts.length === 0) continue;
      const partAlternatives = lists.flatMap((list) => [...list.alternativesIn(parts.join(' ')).values()].flat());
      alternatives.set(term, [...new Set([...(alternatives.get(term) ?? []), ...parts, ...partAlternatives])]);
    }
    if (!HAN.test(asked)) return alternatives;
    for (const term of terms) {
      const forms = otherScriptForms(term);
      if (forms.length > 0) alternatives.set(term, [...new Set([...(alternatives.get(term) ?? []), ...forms])]);
    }
    return alternatives;
  };
  // A restart loads the word index it kept (about 10x faster than indexing every section) and indexes only
  // the files whose bytes changed.
  const preloaded = loadedSnapshot(start.snapshot);
  const miniSearch = preloaded?.miniSearch ?? new MiniSearch<IndexedSection>(MINISEARCH_OPTIONS);
  const postings = postingsOf(miniSearch, settings.boost);
  /** Files of the snapshot not added yet; those left at `finish()` were removed. */
  const keptFiles = preloaded?.files ?? new Map<string, KeptFile>();
  const counts = { kept: 0, indexed: 0, dropped: 0 };
  const hashesByFile = new Map<string, string>();
  // Indexed by MiniSearch's short id, which equals our key: both count up from 0, one per added section.
  const sections: (Section | undefined)[] = [];
  const pagePaths: string[][] = [];
  /** Each section's primary language (`ja`, `zh`), and how many live sections each language has. */
  const languages: (string | undefined)[] = [];

  const sectionsPerLanguage = new Map<string, number>();
  /** Sections whose page says its language (a folder such as `ja/`, or `lang`/`locale` in its frontmatter). */
  let declaredLanguageSections = 0;
  /** The last question's glossary reading (glossaryReading). */
  let lastReading: { asked: string; translated: ReadonlyMap<string, readonly string[]> | undefined } | undefined;
  /**
   * The number of distinct terms of each section's own heading plus one, counted as it is indexed (0: not
   * counted, for a section kept from a snapshot: counted when a search first needs it).
   */
  let headingTermCounts = new Uint16Array(0);
  /**
   * The sections that introduce the site (introducesSite), found once: a question naming only the product read
   * every section it found to pick them out (27 ms at 50,000 sections, where other questions take 1-2 ms).
   * Undefined until the index is tidied or a question needs them; kept up to date as files change after that.
   */
  let introducing: Set<number> | undefined;
  /** Each section's own heading as lowercase words (headingWordsOf). */
  const writtenHeadingWords = new WeakMap<Section, readonly string[]>();
  /** boostNamedHeadings' count of the question's words in each section's heading, zero between questions. */
  let namedWordCounts = new Uint8Array(0);
  /** The keys of each troubleshooting page's entries (symptoms.ts): a problem lifts these few, not every candidate. */
  const troubleshootingKeysByFile = new Map<string, number[]>();
  /** The keys of the sections whose heading marks them deprecated (deprecated.ts): a question lowers these few, not every candidate. */
  const deprecatedKeysByFile = new Map<string, number[]>();
  /** Each section's place in its page (pageTopicFirst). */
  const pagePositions = new WeakMap<Section, number>();
  let live: Uint8Array = new Uint8Array(0);
  const keysByFile = new Map<string, number[]>();
  const fileByRoute = new Map<string, string>();
  /** productName's answer, found again after files change. */
  let namedProduct: { name: string | undefined } | undefined;

  function pageOf(file: string): IndexedPage | undefined {
    const pageSections = (keysByFile.get(file) ?? []).flatMap((key) => sections[key] ?? []);
    const first = pageSections[0];
    if (!first) return undefined;
    return {
      route: first.route,
      file,
      title: first.pageTitle,
      ...(first.description ? { description: first.description } : {}),
      url: first.url.replace(/#.*$/, ''),
      metadata: first.metadata,
      sections: pageSections,
    };
  }
  const filterMasks = new Map<string, Uint8Array>();
  let sectionCount = 0;
  const question = postings.createAccumulator();
  const context = postings.createAccumulator();

  /** Fields to terms: a fresh analyzer per page between builds, one for the length of a build (startBuildMemos). */
  let analyzer: FieldAnalyzer | undefined;
  const internals = miniSearch as unknown as Record<string, unknown> & {
    addDocumentId(key: number): number;
    addFieldLength(document: number, field: number, count: number, length: number): void;
  };

  /**
   * MiniSearch's `add` for one file's sections, from their terms (the parse workers' when given and they fit,
   * else analysed here): the same documents, field lengths and term frequencies, each term looked up once per
   * field rather than once per occurrence (search.test.ts holds the result equal to MiniSearch's own).
   */
  function insert(fileSections: Section[], given: PageTerms | undefined): void {
    const pageTerms = given && fitsPage(given, fileSections.length) ? given : pageTermsOf(fileSections, analyzer);
    const tree = internals['_index'] as { fetch(term: string, initial: () => Map<number, PostingList>): Map<number, PostingList> };
    const { terms, counts: termCounts, fields } = pageTerms;
    let next = 0;
    for (let position = 0; position < fileSections.length; position++) {
      // Our key is MiniSearch's short id: both count up from 0, one per section.
      const document = internals.addDocumentId(internals['_nextId'] as number);
      for (let field = 0; field < INDEXED_FIELDS.length; field++) {
        const at = (position * INDEXED_FIELDS.length + field) * 2;
        internals.addFieldLength(document, field, (internals['_documentCount'] as number) - 1, fields[at] as number);
        if (field === HEADING_FIELD) {
          if (headingTermCounts.length <= document) headingTermCounts = grown(headingTermCounts, document + 1);
          headingTermCounts[document] = Math.min(MAX_HEADING_TERMS, fields[at + 1] as number) + 1;
        }
        for (let end = next + (fields[at + 1] as number); next < end; next++) {
          // Each term once per field of a document (the terms were counted), added in document order.
          const postingsOfTerm = tree.fetch(terms[next] as string, newPostings);
          const inField = postingsOfTerm.get(field);
          if (inField) inField.push(document, termCounts[next] as number);
          else postingsOfTerm.set(field, [document, termCounts[next] as number]);
        }
      }
    }
  }

  /** Registers a file's sections: at `keptKeys` (postings already in the snapshot's index), else indexed now. */
  function addFile(file: string, fileSections: Section[], terms?: PageTerms, keptKeys?: number[]): void {
    if (fileSections.length === 0) return;
    const first = postings.nextDocument;
    if (!keptKeys) {
      insert(fileSections, terms);
      postings.added();
      if (postings.nextDocument !== first + fileSections.length) throw new Error('minisearch: short ids no longer count up one per document');
    }
    const keys = keptKeys ?? fileSections.map((_section, position) => first + position);
    const paths = fileSections[0] ? pagePathsOf(fileSections[0]) : [];
    for (const [position, section] of fileSections.entries()) {
      const key = keys[position] as number;
      sections[key] = section;
      pagePositions.set(section, position);
      pagePaths[key] = paths;
      const language = typeof section.metadata.language === 'string' ? primaryLanguage(section.metadata.language) : undefined;
      languages[key] = language;
      if (language !== undefined) sectionsPerLanguage.set(language, (sectionsPerLanguage.get(language) ?? 0) + 1);
      if (languageDeclared(section)) declaredLanguageSections++;
      if (introducing && introducesSite(section)) introducing.add(key);
    }
    if (live.length < postings.nextDocument) live = grown(live, postings.nextDocument);
    for (const key of keys) live[key] = 1;
    keysByFile.set(file, keys);
    // A file's sections share its page: the page is judged once, its entries only on a troubleshooting page.
    if (fileSections[0] && isTroubleshootingPage(fileSections[0])) {
      const entries = keys.filter((_key, position) => isTroubleshootingEntry(fileSections[position] as Section));
      if (entries.length > 0) troubleshootingKeysByFile.set(file, entries);
    }
    const deprecated = keys.filter((_key, position) => headingMarksDeprecated(fileSections[position] as Section));
    if (deprecated.length > 0) deprecatedKeysByFile.set(file, deprecated);
    if (fileSections[0]) fileByRoute.set(fileSections[0].route, file);
    sectionCount += keys.length;
    namedProduct = undefined;
    filterMasks.clear();
    lastReading = undefined;
  }

  function removeFile(file: string): void {
    const keys = keysByFile.get(file);
    if (!keys) return;
    namedProduct = undefined;
    miniSearch.discardAll(keys);
    postings.changed();
    if (dirtyEnough()) vacuum();
    const route = sections[keys[0] ?? -1]?.route;
    if (route !== undefined && fileByRoute.get(route) === file) fileByRoute.delete(route);
    for (const key of keys) {
      const section = sections[key];
      if (section && languageDeclared(section)) declaredLanguageSections--;
      sections[key] = undefined;
      live[key] = 0;
      const language = languages[key];
      if (language !== undefined) sectionsPerLanguage.set(language, (sectionsPerLanguage.get(language) ?? 1) - 1);
      languages[key] = undefined;
      if (key < headingTermCounts.length) headingTermCounts[key] = 0;
      introducing?.delete(key);
    }
    keysByFile.delete(file);
    troubleshootingKeysByFile.delete(file);
    deprecatedKeysByFile.delete(file);
    sectionCount -= keys.length;
    filterMasks.clear();
    lastReading = undefined;
  }

  // Until finish(): term lookups and token analysis memoized (startBuildMemos), snapshot files matched.
  const endMemos = startBuildMemos(miniSearch, (memoized) => (analyzer = memoized));
  let building = true;
  let tidied = false;

  /** MiniSearch's own threshold for vacuuming: 20 discarded documents, a tenth of them all. */
  function dirtyEnough(): boolean {
    const dirt = internals['_dirtCount'] as number;
    return dirt >= 20 && dirt / (1 + miniSearch.documentCount + dirt) >= 0.1;
  }

  /**
   * Removes discarded documents from the posting lists, and terms left with none: one pass over the
   * postings (tens of milliseconds on a large site), in place, so the lists keep their identity.
   */
  function vacuum(): void {
    const documentIds = internals['_documentIds'] as Map<number, unknown>;
    const tree = internals['_index'] as { entries(): Iterable<[string, Map<number, PostingList>]>; delete(term: string): void };
    const emptied: string[] = [];
    for (const [term, data] of tree.entries()) {
      for (const [field, list] of data) {
        let kept = 0;
        for (let at = 0; at < list.length; at += 2) {
          if (!documentIds.has(list[at] as number)) continue;
          list[kept++] = list[at] as number;
          list[kept++] = list[at + 1] as number;
        }
        if (kept === 0) data.delete(field);
        else list.length = kept;
      }
      if (data.size === 0) emptied.push(term);
    }
    for (const term of emptied) tree.delete(term);
    internals['_dirtCount'] = 0;
    postings.changed();
  }

  /**
   * Each posting list copied to its exact length: lists grown by push keep up to half again their length
   * as spare room (14 MB of a large site's cold start).
   */
  function trimLists(): void {
    const tree = internals['_index'] as { entries(): Iterable<[string, Map<number, PostingList>]> };
    for (const [, data] of tree.entries()) for (const [field, list] of data) data.set(field, list.slice());
    postings.changed();
  }

  function dropKept(kept: KeptFile): void {
    miniSearch.discardAll(kept.keys);
    postings.changed();
    counts.dropped++;
  }

  /** One byte per section, 1 = live and passing the filter; computed once per distinct filter. */
  function allowedBy(filter: SearchOptions['filter']): Uint8Array {
    const predicate = compileFilter(filter);
    if (!predicate) return live;
    const cacheKey = JSON.stringify(filter);
    const cached = filterMasks.get(cacheKey);
    if (cached) return cached;
    const mask = new Uint8Array(live.length);
    for (let document = 0; document < live.length; document++) {
      const section = sections[document];
      if (live[document] === 1 && section && predicate(section.metadata)) mask[document] = 1;
    }
    if (filterMasks.size >= FILTER_CACHE_SIZE) filterMasks.delete(filterMasks.keys().next().value as string);
    filterMasks.set(cacheKey, mask);
    return mask;
  }

  function exactlyKnown(term: string): boolean {
    return postings.known({ term, prefix: false, fuzzy: false });
  }

  /** Known as written, or in the other Chinese script: a traditional question on simplified docs (chineseScripts.ts). */
  function known(term: string): boolean {
    return exactlyKnown(term) || (settings.alternatives && otherScriptForms(term).some(exactlyKnown));
  }

  /**
   * The terms of a question, without the character pairs no section has that join words the docs have (or
   * stop words): such a pair (定方 in 設定方法) is an artifact of cutting, not a word the reader used, yet
   * it weighed most of all, as a word no page has, and made "プロキシの設定方法" look off topic. The pairs
   * of words no page has stay: they tell a question about something else (天北 in 今天北京天气).
   */
  function readerTerms(text: string): string[] {
    const meant = meantByQuestion(text);
    const terms = [...new Set([...pastedLastTermsOf(text), ...loanwordsInHiragana(text, exactlyKnown), ...signTerms(text)])].filter((term) => !meant.has(term) || exactlyKnown(term));
    if (!HAN.test(text)) return terms.slice(0, MAX_QUESTION_TERMS);
    const textWords = wordsOf(text);
    const pairs = pairOnlyTerms(terms, textWords);
    if (pairs.size === 0) return terms.slice(0, MAX_QUESTION_TERMS);
    // Asked across languages, a word the glossary reads is settled too: 型安 in 型安全 (type-safe) is no word. So is
    // a word the readers' words know by a word of the docs (淡入淡出, fade): its pairs made "淡入淡出" not found.
    const translated = glossaryReading(text);
    const readersWords = settings.alternatives ? synonyms.alternativesIn(text) : new Map<string, string[]>();
    const readersKnow = (term: string) => (readersWords.get(term) ?? []).some((alternative) => known(alternative));
    const words = textWords.map((word) => ({ word, settled: termsOfToken(word).every((term) => known(term) || translated?.has(term) === true || readersKnow(term)) }));
    const settled = (character: string) => words.every(({ word, settled: wordSettled }) => wordSettled || !word.includes(character));
    return terms.filter((term) => !pairs.has(term) || known(term) || ![...term].every(settled)).slice(0, MAX_QUESTION_TERMS);
  }

  /**
   * The reader's words of a question that mean only words it has itself, with those words (Synonyms.alternativesIn):
   * one no page has is left out of its terms, where it weighed most of all as a word beyond the docs ("Does it support
   * keyboard shortcuts like Cmd+K?" was not found, Cmd being no page's word).
   */
  function meantByQuestion(text: string): Map<string, string[]> {
    const meant = new Map<string, string[]>();
    if (settings.alternatives) synonyms.alternativesIn(text, undefined, meant);
    return meant;
  }

  /**
   * A question's terms, with what the reader pasted (an error message, a URL: pastedText.ts) after their own
   * words, so a long pasted message never pushes them past the cap; its URLs and stack frames are left out, and
   * so are the terms of the words a machine made there (an error code, a token) that no page has: they weighed
   * most of all, as words no page has, while naming only the reader's own system ("ERR_UNKNOWN_BUILTIN_MODULE",
   * a JWT).
   */
  function pastedLastTermsOf(text: string): string[] {
    const spans = pastedSpans(text);
    if (spans.length === 0) return termsOf(text);
    const parts = questionParts(text, spans);
    const machineTerms = new Set(parts.machineWords.flatMap((word) => termsOf(word)).filter((term) => !known(term)));
    const terms = [...termsOf(parts.own), ...termsOf(parts.pasted)].filter((term) => !machineTerms.has(term));
    // A question that is only a URL is still searched by its words.
    return terms.length > 0 ? terms : termsOf(text);
  }

  /**
   * `byPhrase` receives the terms a reader's phrase of the question stands on (Synonyms.alternativesIn). `namingNothing`:
   * terms weighed as words that name nothing, beside GENERIC_WORDS (what the reader does without, the words asking for an
   * example): search passes them; unknownWords needs none, as weights do not change which words are known.
   */
  function questionQuery(terms: string[], asked: string, byScoreAlone = false, byPhrase = new Set<string>(), namingNothing: ReadonlySet<string> = new Set()): QueryTerm[] {
    const alternatives = alternativesFor(asked, terms, byPhrase);
    // Asked across languages, the glossary's words are the reader's word in the docs' language, not a synonym:
    // they weigh in full, though the docs write the reader's English word too (in code: "port" in `server.port`
    // on Vite's Japanese pages drew English release notes first). cross-language.json 46 -> 51 of 60.
    const translated = settings.alternatives ? glossaryReading(asked) : undefined;
    const joinedNames = joinedTermsOf(asked);
    const shares = joinedNameShares(asked, terms);
    const codeOnly = codeOnlyTerms(asked);
    const signed = new Set(signTerms(asked));
    const weightOf = (term: string): { weight?: number } => {
      // The product's name beside other words ("How do I open the assistant from my own button?" on a site
      // named docs-assistant) says little: in the title of the one page named after it, it outweighed the rest.
      const product = !byScoreAlone && terms.length > 1 && settings.productNameWeight !== 1 && isProductName(term) ? settings.productNameWeight : 1;
      const code = codeOnly.has(term) ? settings.pastedCodeWeight : 1;
      const generic = GENERIC_WORDS.has(term) || namingNothing.has(term) ? settings.genericWordWeight : 1;
      const sign = signed.has(term) ? SIGN_WORD_WEIGHT : 1;
      const weight = product * code * generic * sign * (shares.get(term) ?? 1);
      return weight === 1 ? {} : { weight };
    };
    return terms.map((term) => ({
      term,
      // A joined name's longer names are other names (docs-assistant is not DOCS_ASSISTANT_PORT): as prefixes,
      // the settings table's thirty variables each added their own score.
      prefix: term.length >= settings.prefixMinLength && !joinedNames.has(term),
      // A joined name (sign-on, max_age) is another name one letter off (sign-in), not a typo of it.
      fuzzy: term.length >= settings.fuzzyMinLength && !joinedNames.has(term) ? settings.fuzziness : false,
      // A katakana word's alternatives are the word itself: a loanword's English name (エイリアス, alias:
      // Japanese docs head options `resolve.alias` and say エイリアス in the text) or the words of a compound.
      // They weigh in full, where a synonym weighs half when the docs use the reader's word too; so do the docs'
      // words for a reader's phrase ("api token", "backend server", "server is down"): the phrase, not its last
      // word, is what the reader asked (8 retrieval questions better, none worse).
      ...(alternatives.has(term) ? { alternatives: alternatives.get(term), sameWord: isKatakanaWord(term) || translated?.has(term) === true || byPhrase.has(term) } : {}),
      ...noRarerThanTranslations(term, translated),
      ...weightOf(term),
    }));
  }

  /**
   * A Chinese, Japanese or Korean word that docs in English write only in quoted strings (提问 and
   * 質問 in the widget's own titles) is as rare there as a word can be, and so are its forms in the other such
   * languages (質問 for 질문): where the docs write them, they are no rarer than the docs' words for them (postings.ts).
   * Not an English word on Chinese or Japanese docs: there it is a name in code (provide, DOM), which tells.
   */
  function noRarerThanTranslations(term: string, translated: ReadonlyMap<string, readonly string[]> | undefined): Pick<QueryTerm, 'noRarer'> {
    const words = translated?.get(term);
    if (!words || !hasUnspacedScript(term) || mostSectionsLanguage() !== 'en') return {};
    const docsWords = words.filter((word) => !hasUnspacedScript(word));
    return docsWords.length === 0 ? {} : { noRarer: { quoted: [term, ...words.filter(hasUnspacedScript)], as: docsWords } };
  }

  const index: DocsIndex = {
    search(query: string, options: SearchOptions): SearchHit[] {
      const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit) || 1));
      const allowed = allowedBy(options.filter);
      // Capped: a pasted log of a thousand words would cost seconds of fuzzy matching on a large site.
      const questionTerms = readerTerms(query);
      const phrased = new Set<string>();
      // What the reader asks to do without, and the words asking for an example, weigh as words that name nothing, and a
      // heading naming them ("With Zod" for "validate requests without Zod", 使用例 for "import.meta.glob の使用例")
      // names no part of the question.
      const namingNothing = new Set([...leftOutTerms(query), ...exampleWordTerms(query)]);
      const questionQueries = questionQuery(questionTerms, query, options.byScoreAlone === true, phrased, namingNothing);
      // Each section's score weighed by how much of the question it covers, in the pass that finishes the scores.
      postings.accumulate(questionQueries, allowed, question, { floor: options.byScoreAlone === true ? 0 : settings.coverageFloor, power: settings.coveragePower });
      const extraTerms = contextTerms(options.context, questionTerms);
      postings.accumulate(
        extraTerms.map((term) => ({ term, prefix: false, fuzzy: false })),
        allowed,
        context,
      );
      const askedHeadings = boostNamedHeadings(namingNothing.size === 0 ? questionTerms : questionTerms.filter((term) => !namingNothing.has(term)), query);
      addContext(options.contextWeight);
      preferLanguage(languageOfText(query));
      introduceTheProduct(questionTerms);
      if (options.byScoreAlone !== true) liftTroubleshooting(query);
      liftQuotingSections(query);
      liftReasons(query);
      liftComparisons(query);
      lowerDeprecated(query);
      const place = { current: normalizePath(options.currentPath), settingPages: new Set(options.settingPages) };
      if (place.current !== undefined || place.settingPages.size > 0) {
        // Sections of one page share their paths array, so each page is judged once.
        const boosts = new Map<string[], number>();
        for (let position = 0; position < question.count; position++) {
          const document = question.documents[position] as number;
          const paths = pagePaths[document] ?? [];
          let boost = boosts.get(paths);
          if (boost === undefined) boosts.set(paths, (boost = pageBoost(paths, place, options.staysOnSetting ? stayingSettings : settings)));
          question.scores[document] = (question.scores[document] as number) * boost;
        }
      }
      // A follow-up that stays on its setting opens at the beginning of a setting page's topic only: "有哪些钩子？"
      // after custom directives asks for the directive's hooks, not the page on lifecycle hooks, whose title has 钩子.
      // A question whose words are a phrase of the reader's is not on the topic of a page titled with one of them,
      // only of one whose whole title it names: "What happens if the server is down?" opened on the beginning of
      // the page Server and CLI.
      const topicAllowed = phrased.size > 0 ? () => false : options.staysOnSetting ? (section: Section) => pagePathsOf(section).some((pagePath) => place.settingPages.has(pagePath)) : undefined;
      return rank(questionTerms, limit, wordTermsOf(query), askedHeadings, topicAllowed, options.byScoreAlone === true ? undefined : { question: query, queries: questionQueries });
    },
    alternativesIn: (asked) => {
      const meant = new Map<string, string[]>();
      const alternatives = alternativesFor(asked, termsOf(asked), undefined, meant);
      // A reader's word meaning one the question has is one the readers' words know, though it finds nothing more.
      for (const [term, words] of meant) if (!alternatives.has(term)) alternatives.set(term, words);
      return alternatives;
    },
    translationsIn: (asked) => (settings.alternatives ? glossaryReading(asked) : undefined) ?? new Map(),
    isProductName,
    productName,
    sectionShare(term: string): number {
      if (sectionCount === 0) return 0;
      // The field that has it in the most sections (a posting list is pairs of section and count); lists
      // may still hold removed sections until the next vacuum, hence the cap.
      let withTerm = 0;
      for (const field of INDEXED_FIELDS) withTerm = Math.max(withTerm, (postings.inField(term, field)?.length ?? 0) / 2);
      return Math.min(1, withTerm / sectionCount);
    },
    unknownWords(text: string, options: { exact?: boolean } = {}): string[] {
      const terms = readerTerms(text);
      const queries: QueryTerm[] = options.exact ? terms.map((term) => ({ term, prefix: false, fuzzy: false })) : questionQuery(terms, text);
      return queries.flatMap((query) => (postings.known(query) ? [] : [query.term]));
    },
    updateFile(file: string, fileSections: Section[]): void {
      removeFile(file);
      // Its bytes are not known here: a snapshot made now indexes it again on the next start.
      hashesByFile.delete(file);
      addFile(file, fileSections);
    },
    pages(): IndexedPage[] {
      return [...keysByFile.keys()].flatMap((file) => pageOf(file) ?? []).toSorted((a, b) => a.route.localeCompare(b.route));
    },
    page(route: string): IndexedPage | undefined {
      const file = fileByRoute.get(route);
      return file === undefined ? undefined : pageOf(file);
    },
    get pageCount() {
      return keysByFile.size;
    },
    get sectionCount() {
      return sectionCount;
    },
    snapshot: () => snapshotOf(miniSearch, [...keysByFile].map(([file, keys]) => [file, hashesByFile.get(file) ?? '', keys])),
  };

  return {
    add(file, fileSections, details = {}) {
      if (!building) throw new Error('the index is finished: use updateFile');
      const kept = keptFiles.get(file);
      keptFiles.delete(file);
      if (details.hash !== undefined) hashesByFile.set(file, details.hash);
      // The same bytes (the hash names the parser's version too) give the same sections.
      if (kept && details.hash !== undefined && kept.hash === details.hash && kept.keys.length === fileSections.length) {
        addFile(file, fileSections, undefined, kept.keys);
        counts.kept++;
        return;
      }
      if (kept) dropKept(kept);
      addFile(file, fileSections, details.terms);
      counts.indexed++;
    },
    finish() {
      if (building) {
        building = false;
        for (const kept of keptFiles.values()) dropKept(kept);
        keptFiles.clear();
        endMemos();
        analyzer = undefined;
        postings.added();
        // Files dropped from the snapshot left their postings in its lists (and in how many sections have each word).
        if (counts.dropped > 0) vacuum();
      }
      return index;
    },
    tidy() {
      const steps = tidySteps();
      while (!steps.next().done);
    },
    tidySteps,
    counts,
  };

  function* tidySteps(): Generator<void> {
    if (building || tidied) return;
    tidied = true;
    if (counts.indexed > 0) trimLists();
    // Later changes (serve re-reading a file) recompile lists as questions need them.
    postings.precompile();
    yield;
    // The sections that introduce the site are found in the same pass, a step at a time: in one step, a large site's
    // took tens of milliseconds of a thread that answers requests.
    const found = new Set<number>();
    for (let first = 0; first < sections.length; first += PREPARED_PER_STEP) {
      for (let key = first; key < Math.min(sections.length, first + PREPARED_PER_STEP); key++) {
        const section = sections[key];
        if (section === undefined) continue;
        prepareTables(section);
        if (introducesSite(section)) found.add(key);
      }
      yield;
    }
    // A question may have found them meanwhile (introducingSections), and files may have gone since their step.
    introducing ??= new Set([...found].filter((key) => sections[key] !== undefined));
    for (const asked of warmUpQuestions()) {
      index.search(asked, { limit: 5 });
      yield;
    }
  }

  /**
   * Questions made of headings spread evenly over the site: V8 compiles the search path's functions for speed
   * only after many calls: after ten searches, the first readers' questions still took twice their later time.
   */
  function warmUpQuestions(): string[] {
    const headed: Section[] = [];
    const step = Math.max(1, Math.floor(sections.length / WARM_UP_QUESTIONS));
    for (let key = Math.floor(step / 2); key < sections.length && headed.length < WARM_UP_QUESTIONS; key += step) {
      const section = sections[key];
      if (section !== undefined && section.headingPath.length > 0) headed.push(section);
    }
    return headed.map((section) => `${section.headingPath.at(-1)} ${section.pageTitle}`);
  }

  /**
   * Sections whose own heading the question names: all its words (exactHeadingBoost) or some of them
   * (partOfQuestionHeadingBoost). Found from the heading postings of the question's words, so a common
   * word's tens of thousands of sections cost nothing here. Returns the sections whose heading the question says word
   * for word, stop words too.
   */
  function boostNamedHeadings(questionTerms: string[], asked: string): Set<Section> {
    const distinct = new Set(questionTerms);
    // A boost lifts a section by at most 2x: one under a quarter of the best score cannot reach the first
    // places, so its heading is not even counted (a common heading word is in thousands of sections).
    const floor = bestOf(question) / (2 * Math.max(settings.exactHeadingBoost, settings.partOfQuestionHeadingBoost, settings.wholeQuestionInHeadingBoost));
    // Counted in an array by document, not a map: a common word's heading list is thousands long.
    if (namedWordCounts.length < question.scores.length) namedWordCounts = new Uint8Array(question.scores.length);
    const named: number[] = [];
    for (const term of distinct) {
      const list = postings.inField(term, 'heading') ?? [];
      for (let at = 0; at < list.length; at += 2) {
        const document = list[at] as number;
        if (question.matched[document] === 0 || (question.scores[document] as number) < floor) continue;
        if (namedWordCounts[document] === 0) named.push(document);
        namedWordCounts[document] = (namedWordCounts[document] as number) + 1;
      }
    }
    const boosts: [document: number, kind: 'exact' | 'part' | 'ordered'][] = [];
    let exactFound = false;
    /** Exact headings that are the question word for word, stop words too (the FAQ's "Do I need React?" for "Do I need React?"). */
    const wordForWord = new Set<number>();
    /** The sections whose heading is exactly the question's words. */
    const exactDocuments: number[] = [];
    for (const document of named) {
      const count = namedWordCounts[document] as number;
      namedWordCounts[document] = 0;
      const headingWords = distinctHeadingWords(document);
      if (count === headingWords) {
        // Every word of the heading is a question word.
        exactFound ||= count === distinct.size;
        if (count === distinct.size) exactDocuments.push(document);
        boosts.push([document, count === distinct.size ? 'exact' : 'part']);
      } else if (count === distinct.size && count >= 2 && inQuestionOrder(questionTerms, document)) {
        // Every word of a question of two or more is in the heading, in its order (a keyword search: "launcher color").
        boosts.push([document, 'ordered']);
      }
    }
    if (exactDocuments.length > 1) {
      // Only the best scored are read word for word: a heading repeated across a versioned site's copies ("Usage") is
      // exact for thousands of sections, and cutting each into words cost a tenth of such a search.
      const askedWords = new Set(wordsOf(asked).map((word) => word.toLowerCase()));
      const checked =
        exactDocuments.length > MAX_WORD_FOR_WORD_CHECKS
          ? exactDocuments.toSorted((a, b) => (question.scores[b] as number) - (question.scores[a] as number)).slice(0, MAX_WORD_FOR_WORD_CHECKS)
          : exactDocuments;
      for (const document of checked) {
        const written = headingWordsOf(document);
        if (written.length <= distinctHeadingWords(document) || !written.every((word) => askedWords.has(word))) continue;
        wordForWord.add(document);
      }
    }
    for (const [document, kind] of boosts) {
      // A heading that is exactly the question ("Change the colors") is what the reader named; one that
      // merely holds its words ("Change the launcher color") is lifted only when no heading is exact. Of exact
      // headings, one the question says word for word comes first: "Do I need React?" named the FAQ entry, whose
      // only word past the stop words (React) is the React page's whole heading; the others are lifted as part of it.
      const exact = wordForWord.size === 0 ? settings.exactHeadingBoost : wordForWord.has(document) ? settings.exactHeadingBoost * WORD_FOR_WORD_HEADING_FACTOR : settings.partOfQuestionHeadingBoost;
      const factor = kind === 'ordered' ? (exactFound ? 1 : settings.wholeQuestionInHeadingBoost) : kind === 'part' ? settings.partOfQuestionHeadingBoost : exact;
      question.scores[document] = (question.scores[document] as number) * factor;
    }
    return new Set([...wordForWord].flatMap((document) => sections[document] ?? []));
  }

  /**
   * Whether a section's own heading has the question's words in the question's order: "launcher color" in "Change
   * the launcher color", not "open source" in "Sources open on your site" (which came before the FAQ "Is it free and
   * open source?" for "Is it open source?"), nor "answer … language" in "Use a language model for the answers".
   */
  function inQuestionOrder(questionTerms: readonly string[], document: number): boolean {
    const heading = sections[document]?.headingPath.at(-1) ?? '';
    // Chinese and Japanese terms hold overlapping character pairs, in no order a heading keeps.
    if (hasUnspacedScript(heading)) return true;
    const wanted = [...new Set(questionTerms)];
    let next = 0;
    for (const term of termsOf(heading)) if (term === wanted[next]) next++;
    return next === wanted.length;
  }

  /** A section's own heading as lowercase words, stop words too (boostNamedHeadings), read once per section. */
  function headingWordsOf(document: number): readonly string[] {
    const section = sections[document];
    if (!section) return [];
    let words = writtenHeadingWords.get(section);
    if (!words) writtenHeadingWords.set(section, (words = wordsOf(section.headingPath.at(-1) ?? '').map((word) => word.toLowerCase())));
    return words;
  }

  function distinctHeadingWords(document: number): number {
    if (headingTermCounts.length <= document) headingTermCounts = grown(headingTermCounts, document + 1);
    if (headingTermCounts[document] === 0) headingTermCounts[document] = Math.min(MAX_HEADING_TERMS, termsOf(sections[document]?.headingPath.at(-1) ?? '').length) + 1;
    return (headingTermCounts[document] as number) - 1;
  }

  function isProductName(term: string): boolean {
    return sectionCount >= MIN_SECTIONS_FOR_PRODUCT_NAME && index.sectionShare(term) > PRODUCT_NAME_SHARE;
  }

  /** DocsIndex.productName, found once per set of files. */
  function productName(): string | undefined {
    if (namedProduct !== undefined) return namedProduct.name;
    const homeTitle = index.page('/')?.title.split(/\s+[-–—|:]\s+/)[0]?.trim();
    let name = homeTitle !== undefined && homeTitle !== '' && homeTitle.split(/\s+/).length <= MAX_PRODUCT_NAME_WORDS ? homeTitle : undefined;
    if (name === undefined) {
      const titleTerms = new Set([...keysByFile.values()].flatMap((keys) => termsOf(sections[keys[0] ?? -1]?.pageTitle ?? '')));
      name = [...titleTerms].filter(isProductName).toSorted((a, b) => index.sectionShare(b) - index.sectionShare(a))[0];
    }
    namedProduct = { name };
    return name;
  }

  /**
   * A question naming nothing but the product (every word in most of the sections: "What is Vite?", "Vue
   * 是什么") asks what it is: the pages that introduce the site come first. Without this, "Vite とは何ですか"
   * opened on the `vite` command and "Vue 是什么" on Web Components, whose headings also name the product.
   */
  function introduceTheProduct(questionTerms: string[]): void {
    if (questionTerms.length === 0 || !questionTerms.every(isProductName)) return;
    // Every score of the question's words is small and set by field boosts ("Vite" in a heading); the
    // introducing sections come first, in their own order, by adding the best score to theirs.
    const best = bestOf(question);
    for (const document of introducingSections()) {
      // Only those the question found (and the filter let through).
      if (question.matched[document] !== 0) question.scores[document] = (question.scores[document] as number) + best;
    }
  }

  function introducingSections(): Set<number> {
    if (!introducing) {
      introducing = new Set();
      for (let key = 0; key < sections.length; key++) {
        const section = sections[key];
        if (section !== undefined && introducesSite(section)) introducing.add(key);
      }
    }
    return introducing;
  }

  /**
   * The glossary's words for a question asked in another language than most of the docs (glossary.ts), or
   * undefined. Read once per question: its terms, its query and its alternatives each need them.
   */
  function glossaryReading(asked: string): ReadonlyMap<string, readonly string[]> | undefined {
    if (lastReading?.asked !== asked) {
      lastReading = { asked, translated: askedInAnotherLanguage(languageOfText(asked)) ? glossaryAlternatives(asked, termsOf(asked)) : undefined };
    }
    return lastReading.translated;
  }

  /** Whether a reader's language is another than that of most of the docs' sections (a site in English asked in Chinese). */
  function askedInAnotherLanguage(readerLanguage: string | undefined): boolean {
    if (readerLanguage === undefined) return false;
    const docsLanguage = mostSectionsLanguage();
    return docsLanguage !== undefined && docsLanguage !== readerLanguage;
  }

  /** The language most of the docs' sections are written in (read from their text or declared). */
  function mostSectionsLanguage(): string | undefined {
    let docsLanguage: string | undefined;
    let most = 0;
    for (const [language, count] of sectionsPerLanguage) {
      if (count > most) [docsLanguage, most] = [language, count];
    }
    return docsLanguage;
  }

  /** A reader asking in Japanese on a site with Japanese and English pages gets the Japanese ones first. */
  function preferLanguage(readerLanguage: string | undefined): void {
    if (readerLanguage === undefined || !sectionsPerLanguage.get(readerLanguage)) return;
    // A language the pages do not say (read from their text) that is not the docs' own is of pages left
    // untranslated (Vite's Japanese docs keep their blog's release notes in English): an English question there
    // went to release notes before the Japanese guide that answers it. A site translated by folder or
    // frontmatter prefers any reader's language.
    if (declaredLanguageSections === 0 && askedInAnotherLanguage(readerLanguage)) return;
    // A site in one language (the common case) has nothing to prefer: skip the pass over every candidate.
    let languagesInUse = 0;
    for (const count of sectionsPerLanguage.values()) if (count > 0) languagesInUse++;
    if (languagesInUse < 2) return;
    for (let position = 0; position < question.count; position++) {
      const document = question.documents[position] as number;
      const language = languages[document];
      if (language !== undefined && language !== readerLanguage) question.scores[document] = (question.scores[document] as number) * settings.otherLanguageFactor;
    }
  }

  /** A question describing a problem ("The chat doesn't show on my site") opens on the troubleshooting entry for it. */
  function liftTroubleshooting(asked: string): void {
    if (settings.troubleshootingBoost === 1 || troubleshootingKeysByFile.size === 0 || !describesProblem(asked)) return;
    const { scores } = question;
    for (const keys of troubleshootingKeysByFile.values()) {
      // A key the question found has a score; the others stay at 0 (and lifted, 0).
      for (const key of keys) if (key < scores.length) scores[key] = (scores[key] as number) * settings.troubleshootingBoost;
    }
  }

  /** Among the best sections so far, those quoting a run of what the reader pasted (quotedMessages.ts). */
  function liftQuotingSections(asked: string): void {
    if (settings.pastedMessageBoost === 1) return;
    const runs = pastedRuns(pastedMessages(asked));
    if (runs.length > 0) liftAmongBest((section) => quotesPasted(section, runs), settings.pastedMessageBoost);
  }

  /** Multiplies by `boost` the scores of those among the QUOTING_WINDOW best sections so far that `lifts`. */
  function liftAmongBest(lifts: (section: Section) => boolean, boost: number): void {
    const best = topDocuments(question.scores, QUOTING_WINDOW);
    for (let position = 0; position < question.count; position++) best.offer(question.documents[position] as number);
    for (const document of best.sorted()) {
      const section = sections[document];
      if (section && lifts(section)) question.scores[document] = (question.scores[document] as number) * boost;
    }
  }

  /**
   * Among the best sections so far, those whose heading promises a reason, for a question asking why (reasons.ts).
   * Not for a problem ("Why doesn't the launcher show?"): its troubleshooting entry answers it (liftTroubleshooting).
   */
  function liftReasons(asked: string): void {
    if (settings.reasonHeadingBoost !== 1 && asksWhy(asked) && !describesProblem(asked)) liftAmongBest(headingGivesReason, settings.reasonHeadingBoost);
  }

  /** Among the best sections so far, those whose heading compares, for a question asking what sets two things apart. */
  function liftComparisons(asked: string): void {
    if (settings.comparingHeadingBoost !== 1 && asksDifference(asked) && !describesProblem(asked)) liftAmongBest(headingCompares, settings.comparingHeadingBoost);
  }

  /** The sections whose own heading marks them deprecated, for a question that does not ask about old ways (a few, kept at indexing). */
  function lowerDeprecated(asked: string): void {
    if (settings.deprecatedHeadingWeight === 1 || deprecatedKeysByFile.size === 0 || asksOldWays(asked)) return;
    const { scores } = question;
    // A key the question did not find stays at 0. Every such section is lowered, not only the best: the order is the same.
    for (const keys of deprecatedKeysByFile.values()) for (const key of keys) if (key < scores.length) scores[key] = (scores[key] as number) * settings.deprecatedHeadingWeight;
  }

  /**
   * Adds the context's scores into the question's, scaled so the context's best is `contextWeight` of
   * the question's best: it steers a vague question without outweighing a precise one. Sections only
   * the context matched join the question's list with no question term matched.
   */
  function addContext(contextWeight: number | undefined): void {
    if (context.count === 0) return;
    const factor = ((contextWeight ?? settings.contextWeight) * (bestOf(question) || 1)) / (bestOf(context) || 1);
    for (let position = 0; position < context.count; position++) {
      const document = context.documents[position] as number;
      if (question.matched[document] === 0) question.documents[question.count++] = document;
      question.scores[document] = (question.scores[document] as number) + (context.scores[document] as number) * factor;
    }
  }

  /**
   * By score (with allTermsFirst, sections with every question term first), a named section before its page's intro, a
   * page's opening for its topic, capped per page. `askedHeadings`: the sections whose heading the question says word for
   * word (boostNamedHeadings), none passed over for a page's opening.
   */
  function rank(questionTerms: readonly string[], limit: number, questionWords: readonly string[], askedHeadings: ReadonlySet<Section>, topicAllowed?: (section: Section) => boolean, asked?: Omit<AskedTerms, 'weights'>): SearchHit[] {
    const questionTermCount = questionTerms.length;
    const { documents, scores, matched } = question;
    // The per-page cap may pass over many sections of one page: widen the window until it fills the limit.
    for (let window = Math.max(limit * 4, 32); ; window *= 2) {
      const first = topDocuments(scores, window);
      const rest = topDocuments(scores, window);
      for (let position = 0; position < question.count; position++) {
        const document = documents[position] as number;
        if (!settings.allTermsFirst || bitCount(matched[document] as number) >= questionTermCount) first.offer(document);
        else rest.offer(document);
      }
      const top = first.sorted();
      if (top.length < window) top.push(...rest.sorted().slice(0, window - top.length));
      const ranked: Candidate[] = top.flatMap((document) => {
        const section = sections[document];
        return section ? [{ section, score: scores[document] as number, coverage: coverageOf(question, document) }] : [];
      });
      if (settings.tableRowBoost !== 1 && asked !== undefined) liftTableRows(ranked, { ...asked, weights: question.termWeights }, settings.tableRowBoost);
      if (top.length < window || fillsUnderCap(ranked, limit, settings.sectionsPerPage)) {
        const named = settings.namedSectionFirst ? namedSectionFirst(ranked, new Set(questionTerms), wordTermsOf, (term) => index.sectionShare(term) <= MAX_NAMING_SHARE) : ranked;
        // A first section whose heading the question says word for word is what was asked ("Do I need React?" is not
        // a question on the React page's topic).
        const asksHeading = named[0] !== undefined && askedHeadings.has(named[0].section);
        const topical = settings.pageTopicFirst && !asksHeading ? pageTopicFirst(named, new Set(questionWords), wordTermsOf, (section) => pagePositions.get(section) ?? 0, isProductName, topicAllowed) : named;
        return capPerPage(topical, limit, settings.sectionsPerPage);
      }
    }
  }
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

/** The terms of the code a question quotes (pastedText.ts) that its own words do not have. */
function codeOnlyTerms(asked: string): Set<string> {
  const code = pastedCode(asked);
  if (code === '') return new Set();
  const own = new Set(termsOf(questionParts(asked).own));
  return new Set(termsOf(code).filter((term) => !own.has(term)));
}

function bestOf(accumulated: Accumulated): number {
  let best = 0;
  for (let position = 0; position < accumulated.count; position++) best = Math.max(best, accumulated.scores[accumulated.documents[position] as number] as number);
  return best;
}

/**
 * Memos for the length of a build (until the returned function is called): MiniSearch's term lookups in a
 * hash map (it walks its radix tree at every lookup: half of a large site's cold index build), and each
 * distinct token's terms (words repeat, and stemming them again was a tenth of the rest), handed to `use`.
 * A term's postings object must never leave the tree meanwhile: vacuum() runs only after the build.
 */
function startBuildMemos(miniSearch: MiniSearch<IndexedSection>, use: (analyzer: FieldAnalyzer) => void): () => void {
  const tree = (miniSearch as unknown as Record<string, unknown>)['_index'] as { fetch(term: string, initial: () => unknown): unknown };
  const walk = tree.fetch;
  const postingsOfTerm = new Map<string, unknown>();
  tree.fetch = (term, initial) => {
    let data = postingsOfTerm.get(term);
    if (data === undefined) postingsOfTerm.set(term, (data = walk.call(tree, term, initial)));
    return data;
  };
  use(createFieldAnalyzer());
  return () => {
    delete (tree as { fetch?: unknown }).fetch;
    postingsOfTerm.clear();
  };
}

const newPostings = () => new Map<number, PostingList>();

/** Of the sections whose heading is exactly the question's words, the best scored this many are read word for word. */
const MAX_WORD_FOR_WORD_CHECKS = 16;

/** An exact heading the question says word for word, stop words too, is lifted this many times an exact heading's boost. */
const WORD_FOR_WORD_HEADING_FACTOR = 2;

function grown<Bytes extends Uint8Array | Uint16Array>(bytes: Bytes, size: number): Bytes {
  const next = new (bytes.constructor as new (length: number) => Bytes)(Math.max(size, bytes.length * 2));
  next.set(bytes);
  return next;
}
