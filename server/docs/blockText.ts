// mdast nodes to the plain text a section is searched and quoted by: prose, list and table text,
// fenced code kept whole (readers search for API names), MDX imports/expressions dropped, JSX reduced to its text.
import type { Nodes } from 'mdast';

/** Twoslash directives shown by renderers as nothing; they only add noise to code. */
const TWOSLASH_DIRECTIVE = /^\s*\/\/ ?(---cut(-start|-end|-before|-after)?---|\^\?|@errors.*|@noErrors.*)\s*$/;
/** VitePress/Docusaurus container fences (`::: tip`, `:::`) and `[[toc]]` render as chrome, not text. */
const CONTAINER_LINE = /^\s*(:{3,}.*|\[\[toc\]\])\s*$/i;

/**
 * Inline text of a node. With `markCode`, inline code keeps its backticks so an extractive answer quotes
 * `--port` as code, faithfully; headings (titles, anchors) leave it out.
 */
export function inlineText(node: Nodes, markCode = false): string {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'inlineCode':
      return markCode ? inlineCode(node.value) : node.value;
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'html':
      return stripHtml(node.value);
    case 'mdxTextExpression':
    case 'mdxFlowExpression':
    case 'mdxjsEsm':
      return '';
    default:
      return 'children' in node ? node.children.map((child) => inlineText(child as Nodes, markCode)).join('') : '';
  }
}

function inlineCode(value: string): string {
  const longestRun = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // CommonMark strips one space on each side when the code itself starts or ends with a backtick.
  const padding = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${value}${padding}${fence}`;
}

export function blockText(node: Nodes, indent = ''): string {
  switch (node.type) {
    case 'code':
      return fencedCode(node.lang ?? '', node.value);
    case 'paragraph':
      return cleanProse(inlineText(node, true));
    case 'heading':
      return cleanProse(inlineText(node));
    case 'list':
      return node.children
        .map((item, index) => {
          const marker = node.ordered ? `${(node.start ?? 1) + index}. ` : '- ';
          const body = item.children.map((child) => blockText(child, `${indent}  `)).filter(Boolean).join(`\n${indent}  `);
          return `${indent}${marker}${body}`;
        })
        .join('\n');
    case 'table':
      return node.children.map((row) => row.children.map((cell) => inlineText(cell, true).trim()).join(' | ')).join('\n');
    case 'html':
      return stripHtml(node.value).trim();
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'thematicBreak':
    case 'definition':
    case 'yaml':
      return '';
    case 'blockquote':
    case 'footnoteDefinition':
    case 'mdxJsxFlowElement':
    case 'listItem':
    case 'root':
      return node.children.map((child) => blockText(child as Nodes, indent)).filter(Boolean).join('\n\n');
    default:
      return inlineText(node, true);
  }
}

function fencedCode(lang: string, value: string): string {
  const code = value
    .split('\n')
    .filter((line) => !TWOSLASH_DIRECTIVE.test(line))
    .join('\n');
  // A fence longer than any backtick run inside keeps the block intact when quoted as Markdown.
  const longestRun = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${lang}\n${code}\n${fence}`;
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

function stripHtml(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, '');
}
