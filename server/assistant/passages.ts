// Cuts a section's text into quotable units: sentences, list lines and whole code blocks, in order.
import { endsUnspacedSentence } from '../docs/blockText.ts';

export interface Unit {
  /** `row` is a table row (`cell | cell`); the first row of its block is the table's header. */
  kind: 'sentence' | 'line' | 'row' | 'code';
  /** The verbatim text of the unit. */
  text: string;
  /** Units with the same block number were one paragraph (sentences) or one list/table (lines). */
  block: number;
  /** Order of the unit in the section. */
  position: number;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
/** Lines that stand alone when quoted: list items, quotes, table rows. */
const LINE_ITEM = /^\s*(?:[-*+]\s|\d+[.)]\s|>)/;
/** The docs loader writes table rows as `cell | cell | cell`. */
const TABLE_ROW = / \| /;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;
const LINK_TEXT = /\[[^\]\n]*\]\(/g;

/**
 * Whether a line is a table row: a pipe between cells, outside code spans and links' text (a cell's own pipes
 * are escaped). A paragraph with `"up" | "down"` in a code span was quoted as a one-row table, and so was one
 * linking to "[Non ESM Output Formats | Rolldown](...)" (a page's title with its site's name).
 */
function isTableRow(line: string): boolean {
  return TABLE_ROW.test(line) && TABLE_ROW.test(line.replace(CODE_SPAN, '').replace(LINK_TEXT, '('));
}

/**
 * An indented line that is not a list item, a table row or a fence of its own: the text of the list item above
 * it. After a blank line, only when indented at least to where that item's text starts (`column`): less, it is
 * the text of an outer item (a nested list's parent).
 */
function isContinuation(line: string, column = 2): boolean {
  const indent = /^ */.exec(line)?.[0].length ?? 0;
  return indent >= Math.max(2, column) && line.trim() !== '' && !standsAlone(line) && !FENCE.test(line);
}

function standsAlone(line: string): boolean {
  return LINE_ITEM.test(line) || isTableRow(line);
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The sentences of a paragraph, never cut inside inline code, a link or emphasis: the segmenter takes
 * `e.g.` in `` `e.g. x` `` or a period inside `[a. b](url)` for an end, and a quote cut there would
 * leave a stray backtick or half a link.
 */
function wholeSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let pending = '';
  for (const { segment } of sentenceSegmenter.segment(paragraph)) {
    pending += segment;
    if (!isOpenMarkdown(pending) && !opensParenthesis(pending)) {
      if (pending.trim() !== '') sentences.push(pending.trim());
      pending = '';
    }
  }
  if (pending.trim() !== '') sentences.push(pending.trim());
  return sentences;
}


/**
 * True when text ends inside a parenthesis it opened: the segmenter ends a sentence at "e.g." in "a matching
 * header (e.g. `application/json`)", and the quote then ended "(e.g.". Code spans are left out, where a
 * parenthesis is code.
 */
function opensParenthesis(text: string): boolean {
  let depth = 0;
  for (const character of text.replace(CODE_SPAN, 'x')) {
    if (character === '(' || character === '（') depth++;
    else if ((character === ')' || character === '）') && depth > 0) depth--;
  }
  return depth > 0;
}

/** True when text ends inside a code span, a link or emphasis that it opened. */
export function isOpenMarkdown(text: string): boolean {
  const outsideCode = text.replace(CODE_SPAN, 'x');
  if (outsideCode.includes('`')) return true;
  const plain = outsideCode.replace(/\\./g, 'x');
  let depth = 0;
  for (const character of plain) {
    if (character === '[') depth++;
    else if (character === ']' && depth > 0) depth--;
  }
  if (depth > 0) return true;
  if (/\]\((?:<[^>]*|[^)\s]*)$/.test(plain)) return true;
  if ((plain.match(/\*\*/g)?.length ?? 0) % 2 === 1) return true;
  // Single-asterisk emphasis: "*Beyond the platform's API.* When…" cut after "API." left "*…API. *" in the
  // quote, which renders as stray asterisks. An asterisk with spaces on both sides is a literal one.
  return (plain.replaceAll('**', '').match(/(?<!\s)\*|\*(?!\s)/g)?.length ?? 0) % 2 === 1;
}

export function splitUnits(text: string): Unit[] {
  const units: Unit[] = [];
  const lines = text.split('\n');
  let block = 0;
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const joined = paragraph.join(' ').replace(/\s+/g, ' ').trim();
    for (const sentence of wholeSentences(joined)) units.push({ kind: 'sentence', text: sentence, block, position: units.length });
    paragraph = [];
    block += 1;
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      flushParagraph();
      const marker = fence[1] ?? '```';
      const code = [line];
      index += 1;
      while (index < lines.length) {
        const inner = lines[index] ?? '';
        code.push(inner);
        if (inner.trim().startsWith(marker)) break;
        index += 1;
      }
      // A fence indented inside a list item is quoted on its own, at the margin: left indented after a quoted
      // list item, it would open inside that item while its unindented lines close the list.
      const indent = /^ */.exec(line)?.[0].length ?? 0;
      units.push({ kind: 'code', text: dedented(code.join('\n'), indent), block, position: units.length });
      block += 1;
    } else if (line.trim() === '') {
      flushParagraph();
    } else if (standsAlone(line)) {
      if (paragraph.length > 0) flushParagraph();
      // A row whose first cell is "-" (a table's "none") reads like a list item: within a table it is a row.
      const previous = units.at(-1);
      const inTable = previous?.kind === 'row' && previous.block === block;
      const kind = isTableRow(line) && (inTable || !LINE_ITEM.test(line)) ? 'row' : 'line';
      let lineText = line.trimEnd();
      // A list item's indented continuation lines are the item's own text ("2. **Enable GitHub Pages**" then
      // "  Go to Settings → Pages…"): read apart, the item was quoted as a bare heading and its text without it.
      // So are its later paragraphs, after a blank line ("- **スコープ:** 環境ごと", then the hook's description).
      if (kind === 'line') {
        const column = LINE_ITEM.exec(line)?.[0].length ?? 0;
        for (;;) {
          const gap = isContinuation(lines[index + 1] ?? '') ? 1 : lines[index + 1]?.trim() === '' && isContinuation(lines[index + 2] ?? '', column) ? 2 : 0;
          if (gap === 0) break;
          index += gap;
          lineText += `${gap === 2 ? '\n\n' : '\n'}${(lines[index] ?? '').trimEnd()}`;
        }
      }
      units.push({ kind, text: lineText, block, position: units.length });
      // Consecutive lines of one list or table share a block; a blank line or a paragraph ends it.
      const next = lines[index + 1] ?? '';
      if (!standsAlone(next)) block += 1;
    } else {
      paragraph.push(line);
    }
  }
  flushParagraph();
  return units;
}

/** The header row of the table that `row` belongs to (the first unit of its block). */
export function tableHeader(units: readonly Unit[], row: Unit): Unit | undefined {
  return units.find((unit) => unit.block === row.block && unit.kind === 'row');
}

/** Rows as a GFM table so they render as one: the first row quoted is the header. */
function tableLine(unit: Unit, isHeader: boolean): string {
  // A row's cells are joined by " | " (blockText.ts); an empty last cell leaves the row ending in " |".
  const cells = unit.text.split(/ \|(?= |$)/).map((cell) => cell.trim());
  // Cells keep their escaped pipes (`a \\| b`), so this split and GFM's agree on the row's width.
  const line = `| ${cells.join(' | ')} |`;
  return isHeader ? `${line}\n|${cells.map(() => ' --- |').join('')}` : line;
}

/** Joins chosen units (in section order) back into Markdown: a paragraph's sentences on one line, lines on their own. */
export function renderUnits(units: readonly Unit[]): string {
  let text = '';
  let previous: Unit | undefined;
  const shifts = listShifts(units);
  for (const unit of units) {
    const startsBlock = previous === undefined || previous.block !== unit.block;
    const quoted = unit.kind === 'row' ? tableLine(unit, startsBlock) : unit.kind === 'line' ? dedented(unit.text, shifts.get(unit) ?? 0) : unit.text;
    if (previous === undefined) text = quoted;
    else if (!startsBlock && (unit.kind === 'line' || unit.kind === 'row')) text += `\n${quoted}`;
    // An ellipsis marks sentences left out between two quoted ones, so the quote never reads as continuous.
    else if (previous.block === unit.block) text += unit.position === previous.position + 1 ? `${sentenceGap(previous.text)}${unit.text}` : `${ellipsisAfter(previous.text)}${UNSPACED_START.test(unit.text) ? '' : ' '}${unit.text}`;
    else text += `\n\n${quoted}`;
    previous = unit;
  }
  return text;
}

/** Chinese or Japanese text (and their full-width punctuation) at an end: an ellipsis beside it takes no space. */
const UNSPACED_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー、。，．：；！？）」』】〉》]$/u;
const UNSPACED_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}「『【〈《（]/u;

/**
 * Text followed by an ellipsis marking what is left out: after a space in English, and with none after Chinese or
 * Japanese, which write none around it ("这会非常麻烦：…", not "麻烦： …").
 */
export function withEllipsis(text: string): string {
  return `${text}${ellipsisAfter(text)}`;
}

function ellipsisAfter(text: string): string {
  return UNSPACED_END.test(text) ? '…' : ' …';
}

/**
 * What goes between two sentences of a paragraph: a space, but none after a Chinese or Japanese full stop,
 * where the docs write none ("…渲染的元素列表。当数据项的顺序改变时…" read "列表。 当数据项" quoted).
 */
function sentenceGap(previousSentence: string): string {
  return endsUnspacedSentence(previousSentence) ? '' : ' ';
}

/**
 * Per quoted list line, how many spaces to take from its start: a list's first quoted line goes to the margin,
 * and each next one keeps its depth relative to the line quoted before it, never deeper than one step below it.
 * A quote that starts at a nested item ("    - `modules` は…", under an item of handleHotUpdate's list) kept
 * its indent, and four spaces at the start of a quote make a code block: the item rendered as code. So did a
 * nested item quoted without its parent after a less indented item of another list line ("    - [Vue -
 * Official]…" under IDE support, whose parent was left out).
 */
function listShifts(units: readonly Unit[]): Map<Unit, number> {
  const shifts = new Map<Unit, number>();
  const last = new Map<number, { indent: number; quotedIndent: number }>();
  for (const unit of units) {
    if (unit.kind !== 'line') continue;
    const indent = /^ */.exec(unit.text)?.[0].length ?? 0;
    const before = last.get(unit.block);
    const quotedIndent = before === undefined ? 0 : Math.max(0, before.quotedIndent + indent - before.indent);
    shifts.set(unit, indent - quotedIndent);
    last.set(unit.block, { indent, quotedIndent });
  }
  return shifts;
}

/** Every line of `text` with up to `indent` leading spaces removed (deeper lines keep their place: an item's continuation, a block's code). */
function dedented(text: string, indent: number): string {
  return indent === 0 ? text : text.replace(new RegExp(`^ {0,${indent}}`, 'gm'), '');
}
