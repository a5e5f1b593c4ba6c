// Markdown and MDX to an mdast tree, by markdown-it (CommonMark with GFM tables, strikethrough and
// autolinks). markdown-it tokenizes about 14 times faster than micromark (remark-parse), which was most
// of a large site's cold start (measured: 0.93 s against 64 ms for 196 pages of bench/largeCorpus.ts).
// Its tokens become the few mdast nodes sections.ts and blockText.ts read.
//
// MDX is read the way MDX renders it, but never fails: `import`/`export` blocks and `{expressions}` are
// left out, JSX tags (attributes in braces, spread over lines) are left out while what they wrap is read
// as Markdown, and indented lines are never code. A file MDX's compiler would reject still gives its
// text, where remark-mdx used to throw and the file was read again as plain Markdown.
//
// markdown-it 14, not 15: both lines are maintained, their tokens were identical on every page of the
// corpora and docs/, and 15's build sets each field of every token through a helper call, which made a large
// site's parse about a third slower (1.33 s against 1.76 s for bench/largeCorpus.ts on one thread).
import type { Heading, Link, List, ListItem, Nodes, Parents, PhrasingContent, Root, Table, TableCell, TableRow } from 'mdast';
import MarkdownIt, { type StateBlock, type StateInline, type Token } from 'markdown-it';

const MAILTO = /mailto:/i;

function createParser(mdx: boolean) {
  const parser = new MarkdownIt({ html: true, linkify: true });
  // Autolinks as GFM finds them (`https://…`, e-mail); not bare names, where `vite.config.js` would be a site.
  parser.linkify.set({ fuzzyLink: false });
  // Its links all start with a scheme (http://, https://, ftp://, mailto:, //) or are e-mail addresses: text
  // with neither `//`, `@` nor `mailto:` holds none, and its pretest, one large pattern tried at every
  // position of every paragraph, was a tenth of a large site's parse.
  const pretest = parser.linkify.pretest.bind(parser.linkify);
  parser.linkify.pretest = (text: string) => (text.includes('//') || text.includes('@') || MAILTO.test(text)) && pretest(text);
  // Link targets as written (escapes and entities decoded), as remark gives them: routes and anchors are
  // resolved by sections.ts, and nothing here is rendered.
  parser.normalizeLink = (url) => url;
  parser.validateLink = () => true;
  if (mdx) {
    parser.disable('code');
    parser.block.ruler.before('html_block', 'mdx_jsx', jsxBlock, { alt: ['paragraph', 'reference', 'blockquote'] });
    parser.block.ruler.before('paragraph', 'mdx_esm', esmBlock);
    parser.inline.ruler.before('html_inline', 'mdx_jsx', jsxInline);
    parser.inline.ruler.before('text', 'mdx_expression', expressionInline);
  }
  return parser;
}

declare module 'mdast' {
  interface HtmlData {
    /** The node holds an MDX file's JSX tags, kept for a tab's label (codeVariants.ts): blockText reads no text from it. */
    jsxTags?: boolean;
  }
}

let markdownParser: ReturnType<typeof createParser> | undefined;
let mdxParser: ReturnType<typeof createParser> | undefined;

export function parseMarkdown(content: string, file: string): Root {
  const parser = /\.mdx$/i.test(file) ? (mdxParser ??= createParser(true)) : (markdownParser ??= createParser(false));
  return treeOf(parser.parse(content, {}));
}

// ---- tokens to mdast ----

/**
 * A fence's language and the rest of its info string. VitePress writes line highlights and options onto the
 * language itself (```vue{4-6}, ```ts:line-numbers) and a code group's title in brackets (```[.env]): they
 * go to `meta`, so the answer's fence is labelled and highlighted as `vue`, not as `vue{4-6}`.
 */
function fenceInfo(info: string): { lang: string | null; meta: string | null } {
  const [word = '', ...rest] = info.trim().split(/\s+/);
  const match = /^([^{[:]*)(.*)$/.exec(word);
  const lang = match?.[1] ?? '';
  const meta = [match?.[2] ?? '', ...rest].filter((part) => part !== '').join(' ');
  return { lang: lang || null, meta: meta || null };
}

function treeOf(tokens: Token[]): Root {
  const root: Root = { type: 'root', children: [] };
  const open: Parents[] = [root];
  const append = (node: Nodes) => (open.at(-1) as { children: Nodes[] }).children.push(node);
  const enter = (node: Parents) => {
    append(node);
    open.push(node);
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'heading_open':
        enter({ type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children: [] });
        break;
      case 'paragraph_open':
        enter({ type: 'paragraph', children: [] });
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const start = token.attrGet('start');
        enter({ type: 'list', ordered: token.type === 'ordered_list_open', start: token.type === 'ordered_list_open' ? Number(start ?? 1) : null, spread: false, children: [] } satisfies List);
        break;
      }
      case 'list_item_open':
        enter({ type: 'listItem', spread: false, checked: null, children: [] } satisfies ListItem);
        break;
      case 'blockquote_open':
        enter({ type: 'blockquote', children: [] });
        break;
      case 'table_open':
        enter({ type: 'table', align: [], children: [] } satisfies Table);
        break;
      case 'tr_open':
        enter({ type: 'tableRow', children: [] } satisfies TableRow);
        break;
      case 'th_open':
      case 'td_open':
        enter({ type: 'tableCell', children: [] } satisfies TableCell);
        break;
      case 'heading_close':
      case 'paragraph_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
      case 'blockquote_close':
      case 'table_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
        open.pop();
        break;
      case 'inline': {
        const parent = open.at(-1) as Parents;
        const children = phrasingOf(token.children ?? [], token.map?.[0] ?? 0);
        // A GFM task list item: its box is not text.
        if (parent.type === 'paragraph' && open.at(-2)?.type === 'listItem' && (open.at(-2) as ListItem).children.length === 1) stripTaskMarker(children);
        // One at a time: a spread of a hundred thousand nodes overflows the stack.
        for (const child of children) (parent as { children: PhrasingContent[] }).children.push(child);
        break;
      }
      case 'fence': {
        const { lang, meta } = fenceInfo(token.info);
        append({ type: 'code', lang, meta, value: withoutFinalNewline(token.content) });
        break;
      }
      case 'code_block':
        append({ type: 'code', lang: null, meta: null, value: withoutFinalNewline(token.content) });
        break;
      case 'html_block':
        append({ type: 'html', value: withoutFinalNewline(token.content) });
        break;
      case 'mdx_jsx':
        // Kept for their tags (a tab's label), never for text.
        append({ type: 'html', value: token.content, data: { jsxTags: true } });
        break;
      case 'hr':
        append({ type: 'thematicBreak' });
        break;
      default:
        // thead/tbody, link reference definitions and the MDX tokens below: nothing a reader reads.
        break;
    }
  }
  return root;
}

/** Inline tokens to phrasing nodes; `firstLine` (0-based) gives links the 1-based line remark gave them. */
function phrasingOf(tokens: Token[], firstLine: number): PhrasingContent[] {
  const top: PhrasingContent[] = [];
  const open: { children: PhrasingContent[] }[] = [{ children: top }];
  const append = (node: PhrasingContent) => open.at(-1)?.children.push(node);
  const enter = (node: PhrasingContent & { children: PhrasingContent[] }) => {
    append(node);
    open.push(node);
  };
  let line = firstLine + 1;
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        append({ type: 'text', value: token.content });
        break;
      case 'softbreak':
        line++;
        append({ type: 'text', value: '\n' });
        break;
      case 'hardbreak':
        line++;
        append({ type: 'break' });
        break;
      case 'code_inline':
        append({ type: 'inlineCode', value: token.content });
        break;
      case 'em_open':
        enter({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        enter({ type: 'strong', children: [] });
        break;
      case 's_open':
        enter({ type: 'delete', children: [] });
        break;
      case 'link_open':
        enter({ type: 'link', url: String(token.attrGet('href') ?? ''), title: attribute(token, 'title'), children: [], position: { start: { line, column: 1 }, end: { line, column: 1 } } } satisfies Link);
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        open.pop();
        break;
      case 'image':
        append({ type: 'image', url: String(token.attrGet('src') ?? ''), alt: token.content, title: attribute(token, 'title') });
        break;
      case 'html_inline':
        append({ type: 'html', value: token.content });
        break;
      default:
        break;
    }
  }
  return top;
}

function attribute(token: Token, name: string): string | null {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
}

function stripTaskMarker(children: PhrasingContent[]): void {
  const first = children[0];
  if (first?.type === 'text' && /^\[[ xX]\]\s/.test(first.value)) first.value = first.value.replace(/^\[[ xX]\]\s+/, '');
}

function withoutFinalNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

// ---- MDX: what is code, not text ----

const JSX_NAME = /[A-Za-z_$][\w$.:-]*/y;
const WHITESPACE = /[ \t\r\n]*/y;

function skipWhitespace(source: string, position: number): number {
  WHITESPACE.lastIndex = position;
  WHITESPACE.test(source);
  return WHITESPACE.lastIndex;
}

function nameEnd(source: string, position: number): number {
  JSX_NAME.lastIndex = position;
  return JSX_NAME.test(source) ? JSX_NAME.lastIndex : -1;
}

/** Where each `{` of the last source looked at closes (the index after its `}`), or -1. */
let braces: { source: string; closeAfter: Int32Array } | undefined;

/**
 * The end of `{…}` starting at `start`, or -1 when it does not close before `limit`. Braces are paired
 * once per source with a stack (strings and comments are not told apart: `{"}"}` ends early, and is rare),
 * so a file of ten thousand unclosed braces costs one pass, not a scan to the end from each of them.
 */
function expressionEnd(source: string, start: number, limit: number): number {
  if (braces?.source !== source) {
    const closeAfter = new Int32Array(source.length).fill(-1);
    const open: number[] = [];
    for (let position = source.indexOf('{'); position !== -1 && position < source.length; position++) {
      const character = source.charCodeAt(position);
      if (character === 0x7b) open.push(position);
      else if (character === 0x7d && open.length > 0) closeAfter[open.pop() as number] = position + 1;
    }
    braces = { source, closeAfter };
  }
  const end = braces.closeAfter[start] ?? -1;
  return end <= limit ? end : -1;
}

/** A tag longer than this is not a tag: the cap keeps a file of unclosed `<A b="` lines linear. */
const MAX_TAG_LENGTH = 2_000;

/** The end of a JSX tag (`<Tab title="npm">`, `</Tab>`, `<Card {...props} />`, `<>`) at `start`, or -1. */
function jsxTagEnd(source: string, start: number, fullLimit: number): number {
  const limit = Math.min(fullLimit, start + MAX_TAG_LENGTH);
  let position = start + 1;
  if (source[position] === '/') position++;
  if (source[position] === '>') return position + 1;
  position = nameEnd(source, position);
  if (position === -1) return -1;
  while (position < limit) {
    const before = position;
    position = skipWhitespace(source, position);
    const character = source[position];
    if (character === '>') return position + 1;
    if (character === '/' && source[position + 1] === '>') return position + 2;
    if (character === '{') {
      position = expressionEnd(source, position, limit);
      if (position === -1) return -1;
      continue;
    }
    // Attributes are separated by whitespace.
    if (position === before) return -1;
    position = nameEnd(source, position);
    if (position === -1) return -1;
    const afterName = skipWhitespace(source, position);
    if (source[afterName] !== '=') continue;
    const value = skipWhitespace(source, afterName + 1);
    const quote = source[value];
    if (quote === '"' || quote === "'") {
      const close = source.indexOf(quote, value + 1);
      if (close === -1 || close >= limit) return -1;
      position = close + 1;
    } else if (quote === '{') {
      position = expressionEnd(source, value, limit);
      if (position === -1) return -1;
    } else return -1;
  }
  return -1;
}

/** Lines holding only JSX tags: left out, and what they wrap is read as Markdown on the lines after. */
function jsxBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const limit = state.eMarks[endLine - 1] ?? state.src.length;
  let position = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  if (state.src[position] !== '<') return false;
  while (state.src[position] === '<') {
    const end = jsxTagEnd(state.src, position, limit);
    if (end === -1) return false;
    position = end;
    while (state.src[position] === ' ' || state.src[position] === '\t') position++;
  }
  let line = startLine;
  while (line < endLine && (state.eMarks[line] ?? limit) < position) line++;
  // Text after the tags on their last line: a paragraph (the inline rule leaves the tags out).
  if (position < (state.eMarks[line] ?? limit)) return false;
  if (silent) return true;
  state.line = line + 1;
  const token = state.push('mdx_jsx', '', 0);
  token.map = [startLine, state.line];
  // The tags themselves: a tab's label titles the code it holds (codeVariants.ts).
  token.content = state.src.slice((state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0), position);
  return true;
}

/** `import`/`export` blocks at the top level: ESM, up to a blank line outside braces. */
function esmBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] !== 0 || state.blkIndent !== 0) return false;
  const start = state.bMarks[startLine] ?? 0;
  if (!/^(import|export)[\s{*]/.test(state.src.slice(start, start + 7))) return false;
  if (silent) return true;
  let depth = 0;
  let line = startLine;
  for (; line < endLine; line++) {
    const text = state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
    if (text.trim() === '' && depth <= 0) break;
    for (const character of text) {
      if (character === '{') depth++;
      else if (character === '}') depth--;
    }
  }
  state.line = line;
  const token = state.push('mdx_esm', '', 0);
  token.map = [startLine, line];
  return true;
}

function jsxInline(state: StateInline, silent: boolean): boolean {
  if (state.src[state.pos] !== '<') return false;
  const end = jsxTagEnd(state.src, state.pos, state.posMax);
  if (end === -1) return false;
  if (!silent) state.push('mdx_jsx', '', 0);
  state.pos = end;
  return true;
}

/** `{expression}` is left out; `{#anchor}` after a heading is the explicit anchor syntax, kept as text. */
function expressionInline(state: StateInline, silent: boolean): boolean {
  if (state.src[state.pos] !== '{' || state.src[state.pos + 1] === '#') return false;
  const end = expressionEnd(state.src, state.pos, state.posMax);
  if (end === -1) return false;
  if (!silent) state.push('mdx_expression', '', 0);
  state.pos = end;
  return true;
}
