// mdast nodes to the text a section is searched and quoted by: prose, list and table text, fenced
// code kept whole (readers search for API names), HTML reduced to its text (markdown.ts has already left
// MDX's imports, expressions and JSX tags out). Prose keeps its inline Markdown (code, links, emphasis)
// so a quote reads like the page; links point at published URLs. Search strips link targets first (searchableText).
import type { ListItem, Nodes, Paragraph } from 'mdast';

/** Published URL for a link target of the page, or undefined to keep only the link's text. */
export type LinkResolver = (url: string) => string | undefined;

/**
 * Twoslash directives shown by renderers as nothing; they only add noise to code. A query's caret is spaced to
 * stand under the word it asks about (`//     ^?`).
 */
const TWOSLASH_DIRECTIVE = /^\s*\/\/ ?(---cut(-start|-end|-before|-after)?---|@errors.*|@noErrors.*|@filename:.*)\s*$|^\s*\/\/\s*\^[?|]\s*$/;
/** A Chinese or Japanese sentence's end: no space follows it. */
const CJK_SENTENCE_END = /[。！？｡]$/u;

/** Whether text ends a sentence as Chinese and Japanese do (。！？): what follows it comes with no space. */
export function endsUnspacedSentence(text: string): boolean {
  return CJK_SENTENCE_END.test(text);
}
/** VitePress/Docusaurus container fences (`::: tip`, `:::`) and `[[toc]]` render as chrome, not text. */
const CONTAINER_LINE = /^\s*(:{3,}.*|\[\[toc\]\])\s*$/i;
/**
 * `## Title {#custom-id}`: the explicit anchor syntax of VitePress, Docusaurus and others. Any characters but spaces
 * and braces: Vue's Chinese docs write `{#web-accessibility-initiative-–-accessible-rich-internet-applications-wai-aria}`.
 */
export const CUSTOM_ANCHOR = /\s*\{#([^\s{}]+)\}\s*$/;
/** A GitHub alert's first line, `[!NOTE]`, `[!WARNING]`…, with the line breaks after it. */
const ALERT_MARKER = /^\[!(?:note|tip|important|warning|caution)\][ \t]*(?:\n+|$)/i;

/**
 * Inline text of a node. With `markCode`, inline code keeps its backticks so an extractive answer quotes
 * `--port` as code, faithfully; headings (titles, anchors) leave it out.
 */
export function inlineText(node: Nodes, markCode = false, resolveLink?: LinkResolver): string {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'inlineCode':
      return markCode ? inlineCode(node.value) : node.value;
    case 'link': {
      const text = node.children.map((child) => inlineText(child as Nodes, markCode, resolveLink)).join('');
      const target = resolveLink?.(node.url);
      return target === undefined || text.trim() === '' ? text : markdownLink(text, target);
    }
    case 'strong':
    case 'emphasis': {
      const text = node.children.map((child) => inlineText(child as Nodes, markCode, resolveLink)).join('');
      // Only where Markdown is kept.
      return markCode ? emphasized(text, node.type === 'strong' ? '**' : '*') : text;
    }
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'html':
      return node.data?.jsxTags ? '' : stripHtml(node.value);
    default:
      if (!('children' in node)) return '';
      const pieces = node.children.map((child) => inlineText(child as Nodes, markCode, resolveLink));
      return markCode ? joinedMarked(pieces) : pieces.join('');
  }
}

/**
 * Inline pieces joined, a space between two code spans that met only across HTML tags: Vue's docs write a hook in
 * both API styles, `<span class="composition-api">`onMounted`</span><span class="options-api">`mounted`</span>`, and
 * joined bare they made one code span, "onMounted``mounted".
 */
function joinedMarked(pieces: readonly string[]): string {
  let text = '';
  for (const piece of pieces) text += piece.startsWith('`') && text.endsWith('`') ? ` ${piece}` : piece;
  return text;
}

/** Text between emphasis markers (`**`, `*`), only when it cannot confuse them: no space at either end, no asterisk. */
function emphasized(text: string, marker: string): string {
  return /^\S(.*\S)?$/s.test(text) && !text.includes('*') ? `${marker}${text}${marker}` : text;
}

/**
 * A link whose text is plain (a heading, a page title): a heading with a literal `**` or `_` (written `\\*\\*`
 * in the page) stays text, not emphasis around the link.
 */
export function plainTextLink(text: string, url: string): string {
  return markdownLink(text.replace(/[\\`*_<>]/g, '\\$&'), url);
}

/** `[text](url)` with brackets in the text escaped and a target with spaces or parentheses in `<>`. */
export function markdownLink(text: string, url: string): string {
  // Brackets in code spans are code: escaping them would show the backslashes.
  const escapedText = text.replace(/(`+)[\s\S]*?\1|\\[[\]]|[[\]]/g, (match) => (match.length === 1 ? `\\${match}` : match));
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  return `[${escapedText}](${target})`;
}

const LINK_TARGET = /\]\((?:<[^>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/g;

function isPicture(node: Paragraph['children'][number]): boolean {
  return node.type === 'image' || node.type === 'imageReference';
}

/** A paragraph of images alone (and the spaces or line breaks between them). */
function isPictureAlone(paragraph: Paragraph): boolean {
  return paragraph.children.some(isPicture) && paragraph.children.every((child) => isPicture(child) || child.type === 'break' || (child.type === 'text' && child.value.trim() === ''));
}

/** Section text as search reads it: link targets left out (URLs would match every question about "docs" or "http"). */
export function searchableText(text: string): string {
  return text.includes('](') ? text.replace(LINK_TARGET, ']') : text;
}

function inlineCode(value: string): string {
  const longestRun = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // CommonMark strips one space on each side when the code itself starts or ends with a backtick.
  const padding = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${value}${padding}${fence}`;
}

export function blockText(node: Nodes, indent = '', resolveLink?: LinkResolver): string {
  switch (node.type) {
    case 'code':
      return fencedCode(node.lang ?? '', node.value, fenceTitle(node.meta));
    case 'paragraph':
      // A picture alone is no text to quote: its alt text read as a stray line ("过渡图示", "devtools 截图") where the
      // page shows a diagram, and answers show no pictures.
      return isPictureAlone(node) ? '' : cleanProse(inlineText(node, true, resolveLink));
    case 'heading': {
      // A heading inside a section (`#### Boolean {#boolean}`, below the depth sections are cut at) is quoted as a
      // line of its text, in bold: plain, Vite's `#### オプション` above the CLI's options read as a stray word. Its
      // explicit anchor is the page's, not words (answers showed "Boolean {#boolean}").
      return emphasized(cleanProse(inlineText(node).replace(CUSTOM_ANCHOR, '')), '**');
    }
    case 'list':
      return node.children.map((item, index) => listItemText(item, node.ordered ? `${(node.start ?? 1) + index}. ` : '- ', indent, resolveLink)).join('\n');
    case 'table':
      // A `|` inside a cell stays escaped, as GFM wrote it, so the row still splits into the same cells.
      return node.children.map((row) => row.children.map((cell) => escapePipes(inlineText(cell, true, resolveLink).trim())).join(' | ')).join('\n');
    case 'html':
      // An MDX file's JSX tags (markdown.ts keeps them for a tab's label): no text of the page.
      return node.data?.jsxTags ? '' : stripHtml(node.value).trim();
    case 'thematicBreak':
    case 'definition':
    case 'yaml':
      return '';
    case 'blockquote':
      // A GitHub alert's marker ("> [!NOTE]") renders as its icon and label, not as text: quoted, it read
      // "[!NOTE] Your `token` must match the regex…".
      return childrenText(node, indent, resolveLink).replace(ALERT_MARKER, '');
    case 'footnoteDefinition':
    case 'listItem':
    case 'root':
      return childrenText(node, indent, resolveLink);
    default:
      return inlineText(node, true, resolveLink);
  }
}

/**
 * A list item as Markdown that renders as the docs do: every line of its blocks after the first (a paragraph, a
 * nested list, a code block) indented to the item's text, so each stays inside the item, and a paragraph after a
 * blank line.
 * A paragraph went on the next line, which Markdown reads as the same paragraph ("**スコープ:** 環境ごと
 * `index.html` などの…" under Vite's transformIndexHtml) or, after a nested list, as its last item's text; a
 * nested list's first item was indented twice and the rest not enough; and a code block's lines, left at the
 * margin, closed the item and lost the indentation a quote takes off. After a Chinese or Japanese full stop the
 * next paragraph goes on with no break, as those languages write it ("できます。以下は、…").
 */
function listItemText(item: ListItem, marker: string, indent: string, resolveLink?: LinkResolver): string {
  // Markdown reads a line as inside the item when it is indented at least as far as the item's text starts.
  const inner = indent + ' '.repeat(marker.length);
  let body = '';
  let previous: ListItem['children'][number] | undefined;
  for (const child of item.children) {
    const text = blockText(child, inner, resolveLink);
    if (text === '') continue;
    // A nested list indents its own lines; other blocks are indented here.
    const lines = child.type === 'list' ? text.split('\n').map((line) => line.slice(inner.length)) : text.split('\n');
    const joined = previous?.type === 'paragraph' && child.type === 'paragraph' && endsUnspacedSentence(body);
    const first = body === '' || joined ? (lines[0] ?? '') : `${inner}${lines[0] ?? ''}`;
    const rest = lines.slice(1).map((line) => (line === '' ? '' : `${inner}${line}`));
    // A nested list or a code block goes on the next line, as docs write them; anything else after a blank line (on
    // the next line, a paragraph, a table's rows or a heading's line would be the text before it).
    body += `${body === '' || joined ? '' : child.type === 'list' || child.type === 'code' ? '\n' : '\n\n'}${[first, ...rest].join('\n')}`;
    previous = child;
  }
  return `${indent}${marker}${body}`;
}

function childrenText(node: Nodes & { children: unknown[] }, indent: string, resolveLink?: LinkResolver): string {
  return node.children.map((child) => blockText(child as Nodes, indent, resolveLink)).filter(Boolean).join('\n\n');
}

function escapePipes(cell: string): string {
  return cell.replace(/(?<!\\)\|/g, '\\|');
}

/** Longer titles are sentences, not a tab's or a file's name. */
const MAX_FENCE_TITLE = 60;

/**
 * A fence's title as docs write it: a VitePress code group's tab (```bash [npm], ```[.env]), Docusaurus's and
 * Starlight's `title="vite.config.js"`, Nextra's `filename="…"`. Kept, an answer quoting the npm, Yarn and pnpm
 * commands one after another says which is which.
 */
export function fenceTitle(meta: string | null | undefined): string | undefined {
  const match = /\[([^\]\n]+)\]|\b(?:title|filename)=(?:"([^"\n]+)"|'([^'\n]+)')/.exec(meta ?? '');
  return codeTitle(match?.[1] ?? match?.[2] ?? match?.[3]);
}

/** A code block's title as a fence can carry it (no brackets or backticks), or undefined when there is none or it is too long to be one. */
export function codeTitle(text: string | undefined): string | undefined {
  const title = text?.replace(/[[\]`]/g, '').trim();
  return title && title.length <= MAX_FENCE_TITLE ? title : undefined;
}

function fencedCode(lang: string, value: string, title?: string): string {
  const code = value
    .split('\n')
    .filter((line) => !TWOSLASH_DIRECTIVE.test(line))
    .join('\n');
  // A fence longer than any backtick run inside keeps the block intact when quoted as Markdown.
  const longestRun = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // The title goes after the language, as VitePress writes it; without a language, `text` holds its place (the
  // info string's first word is the language).
  const info = title === undefined ? lang : `${lang || 'text'} [${title}]`;
  return `${fence}${info}\n${code}\n${fence}`;
}

function cleanProse(text: string): string {
  return text
    .split('\n')
    .filter((line) => !CONTAINER_LINE.test(line))
    // Removed MDX expressions and HTML leave double spaces behind.
    .map((line) => line.replace(/(?<=\S) {2,}(?=\S)/g, ' '))
    .join('\n')
    .trim();
}

const TAG_START = /[A-Za-z/!?]/;

/** Elements whose content is code, not text: a VitePress page's `<script setup>` imports its components. */
const RAW_TEXT_ELEMENT = /^<(script|style)(?=[\s>/])/i;

/**
 * HTML's text: comments and tags left out, and what `<script>` and `<style>` hold. One pass with indexOf,
 * never a regex that rescans: a file full of `<!--` or `<` with no end made the old replace() quadratic (a
 * 256 KiB file took 38 s). Once no end follows, none follows any later start either, so the rest is text.
 */
export function stripHtml(html: string): string {
  let text = '';
  let position = 0;
  let searchFrom = 0;
  // Searched for closing tags in any case; made once, and only when there is such an element.
  let lowered: string | undefined;
  while (position < html.length) {
    const open = html.indexOf('<', searchFrom);
    if (open === -1) break;
    // As in HTML, `<` starts a tag only before a letter, `/`, `!` or `?` ("1 < 2" is text).
    if (!TAG_START.test(html[open + 1] ?? '')) {
      searchFrom = open + 1;
      continue;
    }
    text += html.slice(position, open);
    const comment = html.startsWith('<!--', open);
    const end = comment ? html.indexOf('-->', open + 4) : html.indexOf('>', open + 1);
    // An unclosed comment hides the rest, as in a browser; an unclosed tag is text.
    if (end === -1) return comment ? text : text + html.slice(open);
    position = end + (comment ? 3 : 1);
    const raw = comment ? null : RAW_TEXT_ELEMENT.exec(html.slice(open, open + 8));
    if (raw) {
      // Its content runs to its closing tag (to the end without one, as in a browser).
      lowered ??= html.toLowerCase();
      const close = lowered.indexOf(`</${(raw[1] as string).toLowerCase()}`, position);
      if (close === -1) return text;
      const closeEnd = html.indexOf('>', close);
      position = closeEnd === -1 ? html.length : closeEnd + 1;
    }
    searchFrom = position;
  }
  return text + html.slice(position);
}
