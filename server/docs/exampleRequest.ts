// A reader asking to be shown an example ("Show me a WebSocket handler example", "给我一个 computed 的例子",
// "import.meta.glob の使用例"): the answer should show code (extractive.ts), and the words asking for it name no part of
// the topic: a heading saying them ("Example Usage", "使用例") is not what the reader asked about.
import { termsOf } from './analyzer.ts';

/**
 * Words asking to be shown an example or code ("what does … look like?" too), in the languages the widget speaks. Not
 * "for example", 例えば or 例如 (introducing the reader's own case), 例外 (an exception) or 实例 (Vue's component
 * instance); not "code" alone ("a custom status code").
 */
const EXAMPLE = /(?<!\bfor )\bexamples?\b|\bwhat (?:does|do|would|will|should) .{1,80}? look like\b|\bsamples?\b|\b(?:in|with) code\b|例子|示例|范例|範例|(?<![实實])例(?![えのな外如])|サンプル|예제|예시/i;

/** The same words with what a compound says of them (使用例, 設定例, 代码示例, サンプルコード), whose terms the search weighs as naming nothing. */
const EXAMPLE_WORDS =
  /(?<!\bfor )\b(?:code )?(?:examples?|samples?)(?: code)?\b|\blooks? like\b|(?:使用|設定|コード|実装|記述|利用|代码|程式碼|配置|用法)?(?:例子|示例|范例|範例|(?<![实實])例(?![えのな外如]))|サンプル(?:コード)?|(?:코드 )?(?:예제|예시)/gi;

/** Whether the question asks to be shown an example: it wants code, in any language (a prose answer left it asking again). */
export function asksForExample(question: string): boolean {
  return EXAMPLE.test(question);
}

/** A term of those words that says example itself: not 設定 of 設定例 or 用法 of 用法示例, which name what the reader asks about. */
const SAYS_EXAMPLE = /例|サンプル|exampl|sampl|예제|예시|^look$|^like$/;

/** The terms of the question's words asking for an example (例 and 用例 of 使用例: the pair is the heading's too). */
export function exampleWordTerms(question: string): Set<string> {
  if (!asksForExample(question)) return new Set();
  return new Set([...question.matchAll(EXAMPLE_WORDS)].flatMap((match) => termsOf(match[0]).filter((term) => SAYS_EXAMPLE.test(term))));
}
