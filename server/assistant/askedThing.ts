// Questions asking whether there is a thing, or whether it supports one ("Is there a built-in CSRF middleware?", "Vue
// 有官方的图表库吗", "Vite に組み込みのテストランナーはありますか"), and the thing they ask for: the answer is a section naming
// it, and docs that name it nowhere do not say there is one (retrieve.ts: which section opens, and whether the docs cover it).
import { termsOf, wordTermsOf } from '../docs/analyzer.ts';
import { otherScriptForms } from '../docs/chineseScripts.ts';
import type { DocsIndex, Section } from '../docs/types.ts';
import { termsOfSection } from './sectionTermSets.ts';
import { isLoneHan } from './terms.ts';

/** "Does Hono", "does the widget": who is asked whether it has a thing. */
const ASKED = String.raw`(?:does|do) (?:\w+|the \w+)`;
/** What it is asked whether it does with a thing, besides having it. */
const OFFERS = 'include|come with|ship with|ship|offer|provide';
/** Whether there is, whether it has (not "do I have to"), includes, comes with or offers, official or built-in: 有没有, 有官方, 内置, 公式, ありますか. */
const ASKS_WHETHER_THERE_IS = new RegExp(String.raw`\b(?:is there|are there|${ASKED} (?:have(?! to\b)|${OFFERS})|built-in|official)\b|有没有|有官方|官方的|官方提供|内置的|公式の|組み込みの|(?<!必要が|ことが)ありますか`, 'i');
/** But not whether there is a way: "跨好几层组件传数据有没有简单的办法" and "import の仕方はありますか" ask how. */
const ASKS_FOR_A_WAY = /\b(?:is there|are there) (?:a |any )?(?:way|option|setting)\b|办法|方法|方式|やり方|方法は|仕方/i;

export function asksWhetherThereIs(question: string): boolean {
  return ASKS_WHETHER_THERE_IS.test(question) && !ASKS_FOR_A_WAY.test(question);
}

/** Whether it supports a thing: asked of a thing too, but as often of a feature in the docs' other words (retrieve.ts's THING_COVERAGE is not for it). */
const ASKS_WHETHER_IT_SUPPORTS = new RegExp(String.raw`\b${ASKED} support\b`, 'i');

/**
 * Words that frame whether there is a thing, not the thing: "Is there an official MCP server?" (no page says official),
 * "Does it support keyboard shortcuts like Cmd+K?" (on docs that never say support or like). "Is there something built
 * in?" after a reader's story names no thing: its topic is the story's.
 */
const EXISTENCE_FRAME_TERMS: ReadonlySet<string> = new Set(termsOf('official officially built-in builtin native natively support include offer provide come ship like feature features mechanism something anything thing things'));

/** Words that frame a request for a thing in Chinese and Japanese (官方, 内置, 功能 …): not the thing. */
const EXISTENCE_FRAME_CJK: ReadonlySet<string> = new Set(termsOf('官方 内置 內置 功能 机制 機制 机能 機能 公式 組み込み 仕組み 库 庫 ライブラリ 工具 支持 サポート'));
/** An English question's thing: what follows "is there" or "does it have" (its articles left out), up to a word that starts another part. */
const ENGLISH_THING = new RegExp(String.raw`\b(?:is there|are there|${ASKED} (?:have|${OFFERS}|support))\s+(?:(?:a|an|any|the|some)\s+)?([^?.!,;]*)`, 'i');
const THING_ENDS = /\s(?:on|in|like|that|which|when|where|so|by|from|if|or|and|out|inside|within)\s.*$/i;
const HIRAGANA = /\p{Script=Hiragana}/u;

/**
 * The words naming the thing a question asks whether there is: in English what follows "is there a" or "does it have
 * a" up to a preposition ("a limit on how long…" is a limit), in Chinese and Japanese its words other than those
 * framing the request and other than a Japanese verb's or adjective's (読み込む: they inflect, 読み込み in the docs).
 */
function thingTerms(index: DocsIndex, question: string): string[] {
  const english = ENGLISH_THING.exec(question)?.[1]?.replace(THING_ENDS, '');
  const words = english === undefined ? wordTermsOf(question).filter((term) => !HIRAGANA.test(term) && !isLoneHan(term)) : termsOf(english);
  return words.filter((term) => !index.isProductName(term) && !EXISTENCE_FRAME_TERMS.has(term) && !EXISTENCE_FRAME_CJK.has(term));
}

/**
 * The thing a question asking whether there is one names, as the rarest of its words (thingTerms: a modifier most often,
 * "CSRF" in "a built-in CSRF middleware", "metrics" in "a metrics endpoint") and the docs' words for it; undefined when
 * it names nothing past the words framing it. All of its words would be too many: the docs say "GET /metrics", never
 * "a metrics endpoint" (two of the 54 answerable such questions were lost).
 */
export function thingForms(index: DocsIndex, question: string, alternatives: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const words = thingTerms(index, question);
  if (words.length === 0) return undefined;
  const rarest = words.reduce((rare, term) => (index.sectionShare(term) < index.sectionShare(rare) ? term : rare));
  return [rarest, ...(alternatives.get(rarest) ?? []), ...otherScriptForms(rarest)];
}

/**
 * Whether a section names the thing asked about: "Is there a built-in CSRF middleware?" opened on the guide's Built-in
 * Middleware ("Hono has built-in middleware."), which names none; "Does Hono have a built-in job queue?" and "Vue
 * 有官方的图表库吗" (charts) were answered from sections that share only the words around the thing.
 */
export function namesThing(section: Section, forms: readonly string[]): boolean {
  const terms = termsOfSection(section);
  return forms.some((form) => terms.has(form));
}

/** "How do I have the widget follow…" asks how, not whether it has. */
const ASKS_HOW = /^\s*(?:how|why|what|where|when|which|who)\b/i;

/** Whether a question asks whether there is a thing, or whether it supports one. */
export function asksForAThing(question: string): boolean {
  return !ASKS_HOW.test(question) && (asksWhetherThereIs(question) || ASKS_WHETHER_IT_SUPPORTS.test(question));
}

/**
 * Whether a question asking whether there is a thing names it with a word no page has, not even with a typo, nor the
 * readers' words for it (synonyms): the docs cannot say there is one. Not one of its `names` (Cmd+K, GraphQL): names
 * have their own rule (retrieve.ts, unknownNames), which the readers' words for a thing the question names get past.
 * "Does the widget support video answers?" was answered from the FAQ on other languages, which covers its other words
 * (the widget, support, answers), "Does Hono support GraphQL subscriptions natively?" from the home page's middleware.
 */
export function namesUnknownThing(index: DocsIndex, question: string, names: readonly string[], alternatives: ReadonlyMap<string, readonly string[]>): boolean {
  const nameTerms = new Set(names.flatMap((name) => termsOf(name)));
  // In English, the thing's words only: a reader's story before the question has words no page has ("Some requests take
  // forever … Is there something built in?" was beyond the docs through "forever", though Timeout Middleware came
  // first). A Chinese or Japanese question's thing is all its words, and its character pairs too: 付费 (paid) is two
  // single characters to the segmenter, and only their pair is no page's.
  const thing = ENGLISH_THING.test(question) ? new Set(thingTerms(index, question)) : undefined;
  return index.unknownWords(question).some((word) => (thing === undefined || thing.has(word)) && !alternatives.has(word) && !EXISTENCE_FRAME_TERMS.has(word) && !nameTerms.has(word));
}
