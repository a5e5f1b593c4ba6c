// Markdown and MDX to an mdast tree. MDX that does not parse is read again as plain Markdown,
// so one bad component never hides a page.
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const markdownProcessor = unified().use(remarkParse).use(remarkGfm).freeze();
const mdxProcessor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).freeze();

export interface ParsedMarkdown {
  tree: Root;
  /** Set when MDX failed and the file was read as plain Markdown. */
  warning?: string;
}

export function parseMarkdown(content: string, file: string): ParsedMarkdown {
  if (!/\.mdx$/i.test(file)) return { tree: markdownProcessor.parse(content) };
  try {
    return { tree: mdxProcessor.parse(content) };
  } catch (error) {
    const tree = markdownProcessor.parse(content);
    // Plain Markdown turns `import x from 'y'` lines into paragraphs; they are code, not prose.
    tree.children = tree.children.filter((node) => !(node.type === 'paragraph' && isEsmParagraph(node)));
    return { tree, warning: `${file}: MDX syntax error (${describeError(error)}); read as plain Markdown` };
  }
}

function isEsmParagraph(node: Root['children'][number]): boolean {
  if (node.type !== 'paragraph') return false;
  const first = node.children[0];
  return first?.type === 'text' && /^(import|export)\s/.test(first.value);
}

function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { line, column, reason, message } = error as { line?: number; column?: number; reason?: string; message?: string };
    const where = typeof line === 'number' ? `line ${line}${typeof column === 'number' ? `:${column}` : ''}: ` : '';
    return `${where}${reason ?? message ?? 'unknown error'}`;
  }
  return String(error);
}
