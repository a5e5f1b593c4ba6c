// A reader describing a problem ("The chat doesn't show on my site", "保存しても画面が更新されない") is
// helped first by the docs' troubleshooting entry for it, whose heading names the problem in the docs' words
// ("The launcher does not appear"), while the reader's words ("chat", "site") match pages that explain the
// feature working. Measured on bench/questions/docs-symptoms.json and vite-ja-symptoms.json.
import type { Section } from './types.ts';

/**
 * Words of a problem in English: a negated verb ("doesn't show", "won't open", "does nothing") or a failure
 * ("breaks", "is gone", "stuck", "is down", "unavailable", "times out"; not "down" alone: "a thumbs down
 * button"), with a straight or a typographic apostrophe (phones type "doesn’t"). Not "error" alone: "How do I
 * handle errors?" asks how to use a feature.
 */
const ENGLISH_PROBLEM =
  /\b(?:not|never|nothing|doesn['’]t|does not|don['’]t|didn['’]t|won['’]t|isn['’]t|aren['’]t|can['’]t|cannot|couldn['’]t|fails?|failed|failing|broken|breaks|crash(?:es|ed)?|stuck|hangs?|freezes|missing|gone|lost|disappear(?:s|ed)?|vanish(?:es|ed)?|refused?|refuses|blocks|blocked|wrong|(?:is|are|was|were|goes|went) down|outages?|unavailable|unreachable|offline|time[sd]? out)\b/i;

/** An error the reader meets ("Readers get too many requests errors", "I keep getting a 401 error"), not one they handle. */
const ENGLISH_ERROR_MET = /\b(?:get|gets|getting|got|see|sees|seeing|shows?)\b(?:\s+[\w'-]+){0,3}?\s+errors?\b/i;

/** The same in Japanese: a verb in the negative (動かない, 反映されない, 終わらない, 繋がらない), one that happens against the reader's will (オブジェクトになってしまう) or a failure (落ちる, エラーが出る). */
const JAPANESE_PROBLEM = /(?:[\p{Script=Hiragana}\p{Script=Han}]ない|なくなる|なくなった|ません|てしまう|てしまった|ちゃう|落ちる|失敗|うまくいかない|止まる|固まる|クラッシュ|壊れ|エラーが出る|エラーになる)/u;

/** The same in Chinese: 不显示, 没反应, 无法, 报错, 白屏. */
const CHINESE_PROBLEM = /(?:不显示|不出现|不工作|不生效|不起作用|不更新|没反应|没有反应|无法|报错|出错|失败|白屏|卡住|丢失|消失)/u;

/**
 * A wish rather than a problem: "ビルドのたびに中身を消さないようにしたい" (I want it not to empty the folder),
 * "ポートが使われていたらエラーにしたい", "How do I make it not send cookies?", "想让它不显示".
 */
const WISH = /(?:たい|たくない|ように|\bhow (?:do|can|could|should) (?:i|we|you) (?:make|stop|keep|prevent|turn|tell|have|get)\b|想|希望|怎么让|如何让)/iu;

/**
 * A how-to whose words only describe what the reader wants ("How do I reject a request whose body is missing a
 * field?", "Can responses be cached so the handler does not run?"), unless it asks to fix something.
 */
const HOW_TO = /^\s*(?:how (?:do|can|could|should|would) (?:i|we|you)|can (?:i|we|you|it|responses?)|is there a way)\b(?!.*\b(?:fix|solve|debug|troubleshoot)\b)/i;

/** Whether a question describes something going wrong rather than asking how to do something. */
export function describesProblem(question: string): boolean {
  if (WISH.test(question) || HOW_TO.test(question)) return false;
  return ENGLISH_PROBLEM.test(question) || ENGLISH_ERROR_MET.test(question) || JAPANESE_PROBLEM.test(question) || CHINESE_PROBLEM.test(question);
}

/** Titles of a troubleshooting page, in the docs' languages. */
const TROUBLESHOOTING_TITLE = /(?:troubleshoot|known issues|common (?:errors|problems|issues)|トラブルシューティング|故障排除|疑难解答|问题排查|문제 해결)/i;

/** Whether a section's page is the docs' troubleshooting page, by its title or its file's name: the same for every section of a file. */
export function isTroubleshootingPage(section: Pick<Section, 'pageTitle' | 'file'>): boolean {
  return TROUBLESHOOTING_TITLE.test(section.pageTitle) || /troubleshoot/i.test(section.file);
}

/** Whether a section is an entry of the docs' troubleshooting page (not its opening, which only introduces it). */
export function isTroubleshootingEntry(section: Pick<Section, 'pageTitle' | 'headingPath' | 'file'>): boolean {
  return section.headingPath.length > 1 && isTroubleshootingPage(section);
}
