// How text becomes index terms, the same at index and query time. Latin text: lowercase, English
// stop words out, Porter stems, and code identifiers also split into their words (`getCookie` ->
// getcooki, get, cooki). Chinese, Japanese, Korean and Thai have no spaces between words: they are
// cut into words by `Intl.Segmenter`, and runs of Han characters also give their character pairs,
// because the segmenter's dictionary splits many compounds (组件 -> 组|件, 缓存 -> 缓|存) and a pair
// still matches when a reader's typo changes one character of a longer word.
import { stemmer } from 'stemmer';
import { KOREAN_STOP_WORDS, koreanWord } from './korean.ts';

// Common English function words: they match nearly every section and only blur the ranking. The last words
// frame a reader's question ("what happens if...", "hi, thanks, I'd like to know...") and name nothing:
// "happened" in a list of a job's events outranked the section on crashes, and an unknown "hi" weighed most
// of a question. "tell" stays: "tell the bot to answer politely" is about the model's instructions.
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which while who whom why will
  with would you your yours yourself yourselves ll ve re s t d m don doesn didn isn aren wasn weren won can't i'm
  please want wanted need needs also way happen happens happened happening hi hello hey thanks thank thx know
  somewhere anywhere elsewhere everywhere somehow couldn shouldn wouldn haven hasn hadn mustn needn whose whichever whenever
  wherever whatever though although anymore`.split(/\s+/),
);

// Chinese function words and question words: 怎么/如何/什么 are in nearly every question and no answer.
// The last lines are the same words in traditional characters (OpenCC's Taiwan and Hong Kong forms).
// Japanese particles and auxiliaries are all-hiragana tokens, dropped by rule (see isJapaneseFunctionWord);
// 使える ("can I use...?") and the 使 the segmenter cuts from 使えますか frame a question, as "how do I" does.
const CJK_STOP_WORDS = new Set(
  `的 了 是 在 和 与 及 或 有 我 我的 你 他 她 它 们 我们 你们 吗 呢 吧 啊 呀 把 被 就 也 都 而 这 那 这个 那个 这些 那些 个 么 什么 怎么 怎样
  怎么样 如何 为什么 为何 哪 哪个 哪些 哪里 哪儿 吗 能 能够 可以 可 会 要 想 需要 应该 一个 一下 但 但是 如果 因为 所以 时 时候 没 没有 不 请 问 请问
  还 又 再 对 于 从 到 上 下 中 里 用 使用 该 其 之 等 自己 它们 他们 东西 一些 有些 怎么办 为什么会 以后 之后 之间 能不能 可不可以 会不会 要不要 是不是 有没有 它是 那是 です ます する 方法 やり方 どう 何
  なぜ 教え 教えて 知り たい 使える 使えます 使えない 使えません 使
  與 們 我們 你們 嗎 這 這個 那個 這些 個 麼 什麼 怎麼 怎樣 怎麼樣 為什麼 為何 哪個 能夠 會 應該 一個 因為 時 時候 沒 沒有 請 問 請問 哪裡 哪兒
  還 對 於 從 裡 裏 該 它們 他們 東西 怎麼辦 為什麼會 以後 之後 之間 會不會 有沒有`.split(/\s+/),
);

/** Han characters that are grammar, not meaning: a character pair holding one (的计, 了但) is noise. */
const HAN_PARTICLES = new Set('的了是吗呢吧啊我你他么个这那和与把被就也都没不给在请有什怎哪之嗎麼個這與沒給請');
/** The same, by UTF-16 code unit (all are in the Basic Multilingual Plane): read per character of every Han run. */
const HAN_PARTICLE_CODES = new Uint8Array(0x10000);
for (const particle of HAN_PARTICLES) HAN_PARTICLE_CODES[particle.charCodeAt(0)] = 1;
/** A surrogate: the run holds a character outside the Basic Multilingual Plane. */
const ASTRAL = /[\uD800-\uDFFF]/;

/**
 * Where an identifier's words meet: `getCookie`, `XMLHttpRequest`. Not before an acronym's plural "s" (`URLs`,
 * `APIs`, `IDs`): cut there, "URLs" gave ur and ls, words of no page, and "JWTs" gave ts, every TypeScript example's.
 */
const CAMEL_CASE_BOUNDARY = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])(?![A-Z]s$)/;
/** Scripts written without spaces between words. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const HAN_RUN = /\p{Script=Han}{2,}/gu;
const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const ALL_HIRAGANA = /^[\p{Script=Hiragana}ー]+$/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KATAKANA = /\p{Script=Katakana}/u;
/** Katakana with the long-vowel mark (ー is not in the Katakana script); the capture keeps runs in split's output. */
const KATAKANA_RUN = /([\p{Script=Katakana}ー]*\p{Script=Katakana}[\p{Script=Katakana}ー]*)/u;
const KATAKANA_RUN_WHOLE = /^[\p{Script=Katakana}ー]+$/u;

/** Whether a text holds a letter of a script written without spaces between words (Chinese, Japanese, Korean, Thai). */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED_SCRIPT.test(text);
}

/** Whether a word is all katakana (with long-vowel marks): a loanword, or a compound of them. */
export function isKatakanaWord(word: string): boolean {
  return KATAKANA_RUN_WHOLE.test(word);
}

/**
 * Words joined by hyphens or underscores (one chunk, as chunksOf joins them: `re-indexed`, `max_age`) are
 * indexed as one word written solid, stemmed: readers write "reindex" and "prerender" for the docs'
 * "re-indexed" and "pre-rendering", and `max_age` is `maxAge` (whose solid form processTerm gives too).
 * Instead of the joined form, not beside it: both would find the same sections and count twice.
 */
const JOINED_WORDS = /^[a-z0-9]+(?:[-_][a-z0-9]+)+$/;
const JOINERS = /[-_]/g;

/**
 * A name and a one-digit version written solid ("WSL2", "Vue3", "HTTP2", "OAuth2") is the name too: "WSL で編集しても
 * 反映されない" never found the entry on WSL2. Not two digits or more ("base64", "sha256": other names), nor a name of
 * two letters ("md5", "es6").
 */
const VERSIONED_NAME = /^([a-z]{3,})\d$/;

/** MiniSearch `processTerm`: null drops the token, an array indexes several terms. */
export function processTerm(token: string): string | string[] | null {
  if (UNSPACED_SCRIPT.test(token)) return processUnspacedTerm(token);
  const lower = token.toLowerCase();
  if (STOP_WORDS.has(lower) || (lower.length < 2 && !/\d/.test(lower))) return null;
  const stemmed = JOINED_WORDS.test(lower) ? stem(lower.replace(JOINERS, '')) : stem(lower);
  const versioned = VERSIONED_NAME.exec(lower)?.[1];
  const parts = token.split(CAMEL_CASE_BOUNDARY);
  if (parts.length < 2) return versioned ? [stemmed, versioned] : stemmed;
  const terms = new Set(versioned ? [stemmed, versioned] : [stemmed]);
  for (const part of parts) {
    const partLower = part.toLowerCase();
    if (partLower.length > 1 && !STOP_WORDS.has(partLower)) terms.add(stem(partLower));
  }
  return [...terms];
}

/**
 * CJK and Thai words carry no inflection to stem; one Han character is a word (值, 键), one kana is not. A
 * katakana word loses its long-vowel marks (katakanaTerm), as Japanese search engines drop a final one
 * (kuromoji's katakana stemmer): サーバー and サーバ, ブラウザー and ブラウザ are one word spelt two ways,
 * and a reader typing サーバ found the pages on 開発サーバー a third as well.
 */
function processUnspacedTerm(token: string): string | null {
  const lower = token.toLowerCase();
  if (HANGUL.test(lower)) {
    // A Korean phrase is its word and a particle or an ending (korean.ts); one syllable is a word (키, 앱).
    const word = koreanWord(lower);
    return KOREAN_STOP_WORDS.has(word) ? null : word;
  }
  if (CJK_STOP_WORDS.has(lower) || ALL_HIRAGANA.test(lower)) return null;
  if ([...lower].length < 2 && !HAN.test(lower)) return null;
  return KATAKANA_RUN_WHOLE.test(lower) ? katakanaTerm(lower) : lower;
}

/**
 * A katakana word as the index keeps it: without its long-vowel marks, unless that leaves one kana (キー). Japanese
 * writes many loanwords with or without them (サーバー and サーバ, ブラウザー and ブラウザ), within a compound too: the
 * docs' ライブラリーモード and a reader's ライブラリモード, エントリーポイント and エントリポイント, were other words.
 */
export function katakanaTerm(word: string): string {
  if (!word.includes('ー')) return word;
  const plain = word.replaceAll('ー', '');
  return plain.length >= 2 ? plain : word;
}

/**
 * Names whose last "s" is part of the name, not a plural: Porter makes HTTPS http and iOS io, so a question on
 * HTTPS matched every page saying HTTP, and one on iOS every page on I/O.
 */
const NOT_PLURALS = new Set(['https', 'ios', 'tls', 'dns', 'aws', 'cors', 'sms', 'gps', 'macos', 'tvos', 'watchos']);

/**
 * Words Porter cuts to another word's stem: "production" (a deployment) is not "product" (a name): "How do I deploy
 * the server to production?" opened on a section that says "product names"; "added" and "adding" are add, not ad
 * ("The assistant never finds anything from the guide I just added" opened on "An ad blocker blocks the fingerprint").
 */
const OWN_STEMS = new Map([
  ['production', 'production'],
  ['productions', 'production'],
  ['added', 'add'],
  ['adding', 'add'],
  // Irregular verbs, which no stemmer joins to their base: "Where does the server keep its data?" never found "Threads
  // and their messages are kept in an embedded SQLite database". Not the commonest (find, send, make, take, get, see,
  // go, run, give: found, sent, took joined to them drew sections that say the base in passing), nor forms that are
  // other words in docs (left, a side; bound, a limit).
  ...irregularForms(
    'keep kept kept|write wrote written|choose chose chosen|begin began begun|' +
      'bring brought brought|catch caught caught|hold held held|lose lost lost|hide hid hidden|break broke broken|' +
      'speak spoke spoken|forget forgot forgotten|draw drew drawn|fall fell fallen|spend spent spent|deal dealt dealt|' +
      'understand understood understood|grow grew grown|drive drove driven|rise rose risen|shrink shrank shrunk|' +
      'sink sank sunk|fly flew flown|wear wore worn|tear tore torn|sell sold sold|buy bought bought|teach taught taught|' +
      'seek sought sought|stand stood stood|strike struck struck|stick stuck stuck|hang hung hung|dig dug dug|feel felt felt',
  ),
]);

/** `base past participle|…` (as many forms as differ) to [form, the base's stem] pairs: each form is stemmed as its base. */
function irregularForms(lines: string): [string, string][] {
  return lines.split('|').flatMap((line) => {
    const [base = '', ...forms] = line.split(' ');
    return [...new Set(forms)].filter((form) => form !== base).map((form): [string, string] => [form, stemmer(base)]);
  });
}

function stem(word: string): string {
  return /^[a-z]+$/.test(word) && !NOT_PLURALS.has(word) ? (OWN_STEMS.get(word) ?? stemmer(word)) : word;
}

const TOKEN_SEPARATOR = /^[\n\r\p{Z}\p{P}\p{S}]$/u;
const segmenters = new Map<string, Intl.Segmenter>();

/** What a character is to the tokenizer: a separator, a letter of a spaced script, or of an unspaced one. */
const SEPARATOR = 1;
const SPACED = 2;
const UNSPACED = 3;
/** A spaced letter that starts a new chunk where it meets an unspaced one: an ASCII letter or digit. */
const LATIN = 4;
/** The kind of each character of the Basic Multilingual Plane, filled in as they are met (0: not met yet). */
const basicKinds = new Uint8Array(0x10000);
const astralKinds = new Map<number, number>();

function kindOf(character: string): number {
  return TOKEN_SEPARATOR.test(character) ? SEPARATOR : UNSPACED_SCRIPT.test(character) ? UNSPACED : /[A-Za-z0-9]/.test(character) ? LATIN : SPACED;
}

const HYPHEN = 0x2d;
const UNDERSCORE = 0x5f;

/** A URL's scheme, which chunksOf leaves out before "://". */
const URL_SCHEME = /^https?$/i;
const COLON = 0x3a;

/**
 * The text cut at runs of spaces, punctuation and symbols (`\n\r\p{Z}\p{P}\p{S}`), as `split` with that
 * pattern would cut it, with whether each chunk holds a letter of an unspaced script. A scan with a table
 * per character, each character's kind found by those patterns once: split and a script test of each chunk
 * took a quarter more of tokenize's time on the corpora.
 *
 * Words of a spaced script joined by single hyphens or underscores (`v-if`, `z-index`, `max_age`) are also
 * one chunk, after their parts: `v-if` cut alone is `v` (too short) and `if` (a stop word), so Vue's
 * directives, CSS properties and snake_case names were found by none of their words.
 *
 * Where ASCII letters meet Chinese, Japanese or Korean with no space between ("怎么用v-for渲染列表",
 * "v-modelの使い方", "v-for로"), the chunk is cut: the name is a chunk of its own, joined as above, instead of
 * `v` and `for` cut apart by the segmenter.
 */
function chunksOf(text: string): { chunks: string[]; unspaced: boolean[] } {
  const chunks: string[] = [];
  const unspaced: boolean[] = [];
  let start = -1;
  let hasUnspaced = false;
  // The spaced chunks joined so far by one hyphen or underscore each: where they start and end, how many.
  let chainStart = 0;
  let chainEnd = 0;
  let chainLength = 0;
  // The separators since the last chunk: how many, and whether they are one joiner alone.
  let separators = 0;
  let joiner = false;
  // The kind of the last letter read, to cut where ASCII letters meet an unspaced script.
  let lastLetter = 0;
  const endChunk = (end: number) => {
    // A URL's scheme is no word of the text: "https" in every linked or quoted address drew questions about HTTPS
    // to any section with a URL in it ("HTTPS で開発サーバーを起動したい" to the dev server API's, for a comment's link).
    if (text.charCodeAt(end) === COLON && end - start <= 5 && text.startsWith('//', end + 1) && URL_SCHEME.test(text.slice(start, end))) {
      start = -1;
      return;
    }
    chunks.push(text.slice(start, end));
    unspaced.push(hasUnspaced);
    if (hasUnspaced) endChain();
    else {
      if (chainLength === 0) chainStart = start;
      chainEnd = end;
      chainLength++;
    }
    start = -1;
  };
  const endChain = () => {
    if (chainLength > 1) {
      chunks.push(text.slice(chainStart, chainEnd));
      unspaced.push(false);
    }
    chainLength = 0;
  };
  for (let position = 0; position < text.length; position++) {
    const code = text.charCodeAt(position);
    // Never read past the end: code optimized for in-bounds reads that then meets one can stay slow.
    const low = code >= 0xd800 && code <= 0xdbff && position + 1 < text.length ? text.charCodeAt(position + 1) : 0;
    let kind: number;
    if (low >= 0xdc00 && low <= 0xdfff) {
      const point = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      kind = astralKinds.get(point) ?? 0;
      if (kind === 0) astralKinds.set(point, (kind = kindOf(String.fromCodePoint(point))));
    } else {
      kind = basicKinds[code] as number;
      // A lone surrogate matches no property: it is a letter, as split leaves it in its chunk.
      if (kind === 0) basicKinds[code] = kind = code >= 0xd800 && code <= 0xdfff ? SPACED : kindOf(String.fromCharCode(code));
    }
    if (kind === SEPARATOR) {
      if (start >= 0) {
        endChunk(position);
        separators = 0;
      }
      separators++;
      joiner = separators === 1 && (code === HYPHEN || code === UNDERSCORE);
    } else {
      if (start >= 0 && ((kind === LATIN && lastLetter === UNSPACED) || (kind === UNSPACED && lastLetter === LATIN))) {
        endChunk(position);
        separators = 0;
        joiner = false;
      }
      lastLetter = kind;
      if (start < 0) {
        // Words joined by anything but one hyphen or underscore are not one name.
        if (chainLength > 0 && !joiner) endChain();
        start = position;
        hasUnspaced = false;
      }
      if (kind === UNSPACED) hasUnspaced = true;
    }
    // The low half of a surrogate pair was read with the high one.
    if (low >= 0xdc00 && low <= 0xdfff) position++;
  }
  if (start >= 0) endChunk(text.length);
  endChain();
  return { chunks, unspaced };
}

/** MiniSearch `tokenize`: split on spaces, punctuation and symbols (so `=>` or `|` never become terms); CJK and Thai runs into words. */
export function tokenize(text: string): string[] {
  return tokensOf(text, true);
}

/** The words of a text as `tokenize` cuts it, without the character pairs of its Han runs (they only overlap its words). */
export function wordsOf(text: string): string[] {
  return tokensOf(text, false);
}

function tokensOf(text: string, withHanPairs: boolean): string[] {
  const { chunks, unspaced } = chunksOf(text);
  // Text in a spaced script only (most of an English site): its chunks are its tokens.
  if (!unspaced.includes(true)) return chunks;
  const words = unspacedWords(chunks.filter((_chunk, position) => unspaced[position]));
  const tokens: string[] = [];
  let next = 0;
  for (let position = 0; position < chunks.length; position++) {
    const chunk = chunks[position] as string;
    if (!unspaced[position]) {
      tokens.push(chunk);
      continue;
    }
    // The chunk's words, then the character pairs of its Han runs.
    const chunkWords = words[next++] ?? [];
    for (const word of chunkWords) tokens.push(word);
    if (withHanPairs) pushHanPairs(tokens, chunk, chunkWords);
  }
  return tokens;
}

/**
 * A chunk of unspaced script in the runs it is cut into: a katakana run is one word, because ICU cuts
 * インポート into イン|ポート before する but not elsewhere, which made "ポート" (port) match every page about imports.
 */
function runsOf(chunk: string): string[] {
  // Most chunks (all of Chinese) have no katakana: nothing to split off.
  return KATAKANA.test(chunk) ? chunk.split(KATAKANA_RUN).filter((run) => run !== '') : [chunk];
}

/**
 * The words of each unspaced chunk, in order: its katakana runs whole, the rest as the segmenter cuts them.
 * Each locale's runs are cut in one pass, joined by spaces (where a word always ends): a segment() call and
 * its iterator per run took more than twice as long on the Chinese and Japanese corpora.
 */
function unspacedWords(chunks: readonly string[]): string[][] {
  // Per chunk, its runs' words in order; the segmenter fills those of the runs listed in `runs`.
  const runs: { text: string; locale: string; words: string[] }[] = [];
  const slots = chunks.map((chunk) => {
    const locale = localeOf(chunk);
    return runsOf(chunk).map((run) => {
      if (KATAKANA_RUN_WHOLE.test(run)) return [run];
      const words: string[] = [];
      runs.push({ text: run, locale, words });
      return words;
    });
  });
  for (const locale of new Set(runs.map((run) => run.locale))) {
    const ofLocale = runs.filter((run) => run.locale === locale);
    // Where each run starts in the joined text: a segment belongs to the last run starting at or before it.
    const starts: number[] = [];
    let length = 0;
    for (const run of ofLocale) {
      starts.push(length);
      length += run.text.length + 1;
    }
    let current = 0;
    for (const part of segmenterFor(locale).segment(ofLocale.map((run) => run.text).join(' '))) {
      if (!part.isWordLike) continue;
      while (current + 1 < starts.length && (starts[current + 1] as number) <= part.index) current++;
      ofLocale[current]?.words.push(part.segment);
    }
  }
  return slots.map((chunkSlots) => chunkSlots.flat());
}

/**
 * The character pairs of the chunk's Han runs that are not already one of its words (nor hold a particle). Read by
 * code unit, and the chunk's few words looked through as a list: spreading each run into characters and a set of
 * words per chunk were a twelfth of cutting Chinese and Japanese text into tokens.
 */
function pushHanPairs(tokens: string[], chunk: string, words: readonly string[]): void {
  for (const run of chunk.match(HAN_RUN) ?? []) {
    // Han outside the Basic Multilingual Plane (rare names) is two code units a character: cut by code points.
    if (ASTRAL.test(run)) {
      pushPairsOf([...run], tokens, words);
      continue;
    }
    if (run.length === 2 && words.includes(run)) continue;
    for (let position = 0; position + 1 < run.length; position++) {
      if (HAN_PARTICLE_CODES[run.charCodeAt(position)] === 1 || HAN_PARTICLE_CODES[run.charCodeAt(position + 1)] === 1) continue;
      const pair = run.slice(position, position + 2);
      if (!words.includes(pair)) tokens.push(pair);
    }
  }
}

/** pushHanPairs for a run holding Han outside the Basic Multilingual Plane, by code point. */
function pushPairsOf(characters: readonly string[], tokens: string[], words: readonly string[]): void {
  if (characters.length === 2 && words.includes(characters.join(''))) return;
  for (let position = 0; position + 1 < characters.length; position++) {
    const first = characters[position] as string;
    const second = characters[position + 1] as string;
    if (HAN_PARTICLES.has(first) || HAN_PARTICLES.has(second)) continue;
    const pair = first + second;
    if (!words.includes(pair)) tokens.push(pair);
  }
}

/** The segmenter's dictionaries differ by locale only for the script it must guess (Han is shared by zh and ja). */
function localeOf(chunk: string): string {
  return KANA.test(chunk) ? 'ja' : /\p{Script=Hangul}/u.test(chunk) ? 'ko' : /\p{Script=Thai}/u.test(chunk) ? 'th' : 'zh';
}

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'word' })));
  return segmenter;
}

/** `processTerm` as a list: none for a stop word, several for an identifier (`getCookie`: getcooki, get, cooki). */
export function termsOfToken(token: string): string[] {
  const processed = processTerm(token);
  return processed === null ? [] : typeof processed === 'string' ? [processed] : processed;
}

/** Of a text's `terms` (termsOf), those no one of its `words` (wordsOf) gives: character pairs of its Han runs (定方 in 設定方法). */
export function pairOnlyTerms(terms: readonly string[], words: readonly string[]): Set<string> {
  const pairs = new Set(terms);
  for (const word of words) for (const term of termsOfToken(word)) pairs.delete(term);
  return pairs;
}

/** The terms a text's hyphenated or snake_case names give (`sign-on` gives signon): another name one letter off is not a typo of one. */
export function joinedTermsOf(text: string): Set<string> {
  const joined = new Set<string>();
  for (const word of wordsOf(text)) if (JOINED_WORDS.test(word.toLowerCase())) for (const term of termsOfToken(word).slice(0, 1)) joined.add(term);
  return joined;
}

/**
 * What each term of a hyphenated or snake_case name weighs in a question: together JOINED_NAME_WEIGHT, not one
 * word each. "docs-assistant" gives assist and docsassist, "Content-Security-Policy" four terms, so a name
 * outweighed the reader's other words ("Is docs-assistant free?" opened on CLI flags naming DOCS_ASSISTANT_PORT,
 * not on the FAQ "Is it free?"). A part the question also writes on its own weighs in full. Terms of no joined
 * name are left out of the map.
 */
export function joinedNameShares(text: string, terms: readonly string[]): Map<string, number> {
  const shares = new Map<string, number>();
  // Most questions join no words: no need to cut them into words again (an ICU call for Chinese or Japanese).
  if (!text.includes('-') && !text.includes('_')) return shares;
  const words = wordsOf(text);
  const joined = words.filter((word) => JOINED_WORDS.test(word.toLowerCase()));
  if (joined.length === 0) return shares;
  // The tokenizer gives a joined name's parts as words too (docs, assistant, docs-assistant): a part stands on
  // its own only when the question writes it more often than its names hold it.
  const uses = new Map<string, number>();
  for (const word of words) uses.set(word, (uses.get(word) ?? 0) + 1);
  for (const word of joined) for (const part of word.split(JOINERS)) uses.set(part, (uses.get(part) ?? 0) - 1);
  const asked = new Set(terms);
  for (const word of joined) {
    const parts = word.split(JOINERS).filter((part) => (uses.get(part) ?? 0) <= 0);
    const group = new Set([...termsOfToken(word), ...parts.flatMap(termsOfToken)].filter((term) => asked.has(term)));
    if (group.size < 2) continue;
    for (const term of group) shares.set(term, Math.min(shares.get(term) ?? 1, JOINED_NAME_WEIGHT / group.size));
  }
  return shares;
}

/** A joined name's terms weigh one and a half words together: measured over every retrieval set, 1 lost a docs question, 1.5 none. */
const JOINED_NAME_WEIGHT = 1.5;

/** The distinct terms of a text, in order of appearance. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const token of tokenize(text)) for (const term of termsOfToken(token)) terms.add(term);
  return [...terms];
}

/** The distinct terms of a text's words, without the character pairs of its Han runs (局注 in 全局注册 is no word of it). */
export function wordTermsOf(text: string): string[] {
  return [...new Set(wordsOf(text).flatMap(termsOfToken))];
}
