// Korean words as search terms. Korean is written with spaces between phrases, each a word and what is
// attached to it: a particle (미들웨어는, 쿠키를: "the middleware", "the cookie") or a verb's ending
// (사용하나요, 설정하려면: "do I use", "to set"). Indexed as written, no two phrases met: a reader's
// 미들웨어는 never found the docs' 미들웨어를, nor the glossary's 미들웨어. Each phrase is cut back to its word
// by the common particles and endings, the same way in the docs, the question and the glossary; a cut need
// not be the dictionary form, only the same for the same word (a stemmer's promise, as Porter's for English).

/** Particles a noun takes, longest first; those of one syllable that also end nouns (추가, 정의) only past two. */
const PARTICLES = [
  '에서부터', '으로부터', '에서는', '에서도', '에서의', '으로는', '으로도', '으로서', '으로써', '에게서', '까지는', '부터는', '이라고', '이라는', '이라도',
  '에서', '에게', '한테', '까지', '부터', '으로', '처럼', '보다', '이나', '이랑', '이란', '에는', '에도', '로는', '로도', '와는', '과는', '라고', '라는', '마다', '조차', '밖에',
  '을', '를', '은', '는', '에', '란',
];
const SHORT_PARTICLES = ['이', '가', '의', '도', '로', '와', '과', '만', '나', '랑'];
/** Words of one syllable that software docs use (키 "key", 앱 "app", 훅 "hook"): 키가 is 키 and a particle. */
const ONE_SYLLABLE_WORDS = new Set('키 앱 값 탭 창 색 줄 글 폰 팁 뷰 훅 룰 툴 웹 봇 맵 셋 팀 폼 잡 큐 표 열 행 돈 맥 핫 롤 틀'.split(' '));
/**
 * Endings of a verb made of a noun and 하다 or 되다 (사용하다 "to use", 저장되다 "to be stored"): the noun is
 * the word. The syllables 하, 해, 했, 할, 한, 합 (하다's forms) and 되, 돼, 됐, 될, 된, 됩 (되다's) past a word
 * of two syllables or more start the ending: 사용하나요 and 사용하려면 are 사용, 저장되나요 is 저장.
 */
const DOING = /^(\P{Script=Hangul}*\p{Script=Hangul}{2,}?)(?:하|해|했|할|한|합|되|돼|됐|될|된|됩|시키|시켜)\p{Script=Hangul}*$/u;
/** A verb's own endings (바꾸려면, 만드는, 가져오기: "to change", "making", "getting"), past a stem of two syllables or more. */
const ENDINGS = ['으려면', '려면', '나요', '는지', '는데', '어요', '아요', '세요', '습니다', '습니까', '인가요', '인지', '입니다', '이에요', '예요', '는', '기', '면'];
const HANGUL = /\p{Script=Hangul}/u;

function syllables(text: string): number {
  return [...text].length;
}

/** The word of a Korean phrase: without its particle or its verb ending (lowercase in, lowercase out). */
export function koreanWord(phrase: string): string {
  if (!HANGUL.test(phrase)) return phrase;
  const doing = DOING.exec(phrase)?.[1];
  if (doing !== undefined) return doing;
  for (const particle of PARTICLES) {
    if (phrase.endsWith(particle) && syllables(phrase) > syllables(particle)) return phrase.slice(0, -particle.length);
  }
  for (const particle of SHORT_PARTICLES) {
    if (!phrase.endsWith(particle)) continue;
    const word = phrase.slice(0, -particle.length);
    if (syllables(word) >= 2 || ONE_SYLLABLE_WORDS.has(word)) return word;
  }
  for (const ending of ENDINGS) {
    if (phrase.endsWith(ending) && syllables(phrase) - syllables(ending) >= 2) return phrase.slice(0, -ending.length);
  }
  return phrase;
}

/**
 * Korean words that frame a question and name nothing (어떻게 "how", 방법 "way", 있나요 "is there", 사용 "use",
 * as 使用 in Chinese: "CORS 미들웨어는 어떻게 사용하나요?" opened on CORS's "Using with Vite"), and
 * particles standing alone after a Latin name (Hono에서 is segmented Hono | 에서), as cut by koreanWord.
 */
export const KOREAN_STOP_WORDS = new Set(
  `사용 사용법 것이 것을 것은 수가 수는 어떻게 어떤 어떠 무엇 무엇인 무슨 뭐 뭔 뭐가 뭔가 뭔가요 뭔지 뭐예요 뭐죠 뭘 왜 어디 어디서 어디에 언제 누가 누구 얼마 얼마나 있 있나 있나요 있어 있어요 있습니 있는 있을 없 없나요 없는
  수 방법 법 것 거 게 좀 제 저 나 내 우리 저희 이 그 이것 그것 저것 이런 그런 때 경우 알려 알려주 알려줘 알려주세요 싶 싶어 싶어요 싶습니 가능 가능한 가능할
  하 하는 하나요 해야 해요 할 할까요 합니다 하면 하고 하기 되 된 돼 될 되나요 되는 필요 필요한 또는 그리고 및 다른 같은 좋은 관련 대해 대한 위해 위한 통해
  에서 에게 한테 까지 부터 으로 처럼 보다 이나 에는 에도 로는 을 를 은 는 에 의 가 도 로 와 과 만 랑 요`.split(/\s+/),
);
