// The parts of a question that asks two things at once: "How do I enable CORS and also protect my routes with
// basic auth?", "computed 和 watch 有什么区别", "開発サーバーのポートを 3000 に変えて、ブラウザーを自動で開きたい".
// The extractive answer quotes a section for each part (extractive.ts): its lead answered one part, and the
// section for the other, matching fewer of the question's words, was left out.
import { termsOf, termsOfToken } from '../docs/analyzer.ts';

/**
 * Verbs a reader asks to do, which say what a part asks, not what it is about ("…and read it later" is not about
 * Further reading).
 */
const DOING_VERBS = 'add allow call change check configure create disable enable fix get handle have hide keep listen make move open protect read remove return run see send set show start stop turn use write'.split(' ');
/** Verbs that name a topic of docs as well: Compress Middleware is what "compress responses" is about. */
const TOPIC_VERBS = 'build cache compress deploy log redirect serve sign stream test throw time validate verify'.split(' ');
/**
 * English: a second request ("…and also protect my routes", "…and move it to the left side"): "and" or "or" before one
 * of those verbs. Between two nouns ("a username and password", "title and meta tags") it joins the things one
 * request is about: split there too, 12 of the 1,210 bench answers changed, most for the worse.
 */
const REQUEST_VERBS = [...DOING_VERBS, ...TOPIC_VERBS].join('|');
const ENGLISH_REQUEST_BREAK = new RegExp(`\\s+(?:and|or|as\\s+well\\s+as|plus)(?:\\s+(?:also|then))?\\s+(?=(?:${REQUEST_VERBS})\\b)`, 'i');
const DOING_VERB_TERMS: ReadonlySet<string> = new Set(DOING_VERBS.flatMap((verb) => termsOfToken(verb)));
/**
 * Two questions in one message: "How do I enable CORS? And can I add basic auth too?", "…有什么区别？为什么要用…". An
 * English question mark ends a question before a space only: "?page=2" is a URL's.
 */
const QUESTIONS_BREAK = /(?:(?<=\?)\s+|(?<=？)\s*)(?:(?:and|also|plus)\b[,\s]*)?(?=\S)/i;
/** English: two names compared ("the difference between c.text() and c.json()", "JWT or bearer auth", "X vs Y"). */
const ENGLISH_NAMES_BREAK = /\s+(?:and|or|vs\.?|versus)\s+/i;
/**
 * Chinese and Japanese: a second request after a comma ("，又怎么…", "，还要…", "并且", "同时"), or the next of two
 * actions ("変えて、", "使いつつ").
 */
const CJK_REQUEST_BREAK = /\s*[，,]\s*(?=又|还|再|并|然后|同时|另外)|并且|同时|(?<=[てで])\s*[、,]\s*|(?<=\S)つつ/u;
/**
 * "And" between two names in Chinese and Japanese: 和, 与, 跟, 还是, and と or や after a name and before one (inside a
 * phrase in kana, のと, it is none). Read so only when the question compares (COMPARES) or one side is in Latin
 * letters (LATIN_SIDE, "computed 和 watch"): between two Chinese words 和 also joins two verbs of one request
 * ("显示和隐藏时有动画", to animate showing and hiding).
 */
const CJK_NAMES_BREAK = /\s*(?:和|与|跟|还是|以及|および)\s*|(?<=[\p{Script=Han}\p{Script=Katakana}\w)）.`]\s*)(?:と|や)(?=\s*[\p{Script=Han}\p{Script=Katakana}\w`])/u;
/**
 * Korean: a second request after a verb's -고 ("런처를 왼쪽으로 옮기고 색도 바꾸고 싶어요", "압축하고 ETag도") or 그리고;
 * not the nouns ending in 고 (최고, 참고, 광고, 창고, 재고).
 */
const KOREAN_REQUEST_BREAK = /(?<=\p{Script=Hangul})(?<!최|참|광|창|재|사|입)고\s+(?=[\p{Script=Hangul}\w])|\s+(?:그리고|또한)\s+/u;
/**
 * Korean "and" between two names (와, 과, 랑, 하고 on the first): after a name in Latin letters ("c.text()와 c.json()"),
 * or, in a question comparing them, after a Korean one ("스크립트 태그와 React"; not 결과, 효과, which end so).
 */
const KOREAN_NAMES_AFTER_LATIN = /(?<=[\w)`])(?:와|과|랑|하고)\s+/u;
const KOREAN_NAMES_BREAK = new RegExp(`${KOREAN_NAMES_AFTER_LATIN.source}|(?<=\\p{Script=Hangul})(?<!결|효)(?:와|과)\\s+`, 'u');
/** The words of a question comparing two things or asking which to take; left out of the parts ("Vuex 选哪个" is about Vuex). */
const COMPARES = /^\s*(?:should i|is it better)\b|有什么区别|有什么不同|区别|區別|不同|差异|差異|の違い|違い|比較|比べ|选哪个|选哪|選哪|用哪个|用哪個|哪一个|哪个好|哪个更|どっち|どちら|分别|分別|それぞれ|차이점|차이|다른 점|중 뭘|중 어느|어느 쪽|뭐가 나아|뭐가 더|\bdiffer(?:ence|ent)?\b|\bcompare\b|\bvs\b|\bversus\b|\bwhich (?:one|should)\b/giu;
/** A Chinese or Japanese "and" with a name in Latin letters on one side. */
const LATIN_SIDE = /[A-Za-z][\w./-]*\s*(?:和|与|跟|还是|以及|および|と|や)|(?:和|与|跟|还是|以及|および|と|や)\s*[A-Za-z`]/u;

/** Whether a question compares two things or asks which to take ("computed 和 watch 有什么区别", "JWT or bearer auth?"). */
export function comparesNames(question: string): boolean {
  return question.search(COMPARES) !== -1;
}

/** English: a second thing asked of the same verb ("turn on dark mode and the side panel", "enable CORS and the logger"). */
const ENGLISH_OBJECT_BREAK = /\s+and\s+(?=(?:the|a|an|my|its)\s)/i;
/** One of those verbs in a clause, with its particle ("set up", "turn on"). */
const REQUEST_VERB = new RegExp(`\\b(?:${REQUEST_VERBS})\\b(?:\\s+(?:up|on|off|out))?`, 'gi');

/**
 * A request of two things in one English clause, "and" then an article or "my" before the second ("How do I turn on
 * dark mode and the side panel?", "enable CORS and the logger"), as two requests: the second thing with the words
 * asking for the first up to their verb ("How do I read the request body and the headers?": "How do I read the
 * headers?"; alone, "the headers?" found Secure Headers). A clause with no such verb before the "and" stays whole.
 * Both nouns bare ("a username and password") are one thing (ENGLISH_REQUEST_BREAK).
 */
function twoObjects(clause: string): string[] {
  const [head, ...rest] = clause.split(ENGLISH_OBJECT_BREAK);
  if (rest.length !== 1 || head === undefined || rest[0] === undefined) return [clause];
  const verbs = [...head.matchAll(REQUEST_VERB)];
  const verb = verbs.at(-1);
  if (verb === undefined) return [clause];
  return [head, `${head.slice(0, verb.index + verb[0].length)} ${rest[0]}`];
}

/** The question's parts, in order; a question of one part gives one. */
export function clausesOf(question: string): string[] {
  let clauses = question
    .split(QUESTIONS_BREAK)
    .flatMap((clause) => clause.split(ENGLISH_REQUEST_BREAK))
    .flatMap(twoObjects)
    .flatMap((clause) => clause.split(CJK_REQUEST_BREAK))
    .flatMap((clause) => clause.split(KOREAN_REQUEST_BREAK));
  const compares = comparesNames(question);
  // Two names compared are the parts, without the words asking which.
  if (compares) clauses = clauses.flatMap((clause) => clause.replace(COMPARES, ' ').split(ENGLISH_NAMES_BREAK));
  if (compares || LATIN_SIDE.test(question)) clauses = clauses.flatMap((clause) => clause.split(CJK_NAMES_BREAK));
  if (compares || KOREAN_NAMES_AFTER_LATIN.test(question)) clauses = clauses.flatMap((clause) => clause.split(compares ? KOREAN_NAMES_BREAK : KOREAN_NAMES_AFTER_LATIN));
  return clauses.map((clause) => clause.trim()).filter((clause) => clause !== '');
}

/**
 * Whether a section's headings name what a part of the question is about: one of its terms, other than a verb
 * asking to do something. "…and read it later" is not about Further reading, nor "…and send a PR" about Send a
 * follow-up: found for such a part, they were quoted as answers.
 */
export function headingsNamePart(headingPath: readonly string[], partTerms: readonly string[]): boolean {
  const heading = new Set(termsOf(headingPath.join(' ')));
  return partTerms.some((term) => heading.has(term) && !DOING_VERB_TERMS.has(term));
}
