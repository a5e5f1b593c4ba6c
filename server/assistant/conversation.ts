// What the answer knows of the conversation: earlier turns, and the terms a short follow-up leans on.
import type { Exchange } from '../store/threads.ts';
import { smallTalkOf } from './smallTalk.ts';
import { asksAboutPage, contentTerms, onlyPoints, topicWordCount } from './terms.ts';

/** A turn of the conversation; an answer may carry its sources' URLs (the stored thread's, or the client's `source-url` parts). */
export type Turn = { role: 'user' | 'assistant'; text: string; sources?: readonly string[] };

/** Turns kept for the model and for follow-ups; older ones rarely matter and cost tokens. */
export const HISTORY_EXCHANGES = 10;

/** A stored thread is the history the server trusts; without one, the client's earlier messages are used. */
export function historyTurns(stored: readonly Exchange[] | null, clientTurns: readonly Turn[]): Turn[] {
  if (stored === null) return clientTurns.slice(-2 * HISTORY_EXCHANGES);
  return stored.flatMap((exchange): Turn[] => [
    { role: 'user', text: exchange.question },
    { role: 'assistant', text: exchange.answer, sources: exchange.sources.map((source) => source.url) },
  ]);
}

export interface Retrieval {
  /** Search queries, most important first; their hits are merged in that order. */
  queries: string[];
  terms: string[];
  contextTerms: string[];
  /**
   * The question a follow-up follows: the follow-up is searched with it as context (its words steer the
   * ranking without outweighing the follow-up's own), before `queries` ("and a signed one?" after a
   * question about cookies: signed cookies, not signed JWTs).
   */
  setting?: string;
  /** The URLs of the sources the last answer was drawn from, when the conversation kept them: the setting's pages. */
  settingSources?: readonly string[];
  /**
   * A question of its own (three topic words or more) after another, which may still be about its setting: it
   * stays there only when the setting's first section covers as much of it as the best section found alone
   * (retrieve.ts).
   */
  mayLeaveSetting?: boolean;
}

/** Characters of an answer's opening that stand for it when it has no quote title or source. */
const POINTED_SETTING_CHARS = 400;

/** The first quote's linked title of an extractive answer ("**[CORS Middleware › Usage](/…)**"). */
const QUOTE_TITLE = /\*\*\[([^\]\n]{1,200})\]\(/;

/**
 * What an answer was about, in a few words: its first quote's title ("CORS Middleware › Usage"), else its first
 * source's path ("/middleware/builtin/cors#usage"), else its opening.
 */
function topicOfAnswer(answer: Turn): string {
  const title = QUOTE_TITLE.exec(answer.text)?.[1];
  if (title) return title;
  const source = answer.sources?.[0];
  if (source) {
    try {
      const { pathname, hash } = new URL(source, 'http://localhost');
      return decodeURIComponent(`${pathname}${hash}`).replace(/[/#_-]+/g, ' ');
    } catch {
      // An unreadable URL says nothing: the answer's opening stands for it.
    }
  }
  return answer.text.slice(0, POINTED_SETTING_CHARS);
}

/**
 * The searches and match terms for a question. A follow-up with fewer than three topic words ("and the host?")
 * is searched with the previous question as context (its setting), then on its own, then together with it;
 * the previous question's words also become context terms for choosing sentences. A longer one is searched on
 * its own, and in its setting only to be weighed against that (mayLeaveSetting).
 */
export function retrievalFor(question: string, history: readonly Turn[]): Retrieval {
  const terms = contentTerms(question);
  // A greeting or thanks in between (smallTalk.ts) is no setting: "and the launcher?" after "thanks!" still follows
  // the question on colors before it.
  const previousAt = history.findLastIndex(isQuestion);
  const answer = history.slice(previousAt + 1).find((turn) => turn.role === 'assistant');
  // "What does this code do?" and "summarize this page" name no topic: the selection or the page they were asked
  // about did, and what the answer was about stands for them (the answer's opening alone, code and all, drew
  // "How do I test my app?" to CORS's example; "summarize this page" itself drew "and the options?" to Cloudflare Pages).
  const asked = history[previousAt]?.text;
  const pointed = asked !== undefined && namesNoTopic(asked) && answer?.text !== undefined && answer.text !== '';
  // A next step of a next step ("and from a cookie instead?" after "where does it read the token from?" after the JWT
  // middleware) also follows the question the last one leaned on: alone, the last one's words had lost the topic (it
  // opened on Bearer Auth). Not a follow-up with words of its own: they pick among the last answer's topic, which the
  // earlier question blurred (two third turns were lost).
  const leaning = !pointed && asked !== undefined && (continuesPrevious(question) || topicWordCount(question) <= 1) ? settingOfFollowUp(asked, history.slice(0, previousAt)) : undefined;
  const previousQuestion = pointed ? topicOfAnswer(answer) : leaning ? `${asked} ${leaning}` : asked;
  if (!previousQuestion) return { queries: [question], terms, contextTerms: [] };
  const sources = answer?.sources?.length ? { settingSources: answer.sources } : {};
  // "can I change the header name?" after a request id names its topic in three words, and asked alone found the
  // JWT middleware's header option; "Does it support dark mode?" after the rate limits is a new question.
  if (topicWordCount(question) >= 3 && !continuesPrevious(question)) return { queries: [question], terms, contextTerms: [], ...(terms.length > 0 ? { setting: previousQuestion, mayLeaveSetting: true, ...sources } : {}) };
  const contextTerms = contentTerms(previousQuestion).filter((term) => !terms.includes(term));
  if (terms.length === 0) return { queries: [previousQuestion], terms: contextTerms, contextTerms: [] };
  return { queries: [question, `${question} ${previousQuestion}`], terms, contextTerms, setting: previousQuestion, ...sources };
}

/**
 * The question a follow-up leaned on, when it did (fewer than three topic words, or worded as a next step or with a
 * pronoun): "where does it read the token from?" leaned on "how do I use the jwt middleware?".
 */
function settingOfFollowUp(asked: string, earlier: readonly Turn[]): string | undefined {
  if (topicWordCount(asked) >= 3 && !continuesPrevious(asked) && !refersBack(asked)) return undefined;
  const before = earlier.findLast(isQuestion);
  return before === undefined || namesNoTopic(before.text) ? undefined : before.text;
}

/** A reader's turn that asks something: not a greeting or thanks in between (smallTalk.ts). */
function isQuestion(turn: Turn): boolean {
  return turn.role === 'user' && smallTalkOf(turn.text) === undefined;
}

/** "What does this code do?", "summarize this page": the selection or the page asked about is the topic. */
function namesNoTopic(question: string): boolean {
  return onlyPoints(question) || asksAboutPage(question);
}

/**
 * A question worded as the next step of the last one: opening "and…", "what about…", "also…", or ending 呢 or
 * は？ ("本番ビルドは？"). It follows its setting whatever its length: "and read the token from a cookie?" after
 * JWT auth has three topic words, and asked alone it found the cookie helper.
 */
const CONTINUATION = /^\s*(?:and|also|but|or|plus|then|what about|how about|same for|what if (?:it|they|this|that))\b|^\s*(?:那|那么|那麼|还有|還有|另外|では|じゃあ|それで|あと)|(?:呢|は)\s*[？?]?\s*$/iu;

export function continuesPrevious(question: string): boolean {
  return CONTINUATION.test(question);
}

/**
 * A follow-up that names its topic by a pronoun ("can I change them?" after the rate limits, "它能写入吗", "それは？"):
 * the setting's words stand for its topic, as much the question's as its own.
 */
const REFERS_BACK = /\b(?:it|its|them|they|their|those|these|one|ones|in that case|when that happens)\b|\bthen\s*[?？]?\s*$|它|它们|它們|这个|這個|那个|那個|それ|これ|あれ|그것|이것|그거|이거/iu;

export function refersBack(question: string): boolean {
  return REFERS_BACK.test(question);
}

/** Most context words used as the focus of a question that has none of its own. */
const CONTEXT_FOCUS_TERMS = 12;

/**
 * A question with no topic words of its own ("what does this do?") is about the selection or code block
 * it came with: their words become its focus terms (retrieval already weighs them).
 */
export function focusOnContext(retrieval: Retrieval, context: readonly { value: string }[] | undefined): Retrieval {
  if (retrieval.terms.length > 0 || !context || context.length === 0) return retrieval;
  const terms = contentTerms(context.map((item) => item.value).join('\n')).slice(0, CONTEXT_FOCUS_TERMS);
  return { ...retrieval, terms };
}
