// Answer quality beyond ranking, over the same corpora as bench/retrieval.ts, with the answers the
// server streams (no model): whether a vague question with a selection or code block is answered
// from that passage's own section, how often "not in the docs" is said for out-of-scope and for
// answerable questions, and whether every answer parses as the widget renders it (no stray
// backtick, no half link, no table row of the wrong width).
// Run: node bench/answers.ts [--set=vue-zh] [--show] [--every-passage]
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Root, RootContent } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { splitMarkdownBlocks } from '../src/chat/markdownBlocks.ts';
import { remarkGfmParse } from '../src/chat/remarkGfmParse.ts';
import { type AnswerPlan, createExtractiveAnswerer } from '../server/assistant/answerers.ts';
import { normalize } from '../server/assistant/contextSource.ts';
import type { Turn } from '../server/assistant/conversation.ts';
import { retrieveDocs, type RetrievedDocs } from '../server/assistant/retrieve.ts';
import { searchableText } from '../server/docs/blockText.ts';
import { loadDocs } from '../server/docs/load.ts';
import { createDocsIndex } from '../server/docs/searchIndex.ts';
import type { DocsIndex, LoadedDocs, SearchOptions, Section } from '../server/docs/types.ts';
import { QUESTION_SETS, readQuestions } from './retrieval.ts';

type SetName = (typeof QUESTION_SETS)[number]['name'];

/** Vague questions readers ask about what they selected, in each set's language. */
const POINTING_QUESTIONS: Record<SetName, { text: string[]; code: string[] }> = {
  docs: { text: ['explain this', 'what does this mean?', 'can you explain this in simpler words?'], code: ['what does this code do?', 'explain this'] },
  hono: { text: ['explain this', 'what does this mean?', 'can you explain this in simpler words?'], code: ['what does this code do?', 'explain this'] },
  'vite-ja': { text: ['これはどういう意味ですか？', 'これを説明して'], code: ['このコードは何をしますか？', 'これを説明して'] },
  'vue-zh': { text: ['这是什么意思？', '请解释一下这段'], code: ['这段代码是做什么的？', '解释一下'] },
};

/**
 * Other phrasings of the same, for `--every-passage`: written after the Chinese and Japanese ones above were
 * first read as pointing at the selection (one of them, 这里讲的是什么, then showed 讲 missing from the list).
 */
const OTHER_POINTING_QUESTIONS: Record<SetName, { text: string[]; code: string[] }> = {
  docs: { text: ['what is this about?', 'can you explain the selected text?'], code: ['how does this snippet work?', 'what is this for?'] },
  hono: { text: ['what is this about?', 'can you explain the selected text?'], code: ['how does this snippet work?', 'what is this for?'] },
  'vite-ja': { text: ['この部分について教えて', 'これは何のため？'], code: ['このコードの意味を説明してください', 'ここは何をしている？'] },
  'vue-zh': { text: ['这段是什么意思', '这里讲的是什么'], code: ['能解释下这段代码吗', '这个代码有什么用'] },
};

/** Context cases taken per corpus: enough to measure 90% with a step of a few percent. */
const CONTEXT_CASES = 40;

export interface ContextCase {
  question: string;
  context: NonNullable<SearchOptions['context']>;
  currentPath?: string;
  /** The section the selection or code was taken from. */
  section: Section;
}

/**
 * Selections and code blocks as a reader takes them from rendered pages: a paragraph's visible text
 * (no Markdown marks) or a code block's lines, spread evenly over the corpus; every other case
 * carries the page's path, the rest none (a selection from a page outside the index's routes).
 */
export function contextCases(docs: LoadedDocs, set: SetName, options: { everyPassage?: boolean } = {}): ContextCase[] {
  const questions = options.everyPassage ? OTHER_POINTING_QUESTIONS[set] : POINTING_QUESTIONS[set];
  const candidates = docs.sections.flatMap((section) => {
    const code = firstCodeBlock(section.text);
    const paragraph = firstParagraph(section.text);
    return [...(paragraph ? [{ section, kind: 'textSelection' as const, value: paragraph }] : []), ...(code ? [{ section, kind: 'code' as const, value: code }] : [])];
  });
  const wanted = options.everyPassage ? candidates.length : CONTEXT_CASES;
  const step = Math.max(1, Math.floor(candidates.length / wanted));
  const cases: ContextCase[] = [];
  for (let position = 0; position < candidates.length && cases.length < wanted; position += step) {
    const candidate = candidates[position];
    if (!candidate) continue;
    const phrasings = candidate.kind === 'code' ? questions.code : questions.text;
    const withPath = cases.length % 2 === 0;
    cases.push({
      question: phrasings[cases.length % phrasings.length] ?? 'explain this',
      context: [{ type: candidate.kind, value: candidate.value, ...(withPath ? { path: candidate.section.route } : {}) }],
      ...(withPath ? { currentPath: candidate.section.route } : {}),
      section: candidate.section,
    });
  }
  return cases;
}

function firstParagraph(text: string): string | undefined {
  for (const block of text.split(/\n{2,}/)) {
    if (/^\s*(`{3,}|~{3,}|[-*+] |\d+[.)] |>|\|)/.test(block) || / \| /.test(block)) continue;
    const visible = searchableText(block).replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
    if (visible.length >= 60) return visible;
  }
  return undefined;
}

function firstCodeBlock(text: string): string | undefined {
  const match = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\1\s*$/m.exec(text);
  const code = match?.[2];
  return code !== undefined && code.split('\n').length >= 3 ? code : undefined;
}

/** The case counts when the first source is its section, or one holding the very same passage (a repeated snippet). */
export function answersFromOwnSection(retrieved: RetrievedDocs, contextCase: ContextCase): boolean {
  const first = retrieved.sections[0];
  if (!first) return false;
  if (first.id === contextCase.section.id) return true;
  const passage = normalize(contextCase.context[0]?.value ?? '');
  return passage.length > 0 && normalize(searchableText(first.text)).includes(passage);
}

export async function answerText(index: DocsIndex, question: string, options: SearchOptions): Promise<{ text: string; retrieved: RetrievedDocs; sources: readonly Section[] }> {
  const retrieved = retrieveDocs(index, question, [], options);
  // The answerer retrieves the question as asked: the figures above and the answer come from the same retrieval.
  const retrieve = (asked: string, turns: readonly Turn[]) => (asked === question && turns.length === 0 ? retrieved : retrieveDocs(index, asked, turns, options));
  const plan = await createExtractiveAnswerer()({
    question,
    history: [],
    ...(options.context ? { context: options.context } : {}),
    ...(options.currentPath ? { currentPath: options.currentPath } : {}),
    retrieve,
    search: (query) => index.search(query, options).map((hit) => hit.section),
    signal: new AbortController().signal,
  });
  let text = '';
  for await (const delta of plan.deltas) text += delta;
  return { text, retrieved, sources: plan.sources };
}

const parser = unified().use(remarkParse).use(remarkGfmParse);

/**
 * What is wrong with an answer as the widget renders it (block by block, remark with GFM): a backtick
 * or `](` left in plain text means a code span or link was cut; `**` left means emphasis was; a table
 * row with another cell count than its header lost or gained a cell (an unescaped `|`); a delimiter row in
 * a paragraph means a table did not parse at all.
 */
export function markdownDefects(markdown: string): string[] {
  const defects: string[] = [];
  for (const block of splitMarkdownBlocks(markdown)) {
    const visit = (node: Root | RootContent) => {
      if (node.type === 'text') {
        // Escaped marks (`\*\*` in a heading) are meant as text: judge the source with escapes taken out.
        const raw = block.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? block.length).replace(/\\./g, '');
        if (raw.includes('`')) defects.push(`stray backtick in "${node.value.slice(0, 80)}"`);
        if (raw.includes('](')) defects.push(`unclosed link in "${node.value.slice(0, 80)}"`);
        if (raw.includes('**')) defects.push(`unclosed emphasis in "${node.value.slice(0, 80)}"`);
        // A lone asterisk (spaces on both sides) is meant as text; one against a word is broken emphasis.
        else if (/(?<!\s)\*|\*(?!\s)/.test(raw)) defects.push(`stray asterisk in "${node.value.slice(0, 80)}"`);
      }
      if (node.type === 'paragraph') {
        // A quoted table whose delimiter row does not fit its header is no table: its pipes show as text.
        const raw = block.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? block.length);
        if (/^\|(?:\s*:?-{3,}:?\s*\|)+\s*$/m.test(raw)) defects.push(`table that does not parse: "${raw.split('\n')[0]?.slice(0, 80)}"`);
      }
      // Quotes put code in fences: code without one is text indented four spaces (a nested list item quoted alone).
      if (node.type === 'code' && !/^\s*(`{3,}|~{3,})/.test(block.slice(node.position?.start.offset ?? 0))) defects.push(`indented text read as code: "${node.value.split('\n')[0]?.slice(0, 80)}"`);
      if (node.type === 'table') {
        const width = node.children[0]?.children.length ?? 0;
        for (const row of node.children) if (row.children.length !== width) defects.push(`table row of ${row.children.length} cells under a header of ${width}`);
        // Quoted tables keep their header and the rows that match: a header alone is a paragraph taken for a row.
        if (node.children.length < 2) defects.push(`table of a header alone: "${block.slice(node.position?.start.offset ?? 0).split('\n')[0]?.slice(0, 80)}"`);
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(parser.parse(block));
  }
  return defects;
}

/** Questions asking two things at once (questions/two-part.json): whether the answer quotes a section for each part. */
export interface TwoPartQuality {
  questions: number;
  /** Answers quoting (a bold title linking to it) a section of each part. */
  bothQuoted: number;
  /** Answers whose sources hold a section of each part. */
  bothInSources: number;
  notFound: number;
  misses: string[];
}

export interface AnswerQuality extends Record<ExpectedFirstSetName, CrossLanguageQuality> {
  /** Questions asking two things, written in the twenty-second session before measuring (questions/two-part.json). */
  twoParts: TwoPartQuality;
  /** The same in Korean on this project's docs and Hono's, written later in that session before the Korean rules (questions/two-part-ko.json). */
  koreanTwoParts: TwoPartQuality;
  /** Held out (thirty-seventh session): questions asking to be shown an example, answered with code. */
  exampleRequests: ExampleQuality;
  contextCases: number;
  contextFirst: number;
  contextMisses: string[];
  answerable: number;
  answerableNotFound: number;
  outOfScope: number;
  outOfScopeNotFound: number;
  outOfScopeMissed: string[];
  answers: number;
  defects: string[];
  /** Questions written after the not-in-the-docs rules were last tuned (questions/held-out.json; docs and hono). */
  heldOut: { answerable: number; answerableNotFound: number; outOfScope: number; outOfScopeNotFound: number; misses: string[] };
  /** Out-of-scope questions on every set, written in the tenth session before anything was measured on them (questions/out-of-scope-2.json). */
  heldOutLater: { outOfScope: number; outOfScopeNotFound: number; misses: string[] };
  /** The same, written in the fourteenth session before anything was measured on them, in the docs' own words where a reader would use them (questions/out-of-scope-3.json). */
  heldOutLatest: { outOfScope: number; outOfScopeNotFound: number; misses: string[] };
  /** The same, written in the eighteenth session before anything was measured on them (questions/out-of-scope-4.json). */
  heldOutNewest: { outOfScope: number; outOfScopeNotFound: number; misses: string[] };
  /** The same, written in the thirtieth session before anything was measured on them (questions/out-of-scope-5.json). */
  heldOutThirtieth: { outOfScope: number; outOfScopeNotFound: number; misses: string[] };
  /** The same, written in the thirty-first session before anything was measured on them (questions/out-of-scope-6.json). */
  heldOutThirtyFirst: { outOfScope: number; outOfScopeNotFound: number; misses: string[] };
  heldOutThirtyFifth: { outOfScope: number; outOfScopeNotFound: number; misses: string[] };
  /** Questions asking whether the product has something it has ("Does Hono have a built-in CORS middleware?"), written in the eighteenth and thirty-fifth sessions before anything was measured on them (questions/existence-answerable*.json). */
  existence: { answerable: number; answerableNotFound: number; misses: string[] };
  followUps: FollowUpQuality;
  /** The same for follow-ups written after the setting's weight was last tuned (questions/follow-ups-2.json). */
  heldOutFollowUps: FollowUpQuality;
  /** Follow-ups whose own words name another page's topic ("and allow cookies?" after CORS), written in the eleventh session before measuring (questions/follow-ups-3.json). */
  heldOutLaterFollowUps: FollowUpQuality;
  /** Conversations of three turns, each answered as the widget asks it (the earlier answers and their sources in the history), written in the fourteenth session before measuring (questions/conversations.json). */
  conversations: ConversationQuality;
  /** The same, other conversations, written later in that session and measured before the rule they then weighed (questions/conversations-2.json). */
  heldOutConversations: ConversationQuality;
  /** Follow-ups that change a setting with a verb ("can I change the header name?"), written in the sixteenth session before measuring (questions/conversations-3.json). */
  laterConversations: ConversationQuality;
  /** A new question after an earlier one on another topic ("Does it support dark mode?" after the rate limits): it must not stay on the earlier topic. Written in the sixteenth session (questions/topic-changes.json). */
  topicChanges: ConversationQuality;
  /**
   * Short second questions (two topic words or fewer), a new topic ("插槽怎么用" after v-model, "WebSocket support?" after
   * validation) or the same one left unsaid ("on another port?" after running the server): written in the twenty-ninth
   * session before measuring (questions/topic-changes-short.json).
   */
  shortTopicChanges: ConversationQuality;
  /**
   * A question of three topic words or more after another, ending on a pronoun: the earlier topic ("what does the reader
   * see when they hit it?" after the rate limits) or one it names itself ("How do I install the React component and render
   * it?"). Written in the thirty-first session before measuring (questions/pronoun-follow-ups.json).
   */
  pronounFollowUps: ConversationQuality;
  /**
   * The same, written in the thirty-fourth session before measuring, after a pronoun standing for the setting was made
   * to keep a question there (questions/pronoun-follow-ups-2.json): "how long does it keep the responses?" after the
   * cache middleware.
   */
  laterPronounFollowUps: ConversationQuality;
  /** Questions of the reader's own about a selection or code block ("what does maxAge mean here?"), questions/selection-questions.json. */
  selectionQuestions: SelectionQuality;
  /** The same, written with them in the twelfth session and measured once the rule was set (questions/selection-questions-2.json). */
  heldOutSelectionQuestions: SelectionQuality;
  /** The same, written after every rule of the twelfth session, before measuring (questions/selection-questions-3.json). */
  heldOutLaterSelectionQuestions: SelectionQuality;
  /** The same, most of them asking about a section beside the selection's, written in the seventeenth session before measuring (questions/selection-questions-4.json). */
  heldOutLatestSelectionQuestions: SelectionQuality;
  /** The same, written in the twenty-ninth session before measuring (questions/selection-questions-5.json). */
  twentyNinthSelectionQuestions: SelectionQuality;
  /** The same, written in the thirty-sixth session before measuring (questions/selection-questions-6.json). */
  thirtySixthSelectionQuestions: SelectionQuality;
  /** Follow-ups after a question about a selection ("what does this code do?" then "and with credentials?"), questions/selection-follow-ups.json. */
  selectionFollowUps: SelectionQuality;
  /** Questions about the page the reader is on ("summarize this page"), and questions whose topic is pages, asked from a page (questions/page-questions.json). */
  pageQuestions: PageQuality;
  /** The same, in other words, written after the rule (questions/page-questions-2.json). */
  heldOutPageQuestions: PageQuality;
  /** Questions about a selection that go beyond the docs ("can it send the logs to Datadog?" over the logger's example), questions/selection-out-of-scope.json. */
  selectionOutOfScope: SelectionQuality;
  /** A reader's first questions (questions/first-questions.json): what is it, how do I start, a topic's name. */
  firstQuestions: { questions: number; first: number; misses: string[] };
  /** More first questions (questions/first-questions-2.json), written in the thirty-second session while mending them: not held out. */
  laterFirstQuestions: { questions: number; first: number; misses: string[] };
}

/** Second and third turns of conversations whose first source is on an expected page (and not marked not found). */
export interface ConversationQuality {
  secondTurns: number;
  secondFirst: number;
  thirdTurns: number;
  thirdFirst: number;
  misses: string[];
}

/** Questions asked in another language than the docs': answerable ones answered from an expected page, and those beyond the docs said so. */
export interface CrossLanguageQuality {
  questions: number;
  first: number;
  notFound: number;
  outOfScope: number;
  outOfScopeNotFound: number;
  misses: string[];
}

const OUT_OF_SCOPE_FILE = fileURLToPath(new URL('./questions/out-of-scope.json', import.meta.url));
const HELD_OUT_FILE = fileURLToPath(new URL('./questions/held-out.json', import.meta.url));
const HELD_OUT_LATER_FILE = fileURLToPath(new URL('./questions/out-of-scope-2.json', import.meta.url));
/** Out-of-scope sets written before anything was measured on them, measured and reported alike, each on a line of its own. */
const HELD_OUT_OUT_OF_SCOPE_SETS = [
  { key: 'heldOutLatest', label: 'held out (latest)', file: fileURLToPath(new URL('./questions/out-of-scope-3.json', import.meta.url)) },
  { key: 'heldOutNewest', label: 'held out (newest)', file: fileURLToPath(new URL('./questions/out-of-scope-4.json', import.meta.url)) },
  { key: 'heldOutThirtieth', label: 'held out (thirtieth session)', file: fileURLToPath(new URL('./questions/out-of-scope-5.json', import.meta.url)) },
  { key: 'heldOutThirtyFirst', label: 'held out (thirty-first session)', file: fileURLToPath(new URL('./questions/out-of-scope-6.json', import.meta.url)) },
  // Whether it has, includes or supports a thing no page names, written in the thirty-fifth session before measuring.
  { key: 'heldOutThirtyFifth', label: 'held out (thirty-fifth session)', file: fileURLToPath(new URL('./questions/out-of-scope-7.json', import.meta.url)) },
] as const;
/** Questions asking whether the product has something it has: the eighteenth session's, then the thirty-fifth's (written before measuring). */
const EXISTENCE_FILES = ['existence-answerable.json', 'existence-answerable-2.json'].map((file) => fileURLToPath(new URL(`./questions/${file}`, import.meta.url)));
const FOLLOW_UPS_FILE = fileURLToPath(new URL('./questions/follow-ups.json', import.meta.url));
const HELD_OUT_FOLLOW_UPS_FILE = fileURLToPath(new URL('./questions/follow-ups-2.json', import.meta.url));
const HELD_OUT_LATER_FOLLOW_UPS_FILE = fileURLToPath(new URL('./questions/follow-ups-3.json', import.meta.url));
const CONVERSATIONS_FILE = fileURLToPath(new URL('./questions/conversations.json', import.meta.url));
const HELD_OUT_CONVERSATIONS_FILE = fileURLToPath(new URL('./questions/conversations-2.json', import.meta.url));
const LATER_CONVERSATIONS_FILE = fileURLToPath(new URL('./questions/conversations-3.json', import.meta.url));
const TOPIC_CHANGES_FILE = fileURLToPath(new URL('./questions/topic-changes.json', import.meta.url));
const SHORT_TOPIC_CHANGES_FILE = fileURLToPath(new URL('./questions/topic-changes-short.json', import.meta.url));
const PRONOUN_FOLLOW_UPS_FILE = fileURLToPath(new URL('./questions/pronoun-follow-ups.json', import.meta.url));
const LATER_PRONOUN_FOLLOW_UPS_FILE = fileURLToPath(new URL('./questions/pronoun-follow-ups-2.json', import.meta.url));
const FIRST_QUESTIONS_FILE = fileURLToPath(new URL('./questions/first-questions.json', import.meta.url));
const LATER_FIRST_QUESTIONS_FILE = fileURLToPath(new URL('./questions/first-questions-2.json', import.meta.url));
const SELECTION_QUESTIONS_FILE = fileURLToPath(new URL('./questions/selection-questions.json', import.meta.url));
const HELD_OUT_SELECTION_QUESTIONS_FILE = fileURLToPath(new URL('./questions/selection-questions-2.json', import.meta.url));
const HELD_OUT_LATER_SELECTION_QUESTIONS_FILE = fileURLToPath(new URL('./questions/selection-questions-3.json', import.meta.url));
const HELD_OUT_LATEST_SELECTION_QUESTIONS_FILE = fileURLToPath(new URL('./questions/selection-questions-4.json', import.meta.url));
const TWENTY_NINTH_SELECTION_QUESTIONS_FILE = fileURLToPath(new URL('./questions/selection-questions-5.json', import.meta.url));
const THIRTY_SIXTH_SELECTION_QUESTIONS_FILE = fileURLToPath(new URL('./questions/selection-questions-6.json', import.meta.url));
const SELECTION_OUT_OF_SCOPE_FILE = fileURLToPath(new URL('./questions/selection-out-of-scope.json', import.meta.url));
const SELECTION_FOLLOW_UPS_FILE = fileURLToPath(new URL('./questions/selection-follow-ups.json', import.meta.url));
const PAGE_QUESTIONS_FILE = fileURLToPath(new URL('./questions/page-questions.json', import.meta.url));
const HELD_OUT_PAGE_QUESTIONS_FILE = fileURLToPath(new URL('./questions/page-questions-2.json', import.meta.url));
const TWO_PART_FILE = fileURLToPath(new URL('./questions/two-part.json', import.meta.url));
const KOREAN_TWO_PART_FILE = fileURLToPath(new URL('./questions/two-part-ko.json', import.meta.url));
/**
 * Sets of answerable questions, each with the pages or sections (`file#anchor`) expected first, and questions beyond
 * the docs (measureExpectedFirst): the field of AnswerQuality each fills, its file, the label it is printed under and
 * the words naming its questions in misses.
 */
const EXPECTED_FIRST_SETS = {
  /** Questions in another language than the docs' (Chinese and Japanese on Hono, English on Vite and Vue). */
  crossLanguage: { file: 'cross-language.json', label: 'in another language', missPrefix: '' },
  /** The same, written with them in the thirteenth session and measured once, after the glossary. */
  heldOutCrossLanguage: { file: 'cross-language-2.json', label: 'held out: in another language', missPrefix: 'held out, ' },
  /** This project's docs asked in Chinese and Japanese, written after the glossary and measured once. */
  heldOutLaterCrossLanguage: { file: 'cross-language-3.json', label: 'held out (later): in another language', missPrefix: 'held out (later), ' },
  /** Chinese questions on Vite's Japanese docs and Japanese ones on Vue's Chinese docs, measured once. */
  otherScriptCrossLanguage: { file: 'cross-language-4.json', label: 'in Chinese on Japanese docs or back', missPrefix: '' },
  /** Korean questions on every set, written in the fifteenth session before Korean was read. */
  koreanCrossLanguage: { file: 'cross-language-5.json', label: 'in Korean', missPrefix: '' },
  /** This project's docs asked in Chinese and Japanese in the widget's and the server's words (copy, selection, provider, job), written in the twentieth session before measuring. */
  newestCrossLanguage: { file: 'cross-language-6.json', label: 'held out (twentieth session): in another language', missPrefix: 'held out (twentieth session), ' },
  /** Hono in Chinese and Japanese, Vite's Japanese docs in English and Chinese, Vue's Chinese docs in English and Japanese, written in the twentieth session before measuring. */
  laterCrossLanguage: { file: 'cross-language-7.json', label: 'held out (twentieth session, 2): in another language', missPrefix: 'held out (twentieth session, 2), ' },
  /** This project's docs asked in Korean in the widget's and the server's words, written in the twentieth session before measuring. */
  koreanWidgetCrossLanguage: { file: 'cross-language-8.json', label: 'held out (twentieth session): in Korean', missPrefix: 'held out (twentieth session, Korean), ' },
  /** Questions with an error message, a console line or a server's answer pasted into them, on every set, written in the twenty-first session before measuring. */
  pastedErrors: { file: 'pasted-errors.json', label: 'held out (twenty-first session): with an error pasted', missPrefix: 'held out (twenty-first session), ', asked: 'with an error pasted' },
  /** English questions on Vue's Chinese and Vite's Japanese docs, written in the twenty-first session after the English-anchor rule and before measuring. */
  englishOnTranslatedDocs: { file: 'cross-language-9.json', label: 'held out (twenty-first session): in English', missPrefix: 'held out (twenty-first session, English), ' },
  /** Questions about a code block pasted into them, on every set, written in the twenty-first session before measuring. */
  pastedCode: { file: 'pasted-code.json', label: 'held out (twenty-first session): with code pasted', missPrefix: 'held out (twenty-first session), ', asked: 'with code pasted' },
} as const satisfies Record<string, { file: string; label: string; missPrefix: string; asked?: string }>;

export type ExpectedFirstSetName = keyof typeof EXPECTED_FIRST_SETS;
const EXPECTED_FIRST_SET_NAMES = Object.keys(EXPECTED_FIRST_SETS) as ExpectedFirstSetName[];

/** Each expected-first set with nothing measured yet. */
function noneMeasuredYet(): Record<ExpectedFirstSetName, CrossLanguageQuality> {
  const record = {} as Record<ExpectedFirstSetName, CrossLanguageQuality>;
  for (const name of EXPECTED_FIRST_SET_NAMES) record[name] = { questions: 0, first: 0, notFound: 0, outOfScope: 0, outOfScopeNotFound: 0, misses: [] };
  return record;
}

function inPart(section: Section, part: readonly string[]): boolean {
  return part.includes(section.file) || part.includes(`${section.file}#${section.anchor}`);
}

/**
 * Does the answer to a question asking two things quote a section of each part (each part a list of pages or
 * sections, written `file#anchor`)? Quoted means under a bold title linking to it, as the reader sees it.
 */
async function measureTwoParts(index: DocsIndex, set: SetName, check: (question: string, text: string, quoted: readonly Section[]) => void, file = TWO_PART_FILE): Promise<TwoPartQuality> {
  const cases = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { question: string; parts: string[][] }[]>)[set] ?? [];
  const quality: TwoPartQuality = { questions: 0, bothQuoted: 0, bothInSources: 0, notFound: 0, misses: [] };
  for (const { question, parts } of cases) {
    const { text, retrieved, sources } = await answerText(index, question, { limit: 5 });
    check(question, text, sources);
    quality.questions++;
    if (retrieved.notFound) quality.notFound++;
    const quoted = retrieved.notFound ? [] : sources.filter((section) => text.includes(`](${section.route}#${section.anchor})`) || text.includes(`](${section.route})`));
    if (parts.every((part) => retrieved.sections.some((section) => inPart(section, part)))) quality.bothInSources++;
    if (parts.every((part) => quoted.some((section) => inPart(section, part)))) quality.bothQuoted++;
    else quality.misses.push(`two parts: ${question} -> quoted ${quoted.map((section) => section.id).join(', ') || 'nothing'}`);
  }
  return quality;
}

/**
 * Is an expected page (or section, written `file#anchor`) the first source of each answerable question (not
 * marked not found), and is each question beyond the docs marked so? `asked` names the questions in misses.
 */
async function measureExpectedFirst(index: DocsIndex, set: SetName, file: string, check: (question: string, text: string, quoted: readonly Section[]) => void, asked = 'in another language'): Promise<CrossLanguageQuality> {
  const cases = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { answerable: { question: string; expected: string[] }[]; outOfScope: string[] }>)[set];
  const quality: CrossLanguageQuality = { questions: 0, first: 0, notFound: 0, outOfScope: 0, outOfScopeNotFound: 0, misses: [] };
  for (const { question, expected } of cases?.answerable ?? []) {
    const { text, retrieved } = await answerText(index, question, { limit: 5 });
    check(question, text, retrieved.sections);
    quality.questions++;
    if (retrieved.notFound) quality.notFound++;
    const first = retrieved.notFound ? undefined : retrieved.sections[0];
    if (first && (expected.includes(first.file) || expected.includes(`${first.file}#${first.anchor}`))) quality.first++;
    else quality.misses.push(`${asked}: ${question} -> ${first?.id ?? 'not found'}`);
  }
  for (const question of cases?.outOfScope ?? []) {
    const { text, retrieved } = await answerText(index, question, { limit: 5 });
    check(question, text, retrieved.sections);
    quality.outOfScope++;
    if (retrieved.notFound) quality.outOfScopeNotFound++;
    else quality.misses.push(`${asked}, out of scope: ${question} -> ${retrieved.sections[0]?.id ?? 'nothing'}`);
  }
  return quality;
}

/** Questions asking to be shown an example: how many answers quote code, and how many open on an expected page. */
export interface ExampleQuality {
  questions: number;
  withCode: number;
  first: number;
  misses: string[];
}

/**
 * Does the answer to a question asking for an example ("Show me a WebSocket handler example", "设定例を見せて",
 * "给个代码例子") quote a code block? The questions are the retrieval sets `<set>-examples.json`.
 */
async function measureExampleRequests(index: DocsIndex, set: SetName, check: (question: string, text: string, quoted: readonly Section[]) => void): Promise<ExampleQuality> {
  const quality: ExampleQuality = { questions: 0, withCode: 0, first: 0, misses: [] };
  for (const { question, expected } of await readQuestions(fileURLToPath(new URL(`./questions/${set}-examples.json`, import.meta.url)))) {
    const { text, retrieved } = await answerText(index, question, { limit: 5 });
    check(question, text, retrieved.sections);
    quality.questions++;
    const first = retrieved.notFound ? undefined : retrieved.sections[0];
    if (first && expected.includes(first.file)) quality.first++;
    if (/^```/m.test(text)) quality.withCode++;
    else quality.misses.push(`asks for an example, no code quoted: ${question} -> ${first?.id ?? 'not found'}`);
  }
  return quality;
}

/** Questions about the reader's page answered from it, and questions whose topic is pages answered from the page they name. */
export interface PageQuality {
  questions: number;
  first: number;
  topicQuestions: number;
  topicFirst: number;
  misses: string[];
}

/** Asked from a page: is an expected page (the reader's own, for a question about it) the answer's first source? */
async function measurePageQuestions(index: DocsIndex, set: SetName, file: string, check: (question: string, text: string, quoted: readonly Section[]) => void): Promise<PageQuality> {
  const cases = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { question: string; path: string; expected: string[]; topic?: boolean }[]>)[set] ?? [];
  const quality = { questions: 0, first: 0, topicQuestions: 0, topicFirst: 0, misses: [] as string[] };
  for (const { question, path, expected, topic } of cases) {
    const { text, retrieved } = await answerText(index, question, { limit: 5, currentPath: path });
    check(question, text, retrieved.aboutPage ?? retrieved.sections);
    const first = retrieved.notFound ? undefined : retrieved.sections[0];
    const good = first !== undefined && expected.includes(first.file);
    if (topic) quality.topicQuestions++;
    else quality.questions++;
    if (good && topic) quality.topicFirst++;
    else if (good) quality.first++;
    else quality.misses.push(`asked on ${path}: ${question} -> ${first?.id ?? 'not found'}`);
  }
  return quality;
}

/**
 * Follow-ups after a question about a selection, as the widget asks them: the first question with the selection
 * and the page's path, its answer (text and sources) as the conversation, then the follow-up from the same page
 * without the selection. Is an expected section the follow-up's first source?
 */
async function measureSelectionFollowUps(index: DocsIndex, set: SetName): Promise<SelectionQuality> {
  const cases = (JSON.parse(readFileSync(SELECTION_FOLLOW_UPS_FILE, 'utf8')) as Record<string, (SelectionQuestion & { previous: string; expected: string[] })[]>)[set] ?? [];
  const quality: SelectionQuality = { questions: cases.length, first: 0, notFound: 0, misses: [] };
  for (const { previous, question, type, selection, path, expected } of cases) {
    const answered = await answerText(index, previous, { limit: 5, context: [{ type, value: selection, path }], currentPath: path });
    const history: Turn[] = [
      { role: 'user', text: previous },
      // The sources the answer lists, as the thread keeps them (its retrieval's further sections may go unquoted).
      { role: 'assistant', text: answered.text, sources: answered.sources.map((section) => section.url) },
    ];
    const retrieved = retrieveDocs(index, question, history, { limit: 5, currentPath: path });
    if (retrieved.notFound) quality.notFound++;
    const first = retrieved.sections[0]?.id;
    if (first !== undefined && expected.includes(first)) quality.first++;
    else quality.misses.push(`after a selection: ${previous} / ${question} -> ${first ?? 'nothing'}`);
  }
  return quality;
}

/** Questions about a selection: is an expected section the first the answer quotes? */
export interface SelectionQuality {
  questions: number;
  first: number;
  /** Answered "I could not find this in the docs." */
  notFound: number;
  misses: string[];
}

interface SelectionQuestion {
  question: string;
  type: 'code' | 'textSelection';
  selection: string;
  /** The page the reader selected it on (sent as the context's path and as currentPath, as the widget does). */
  path: string;
  /** Section ids (route#anchor) that answer it; none for a question beyond the docs. */
  expected?: string[];
}

async function measureSelectionQuestions(index: DocsIndex, set: SetName, file: string, check: (question: string, text: string, quoted: readonly Section[]) => void): Promise<SelectionQuality> {
  const cases = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, SelectionQuestion[]>)[set] ?? [];
  const quality: SelectionQuality = { questions: cases.length, first: 0, notFound: 0, misses: [] };
  for (const { question, type, selection, path, expected } of cases) {
    const { text, retrieved } = await answerText(index, question, { limit: 5, context: [{ type, value: selection, path }], currentPath: path });
    check(question, text, retrieved.sections);
    if (retrieved.notFound) quality.notFound++;
    const about = `${question} [${selection.slice(0, 40).replaceAll('\n', ' ')}]`;
    if (!expected) {
      if (!retrieved.notFound) quality.misses.push(`about a selection, out of scope: ${about} -> ${retrieved.sections[0]?.id ?? 'nothing'}`);
      continue;
    }
    // What the reader sees first: the first quote's linked title.
    const first = /^\*\*\[[^\]]*\]\(([^)]*)\)\*\*/.exec(text)?.[1];
    if (first !== undefined && expected.includes(first)) quality.first++;
    else quality.misses.push(`about a selection: ${about} -> ${retrieved.notFound ? 'notFound' : (first ?? 'nothing quoted')}`);
  }
  return quality;
}

/** A reader's first questions: is an expected page the answer's first source (and the question not marked not found)? */
function measureFirstQuestions(index: DocsIndex, set: SetName, file = FIRST_QUESTIONS_FILE): AnswerQuality['firstQuestions'] {
  const questions = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { question: string; expected: string[] }[]>)[set] ?? [];
  const quality = { questions: questions.length, first: 0, misses: [] as string[] };
  for (const { question, expected } of questions) {
    const retrieved = retrieveDocs(index, question, [], { limit: 5 });
    const first = retrieved.sections[0];
    if (!retrieved.notFound && first && expected.includes(first.file)) quality.first++;
    else quality.misses.push(`first question: ${question} -> ${retrieved.notFound ? 'not found' : (first?.id ?? 'nothing')}`);
  }
  return quality;
}

/** Short follow-ups after a first question (questions/follow-ups.json): is the page they ask about the first source? */
export interface FollowUpQuality {
  questions: number;
  /** The expected page first, asked after the previous question. */
  first: number;
  /** The same follow-ups asked with no conversation before them. */
  firstAlone: number;
  misses: string[];
}

function measureFollowUps(index: DocsIndex, set: SetName, file = FOLLOW_UPS_FILE): FollowUpQuality {
  const followUps = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { previous: string; question: string; expected: string[] }[]>)[set] ?? [];
  const quality: FollowUpQuality = { questions: followUps.length, first: 0, firstAlone: 0, misses: [] };
  for (const { previous, question, expected } of followUps) {
    const history: Turn[] = [
      { role: 'user', text: previous },
      { role: 'assistant', text: '' },
    ];
    const first = retrieveDocs(index, question, history, { limit: 5 }).sections[0];
    if (first && expected.includes(first.file)) quality.first++;
    else quality.misses.push(`follow-up: ${previous} / ${question} -> ${first?.id ?? 'nothing'}`);
    if (expected.includes(retrieveDocs(index, question, [], { limit: 5 }).sections[0]?.file ?? '')) quality.firstAlone++;
  }
  return quality;
}

/** One turn of a conversation answered by the extractive answerer, as the server answers it: the plan and its text. */
export async function answerTurn(index: DocsIndex, question: string, history: readonly Turn[]): Promise<{ plan: AnswerPlan; text: string }> {
  const plan = await createExtractiveAnswerer()({
    question,
    history: [...history],
    retrieve: (asked, earlier) => retrieveDocs(index, asked, earlier, { limit: 5 }),
    search: (query) => index.search(query, { limit: 5 }).map((hit) => hit.section),
    signal: new AbortController().signal,
  });
  let text = '';
  for await (const delta of plan.deltas) text += delta;
  return { plan, text };
}

/**
 * Conversations as a reader has them: each turn answered by the extractive answerer with the earlier questions,
 * answers and their sources as history (the widget sends the answers' source-url parts), so a turn after a
 * follow-up leans on what was actually answered.
 */
async function measureConversations(index: DocsIndex, set: SetName, file = CONVERSATIONS_FILE): Promise<ConversationQuality> {
  const conversations = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { turns: string[]; expected: string[][] }[]>)[set] ?? [];
  const quality: ConversationQuality = { secondTurns: 0, secondFirst: 0, thirdTurns: 0, thirdFirst: 0, misses: [] };
  for (const { turns, expected } of conversations) {
    const history: Turn[] = [];
    for (const [position, question] of turns.entries()) {
      const { plan, text } = await answerTurn(index, question, history);
      const first = plan.sources[0];
      if (position > 0) {
        const found = !plan.notFound() && first !== undefined && (expected[position - 1] ?? []).includes(first.file);
        if (position === 1) {
          quality.secondTurns++;
          if (found) quality.secondFirst++;
        } else {
          quality.thirdTurns++;
          if (found) quality.thirdFirst++;
        }
        if (!found) quality.misses.push(`conversation: ${turns.slice(0, position + 1).join(' / ')} -> ${plan.notFound() ? 'notFound' : (first?.id ?? 'nothing')}`);
      }
      history.push({ role: 'user', text: question }, { role: 'assistant', text, sources: plan.sources.map((source) => source.url) });
    }
  }
  return quality;
}

export async function measureAnswers(set: (typeof QUESTION_SETS)[number]): Promise<AnswerQuality> {
  const docs = await loadDocs(set.docsDir, {});
  const index = createDocsIndex(docs);
  const quality: AnswerQuality = {
    contextCases: 0,
    contextFirst: 0,
    contextMisses: [],
    answerable: 0,
    answerableNotFound: 0,
    outOfScope: 0,
    outOfScopeNotFound: 0,
    outOfScopeMissed: [],
    answers: 0,
    defects: [],
    heldOut: { answerable: 0, answerableNotFound: 0, outOfScope: 0, outOfScopeNotFound: 0, misses: [] },
    heldOutLater: { outOfScope: 0, outOfScopeNotFound: 0, misses: [] },
    heldOutLatest: { outOfScope: 0, outOfScopeNotFound: 0, misses: [] },
    heldOutNewest: { outOfScope: 0, outOfScopeNotFound: 0, misses: [] },
    heldOutThirtieth: { outOfScope: 0, outOfScopeNotFound: 0, misses: [] },
    heldOutThirtyFirst: { outOfScope: 0, outOfScopeNotFound: 0, misses: [] },
    heldOutThirtyFifth: { outOfScope: 0, outOfScopeNotFound: 0, misses: [] },
    existence: { answerable: 0, answerableNotFound: 0, misses: [] },
    followUps: measureFollowUps(index, set.name),
    heldOutFollowUps: measureFollowUps(index, set.name, HELD_OUT_FOLLOW_UPS_FILE),
    heldOutLaterFollowUps: measureFollowUps(index, set.name, HELD_OUT_LATER_FOLLOW_UPS_FILE),
    conversations: await measureConversations(index, set.name),
    heldOutConversations: await measureConversations(index, set.name, HELD_OUT_CONVERSATIONS_FILE),
    laterConversations: await measureConversations(index, set.name, LATER_CONVERSATIONS_FILE),
    topicChanges: await measureConversations(index, set.name, TOPIC_CHANGES_FILE),
    shortTopicChanges: await measureConversations(index, set.name, SHORT_TOPIC_CHANGES_FILE),
    pronounFollowUps: await measureConversations(index, set.name, PRONOUN_FOLLOW_UPS_FILE),
    laterPronounFollowUps: await measureConversations(index, set.name, LATER_PRONOUN_FOLLOW_UPS_FILE),
    firstQuestions: measureFirstQuestions(index, set.name),
    laterFirstQuestions: measureFirstQuestions(index, set.name, LATER_FIRST_QUESTIONS_FILE),
    selectionQuestions: { questions: 0, first: 0, notFound: 0, misses: [] },
    heldOutSelectionQuestions: { questions: 0, first: 0, notFound: 0, misses: [] },
    heldOutLaterSelectionQuestions: { questions: 0, first: 0, notFound: 0, misses: [] },
    heldOutLatestSelectionQuestions: { questions: 0, first: 0, notFound: 0, misses: [] },
    twentyNinthSelectionQuestions: { questions: 0, first: 0, notFound: 0, misses: [] },
    thirtySixthSelectionQuestions: { questions: 0, first: 0, notFound: 0, misses: [] },
    selectionOutOfScope: { questions: 0, first: 0, notFound: 0, misses: [] },
    selectionFollowUps: { questions: 0, first: 0, notFound: 0, misses: [] },
    pageQuestions: { questions: 0, first: 0, topicQuestions: 0, topicFirst: 0, misses: [] },
    heldOutPageQuestions: { questions: 0, first: 0, topicQuestions: 0, topicFirst: 0, misses: [] },
    ...noneMeasuredYet(),
    twoParts: { questions: 0, bothQuoted: 0, bothInSources: 0, notFound: 0, misses: [] },
    koreanTwoParts: { questions: 0, bothQuoted: 0, bothInSources: 0, notFound: 0, misses: [] },
    exampleRequests: { questions: 0, withCode: 0, first: 0, misses: [] },
  };
  const check = (question: string, text: string, quoted: readonly Section[]) => {
    quality.answers++;
    // A quote is faithful: a defect the page itself has (an unpaired backtick in its source) is the docs', not the answer's.
    const inSources = new Set(quoted.flatMap((section) => markdownDefects(section.text)));
    for (const defect of markdownDefects(text)) if (!inSources.has(defect)) quality.defects.push(`${question}: ${defect}`);
  };
  quality.selectionQuestions = await measureSelectionQuestions(index, set.name, SELECTION_QUESTIONS_FILE, check);
  quality.heldOutSelectionQuestions = await measureSelectionQuestions(index, set.name, HELD_OUT_SELECTION_QUESTIONS_FILE, check);
  quality.heldOutLaterSelectionQuestions = await measureSelectionQuestions(index, set.name, HELD_OUT_LATER_SELECTION_QUESTIONS_FILE, check);
  quality.heldOutLatestSelectionQuestions = await measureSelectionQuestions(index, set.name, HELD_OUT_LATEST_SELECTION_QUESTIONS_FILE, check);
  quality.twentyNinthSelectionQuestions = await measureSelectionQuestions(index, set.name, TWENTY_NINTH_SELECTION_QUESTIONS_FILE, check);
  quality.thirtySixthSelectionQuestions = await measureSelectionQuestions(index, set.name, THIRTY_SIXTH_SELECTION_QUESTIONS_FILE, check);
  quality.selectionOutOfScope = await measureSelectionQuestions(index, set.name, SELECTION_OUT_OF_SCOPE_FILE, check);
  quality.selectionFollowUps = await measureSelectionFollowUps(index, set.name);
  quality.pageQuestions = await measurePageQuestions(index, set.name, PAGE_QUESTIONS_FILE, check);
  quality.heldOutPageQuestions = await measurePageQuestions(index, set.name, HELD_OUT_PAGE_QUESTIONS_FILE, check);
  quality.twoParts = await measureTwoParts(index, set.name, check);
  quality.koreanTwoParts = await measureTwoParts(index, set.name, check, KOREAN_TWO_PART_FILE);
  quality.exampleRequests = await measureExampleRequests(index, set.name, check);
  for (const name of EXPECTED_FIRST_SET_NAMES) {
    const spec: { file: string; asked?: string } = EXPECTED_FIRST_SETS[name];
    quality[name] = await measureExpectedFirst(index, set.name, fileURLToPath(new URL(`./questions/${spec.file}`, import.meta.url)), check, spec.asked);
  }
  for (const contextCase of contextCases(docs, set.name)) {
    const options = { limit: 5, context: contextCase.context, ...(contextCase.currentPath ? { currentPath: contextCase.currentPath } : {}) };
    const { text, retrieved } = await answerText(index, contextCase.question, options);
    quality.contextCases++;
    if (answersFromOwnSection(retrieved, contextCase)) quality.contextFirst++;
    else quality.contextMisses.push(`${contextCase.question} [${contextCase.context[0]?.type}] ${contextCase.section.id} -> ${retrieved.sections[0]?.id ?? 'nothing'}`);
    check(contextCase.question, text, retrieved.sections);
  }
  for (const { question } of await readQuestions(set.questionsFile)) {
    const { text, retrieved } = await answerText(index, question, { limit: 5 });
    quality.answerable++;
    if (retrieved.notFound) quality.answerableNotFound++;
    check(question, text, retrieved.sections);
  }
  // A list of out-of-scope questions: how many, how many marked notFound, and the others as misses.
  const askOutOfScope = async (file: string, missPrefix: string) => {
    const asked = { questions: 0, notFound: 0, misses: [] as string[] };
    for (const question of (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>)[set.name] ?? []) {
      const { text, retrieved } = await answerText(index, question, { limit: 5 });
      asked.questions++;
      if (retrieved.notFound) asked.notFound++;
      else asked.misses.push(`${missPrefix}${question} -> ${retrieved.sections[0]?.id ?? 'nothing'}`);
      check(question, text, retrieved.sections);
    }
    return asked;
  };
  const outOfScope = await askOutOfScope(OUT_OF_SCOPE_FILE, '');
  Object.assign(quality, { outOfScope: outOfScope.questions, outOfScopeNotFound: outOfScope.notFound, outOfScopeMissed: outOfScope.misses });
  const heldOut = (JSON.parse(readFileSync(HELD_OUT_FILE, 'utf8')) as Record<string, { outOfScope: string[]; answerable: string[] }>)[set.name];
  for (const [questions, beyondDocs] of [
    [heldOut?.outOfScope ?? [], true],
    [heldOut?.answerable ?? [], false],
  ] as const) {
    for (const question of questions) {
      const { text, retrieved } = await answerText(index, question, { limit: 5 });
      if (beyondDocs) quality.heldOut.outOfScope++;
      else quality.heldOut.answerable++;
      if (retrieved.notFound && beyondDocs) quality.heldOut.outOfScopeNotFound++;
      if (retrieved.notFound && !beyondDocs) quality.heldOut.answerableNotFound++;
      if (retrieved.notFound !== beyondDocs) quality.heldOut.misses.push(`held out, ${beyondDocs ? 'out of scope' : 'answerable'}: ${question} -> ${retrieved.notFound ? 'notFound' : (retrieved.sections[0]?.id ?? 'nothing')}`);
      check(question, text, retrieved.sections);
    }
  }
  const later = await askOutOfScope(HELD_OUT_LATER_FILE, 'held out (later), out of scope: ');
  quality.heldOutLater = { outOfScope: later.questions, outOfScopeNotFound: later.notFound, misses: later.misses };
  for (const { key, label, file } of HELD_OUT_OUT_OF_SCOPE_SETS) {
    const asked = await askOutOfScope(file, `${label}, out of scope: `);
    quality[key] = { outOfScope: asked.questions, outOfScopeNotFound: asked.notFound, misses: asked.misses };
  }
  for (const question of EXISTENCE_FILES.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>)[set.name] ?? [])) {
    const { text, retrieved } = await answerText(index, question, { limit: 5 });
    quality.existence.answerable++;
    if (retrieved.notFound) {
      quality.existence.answerableNotFound++;
      quality.existence.misses.push(`does it have…? answerable: ${question} -> notFound`);
    }
    check(question, text, retrieved.sections);
  }
  return quality;
}

const share = (part: number, whole: number) => `${((100 * part) / (whole || 1)).toFixed(1)}%`.padStart(6);

/** Every paragraph and code block of the corpus asked about with the other phrasings: where the answer comes from. */
async function measureEveryPassage(set: (typeof QUESTION_SETS)[number]): Promise<void> {
  const docs = await loadDocs(set.docsDir);
  const index = createDocsIndex(docs);
  const cases = contextCases(docs, set.name, { everyPassage: true });
  let ownFirst = 0;
  let contextAlone = 0;
  for (const contextCase of cases) {
    const retrieved = retrieveDocs(index, contextCase.question, [], { limit: 5, context: contextCase.context, ...(contextCase.currentPath ? { currentPath: contextCase.currentPath } : {}) });
    if (answersFromOwnSection(retrieved, contextCase)) ownFirst++;
    if (retrieved.aboutContext) contextAlone++;
  }
  console.log(`\nevery passage: ${set.name} (${set.language}), ${cases.length} paragraphs and code blocks`);
  console.log(`  context's own section first          ${share(ownFirst, cases.length)}`);
  console.log(`  answered from that section alone      ${share(contextAlone, cases.length)}`);
  // A reader selects an option's name in its heading ("server.strictPort") and asks the same.
  const headed = docs.sections.filter((section) => section.headingPath.length > 1 && section.text.trim() !== '');
  const question = OTHER_POINTING_QUESTIONS[set.name].text[0] as string;
  let headingFirst = 0;
  for (const section of headed) {
    const context = [{ type: 'textSelection' as const, value: section.headingPath.at(-1) ?? '', path: section.route }];
    if (retrieveDocs(index, question, [], { limit: 5, context, currentPath: section.route }).sections[0]?.id === section.id) headingFirst++;
  }
  console.log(`  every heading selected: its section first ${share(headingFirst, headed.length)} of ${headed.length}`);
}

async function main(): Promise<void> {
  const only = process.argv.find((argument) => argument.startsWith('--set='))?.slice('--set='.length);
  const show = process.argv.includes('--show');
  const everyPassage = process.argv.includes('--every-passage');
  for (const set of QUESTION_SETS) {
    if ((only && set.name !== only) || !existsSync(set.docsDir)) continue;
    if (everyPassage) {
      await measureEveryPassage(set);
      continue;
    }
    const quality = await measureAnswers(set);
    console.log(`\nanswers: ${set.name} (${set.language})`);
    console.log(`  context's own section first          ${share(quality.contextFirst, quality.contextCases)} of ${quality.contextCases} "explain this" / "what does this code do?" cases`);
    console.log(`  out-of-scope questions marked notFound ${share(quality.outOfScopeNotFound, quality.outOfScope)} of ${quality.outOfScope}`);
    console.log(`  answerable questions marked notFound   ${share(quality.answerableNotFound, quality.answerable)} of ${quality.answerable}`);
    if (quality.heldOut.outOfScope + quality.heldOut.answerable > 0) {
      console.log(`  held out: out of scope marked notFound ${share(quality.heldOut.outOfScopeNotFound, quality.heldOut.outOfScope)} of ${quality.heldOut.outOfScope}`);
      console.log(`  held out: answerable marked notFound   ${share(quality.heldOut.answerableNotFound, quality.heldOut.answerable)} of ${quality.heldOut.answerable}`);
    }
    const { heldOutLater } = quality;
    if (heldOutLater.outOfScope > 0) console.log(`  held out (later): out of scope notFound ${share(heldOutLater.outOfScopeNotFound, heldOutLater.outOfScope)} of ${heldOutLater.outOfScope}`);
    for (const [label, conversations] of [
      ['conversations', quality.conversations],
      ['held out: conversations', quality.heldOutConversations],
      ['held out (later): conversations', quality.laterConversations],
    ] as const) {
      const thirdTurns = conversations.thirdTurns > 0 ? `, third turns' ${share(conversations.thirdFirst, conversations.thirdTurns)} of ${conversations.thirdTurns}` : '';
      if (conversations.secondTurns > 0) console.log(`  ${label}: second turns' page first ${share(conversations.secondFirst, conversations.secondTurns)} of ${conversations.secondTurns}${thirdTurns}`);
    }
    const { topicChanges } = quality;
    if (topicChanges.secondTurns > 0) console.log(`  held out: a new topic after another: its page first ${share(topicChanges.secondFirst, topicChanges.secondTurns)} of ${topicChanges.secondTurns}`);
    const { shortTopicChanges } = quality;
    if (shortTopicChanges.secondTurns > 0) console.log(`  held out (twenty-ninth session): a short question after another: its page first ${share(shortTopicChanges.secondFirst, shortTopicChanges.secondTurns)} of ${shortTopicChanges.secondTurns}`);
    const { pronounFollowUps } = quality;
    if (pronounFollowUps.secondTurns > 0) console.log(`  held out (thirty-first session): a question ending on a pronoun after another: its page first ${share(pronounFollowUps.secondFirst, pronounFollowUps.secondTurns)} of ${pronounFollowUps.secondTurns}`);
    const laterPronouns = quality.laterPronounFollowUps;
    if (laterPronouns.secondTurns > 0) console.log(`  held out (thirty-fourth session): a pronoun for the last topic: its page first ${share(laterPronouns.secondFirst, laterPronouns.secondTurns)} of ${laterPronouns.secondTurns}`);
    for (const { key, label } of HELD_OUT_OUT_OF_SCOPE_SETS) {
      const heldOutSet = quality[key];
      if (heldOutSet.outOfScope > 0) console.log(`  ${label}: out of scope notFound ${share(heldOutSet.outOfScopeNotFound, heldOutSet.outOfScope)} of ${heldOutSet.outOfScope}`);
    }
    const { existence } = quality;
    if (existence.answerable > 0) console.log(`  does it have…? answerable notFound     ${share(existence.answerableNotFound, existence.answerable)} of ${existence.answerable}`);
    console.log(`  answers with a markdown defect         ${quality.defects.length} of ${quality.answers}`);
    const { followUps } = quality;
    console.log(`  follow-ups: their page first            ${share(followUps.first, followUps.questions)} of ${followUps.questions} (asked alone: ${share(followUps.firstAlone, followUps.questions).trim()})`);
    const heldOutFollowUps = quality.heldOutFollowUps;
    console.log(`  held out: follow-ups' page first        ${share(heldOutFollowUps.first, heldOutFollowUps.questions)} of ${heldOutFollowUps.questions} (asked alone: ${share(heldOutFollowUps.firstAlone, heldOutFollowUps.questions).trim()})`);
    const laterFollowUps = quality.heldOutLaterFollowUps;
    console.log(`  held out (later): follow-ups' page first ${share(laterFollowUps.first, laterFollowUps.questions)} of ${laterFollowUps.questions} (asked alone: ${share(laterFollowUps.firstAlone, laterFollowUps.questions).trim()})`);
    const { firstQuestions, selectionQuestions, heldOutSelectionQuestions, heldOutLaterSelectionQuestions, heldOutLatestSelectionQuestions, twentyNinthSelectionQuestions, thirtySixthSelectionQuestions, selectionOutOfScope, selectionFollowUps, pageQuestions, heldOutPageQuestions } = quality;
    console.log(`  first questions: right page first       ${share(firstQuestions.first, firstQuestions.questions)} of ${firstQuestions.questions}`);
    const { laterFirstQuestions } = quality;
    console.log(`  first questions (thirty-second session, not held out): right page first ${share(laterFirstQuestions.first, laterFirstQuestions.questions)} of ${laterFirstQuestions.questions}`);
    console.log(`  about a selection: its section quoted first ${share(selectionQuestions.first, selectionQuestions.questions)} of ${selectionQuestions.questions} (notFound: ${selectionQuestions.notFound})`);
    console.log(`  held out: about a selection, first      ${share(heldOutSelectionQuestions.first, heldOutSelectionQuestions.questions)} of ${heldOutSelectionQuestions.questions} (notFound: ${heldOutSelectionQuestions.notFound})`);
    console.log(`  held out (later): about a selection      ${share(heldOutLaterSelectionQuestions.first, heldOutLaterSelectionQuestions.questions)} of ${heldOutLaterSelectionQuestions.questions} (notFound: ${heldOutLaterSelectionQuestions.notFound})`);
    console.log(`  held out (latest): about a selection     ${share(heldOutLatestSelectionQuestions.first, heldOutLatestSelectionQuestions.questions)} of ${heldOutLatestSelectionQuestions.questions} (notFound: ${heldOutLatestSelectionQuestions.notFound})`);
    if (twentyNinthSelectionQuestions.questions > 0) console.log(`  held out (twenty-ninth session): about a selection ${share(twentyNinthSelectionQuestions.first, twentyNinthSelectionQuestions.questions)} of ${twentyNinthSelectionQuestions.questions} (notFound: ${twentyNinthSelectionQuestions.notFound})`);
    if (thirtySixthSelectionQuestions.questions > 0) console.log(`  held out (thirty-sixth session): about a selection ${share(thirtySixthSelectionQuestions.first, thirtySixthSelectionQuestions.questions)} of ${thirtySixthSelectionQuestions.questions} (notFound: ${thirtySixthSelectionQuestions.notFound})`);
    console.log(`  about a selection, out of scope: notFound ${share(selectionOutOfScope.notFound, selectionOutOfScope.questions)} of ${selectionOutOfScope.questions}`);
    console.log(`  follow-ups after a selection: section first ${share(selectionFollowUps.first, selectionFollowUps.questions)} of ${selectionFollowUps.questions}`);
    for (const [label, measured] of [
      ["about the reader's page", pageQuestions],
      ['held out: about the page', heldOutPageQuestions],
    ] as const) {
      console.log(`  ${label}: that page first ${share(measured.first, measured.questions)} of ${measured.questions} (on pages as a topic: ${measured.topicFirst} of ${measured.topicQuestions})`);
    }
    for (const name of EXPECTED_FIRST_SET_NAMES) {
      const { label } = EXPECTED_FIRST_SETS[name];
      const measured = quality[name];
      if (measured.questions + measured.outOfScope === 0) continue;
      console.log(`  ${label}: page first ${share(measured.first, measured.questions)} of ${measured.questions} (notFound: ${measured.notFound}; out of scope notFound: ${measured.outOfScopeNotFound} of ${measured.outOfScope})`);
    }
    const { twoParts, koreanTwoParts } = quality;
    for (const [label, measured] of [
      ['held out (twenty-second session): two things asked', twoParts],
      ['held out (twenty-second session): two things asked in Korean', koreanTwoParts],
    ] as const) {
      if (measured.questions > 0) console.log(`  ${label}, both quoted ${share(measured.bothQuoted, measured.questions)} of ${measured.questions} (both among the sources: ${measured.bothInSources}; notFound: ${measured.notFound})`);
    }
    const { exampleRequests } = quality;
    if (exampleRequests.questions > 0) console.log(`  held out (thirty-seventh session): asks for an example, code quoted ${share(exampleRequests.withCode, exampleRequests.questions)} of ${exampleRequests.questions} (page first: ${exampleRequests.first})`);
    const misses = [...quality.contextMisses, ...twoParts.misses, ...koreanTwoParts.misses, ...exampleRequests.misses, ...quality.outOfScopeMissed, ...quality.heldOut.misses, ...heldOutLater.misses, ...HELD_OUT_OUT_OF_SCOPE_SETS.flatMap(({ key }) => quality[key].misses), ...quality.existence.misses, ...quality.conversations.misses, ...quality.heldOutConversations.misses.map((miss) => `held out, ${miss}`), ...quality.laterConversations.misses.map((miss) => `held out (later), ${miss}`), ...quality.topicChanges.misses.map((miss) => `topic change, ${miss}`), ...quality.shortTopicChanges.misses.map((miss) => `short question after another, ${miss}`), ...quality.pronounFollowUps.misses.map((miss) => `ending on a pronoun, ${miss}`), ...quality.laterPronounFollowUps.misses.map((miss) => `a pronoun for the last topic, ${miss}`), ...quality.defects, ...followUps.misses, ...heldOutFollowUps.misses, ...laterFollowUps.misses, ...firstQuestions.misses, ...quality.laterFirstQuestions.misses];
    if (show) for (const line of [...misses, ...selectionQuestions.misses, ...heldOutSelectionQuestions.misses.map((miss) => `held out, ${miss}`), ...heldOutLaterSelectionQuestions.misses.map((miss) => `held out (later), ${miss}`), ...heldOutLatestSelectionQuestions.misses.map((miss) => `held out (latest), ${miss}`), ...twentyNinthSelectionQuestions.misses.map((miss) => `held out (twenty-ninth session), ${miss}`), ...thirtySixthSelectionQuestions.misses.map((miss) => `held out (thirty-sixth session), ${miss}`), ...selectionOutOfScope.misses, ...selectionFollowUps.misses, ...pageQuestions.misses, ...heldOutPageQuestions.misses, ...EXPECTED_FIRST_SET_NAMES.flatMap((name) => quality[name].misses.map((miss) => `${EXPECTED_FIRST_SETS[name].missPrefix}${miss}`))]) console.log(`    ${line}`);
  }
}

if (import.meta.main) await main();
