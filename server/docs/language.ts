// Which language a text or a page is in, so a reader asking in Japanese gets the Japanese page
// first on a site that has both. Scripts decide Chinese, Japanese, Korean and Thai; Latin text is
// English unless a page says otherwise in its frontmatter or its path.

/** Kana only appears in Japanese; Han alone is read as Chinese (a Japanese page has kana around its kanji). */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const THAI = /\p{Script=Thai}/u;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;
const CJK_LETTER = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]$/u;
/** Below Thai (U+0E00), the first of those scripts, no character is one of them. */
const FIRST_CJK_CODE = 0x0e00;

/** Path segments that name a language: `ja`, `zh-cn`, `pt-BR`, `zh_Hans` (two or three letters, optional region or script). */
const LANGUAGE_SEGMENT = /^([a-z]{2,3})(?:[-_]([a-z]{2}|[a-z]{4}|\d{3}))?$/i;
/** Two- or three-letter codes that are also common folder names in docs, so never read as a language. */
const NOT_LANGUAGES = new Set(['api', 'cli', 'faq', 'ui', 'ux', 'js', 'ts', 'css', 'sdk', 'dev', 'app', 'lib', 'src', 'raw', 'new', 'old', 'log', 'bin', 'use', 'std', 'ai', 'db', 'io', 'v1', 'v2', 'v3', 'man', 'tag', 'tip', 'ssr', 'ssg', 'rpc', 'jsx', 'mdx', 'pro', 'www', 'doc', 'hub', 'run', 'get', 'set', 'key', 'map', 'app', 'web', 'how', 'all', 'etc']);
/** ISO 639-1 codes of languages docs sites are translated into; a folder named `go` or `do` is not one. */
const KNOWN_LANGUAGES = new Set(
  'ar bg bn ca cs da de el en es et fa fi fr he hi hr hu id it ja ko lt lv ms nb nl no pl pt ro ru sk sl sr sv th tr uk ur vi zh'.split(' '),
);

/** The language of a short text (a question): a BCP 47 primary tag, or undefined when it has no letters to tell. */
export function languageOfText(text: string): string | undefined {
  if (KANA.test(text)) return 'ja';
  if (HANGUL.test(text)) return 'ko';
  if (THAI.test(text)) return 'th';
  if (HAN.test(text)) return 'zh';
  if (LATIN.test(text)) return 'en';
  return undefined;
}

/** A language tag reduced to its primary subtag, lowercase (`zh-CN` -> `zh`), for comparing. */
export function primaryLanguage(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The language a page's path names (`ja/guide/x.md`, `docs/zh-cn/intro.md`), if any. */
export function languageOfPath(file: string): string | undefined {
  for (const segment of file.replace(/\\/g, '/').split('/').slice(0, -1)) {
    const match = LANGUAGE_SEGMENT.exec(segment);
    if (!match?.[1] || NOT_LANGUAGES.has(segment.toLowerCase())) continue;
    const primary = match[1].toLowerCase();
    if (KNOWN_LANGUAGES.has(primary)) return segment.toLowerCase().replace('_', '-');
  }
  return undefined;
}

/**
 * A page's language: its frontmatter (`lang`, `language` or `locale`), else its path, else its text.
 * The text is sampled: the first few thousand characters tell the script as well as the whole page.
 */
export function languageOfPage(file: string, metadata: Record<string, unknown>, text: string): string | undefined {
  for (const key of ['language', 'lang', 'locale']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return languageOfPath(file) ?? languageOfProse(text.slice(0, 4000));
}

/** The script most of a text's letters are in; code and Latin product names inside CJK prose do not make it English. */
function languageOfProse(text: string): string | undefined {
  // Link targets and addresses are no prose either: one playground link (a thousand letters of encoded code)
  // made Vue's Chinese page on watchers English.
  const prose = text
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)\s]*\)|https?:\/\/\S+|<[^>\n]*>/g, ' ');
  const { cjk, latin } = letterCounts(prose);
  if (cjk === 0 && latin === 0) return undefined;
  // One CJK character carries about as much as a three-letter Latin word.
  return cjk * 3 >= latin ? languageOfText(prose) : 'en';
}

/**
 * How many letters of the text are CJK or Thai and how many are a-z, counted in one pass (each page's
 * language is read from its text: matching every letter into arrays was a twentieth of a large site's parse).
 */
function letterCounts(text: string): { cjk: number; latin: number } {
  let cjk = 0;
  let latin = 0;
  for (let position = 0; position < text.length; position++) {
    const code = text.charCodeAt(position);
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) latin++;
    else if (code >= FIRST_CJK_CODE) {
      const point = text.codePointAt(position) as number;
      if (CJK_LETTER.test(String.fromCodePoint(point))) cjk++;
      if (point > 0xffff) position++;
    }
  }
  return { cjk, latin };
}
