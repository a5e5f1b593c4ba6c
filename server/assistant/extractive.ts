// The default answerer: no model, no key. It leads with the best passage of the best section, quoted
// whole (a paragraph, a list, a table with its header, the code that follows), under one title per
// quote, and adds another section only when it matches as well. Nothing is paraphrased, so nothing
// can be invented; when the docs do not cover the question it says so and suggests the closest pages.
import type { Section } from '../docs/types.ts';
import { isOpenMarkdown, renderUnits, splitUnits, withEllipsis, type Unit } from './passages.ts';
import { pageOutline } from './pageOutline.ts';
import { sectionTitle } from './sources.ts';
import { hasUnspacedScript, termsOf, termsOfToken, wordsOf, wordTermsOf } from '../docs/analyzer.ts';
import { describesProblem } from '../docs/symptoms.ts';
import { asksWhy, headingGivesReason, saysReason } from '../docs/reasons.ts';
import { fenceTitle, plainTextLink, searchableText } from '../docs/blockText.ts';
import { asksForExample } from '../docs/exampleRequest.ts';
import { normalize } from './contextSource.ts';
import { ENGLISH_PHRASES, type AnswerPhrases } from './answerPhrases.ts';
import { clausesOf, headingsNamePart } from './clauses.ts';
import { termsOfOwnHeading } from './sectionTermSets.ts';
import { contentTerms } from './terms.ts';
import type { PartSection } from './retrieve.ts';

export interface ExtractiveAnswer {
  /** Markdown text of the answer. */
  text: string;
  /** The sections the answer quotes, in the order quoted (these are its sources). */
  sections: Section[];
  /** The docs do not cover the question: the answer says so and quotes nothing. */
  notFound: boolean;
}

/** The first sentence of every English answer the docs do not cover; clients may match on `notFound` instead. */
export const NOT_IN_DOCS = ENGLISH_PHRASES.notInDocs;
export const NOTHING_FOUND = `${NOT_IN_DOCS} ${ENGLISH_PHRASES.tryOtherWords}`;

const MAX_SECTIONS = 3;
/** Sections named as saying the same as a quote (beside MAX_SECTIONS quoted ones). */
const MAX_SAME_SECTIONS = 2;
/** A passage this long (letters and digits) that the question holds is the reader's own words: shorter ones may be a few words of any question. */
const MIN_ECHO_CHARS = 20;
/** A passage this long is more than a message a reader pastes: never measured against the question. */
const MAX_ECHO_CHARS = 300;
/** The share of a passage the question must hold in one run for the passage to be the reader's own words. */
const ECHOED_SHARE = 0.75;
/** What a block scores per word of the question it has, and per word of the setting (a follow-up's previous question). */
const QUESTION_WORD_POINTS = 2;
const SETTING_WORD_POINTS = 1;
/** Another section is quoted only when it matches two question words (and as well as the lead). */
const FURTHER_SECTION_SCORE = 2 * QUESTION_WORD_POINTS;
/** A table row with three of the question's words answers it (blockScore). */
const ROW_ANSWER_SCORE = 3 * QUESTION_WORD_POINTS;
/** A heading naming a problem ("Prop 逐级透传问题", "The problem"): its section goes on to tell the fix. */
const PROBLEM_HEADING = /\bproblems?\b|\bissues?\b|问题|問題|課題|문제/i;
/** A paragraph that tells how to fix a problem ("To fix this, …", "これを解決するには", "解决方法"). */
const TELLS_FIX = /\bto (?:fix|solve|resolve|work around) (?:this|it|that|the (?:issue|problem|error))\b|\bworkaround\b|解決|対処|これを回避|回避でき|解决|修复/i;
/** A sentence opening on what the sentence before it said: "Then:", "It is lost when:", "この理由は:", "这意味着" (docs' text; conversation.ts's refersBack reads a reader's pronoun anywhere in a question). */
const OPENS_REFERRING_BACK = /^(?:(?:this|these|that|those|it|they|then|so|here|such|both|either|neither|however|but)\b|the above\b|(?:これ|それ|この|その|上記|こう|そう|ただし|しかし|这|此|它|该|上述|然后|然而|但是|不过))/i;
/** A Chinese or Japanese sentence opening on "however" or "but": it answers the sentence before it. */
const OPENS_CONTRASTING = /^(?:しかし|ただし|ですが|だが|けれども|然而|但是|不过|不過|可是)/;
/** What the first passage under a heading the question names gains: as much as one more question word. */
const OPENING_BONUS = QUESTION_WORD_POINTS;
/** A quote of the selection's own section this short (a type line) says nothing about the selection by itself. */
const THIN_QUOTE_CHARS = 40;
/** A lead section this short that matches the question only by its heading is not quoted when others match. */
const THIN_SECTION_CHARS = 160;
/** A paragraph this short without a full stop reads as a heading (a fourth-level one is kept in its section's text). */
const MAX_HEADING_LIKE_CHARS = 60;
/** A line of bold text alone: how blockText keeps a heading inside a section's text. */
const INNER_HEADING = /^\*\*[^*\n]+\*\*$/;
/** A list or table a quoted paragraph announces is quoted whole up to this many lines, else like any other. */
const WHOLE_ANNOUNCED_LINES = 30;
/** Blocks quoted from the best section, and from each further one. */
const LEAD_BLOCKS = 2;
/** A paragraph up to this long is quoted whole; a longer one keeps its first sentence and the matching ones. */
const WHOLE_PARAGRAPH_CHARS = 700;
/** A further section's paragraph up to this long is quoted whole (its matching sentences alone, when longer). */
const WHOLE_FURTHER_PARAGRAPH_CHARS = 300;
/** Lists and tables up to this many lines and characters are quoted whole; longer ones keep their matching lines. */
const WHOLE_LIST_LINES = 10;
const WHOLE_LIST_CHARS = 1_000;
const BULLET = /^\s*[-*+]\s/;
/** A numbered list's item at the margin: a step of a procedure ("1. ", "2) "). */
const NUMBERED_STEP = /^\d{1,3}[.)]\s/;
/** A reference entry's fact: "- **Type:** `number`", "- **デフォルト:** `5173`", "- **Default**: `true`". */
const FACT_LINE = /^\s*[-*+]\s+\*\*[^*\n]{1,24}?(?:[:：]\*\*|\*\*\s*[:：])/;
/** A reference entry's facts are a few short lines (its type, default, a related link). */
const MAX_FACT_LINES = 4;
const MAX_FACT_LINE_CHARS = 160;
/** Longest code block quoted when it matches the question itself, and when it only follows a quoted passage. */
const MAX_MATCHING_CODE_LINES = 30;
const MAX_FOLLOWING_CODE_LINES = 15;
/** Code blocks a section opens with, quoted for it, and a code group's blocks quoted together: its tabs (npm, Yarn, pnpm, Bun, Deno). */
const MAX_OPENING_CODE_BLOCKS = 5;
/** A fence's opening line: its language, then the rest of its info string (```sh [pnpm]). */
const FENCE_OPENING = /^(?:`{3,}|~{3,})[ \t]*([^\s`[]*)(.*)/;
/** A sentence ending in a colon announces what follows it. */
const ANNOUNCING_END = /[:：]\s*$/;
/** Text in quotation marks: a message or a name the sentence quotes. */
const QUOTED_SPAN = /"[^"]*"|“[^”]*”|「[^」]*」/g;
/**
 * So does one that says "the following" ending in a stop: "このガイドでは、以下のような一般的なパフォーマンスの問題を特定し、
 * 修正するのに役立ちます。" before the three problems. Not 以下 alone (10 以下 is "10 or less"), nor 次の (the next port).
 */
const ANNOUNCING_WORDS = /\bthe following\b|\bas follows\b|以下の|以下に|以下は|如下|下列|下面的|次のように|次のとおり|다음과 같/i;
/** Longest code block quoted after a passage that announces it with a colon. */
const MAX_ANNOUNCED_CODE_LINES = 30;
/**
 * A quoted sentence, list line or table row is cut past this (at a word, never inside a code span or link),
 * and a code block longer than MAX_QUOTED_CODE_CHARS is not quoted: a docs line of a million characters
 * once made a 200-byte question return a 4.6 MB answer.
 */
const MAX_QUOTED_UNIT_CHARS = 1_000;
const MAX_QUOTED_CODE_CHARS = 4_000;

/** The question's terms (the focus) and, for a short follow-up, the previous question's terms (the setting). */
export interface MatchTerms {
  terms: readonly string[];
  contextTerms?: readonly string[];
  /** Normalized text the reader attached (contextSource.ts): quoting it back explains nothing, so it is left out. */
  readContext?: readonly string[];
  /** The question as asked: a passage it holds word for word (an error message pasted in) is not quoted back. */
  question?: string;
  /** Quote the lead section only: the question is about the reader's selection, which the lead holds. */
  onlyLead?: boolean;
  /** Names in the question no page uses: the answer says so before quoting what matches the rest. */
  unknownNames?: readonly string[];
  /** The usage section of the lead's page, when the lead is the page's opening (retrieve.ts, usageOf). */
  usage?: Section;
  /** The outline of the lead's page, when the lead is the page's opening (retrieve.ts, outlineOf). */
  outline?: readonly Section[];
  /** The steps of the lead's page after it, when the lead is a numbered step (retrieve.ts, nextStepsOf). */
  nextSteps?: readonly Section[];
  /** The section the search found best for each part of a question asking two things (retrieve.ts, withEachPart). */
  partSections?: readonly PartSection[];
  /** The sentences the answer writes itself, in the reader's language (answerPhrases.ts). @default English */
  phrases?: AnswerPhrases;
}

/** What the reader wrote: the context they attached and their question (normalized), neither quoted back to them. */
interface ReaderText {
  readContext?: readonly string[];
  question?: string;
  /** The question describes a problem (symptoms.ts): its fix is quoted. */
  problem?: boolean;
  /**
   * The question asks how to do something in Chinese, Japanese or Korean, or asks for an example in any language, and
   * no usage section's example will follow: an example is quoted. A Chinese or Japanese question's words never match
   * code, which is in English; an English question's do, and its code is quoted by them (quoting one more example there
   * added noise under leads that did not answer), unless it asks for an example.
   */
  how?: boolean;
  /**
   * The question asks to be shown an example (exampleRequest.ts): it is also `how`, the example may be as long as an
   * announced one, and the section's first after the quote's first passage is quoted when none follows its last.
   */
  example?: boolean;
  /**
   * The question asks why (reasons.ts): the lead's passages giving a reason count one question word more, and under a
   * heading promising the reason one is quoted though it shares no word with the question.
   */
  why?: boolean;
}

interface AnalysedUnit extends Unit {
  terms: ReadonlySet<string>;
  /** Its letters and digits (normalize), kept once read: sections and their units are shared by every answer. */
  letters?: string;
}

/** Units of one paragraph, list, table or code block. */
interface Block {
  kind: Unit['kind'];
  units: AnalysedUnit[];
  terms: ReadonlySet<string>;
}

/** Sections are immutable and shared by every answer; cutting and analysing each once makes answers cheap. */
const analysed = new WeakMap<Section, Block[]>();

function blocksOf(section: Section): Block[] {
  let blocks = analysed.get(section);
  if (blocks) return blocks;
  blocks = [];
  for (const unit of splitUnits(section.text)) {
    const analysedUnit: AnalysedUnit = { ...unit, terms: new Set(termsOf(searchableText(unit.text))) };
    const last = blocks.at(-1);
    if (last && last.units[0]?.block === unit.block) last.units.push(analysedUnit);
    else blocks.push({ kind: unit.kind === 'line' || unit.kind === 'row' ? unit.kind : unit.kind === 'code' ? 'code' : 'sentence', units: [analysedUnit], terms: new Set() });
  }
  for (const block of blocks) block.terms = new Set(block.units.flatMap((unit) => [...unit.terms]));
  analysed.set(section, blocks);
  return blocks;
}

/** Distinct focus terms count twice, the follow-up's setting once. */
function scorer(match: MatchTerms): (terms: ReadonlySet<string>) => number {
  const focus = new Set(match.terms);
  const setting = new Set((match.contextTerms ?? []).filter((term) => !focus.has(term)));
  return (terms) => {
    let score = 0;
    for (const term of focus) if (terms.has(term)) score += QUESTION_WORD_POINTS;
    for (const term of setting) if (terms.has(term)) score += SETTING_WORD_POINTS;
    return score;
  };
}

type Score = (terms: ReadonlySet<string>) => number;

/**
 * The units of a block worth quoting: all of a short one, else its opening line or sentence and the
 * matching ones. A further section (`whole` false) adds only its matching units (and a table's header):
 * a ten-line list that mentions the question's word once is noise under the answer.
 */
function quotedUnits(block: Block, score: Score, whole = true, announced = false, answersHeading = false): AnalysedUnit[] {
  const quoted = withStepsBetween(block, withSentencesReferredTo(block, unitsToQuote(block, score, whole, announced, answersHeading)));
  // A table quoted as its header alone is an empty table: its first rows show what it holds. Selecting
  // "Every option … can be set as a data-* attribute:" and asking "explain this" quoted the header of the
  // forty-row table it announces, and nothing under it.
  return block.kind === 'row' && quoted.length === 1 && quoted[0] === block.units[0] ? block.units.slice(0, WHOLE_LIST_LINES) : quoted;
}

/**
 * A paragraph's sentence quoted without the one before it, when it opens on what that one said: "It reads the
 * configuration, draws the launcher…" left the reader to guess what "it" was; "そのようなランタイムでは" which
 * runtimes.
 */
function withSentencesReferredTo(block: Block, quoted: AnalysedUnit[]): AnalysedUnit[] {
  if (block.kind !== 'sentence' || quoted.length === block.units.length) return quoted;
  const kept = new Set(quoted);
  block.units.forEach((unit, index) => {
    const previous = block.units[index - 1];
    if (previous && kept.has(unit) && OPENS_REFERRING_BACK.test(unit.text)) kept.add(previous);
  });
  return block.units.filter((unit) => kept.has(unit));
}

/**
 * Numbered steps quoted without the steps between them: a list is rendered numbered in order, so Cloudflare Pages'
 * steps 1 to 4 and 7 read as five steps, the seventh shown as the fifth, and the two it skips (choose the build
 * preset, save and deploy) were gone. The steps between the first and the last quoted one are quoted too.
 */
function withStepsBetween(block: Block, quoted: AnalysedUnit[]): AnalysedUnit[] {
  if (block.kind !== 'line' || quoted.length < 2) return quoted;
  const positions = quoted.map((unit) => block.units.indexOf(unit));
  const first = Math.min(...positions);
  const last = Math.max(...positions);
  if (last - first + 1 === quoted.length) return quoted;
  const between = block.units.slice(first, last + 1);
  return between.filter((unit) => NUMBERED_STEP.test(unit.text)).length >= 2 ? between : quoted;
}

function unitsToQuote(block: Block, score: Score, whole: boolean, announced: boolean, answersHeading: boolean): AnalysedUnit[] {
  if (block.kind === 'code' || (announced && block.units.length <= WHOLE_ANNOUNCED_LINES)) return block.units;
  // A further section's short paragraph is quoted whole: its matching sentence alone often leaves out the
  // sentence that gives it sense ("v-for 为什么要加 key" quoted "Vue 默认按照“就地更新”的策略来更新…" without the
  // next sentence saying what that does to the list), or the one announcing the code that follows.
  if (!whole && !announced && block.kind === 'sentence' && charactersOf(block.units) <= WHOLE_FURTHER_PARAGRAPH_CHARS) return block.units;
  const matching = matchingUnits(block, score);
  // A passage read with its heading keeps its first sentence: that is the one answering the heading.
  if (!whole && !announced) return block.units.filter((unit, index) => matching.has(unit) || (index === 0 && (unit.kind === 'row' || answersHeading)));
  if (block.kind === 'sentence') {
    if (charactersOf(block.units) <= WHOLE_PARAGRAPH_CHARS) return block.units;
  } else if (isShortListing(block)) return block.units;
  // Long bullets side by side are topics of their own: the matching ones are quoted, not the first.
  if (isBulletList(block) && block.units.length <= WHOLE_LIST_LINES) {
    const kept = block.units.filter((unit) => matching.has(unit));
    if (kept.length > 0) return kept;
  }
  // The first line of a table is its header, of a list its lead item, of a paragraph its topic sentence.
  return block.units.filter((unit, index) => index === 0 || matching.has(unit));
}

/**
 * A list or table quoted whole: few lines, and, for bullets, short ones. A few long bullets ("**Files**: …",
 * "**Changes**: …", each a paragraph) are topics side by side: "How do I reindex after I change the docs?"
 * quoted eight of them, 2,300 characters, for the one on changes. Numbered steps are one procedure, and a
 * table's rows read under its header: they stay whole.
 */
function isShortListing(block: Block): boolean {
  return block.units.length <= WHOLE_LIST_LINES && (!isBulletList(block) || charactersOf(block.units) <= WHOLE_LIST_CHARS);
}

/** A few short lines, each a bold label and its value: a reference entry's type, default, related pages. */
function isFactList(block: Block): boolean {
  return block.kind === 'line' && block.units.length <= MAX_FACT_LINES && block.units.every((unit) => FACT_LINE.test(unit.text) && unit.text.length <= MAX_FACT_LINE_CHARS);
}

function isBulletList(block: Block): boolean {
  return block.kind === 'line' && block.units.every((unit) => BULLET.test(unit.text));
}

function charactersOf(units: readonly Unit[]): number {
  return units.reduce((total, unit) => total + unit.text.length, 0);
}

/**
 * The units of a block that match the question. In a long list or table, each question word weighs by how
 * few of its lines have it, and the lines kept match at least half as well as the best: in a table of an
 * agent's flags, nearly every row says "agent" or "job", and "Can I run agent jobs on several servers?"
 * quoted thirteen rows for the one on several instances.
 */
function matchingUnits(block: Block, score: Score): Set<AnalysedUnit> {
  const all = block.units.filter((unit) => score(unit.terms) > 0);
  // Paragraphs and short lists keep every matching line: there each one reads as part of the passage.
  if (block.kind === 'sentence' || isShortListing(block)) return new Set(all);
  // Per question word of the block: what it scores alone, and how many of the lines have it.
  const words = new Map<string, { points: number; lines: number }>();
  for (const unit of all) {
    for (const term of unit.terms) {
      const word = words.get(term);
      if (word) word.lines++;
      else {
        const points = score(new Set([term]));
        if (points > 0) words.set(term, { points, lines: 1 });
      }
    }
  }
  const weightOf = (unit: AnalysedUnit) => {
    let weight = 0;
    for (const term of unit.terms) {
      const word = words.get(term);
      if (word) weight += word.points * Math.log(block.units.length / word.lines);
    }
    return weight;
  };
  // A table's header names every row's columns and is quoted anyway: it is not a row to choose. Weighed as
  // one, "Which environment variable sets the port?" found its two column names there, outweighing the `--port`
  // row, and the first nine rows were quoted for it.
  const header = block.kind === 'row' ? block.units[0] : undefined;
  const matching = all.filter((unit) => unit !== header);
  if (matching.length === 0) return new Set(all);
  const weights = new Map(matching.map((unit) => [unit, weightOf(unit)]));
  const best = Math.max(0, ...weights.values());
  // A word in every line tells none of them apart: then every matching line is kept.
  return new Set(best === 0 ? matching : matching.filter((unit) => (weights.get(unit) as number) >= best / 2));
}

interface Quote {
  section: Section;
  units: Unit[];
  score: number;
  /** Whether the best matching block is code (the quote may still open on the sentence introducing it). */
  bestIsCode: boolean;
  /** Its best block is a table, matched by its best row. */
  bestIsRow?: boolean;
  /** Further sections whose quote would repeat this one word for word: named under it, not quoted again. */
  same?: Section[];
}

/**
 * The best blocks of a section (in page order) with the code that follows each. The `lead` section takes the
 * section's opening passage when no block matches (the section was found by its heading).
 */
function quoteSection(section: Section, score: Score, maxBlocks: number, lead: boolean, reader: ReaderText = {}): Quote | undefined {
  const { readContext = [], question = '' } = reader;
  const all = blocksOf(section);
  const isRead = (block: Block) => (readContext.length > 0 && block.units.every((unit) => wasRead(unit, readContext))) || echoes(block, question);
  // The passages around a selection explain it (the paragraph before a code block says what it does), and
  // those around an error message the reader pasted into the question explain that.
  const nearRead = new Set(all.flatMap((block, index) => (isRead(block) ? [index - 1, index + 1] : [])));
  const blocks = all.map((block) => (isRead(block) ? { ...block, units: [], terms: new Set<string>() } : block));
  // Under a heading the question names ("怎么注册全局组件" over 全局注册), the section's first passage is what the
  // heading promises (how to register globally); later ones that repeat the heading's words say more about it.
  // Not for a question about a selection: the passages around it explain it. In the lead, a list may be that first
  // passage: "How does it work?" opens on its numbered steps, and its closing note alone was quoted. Not an option's
  // facts (型, default), nor in a further section, where a list first is most often a table of contents.
  const opening = blocks.findIndex((block) => (block.kind === 'sentence' || (lead && block.kind === 'line' && !isFactList(block))) && block.units.length > 0 && !isInnerHeading(block));
  const namedOpening = lead && readContext.length === 0 && namesSection(section, score) ? opening : -1;
  // A section's first passage answers its heading: an FAQ's "Where are conversations stored?" is answered by
  // "In an embedded SQLite database…", which need not say "stored" again, so it is read with its heading's
  // words. In the lead this only orders its passages (a bonus): its best match sets the bar the others must
  // reach, and counting its heading there raised that bar past good further sections (measured on the bench
  // answers). Not a page's intro: its "heading" is the page's title, whose words are in most questions on the page.
  const headedOpening = readContext.length === 0 && section.headingPath.length >= 2 ? opening : -1;
  const ownHeadingTerms = wordTermsOf(section.headingPath.at(-1) ?? '');
  const headingTerms = headedOpening === -1 ? new Set<string>() : new Set(ownHeadingTerms);
  const answersHeading = headingTerms.size > 0 && score(headingTerms) > 0;
  const underReason = lead && reader.why === true && readContext.length === 0 && headingGivesReason(section);
  const ranked = blocks
    .map((block, index) => {
      // A further section's table counts by its best row; the lead's by all its rows, as its score is the bar
      // other sections must reach: counted by its best row, the bar fell and sixteen more further sections came
      // in, half of them noise (measured on the bench answers).
      const own = block.units.length === 0 ? 0 : lead ? score(block.terms) : blockScore(block, score);
      const headed = index === headedOpening && block.units.length > 0 ? score(new Set([...block.terms, ...headingTerms])) : own;
      // The lead's heading orders its passages but sets no bar: it counts as a bonus, as the named opening's does.
      const matched = lead ? own : headed;
      // A question asking why came for the reason: "为什么要用 key" quoted how lists update in place and what a key's
      // value may be, and not "为了给 Vue 一个提示，以便它可以跟踪每个节点的标识…", which matched as many words.
      const reason = lead && reader.why === true && own > 0 && givesReason(block) ? QUESTION_WORD_POINTS : 0;
      const bonus = (index === namedOpening && own > 0 ? OPENING_BONUS : 0) + (lead ? headed - own : 0) + reason;
      return { block, index, score: matched + (nearRead.has(index) ? 3 : 0) + bonus, bonus };
    })
    .filter((entry) => entry.score > 0 && !isInnerHeading(entry.block) && (entry.block.kind !== 'code' || lineCount(entry.block) <= MAX_MATCHING_CODE_LINES))
    .toSorted((a, b) => b.score - a.score || a.index - b.index);
  const bestMatch = Math.max(0, ...ranked.map((entry) => entry.score - entry.bonus));
  let chosen: typeof ranked = [];
  for (const entry of ranked) {
    // Half as good as the best match (the opening's bonus left out) is too little to quote.
    if (chosen.length >= maxBlocks || (chosen.length > 0 && entry.score < bestMatch / 2)) break;
    // Code right after a chosen passage comes with it anyway when short enough to follow it (below), so it
    // takes no place of its own; longer matching code takes its place ("return json with a status code"
    // quoted the sentence announcing the 22-line example, without the example).
    if (entry.block.kind === 'code' && chosen.some((other) => other.index === entry.index - 1 && comesWith(other.block, entry.block, score, lead))) continue;
    chosen.push(entry);
  }
  // The word of the question that the lead's own heading names and its page's title does not is what the reader
  // asked of this section: a passage saying it is quoted, though others matched more of the page's topic words
  // ("列表渲染的时候为什么要加 key" under 通过 key 管理状态 quoted two paragraphs on 列表渲染, not the one asking for a `key`).
  if (lead && readContext.length === 0 && chosen.length > 0) {
    const titleTerms = new Set(wordTermsOf(section.pageTitle));
    const asked = ownHeadingTerms.filter((term) => !titleTerms.has(term) && score(new Set([term])) >= QUESTION_WORD_POINTS);
    const saying = (entry: (typeof ranked)[number]) => asked.some((term) => entry.block.terms.has(term));
    const missing = asked.length > 0 && !chosen.some(saying) ? ranked.find((entry) => !chosen.includes(entry) && entry.block.kind !== 'code' && saying(entry)) : undefined;
    if (missing) chosen.push(missing);
  }
  // Under a heading that promises the reason (その理由は？), a passage giving one is the answer though it repeats no word
  // of the question: "依存関係の事前バンドルはなぜ必要？" quoted the section's first line and its closing note, which
  // say 事前バンドル, and not "このプロセスには 2 つの目的があります:" with the two purposes it announces. It takes the
  // last place when the quote has all its passages.
  if (underReason && chosen.length > 0 && !chosen.some((entry) => givesReason(entry.block))) {
    const index = blocks.findIndex(givesReason);
    const block = blocks[index];
    if (block) chosen.splice(Math.min(chosen.length, maxBlocks - 1), 1, { block, index, score: 0, bonus: 0 });
  }
  if (chosen.length === 0) {
    if (!lead) return undefined;
    const firstProse = blocks.findIndex((block) => block.kind !== 'code' && block.units.length > 0);
    // A reference entry opens on its facts ("- **型:** `boolean`"): its description says what it is, and the
    // facts come with it (below). "これを説明して" over the heading server.strictPort quoted its type alone.
    const described = firstProse !== -1 && isFactList(blocks[firstProse] as Block) && blocks[firstProse + 1]?.kind === 'sentence' && (blocks[firstProse + 1]?.units.length ?? 0) > 0;
    const index = firstProse === -1 ? 0 : described ? firstProse + 1 : firstProse;
    const block = blocks[index];
    // A long code block is quoted when it holds the line of it the reader asks about, whose words the section has
    // nowhere else ("how do I let my staging site through too?" over one `csrf({ origin })` line of CSRF's usage, a
    // section of code alone): the rest of the example the line is from (it names other origins). Left out, a
    // section of another page sharing one word, SSG's plugins ("site"), answered.
    const tooLong = block?.kind === 'code' && lineCount(block) > MAX_MATCHING_CODE_LINES && !block.units.some((unit) => holdsRead(unit, readContext));
    if (!block || block.units.length === 0 || tooLong) return undefined;
    chosen = [{ block, index, score: 0, bonus: 0 }];
  }
  // A reader describing a problem came for its fix: the lead's passage telling how to fix it ("これを解決するために、
  // 以下のことができます:" under "Failed to fetch dynamically imported module") is quoted too, with the list it
  // announces, though it shares no word with the question (the causes that did were quoted alone). So did a reader
  // whose answer is a section headed as a problem: "爷孙组件怎么传值" opened on "Prop 逐级透传问题" and quoted the
  // problem's two paragraphs, not the third's "`provide` 和 `inject` 可以帮助我们解决这一问题".
  if (lead && (reader.problem === true || PROBLEM_HEADING.test(section.headingPath.at(-1) ?? '')) && !chosen.some((entry) => tellsFix(entry.block))) {
    const index = blocks.findIndex(tellsFix);
    const block = blocks[index];
    if (block && chosen.length > 0) chosen.push({ block, index, score: 0, bonus: 0 });
  }
  const indexes = new Set(chosen.map((entry) => entry.index));
  // A passage under a heading inside the section comes with that heading, which names what it is about.
  for (const entry of chosen) if (isInnerHeading(blocks[entry.index - 1])) indexes.add(entry.index - 1);
  /** Paragraphs quoted only for their last sentence: the one that introduces the code, list or table chosen after them. */
  const introductions = new Set<number>();
  /** Lists and tables a quoted paragraph announces ("receive these events:"): quoted whole when not too long. */
  const announced = new Set<number>();
  for (const entry of chosen) {
    // A passage's example: the code block right after it (a passage ending "for example:" needs it).
    const next = blocks[entry.index + 1];
    if (next && comesWith(entry.block, next, score, lead)) indexes.add(entry.index + 1);
    // The list or table a passage ends by announcing: "Three limits protect the server:" quoted without its
    // three limits, or "these events:" without the events, left the reader with a colon.
    if (entry.block.kind === 'sentence' && next && isListing(next) && next.units.length > 0 && endsAnnouncing(entry.block, score, lead)) {
      indexes.add(entry.index + 1);
      announced.add(entry.index + 1);
      // A list item that announces its own example splits the list at the code: "システムのファイルウォッチャー制限を
      // 引き上げる:" was quoted with an ellipsis, without its commands and the two fixes listed after them.
      for (let at = entry.index + 1; endsInColon(blocks[at]) && blocks[at + 1]?.kind === 'code' && lineCount(blocks[at + 1] as Block) <= MAX_ANNOUNCED_CODE_LINES; at += 2) {
        indexes.add(at + 1);
        const rest = blocks[at + 2];
        if (!rest || rest.kind !== blocks[at]?.kind || rest.units.length === 0) break;
        indexes.add(at + 2);
        announced.add(at + 2);
      }
    }
    // Code's introduction: the sentence right before it says what it does ("Within the handler, you can get
    // the validated value with c.req.valid('form')"); code quoted alone left the reader to guess. A list's or
    // table's, when that sentence announces it: "The `theme` option picks the color scheme:" over
    // "- `light` or `dark`: fixed." (a list quoted alone began mid-passage).
    const previous = blocks[entry.index - 1];
    const introduced = entry.block.kind === 'code' || (isListing(entry.block) && previous !== undefined && introducesListing(previous));
    if (introduced && previous?.kind === 'sentence' && previous.units.length > 0 && !indexes.has(entry.index - 1)) {
      indexes.add(entry.index - 1);
      introductions.add(entry.index - 1);
    }
  }
  // A paragraph opening on what the list or table before it says ("Both count per UTC clock hour" under the two
  // limits) comes with it when it is short: quoted alone, "both" were the reader's guess. Not a paragraph before
  // it: a Chinese or Japanese paragraph opening on これ or 这 most often means the heading's topic (measured on
  // the bench answers: half the paragraphs it brought were noise).
  for (const entry of chosen) {
    const firstSentence = entry.block.units[0];
    const previous = blocks[entry.index - 1];
    if (entry.block.kind !== 'sentence' || !firstSentence || !OPENS_REFERRING_BACK.test(firstSentence.text) || !previous || previous.units.length === 0 || indexes.has(entry.index - 1)) continue;
    if (!isListing(previous) || previous.units.length > WHOLE_LIST_LINES) continue;
    indexes.add(entry.index - 1);
    announced.add(entry.index - 1);
  }
  // A reference entry's facts: an option's type and default, listed above its description, answer half the
  // question ("コンソールに出るログを減らしたい" quoted logLevel's one sentence, "コンソール出力の詳細度を調整します",
  // without the levels it can be set to). They come with the description when it is quoted.
  const first = blocks.findIndex((block) => block.units.length > 0);
  const facts = blocks[first];
  if (facts && indexes.has(first + 1) && !indexes.has(first) && isFactList(facts)) {
    indexes.add(first);
    announced.add(first);
  }
  // A section that opens with code before any prose opens with what its heading promises: "最初の Vite プロジェクトを
  // 生成する" shows the `npm create vite` commands (a code group: one block per package manager), then says to
  // follow the prompts. A lead quoting none of its code quotes those opening blocks: "最初のプロジェクトを作成するには"
  // quoted "follow the prompts" and the --no-interactive flag without the command.
  if (lead && ![...indexes].some((index) => blocks[index]?.kind === 'code')) {
    for (let index = first; index < first + MAX_OPENING_CODE_BLOCKS && isShortCode(blocks[index]); index++) indexes.add(index);
  }
  // Not for a question about a selection: the reader is on the page, its code in front of them.
  if (lead && readContext.length === 0) quoteDefinitionsUsed(blocks, indexes, introductions);
  // A reader asking how, or for an example, came for one: a lead quoting none of its code quotes the short code block
  // after its last quoted passage, with the paragraph that introduces it. "具名插槽怎么写" quoted what named slots are and
  // "此时就需要用到具名插槽了：", not the `<template v-slot:header>` two paragraphs on. Only after the code the quote
  // uses is settled (quoteDefinitionsUsed): an extra example brings no more. Not for a question about a selection:
  // the reader is on the page, its code in front of them.
  if (lead && readContext.length === 0 && reader.how === true && ![...indexes].some((index) => blocks[index]?.kind === 'code')) {
    // The code block right after it, or after the one paragraph that introduces it, when short: one further on
    // belongs to another passage, and a later short one (a demo's template after a long script) is a part.
    const last = Math.max(...indexes);
    const example = blocks[last + 1]?.kind === 'code' ? last + 1 : blocks[last + 1]?.kind === 'sentence' && blocks[last + 2]?.kind === 'code' ? last + 2 : -1;
    // A reader asking for an example takes a longer one (up to an announced example's length), and the first after the
    // quote's first passage when none follows its last: the tip quoted under "vite.config.js の設定例を見せてください" came
    // after the basic config file, and "Show me a WebSocket handler example" quoted upgradeWebSocket()'s warning after its
    // 19 lines. Not one before the quote: "Show me an example of using Hono with GraphQL" showed Getting Started's Basic
    // Auth example, above the sentence naming GraphQL Server.
    const fits = reader.example === true ? isExampleCode : isShortCode;
    const firstQuoted = Math.min(...indexes);
    const shown = example > 0 && fits(blocks[example]) ? example : reader.example === true ? blocks.findIndex((block, at) => at > firstQuoted && isExampleCode(block)) : -1;
    if (shown >= 0) {
      indexes.add(shown);
      if (blocks[shown - 1]?.kind === 'sentence' && !indexes.has(shown - 1)) {
        indexes.add(shown - 1);
        introductions.add(shown - 1);
      }
    }
  }
  quoteCodeGroupsWhole(blocks, indexes);
  quoteContinuedCode(blocks, indexes, introductions);
  // A further section's quote opening on a sentence that refers back past its own start ("It reads `docs/`
  // recursively…" after the command it describes, "However, if they are in the wrong order, it will return a 404.")
  // read as a fragment: the passage it refers to comes with it when short, else the section is left out.
  if (!lead && refersBackUnquoted(blocks, indexes, first)) {
    const start = Math.min(...indexes);
    if (!isShortPassage(blocks[start - 1])) return undefined;
    indexes.add(start - 1);
  }
  const units = [...indexes].toSorted((a, b) => a - b).flatMap((index) => {
    const block = blocks[index];
    if (!block) return [];
    const quoted = introductions.has(index) ? introductionUnits(block, score, lead) : quotedUnits(block, score, lead, announced.has(index), index === headedOpening && answersHeading);
    const kept = quoted.filter((unit) => !wasRead(unit, readContext)).flatMap(capped);
    // A passage that ends announcing what it is not quoted with (code too long, a live demo the text lacks)
    // ends in an ellipsis: a bare colon reads as an answer cut off.
    const last = kept.at(-1);
    if ((block.kind === 'sentence' || block.kind === 'line') && last && !indexes.has(index + 1) && ANNOUNCING_END.test(last.text)) kept[kept.length - 1] = { ...last, text: withEllipsis(last.text) };
    return kept;
  });
  if (units.length === 0) return undefined;
  // The opening's bonus orders passages within the section; other sections are measured against the best match.
  const best = chosen.find((entry) => entry.score - entry.bonus === bestMatch) ?? chosen[0];
  return { section, units, score: bestMatch, bestIsCode: best?.block.kind === 'code', ...(best?.block.kind === 'row' ? { bestIsRow: true } : {}) };
}

/**
 * Whether the first quoted passage, a paragraph that is not the section's first, opens referring back to the one
 * before it, which is not quoted. In English, on any such word; in Chinese and Japanese, on "however" or "but" alone
 * (OPENS_CONTRASTING): a paragraph opening on これ or 这 most often means the heading's topic (as for the lists a
 * paragraph follows, above), while 然而 and しかし always answer the paragraph before ("两个元素切换时怎么让一个先离开另一个再进入"
 * quoted Transition modes from "然而，很多情况下这可能并不符合需求", what the example before it does).
 */
function refersBackUnquoted(blocks: readonly Block[], indexes: ReadonlySet<number>, first: number): boolean {
  const start = Math.min(...indexes);
  const opening = blocks[start]?.kind === 'sentence' ? blocks[start]?.units[0] : undefined;
  const refersBack = opening !== undefined && (/^[a-z]/i.test(opening.text) ? OPENS_REFERRING_BACK.test(opening.text) : OPENS_CONTRASTING.test(opening.text));
  return start > first && refersBack && (blocks[start - 1]?.units.length ?? 0) > 0;
}

/** A passage short enough to come with the one quoted after it: short code, or a paragraph of a few lines. */
function isShortPassage(block: Block | undefined): boolean {
  return isShortCode(block) || (block?.kind === 'sentence' && block.units.length > 0 && charactersOf(block.units) <= WHOLE_FURTHER_PARAGRAPH_CHARS);
}

/**
 * The units of a paragraph quoted for the code, list or table it introduces: its last sentence, the one that
 * announces them. All of a short paragraph whose last sentence refers back to it ("Then:", "It uses an admin
 * key:", "これは以下の場合に発生します:" said nothing alone) or, in the lead, that answers too: "This middleware does not
 * require the bearer token to be a JWT, just that it matches the above regex" came without the regex.
 */
function introductionUnits(block: Block, score: Score, lead: boolean): AnalysedUnit[] {
  const last = block.units.at(-1);
  const refersBack = last !== undefined && OPENS_REFERRING_BACK.test(last.text);
  if (charactersOf(block.units) <= WHOLE_PARAGRAPH_CHARS && (refersBack || (lead && score(block.terms) > 0))) return block.units;
  return block.units.slice(refersBack ? -2 : -1);
}

/** Names a code line declares: `const schema =`, `function handler(`, `class Store`, `import * as z`, `import z from`, `import { a, b as c }`. */
const DECLARATION = /\b(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)|\bimport\s+(?:type\s+)?(?:\*\s*as\s+([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)|\{([^}]*)\})/g;
/** A section's earlier code the lead's code may need: at most this many blocks (a schema, then the import it uses). */
const MAX_DEFINITIONS = 3;

function declaredNames(block: Block): Set<string> {
  const names = new Set<string>();
  for (const match of codeBody(block).matchAll(DECLARATION)) {
    for (const name of [match[1], match[2], match[3]]) if (name) names.add(name);
    for (const item of (match[4] ?? '').split(',')) {
      const name = item.trim().split(/\s+as\s+/).at(-1)?.trim();
      if (name && /^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
    }
  }
  return names;
}

/** A line at the left margin of code that only declares: an import, a declaration, a comment, a closing bracket. */
const DECLARING_LINE = /^(?:import\s|export\s+(?:const|let|var|function|class|type|interface)\s|const\s|let\s|var\s|function\s|class\s|type\s|interface\s|declare\s|\/\/|\/\*|\*|[\]})]|\s|$)/;

/** Code that only declares (an import, `const schema = z.object(...)`), not an example that also does something (`app.use(...)`). */
function declaresOnly(block: Block): boolean {
  return codeBody(block)
    .split('\n')
    .every((line) => DECLARING_LINE.test(line));
}

/** Whether code uses a name as an identifier (not as a property: `c.schema` is not `schema`). */
function usesName(code: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`).test(code);
}

/**
 * The section's earlier code that the lead's quoted code uses: Hono's "With Zod" quoted its route, which calls
 * `schema.safeParse`, without "Write your schema." and the `const schema = z.object(...)` above it, nor the
 * `import * as z from 'zod'` that one needs, so the quoted code named what it never showed. A short block that
 * declares a name the quoted code uses and does not declare itself comes with it, with the sentence introducing
 * it; then the blocks that one needs in turn.
 */
function quoteDefinitionsUsed(blocks: readonly Block[], indexes: Set<number>, introductions: Set<number>): void {
  const pending = [...indexes].filter((index) => blocks[index]?.kind === 'code');
  let added = 0;
  while (pending.length > 0 && added < MAX_DEFINITIONS) {
    const index = pending.shift() as number;
    const code = codeBody(blocks[index] as Block);
    const own = declaredNames(blocks[index] as Block);
    for (let earlier = index - 1; earlier >= 0 && added < MAX_DEFINITIONS; earlier--) {
      const block = blocks[earlier] as Block;
      if (indexes.has(earlier) || !isShortCode(block) || !declaresOnly(block)) continue;
      if (![...declaredNames(block)].some((name) => !own.has(name) && usesName(code, name))) continue;
      indexes.add(earlier);
      added++;
      pending.push(earlier);
      const previous = blocks[earlier - 1];
      if (previous?.kind === 'sentence' && previous.units.length > 0 && !indexes.has(earlier - 1)) {
        indexes.add(earlier - 1);
        introductions.add(earlier - 1);
      }
    }
  }
}

/**
 * A quoted block of a code group (titled blocks side by side in one language: `npm install`, `pnpm add`...) is
 * quoted with the group's other blocks: "How do I install docs-assistant?" quoted the npm command, the one after
 * the passage, and left readers on pnpm, Yarn or Bun to guess theirs. The widget shows the group as tabs, one
 * block's room, opening on the tab the question names.
 */
function quoteCodeGroupsWhole(blocks: readonly Block[], indexes: Set<number>): void {
  // The blocks quoted before: a block added here does not widen its group again.
  const quoted = Array.from(indexes);
  for (const index of quoted) {
    const own = titledFence(blocks[index]);
    if (!own) continue;
    const titles = new Set([own.title]);
    for (const step of [-1, 1]) {
      for (let other = index + step; titles.size < MAX_OPENING_CODE_BLOCKS; other += step) {
        const next = titledFence(blocks[other]);
        if (!next || next.language !== own.language || titles.has(next.title) || !isShortCode(blocks[other])) break;
        titles.add(next.title);
        indexes.add(other);
      }
    }
  }
}

/**
 * A code block opening mid-expression (", (c) => {": Hono's validation guide cuts one `app.post(…)` call in two, with a
 * sentence on each half) continues the code before it: quoted alone it began with a comma, so that code comes with
 * it, and the passages between, when it is not too long to quote; and so does the sentence introducing that code.
 */
function quoteContinuedCode(blocks: readonly Block[], indexes: Set<number>, introductions: Set<number>): void {
  for (const index of Array.from(indexes)) {
    if (!continuesCode(blocks[index])) continue;
    const start = blocks.findLastIndex((block, at) => at < index && block.kind === 'code');
    if (start < 0 || index - start > MAX_CONTINUED_CODE_DISTANCE || lineCount(blocks[start] as Block) > MAX_MATCHING_CODE_LINES) continue;
    for (let at = start; at < index; at++) indexes.add(at);
    if (blocks[start - 1]?.kind === 'sentence' && (blocks[start - 1]?.units.length ?? 0) > 0 && !indexes.has(start - 1)) {
      indexes.add(start - 1);
      introductions.add(start - 1);
    }
  }
}

/** The code a continuing block continues is at most this many blocks before it (a sentence or two between). */
const MAX_CONTINUED_CODE_DISTANCE = 3;
const CONTINUING_CODE = /^\s*[,)\]]/;

function continuesCode(block: Block | undefined): boolean {
  if (block?.kind !== 'code') return false;
  const firstLine = codeBody(block).split('\n').find((line) => line.trim() !== '') ?? '';
  return CONTINUING_CODE.test(firstLine);
}

/** A code block's language and title, read as the parser wrote them (blockText's fenceTitle), when it has a title. */
function titledFence(block: Block | undefined): { language: string; title: string } | undefined {
  const opening = block?.kind === 'code' ? FENCE_OPENING.exec(block.units[0]?.text ?? '') : null;
  const title = fenceTitle(opening?.[2]);
  return opening && title !== undefined ? { language: (opening[1] ?? '').toLowerCase(), title } : undefined;
}

/** A code block short enough to come with a passage (a command, a line of config). */
function isShortCode(block: Block | undefined): boolean {
  return block !== undefined && block.kind === 'code' && block.units.length > 0 && lineCount(block) <= MAX_FOLLOWING_CODE_LINES;
}

/** A code block short enough to quote as the example a reader asked for: as long as one a passage announces. */
function isExampleCode(block: Block | undefined): boolean {
  return block !== undefined && block.kind === 'code' && block.units.length > 0 && lineCount(block) <= MAX_ANNOUNCED_CODE_LINES;
}

/**
 * Whether a code block comes with the passage before it: a short one always (a passage's example), a longer
 * one when the passage, as quoted, ends announcing it with a colon ("create it with a getter and a setter:"),
 * which quoted alone left the reader facing a colon.
 */
function comesWith(passage: Block, next: Block, score: Score, whole: boolean): boolean {
  if (passage.kind === 'code' || next.kind !== 'code' || next.units.length === 0) return false;
  const lines = lineCount(next);
  if (lines <= MAX_FOLLOWING_CODE_LINES) return true;
  const last = passage.units.at(-1);
  return lines <= MAX_ANNOUNCED_CODE_LINES && last !== undefined && ANNOUNCING_END.test(last.text) && quotedUnits(passage, score, whole).includes(last);
}

/** Whether a paragraph tells how to fix a problem (TELLS_FIX). */
function tellsFix(block: Block): boolean {
  return block.kind === 'sentence' && block.units.some((unit) => TELLS_FIX.test(unit.text));
}

/** Whether every word of the section's own heading is a word of the question (a heading of at least two words). */
function namesSection(section: Section, score: Score): boolean {
  if (section.headingPath.length < 2) return false;
  const words = wordTermsOf(section.headingPath.at(-1) ?? '');
  return words.length >= 2 && words.every((word) => score(new Set([word])) >= QUESTION_WORD_POINTS);
}

/**
 * Whether the paragraph announces what follows: its last sentence, quoted, ends in a colon, or it is a short
 * line with no full stop, as a fourth-level heading inside a section reads ("Options" over a table of them).
 */
function endsAnnouncing(block: Block, score: Score, whole: boolean): boolean {
  const last = block.units.at(-1);
  return last !== undefined && quotedUnits(block, score, whole).includes(last) && announces(block);
}

/**
 * How well a further section's block matches: a paragraph by all its words, a table by its best row read under its
 * header. The words of a table's forty rows together held two words of many questions: the attributes table was
 * quoted for "How do I make the launcher button match my brand color?" and the widget's labels table for "How do I
 * stop the AI from inventing answers?" (its rows launcherLabel, stop, askAboutCode), no row of which answers them.
 */
function blockScore(block: Block, score: Score): number {
  if (block.kind !== 'row') return score(block.terms);
  const [header, ...rows] = block.units;
  if (!header || rows.length === 0) return score(block.terms);
  return Math.max(...rows.map((row) => score(new Set([...header.terms, ...row.terms]))));
}

/** Whether a list's last line ends in a colon: it announces the code under it. */
function endsInColon(block: Block | undefined): boolean {
  return block !== undefined && isListing(block) && ANNOUNCING_END.test(block.units.at(-1)?.text ?? '');
}

/** A list or a table: its lines are quoted one by one, and a sentence may announce it. */
function isListing(block: Block): boolean {
  return block.kind === 'line' || block.kind === 'row';
}

/** Words asking how to do something, in the languages the widget speaks: such a question wants an example. */
const HOW = /\bhow\b|怎么|怎样|如何|怎麼|怎樣|どうやって|どうすれば|どうしたら|どのように|やり方|書き方|使い方|어떻게/i;

/** A paragraph giving a reason or a purpose (reasons.ts), which a question asking why came for. */
function givesReason(block: Block): boolean {
  return block.kind === 'sentence' && block.units.some((unit) => saysReason(unit.text));
}

function asksHow(question: string): boolean {
  return HOW.test(question);
}

/**
 * A heading inside the section (a fourth-level one, or deeper than sections are cut at), which blockText keeps as a
 * line of bold text: a label, not a passage. Chosen as one, it took the place of the passage it labels: "Cloudflare
 * Pages にデプロイする手順" quoted "**Cloudflare Pages with Git**" and the sentence after it, not the seven steps.
 */
function isInnerHeading(block: Block | undefined): boolean {
  return block?.kind === 'sentence' && block.units.length === 1 && INNER_HEADING.test(block.units[0]?.text ?? '');
}

/** Whether the paragraph ends announcing what follows: in a colon, or as a short line with no full stop (a heading). */
function announces(block: Block): boolean {
  const last = block.units.at(-1);
  if (last === undefined) return false;
  const headingLike = block.units.length === 1 && last.text.length <= MAX_HEADING_LIKE_CHARS && !/[.。!?！？]\s*$/.test(last.text);
  return headingLike || ANNOUNCING_END.test(last.text);
}

/**
 * Whether the paragraph introduces the list or table after it: it announces it, or its last sentence says "the
 * following" (ANNOUNCING_WORDS). Only to quote it above a quoted list: a list it precedes is not quoted whole for
 * it ("Each option corresponds to the following Header Key-Value pairs." over a twenty-row table of which one row
 * answers).
 */
function introducesListing(block: Block): boolean {
  const last = block.units.at(-1);
  // A quoted message's words are not the sentence's own ("violates the following Content Security Policy directive").
  return announces(block) || (last !== undefined && ANNOUNCING_WORDS.test(last.text.replace(QUOTED_SPAN, '')));
}

/** The unit as quoted: whole when short, else cut at a word with an ellipsis; an oversized code block not at all. */
function capped<Quoted extends Unit>(unit: Quoted): Quoted[] {
  if (unit.kind === 'code') return unit.text.length <= MAX_QUOTED_CODE_CHARS ? [unit] : [];
  if (unit.text.length <= MAX_QUOTED_UNIT_CHARS) return [unit];
  let cut = unit.text.slice(0, MAX_QUOTED_UNIT_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  if (lastSpace > MAX_QUOTED_UNIT_CHARS / 2) cut = cut.slice(0, lastSpace);
  // Back, word by word, out of a code span, link or emphasis the cut would leave open.
  while (cut !== '' && isOpenMarkdown(cut)) cut = cut.slice(0, Math.max(0, cut.lastIndexOf(' ')));
  return cut.trim() === '' ? [] : [{ ...unit, text: withEllipsis(cut.trimEnd()) }];
}

/**
 * Whether a passage is the reader's own words: each of its lines or sentences held by the question, three
 * quarters of it at least in one run, as an error message pasted into it ("デプロイ後に Failed to fetch
 * dynamically imported module が出る" was answered by the one line "TypeError: Failed to fetch dynamically
 * imported module", the section's quote of the error).
 */
function echoes(block: Block, question: string): boolean {
  if (question.length < MIN_ECHO_CHARS || block.kind === 'code' || block.units.length === 0) return false;
  return block.units.every((unit) => {
    const text = (unit.letters ??= normalize(searchableText(unit.text)));
    if (text.length < MIN_ECHO_CHARS || text.length > MAX_ECHO_CHARS) return false;
    // Most of it, in one run: a reader pastes the message, not always its "TypeError:". A run that long holds
    // one of the passage's stretches of that length, so those few are looked for (a question may be 8,000
    // characters: comparing it character by character with every passage would take seconds).
    const run = Math.max(MIN_ECHO_CHARS, Math.ceil(text.length * ECHOED_SHARE));
    for (let start = 0; start + run <= text.length; start++) if (question.includes(text.slice(start, start + run))) return true;
    return false;
  });
}

function wasRead(unit: Unit, readContext: readonly string[]): boolean {
  if (readContext.length === 0) return false;
  const text = readText(unit);
  return text !== '' && readContext.some((read) => read.includes(text));
}

/** Whether a unit holds a selection the reader attached (a line of a code block, say), as wasRead reads them. */
function holdsRead(unit: Unit, readContext: readonly string[]): boolean {
  if (readContext.length === 0) return false;
  const text = readText(unit);
  return readContext.some((read) => read !== '' && text.includes(read));
}

/** A unit's text as a selection is compared with it (normalized, without fence lines). */
function readText(unit: Unit): string {
  return normalize(searchableText(unit.text).replace(/^(`{3,}|~{3,}).*$/gm, ' '));
}

function lineCount(block: Block): number {
  // Fence lines are not code.
  return (block.units[0]?.text.split('\n').length ?? 2) - 2;
}

/** Code that only imports (a usage section's first block is often `import { cors } from 'hono/cors'`) shows no use. */
const IMPORTS_ONLY = /^(?:\s*(?:import\s[^\n]*|\/\/[^\n]*)?\n)*\s*$/;

/** A usage section's first example: its first code block that does more than import, with the sentence introducing it. */
function exampleOf(section: Section): Quote | undefined {
  const blocks = blocksOf(section);
  const index = blocks.findIndex((block) => block.kind === 'code' && lineCount(block) <= MAX_ANNOUNCED_CODE_LINES && !IMPORTS_ONLY.test(codeBody(block)));
  const code = blocks[index];
  if (!code) return undefined;
  const previous = blocks[index - 1];
  const introduction = previous?.kind === 'sentence' && ANNOUNCING_END.test(previous.units.at(-1)?.text ?? '') ? previous.units.slice(-1) : [];
  return { section, units: [...introduction, ...code.units].flatMap(capped), score: 0, bestIsCode: true };
}

/** A code block's lines between its fences. */
function codeBody(block: Block): string {
  return `${block.units.map((unit) => unit.text).join('\n').split('\n').slice(1, -1).join('\n')}\n`;
}

/** The section's linked title; `others` are the answer's other sections, whose titles it must not repeat. */
function titleLink(section: Section, others: readonly Section[] = []): string {
  return plainTextLink(sectionTitle(section, others), section.url);
}

/** Builds the answer from ranked sections (best first). */
export function composeExtractiveAnswer(sections: readonly Section[], match: MatchTerms): ExtractiveAnswer {
  const phrases = match.phrases ?? ENGLISH_PHRASES;
  const nothingFound = { text: `${phrases.notInDocs}${phrases.sentenceGap}${phrases.tryOtherWords}`, sections: [], notFound: true };
  // A section with no text (a home page that is all components) has nothing to quote: the next one leads.
  const start = sections.findIndex((section) => section.text.trim() !== '');
  const lead = sections[start];
  if (!lead) return nothingFound;
  const score = scorer(match);
  const quotes: Quote[] = [];
  const showsExample = match.usage === undefined && asksForExample(match.question ?? '');
  const how = showsExample || (match.usage === undefined && asksHow(match.question ?? '') && hasUnspacedScript(match.question ?? ''));
  const reader: ReaderText = { ...(match.readContext ? { readContext: match.readContext } : {}), question: normalize(match.question ?? ''), problem: describesProblem(match.question ?? ''), how, example: showsExample, why: asksWhy(match.question ?? '') };
  // A lead whose every passage the question holds (a reader quoting the one sentence of a section to ask about
  // it) is quoted anyway: left out, the answer said the docs had nothing, or quoted another section only.
  const leadQuote = quoteSection(lead, score, LEAD_BLOCKS, true, reader) ?? quoteSection(lead, score, LEAD_BLOCKS, true, { ...reader, question: '' });
  if (leadQuote) quotes.push(leadQuote);
  // A page's opening says what it is for, its usage section how: "basic auth middleware example" quoted Basic
  // Auth's two opening paragraphs and no code. Its first example follows when the opening's quote has none.
  const example = leadQuote && !match.onlyLead && !leadQuote.units.some((unit) => unit.kind === 'code') && match.usage ? exampleOf(match.usage) : undefined;
  if (example) quotes.push(example);
  // A lead found by its heading alone whose whole text is a line or two (a page's intro that only links a
  // video course): quoted, it says nothing to the question; the next sections that do match lead instead.
  const shortLead = !match.onlyLead && (match.readContext?.length ?? 0) === 0 && lead.text.length < THIN_SECTION_CHARS;
  // Not one whose heading asks the question (headingAsks): its line answers it ("Is it free?": "Yes, MIT.").
  const leadAsked = headingAsks(lead, match.question);
  const thinLead = shortLead && leadQuote?.score === 0 && !leadAsked;
  // A line that matches one question word at most introduces its page rather than answers.
  const introducingLead = shortLead && (leadQuote?.score ?? 0) < FURTHER_SECTION_SCORE;
  // Another section earns a place only by matching at least as well as the lead, with two question words.
  const bar = Math.max(FURTHER_SECTION_SCORE, leadQuote?.score ?? 0);
  // "Explain this" about a selection is answered from the selection's own section only, unless all it has
  // beside the selection is a line ("型: boolean" above the one sentence of server.strictPort): then the
  // sections that say more about the selection's words may follow it.
  const thinQuote = leadQuote !== undefined && charactersOf(leadQuote.units) < THIN_QUOTE_CHARS;
  const further = match.onlyLead && leadQuote && !thinQuote ? [] : sections.slice(start + 1);
  let sameCount = 0;
  const parts = match.onlyLead ? undefined : partsOf(match, quotes, reader, score);
  // The further quotes admitted for matching as well as the lead, which a part's quote may take the place of.
  const displaceable: Quote[] = [];
  for (const section of further) {
    // A section quoted already (the lead page's example, from its usage section) is not named again as saying the same.
    if (quotes.some((quoted) => quoted.section === section)) continue;
    // Past a thin quote of the selection's own section, one section that says more is enough.
    const full = quotes.length >= (match.onlyLead && thinQuote ? 2 : MAX_SECTIONS);
    if (full && (!parts?.uncovered() || displaceable.length === 0)) break;
    const quote = full ? undefined : quoteSection(section, score, 1, false, reader);
    // Under a lead that is only a line ("options here apply to the preview only"), the sections of its page
    // need one question word: "プレビューサーバーでは？" after "ポートを変えたい" quoted that line alone and not
    // preview.port below it.
    // A table's row that holds three of the question's words is its answer, however well the lead matched: "How
    // many questions can one key send per month?" over the flags table's per-key-month row.
    const sectionBar = introducingLead && section.file === lead.file ? QUESTION_WORD_POINTS : quote?.bestIsRow === true ? Math.min(bar, ROW_ANSWER_SCORE) : bar;
    // A further section's best block must be prose: code that shares a word or two with the question
    // ("colors" in a config key) reads as noise under an answer.
    if (!quote || quote.score < sectionBar || quote.bestIsCode) {
      // A part of the question no quote answers yet (partsOf) is quoted from this section, in place of a further quote
      // when three are quoted; its page's example only when there is room for it too.
      const forPart = parts?.quote(section) ?? [];
      for (const partQuote of forPart) {
        // A usage example whose section is quoted already (the lead's page) is not quoted twice.
        if (quotes.some((quoted) => quoted.section === partQuote.section)) continue;
        if (quotes.length >= MAX_SECTIONS) {
          const displaced = displaceable.pop();
          if (!displaced) break;
          quotes.splice(quotes.indexOf(displaced), 1);
        }
        quotes.push(partQuote);
        parts?.cover(partQuote);
      }
      continue;
    }
    const repeated = quotes.find((other) => renderUnits(other.units) === renderUnits(quote.units));
    // The same words under another heading (server.headers and preview.headers share a sentence) are not quoted
    // again, but the section is named: it is another option, and the reader may have meant that one.
    if (repeated) {
      if (sameCount < MAX_SAME_SECTIONS) (repeated.same ??= []).push(section);
      sameCount += 1;
    } else {
      quotes.push(quote);
      displaceable.push(quote);
      parts?.cover(quote);
    }
  }
  if (thinLead && quotes.length > 1) quotes.shift();
  else if (leadQuote?.score === 0 && quotes[0] === leadQuote && (match.readContext?.length ?? 0) === 0 && !leadAsked) {
    // A lead found through its heading alone, whose passages match no question word ("Does it work on Safari?"
    // found the reader's page's "How does it work?" through "work"), goes after a section that matches two: the
    // browsers FAQ, which names Safari, answers first; the lead still follows. Not a lead whose heading asks the
    // question, every word of it: the FAQ's "Where are conversations stored on the server?" answers "Where are
    // conversations stored?" without repeating those words, and went after the API's Threads, which has them.
    const matching = quotes.findIndex((quote) => quote.score >= FURTHER_SECTION_SCORE);
    if (matching > 0) quotes.unshift(...quotes.splice(matching, 1));
  }
  if (quotes.length === 0 && (match.readContext?.length ?? 0) > 0) {
    // The reader attached all the lead section has to say: name where it is from, which at least places it.
    return { text: phrases.nothingMoreThere(titleLink(lead)), sections: [lead], notFound: false };
  }
  if (quotes.length === 0) return nothingFound;
  const named = quotes.flatMap((quote) => [quote.section, ...(quote.same ?? [])]);
  const quoted = [
    ...quotes.map(({ section, units, same }) => `**${titleLink(section, named)}**\n\n${renderUnits(withoutOthersVerdict(units, section, match.question))}${same ? `\n\n${phrases.saysTheSame(same.map((other) => titleLink(other, named)))}` : ''}`),
    ...(leadQuote && quotes.length === 1 && quotes[0] === leadQuote ? outlineListed(leadQuote, match.outline, phrases) : []),
    ...(leadQuote && quotes[0] === leadQuote ? nextStepsListed(match.nextSteps, quotes, phrases) : []),
  ].join('\n\n');
  // "The docs do not mention “Slack”; …": quoting what matches the rest of a question about something the
  // docs never name would read as an answer about it.
  return {
    text: match.unknownNames?.length ? `${phrases.unknownNames(match.unknownNames)}\n\n${quoted}` : quoted,
    sections: quotes.flatMap(({ section, same = [] }) => [section, ...same]),
    notFound: false,
  };
}

/** A paragraph's opening that is a verdict alone: "Yes.", "No." (an FAQ entry's answer to its own heading). */
const BARE_VERDICT = /^(?:yes|no)[.!]?$/i;

/**
 * The units without a bare "Yes." or "No." opening them, when the section's heading is not the question asked: it
 * answers the heading's question, and under another the reader's eye takes it as the answer to theirs ("Will draft
 * pages show up in answers?" was answered "Yes. Pages marked as drafts… are never indexed", under "Can I keep some
 * pages out of the answers?"). The sentence after it says the same in full.
 */
function withoutOthersVerdict(units: readonly Unit[], section: Section, question: string | undefined): readonly Unit[] {
  const [first, next] = units;
  if (!first || !next || first.kind !== 'sentence' || next.block !== first.block || !BARE_VERDICT.test(first.text.trim())) return units;
  return headingAsks(section, question) ? units : units.slice(1);
}

/** Whether a section's own heading holds every topic word of the question (a FAQ entry asking it). */
function headingAsks(section: Section, question: string | undefined): boolean {
  const terms = contentTerms(question ?? '');
  const heading = termsOfOwnHeading(section);
  return terms.length > 0 && terms.every((term) => heading.has(term));
}

/** A heading in code's characters alone (json(), basePath()), which a part may name whole. */
const LATIN_HEADING = /^[\x20-\x7e]+$/;
/** A name in code: dotted (server.port, app.basePath) or called (c.json(), cors()). */
const CODE_NAME = /[a-z_$][\w$-]*(?:\.[a-z_$][\w$-]*)+(?:\(\))?|[a-z_$][\w$-]*\(\)/g;

/** A part of a question: its words (each its terms among the question's), and the names in code it gives. */
interface Part {
  words: string[][];
  codeNames: string[];
}

/** How many of a part's words (each its terms) `terms` holds. */
function wordsHeld(words: readonly string[][], terms: ReadonlySet<string>): number {
  return words.filter((word) => word.some((term) => terms.has(term))).length;
}

/**
 * The parts of a question asking two things (clauses.ts) and whether the quotes so far answer each: a quote answers a
 * part when its headings name a word of it other than a verb, it holds two of the part's words (its one word, for a
 * part of one) in its headings or prose, and it writes the part's names in code. For a part no quote answers, a further
 * section is quoted when it is the search's section for that part (retrieve.ts, withEachPart), or when its headings
 * name the part and its passages, read for the part's words alone, answer it as above, or the part names its own
 * heading whole (json() for "c.json()"): it matched fewer of the whole question's words than the lead, and was left
 * out. Words, not terms: a Chinese word is several terms (选哪个: 选, 选哪, 哪个).
 */
function partsOf(match: MatchTerms, quotes: readonly Quote[], reader: ReaderText, score: Score): { uncovered(): boolean; quote(section: Section): Quote[] | undefined; cover(quote: Quote): void } | undefined {
  const focus = new Set(match.terms);
  const parts = clausesOf(match.question ?? '')
    .map((clause) => ({
      words: wordsOf(clause).map((word) => termsOfToken(word).filter((term) => focus.has(term))).filter((terms) => terms.length > 0),
      // Names in code the part gives (server.port, c.json()): a quote answers the part only if it writes them, as
      // preview.port's section, holding "server" and "port" apart, does not answer "server.port".
      codeNames: clause.toLowerCase().match(CODE_NAME) ?? [],
    }))
    .filter((part) => part.words.length > 0);
  if (parts.length < 2) return undefined;
  // A quote about the part (its headings name a word of it other than a verb) that holds two of its words.
  // Its prose: a part's words in its code ("query" in a client call) do not say how to do that part.
  const answered = ({ words, codeNames }: Part, quote: Quote) => {
    if (!headingsNamePart(quote.section.headingPath, words.flat())) return false;
    const prose = quote.units.filter((unit) => unit.kind !== 'code').map((unit) => searchableText(unit.text));
    const written = `${quote.section.headingPath.join(' ')} ${prose.join(' ')}`;
    const lowered = written.toLowerCase();
    if (!codeNames.every((name) => lowered.includes(name))) return false;
    return wordsHeld(words, new Set(termsOf(written))) >= Math.min(2, words.length);
  };
  const open = new Set(parts);
  const cover = (quote: Quote) => {
    for (const part of open) if (answered(part, quote)) open.delete(part);
  };
  for (const quote of quotes) cover(quote);
  return {
    uncovered: () => open.size > 0,
    quote(section) {
      // The search's best section for a part (retrieve.ts, withEachPart), judged by the part's words, their weights and
      // the docs' words for them: it need have one of them ("enable CORS" under CORS Middleware, which never says
      // "enable"), and its code is the part's how.
      const found = match.partSections?.find((candidate) => candidate.section === section);
      for (const part of open) {
        const terms = part.words.flat();
        // The search's section for the part may say it in the docs' words only ("make it red" under the launcher's
        // color): read for the whole question's words, which hold the docs' ones.
        const quote = quoteSection(section, scorer({ terms }), 1, false, reader) ?? (found?.inDocsWords === true ? quoteSection(section, score, 1, false, reader) : undefined);
        if (!quote || (quote.bestIsCode && !found)) continue;
        const heading = wordTermsOf(section.headingPath.at(-1) ?? '');
        // A name in code (json(), basePath()): a heading in words is named whole by far fewer of the part's words.
        const named = LATIN_HEADING.test(section.headingPath.at(-1) ?? '') && heading.length > 0 && heading.every((term) => terms.includes(term));
        const answers = named ? headingsNamePart(section.headingPath, terms) : part.words.length >= 2 && answered(part, quote);
        if (!found && !answers) continue;
        // Its page's example follows an opening that has no code, as under a lead.
        const example = found?.usage && !quote.units.some((unit) => unit.kind === 'code') ? exampleOf(found.usage) : undefined;
        return example ? [quote, example] : [quote];
      }
      return undefined;
    },
    cover,
  };
}

/**
 * A page's opening quoted alone, a paragraph with no list or code, says what the page is for, not how: "How do I get
 * started?" was answered by Getting started's first paragraph, and its steps were a click away. Its outline follows,
 * as links (as "what is this page about?" lists it).
 */
function outlineListed(quote: Quote, outline: readonly Section[] | undefined, phrases: AnswerPhrases): string[] {
  if (!outline || outline.length < MIN_OUTLINE_LISTED || quote.units.some((unit) => unit.kind !== 'sentence')) return [];
  return outlineParts(outline, phrases);
}

/** A page's outline as an answer lists it: "This page covers:" and a link to each section, up to MAX_PAGE_SECTIONS_LISTED. */
function outlineParts(outline: readonly Section[], phrases: AnswerPhrases): string[] {
  if (outline.length === 0) return [];
  const listed = outline.slice(0, MAX_PAGE_SECTIONS_LISTED);
  return [`${phrases.pageSections}\n\n${headingLinks(listed)}`, ...(outline.length > listed.length ? [phrases.moreSections(outline.length - listed.length)] : [])];
}

/**
 * The steps after a numbered step the answer opens on, as links: "We want to deploy the same Hono app on AWS behind API
 * Gateway using Lambda. What are the steps?" quoted 1. Setup, and 2. Hello World and 3. Deploy were left to find. Not
 * those the answer quotes already.
 */
function nextStepsListed(steps: readonly Section[] | undefined, quotes: readonly Quote[], phrases: AnswerPhrases): string[] {
  const rest = (steps ?? []).filter((step) => !quotes.some((quote) => quote.section === step));
  if (rest.length === 0) return [];
  return [`${phrases.nextSteps}\n\n${headingLinks(rest)}`];
}

/** Sections of one page as a list of links, each named by its own heading (the page is the answer's already). */
function headingLinks(sections: readonly Section[]): string {
  return sections.map((section) => `- ${plainTextLink(section.headingPath.at(-1) ?? sectionTitle(section), section.url)}`).join('\n');
}

/** A page of fewer parts is its opening and a section or two, which the question would have found. */
const MIN_OUTLINE_LISTED = 3;

/** Most of a page's sections listed when the reader asks what the page is about. */
const MAX_PAGE_SECTIONS_LISTED = 12;

/** "What is this page about?" asked on a page: its opening, quoted as a lead is, then its outline as links. */
export function composePageOverview(sections: readonly Section[], phrases: AnswerPhrases = ENGLISH_PHRASES): ExtractiveAnswer {
  const { opening, outline } = pageOutline(sections);
  const quote = opening ? quoteSection(opening, () => 0, LEAD_BLOCKS, true) : undefined;
  const parts = [...(quote ? [`**${titleLink(quote.section)}**\n\n${renderUnits(quote.units)}`] : []), ...outlineParts(outline, phrases)];
  return { text: parts.join('\n\n'), sections: quote ? [quote.section] : [], notFound: false };
}

/** The answer when the docs do not cover the question: said first, then the closest pages to try. */
export function composeNotFoundAnswer(suggestions: readonly Section[], phrases: AnswerPhrases = ENGLISH_PHRASES): ExtractiveAnswer {
  if (suggestions.length === 0) return { text: `${phrases.notInDocs}${phrases.sentenceGap}${phrases.tryOtherWords}`, sections: [], notFound: true };
  const links = suggestions.map((section) => `- ${titleLink(section)}`).join('\n');
  return { text: `${phrases.notInDocs}${phrases.sentenceGap}${phrases.closestPages}\n\n${links}`, sections: [], notFound: true };
}

/** Splits text into small deltas at word boundaries; joined, they give back `text` exactly. */
/** A markdown link (bold or not) is one token: a delta ending inside `[title](url)` shows raw brackets mid-stream. */
const DELTA_TOKENS = /\*{0,2}\[(?:\\.|[^\]\n\\])*\]\((?:<[^>\n]*>|[^)\s]*)\)\*{0,2}\s*|\s+|\S+\s*/g;

export function splitIntoDeltas(text: string, wordsPerDelta = 3): string[] {
  const tokens = text.match(DELTA_TOKENS) ?? [];
  const deltas: string[] = [];
  for (let index = 0; index < tokens.length; index += wordsPerDelta) {
    deltas.push(tokens.slice(index, index + wordsPerDelta).join(''));
  }
  return deltas;
}
