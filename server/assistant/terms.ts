// The words of a question that can match docs text, analysed exactly like the search index analyses docs
// (server/docs/analyzer.ts), minus words that are about asking rather than about the topic.
import { termsOf, termsOfToken, wordsOf } from '../docs/analyzer.ts';
import { withoutWhereItRuns } from '../docs/pastedText.ts';
import { signTerms } from '../docs/synonyms.ts';

/** "How do I use ...", "tell me ...", "in the docs": present in questions, absent as a topic. */
const ASKING_TERMS = new Set(
  termsOf('use using get make tell explain show know docs doc documentation anything something thing possible'),
);

/** Distinct stemmed topic terms of `text` (without its URLs and stack frames), in first-seen order, then those its signs stand for (signTerms). */
export function contentTerms(text: string): string[] {
  const terms = termsOf(withoutWhereItRuns(text)).filter((term) => !ASKING_TERMS.has(term));
  return [...new Set([...terms, ...signTerms(text)])];
}

const LONE_HAN = /^\p{Script=Han}$/u;

/** A word of one Han character: the segmenter cuts compounds into such (组件 -> 组|件), so it tells little alone. */
export function isLoneHan(word: string): boolean {
  return LONE_HAN.test(word);
}

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

/** Words that point at the attached selection or code rather than name a topic. */
const POINTING_TERMS = new Set(
  contentTerms(
    'this that these those here above below code snippet example line lines text passage paragraph selection selected mean means meaning work works do does happen happens purpose explain ' +
      // How to put it ("explain this in simpler words", "tell me more"): still about the selection alone.
      'simple simpler simply plain words word brief briefly short shorter detail details detailed more again ' +
      // Summing it up ("summarize this", "tl;dr"): about the selection when there is one.
      'summarize summarise summary tldr tl dr gist',
  ),
);
/**
 * The same in Chinese and Japanese ("请解释一下这段", "このコードは何をしますか？"), taken out of the question
 * before its terms are read: their characters would otherwise pair across words (释一, 段代) into terms.
 * Longest first, so 是什么 goes before 什么.
 */
const UNSPACED_POINTING_WORDS = [
  ...'怎么理解 做什么 干什么 是什么 什么 解释 解釋 说明 說明 讲解 講解 讲的 讲 意思 含义 作用 代码 代碼 程序 这段 這段 这个 這個 这些 這些 这里 這裡 上面 下面 段落 文字 文本 示例 例子 说的 说 帮我 理解 一段'.split(' '),
  ...'どういう コード 意味 説明 解説 部分 箇所 文章 内容 処理 動作 これ この ここ 何 例'.split(' '),
  ...'简单 通俗 详细 具体 簡単 分かりやすく わかりやすく 詳しく 具体的'.split(' '),
].toSorted((a, b) => b.length - a.length);

/** Whether a term only points at what the reader attached ("this", "code", "mean"). */
export function isPointingTerm(term: string): boolean {
  return POINTING_TERMS.has(term);
}

/** "explain this", "what does this code do?", "这段是什么意思": no topic words of its own, only words that point at something. */
export function onlyPoints(text: string): boolean {
  let rest = text;
  for (const word of UNSPACED_POINTING_WORDS) rest = rest.replaceAll(word, ' ');
  return contentTerms(rest).every(isPointingTerm);
}

/** Words that name the page the reader is on or ask for it summed up ("what is this page about?", "tl;dr"). */
const PAGE_NAMING_TERMS = new Set(contentTerms('page summarize summarise summary overview tldr tl dr gist'));
/** Other words such a question may hold ("give me an overview", "the main points", "what does it cover?"). */
const PAGE_QUESTION_TERMS = new Set(contentTerms('give sum up cover covers key main points takeaways outline whole quick'));
/** The same in Chinese and Japanese, taken out before the question's terms are read (longest first). */
const UNSPACED_PAGE_WORDS = [
  ...'这个页面 這個頁面 这一页 這一頁 本页 本頁 这页 這頁 页面 頁面 总结 總結 概括 要点 要點 大意 主要内容 主要內容 主要 讲了 講了 内容 內容 概述'.split(' '),
  ...'このページ 本ページ ページ 要約 概要 まとめ ポイント 書いて 書かれて 教えて'.split(' '),
].toSorted((a, b) => b.length - a.length);
/** Of those, the ones that name the page or a summary (内容 alone asks about any content). */
const UNSPACED_PAGE_NAMES = new Set('这个页面 這個頁面 这一页 這一頁 本页 本頁 这页 這頁 页面 頁面 总结 總結 概括 要点 要點 大意 概述 このページ 本ページ ページ 要約 概要 まとめ ポイント'.split(' '));

/**
 * "What is this page about?", "summarize this page", "tl;dr", "このページを要約して", "总结一下这一页": the page the
 * reader is on, summed up, with no topic of its own. A question that names a topic beside a page ("How do I deploy
 * to Cloudflare Pages?", "ページへの CSS 注入を無効にしたい") is not one.
 */
export function asksAboutPage(text: string): boolean {
  let rest = text;
  let named = false;
  for (const word of UNSPACED_PAGE_WORDS) {
    if (!rest.includes(word)) continue;
    named ||= UNSPACED_PAGE_NAMES.has(word);
    rest = rest.replaceAll(word, ' ');
  }
  for (const word of UNSPACED_POINTING_WORDS) rest = rest.replaceAll(word, ' ');
  const terms = contentTerms(rest);
  named ||= terms.some((term) => PAGE_NAMING_TERMS.has(term));
  return named && terms.every((term) => PAGE_NAMING_TERMS.has(term) || PAGE_QUESTION_TERMS.has(term) || isPointingTerm(term));
}

/** The word "page" itself, in the languages of the docs: a question that says it means the page, not a selection. */
const PAGE_WORD = /\bpages?\b|ページ|页面|頁面|这一?页|這一?頁|本[页頁]/iu;

/** Whether a question about the reader's page says "page": then it is about the page even with a selection attached. */
export function namesThePage(text: string): boolean {
  return PAGE_WORD.test(text);
}
