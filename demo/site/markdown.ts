// Docs Markdown to HTML for the demo site, server-side with react-markdown + react-dom/server.
// Heading ids are computed exactly as the reference server computes section anchors
// (server/docs/sections.ts: top-level h1-h3, one GitHub slugger per page, `{#custom}` ids),
// so a source link `/page#anchor` from an answer lands on the heading it quotes.
import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { inlineText } from '../../server/docs/blockText.ts';

/** A heading of the rendered page, for the page's table of contents. */
export interface RenderedHeading {
  depth: number;
  text: string;
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: RenderedHeading[];
}

/** The server's section depth: deeper headings stay inside their parent's section. */
const SECTION_DEPTH = 3;
const CUSTOM_ANCHOR = /\s*\{#([\w-]+)\}\s*$/;

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const headings: RenderedHeading[] = [];
  const html = renderToStaticMarkup(
    createElement(
      Markdown,
      { remarkPlugins: [remarkGfm, () => (tree: Root) => assignHeadingIds(tree, headings), () => labelTables], components: scrollableBlocks },
      markdown,
    ),
  );
  return { html, headings };
}

/**
 * Code blocks and tables scroll sideways on narrow screens; keyboard users must be able to reach and
 * scroll them (axe: scrollable-region-focusable), and a focused code block also shows the widget's "Ask AI".
 */
const scrollableBlocks: Components = {
  pre: ({ node, ...props }) => {
    const pre = createElement('pre', { ...props, tabIndex: 0 });
    // A fence's title (```sh [pnpm]: one tab of a code group) captions it, as docs sites show it.
    const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
    const title = /\[(.+)\]/.exec(code?.type === 'element' ? (code.data?.meta ?? '') : '')?.[1];
    return title ? createElement('figure', { className: 'code-titled' }, createElement('figcaption', null, title), pre) : pre;
  },
  table: ({ node, ...props }) => {
    const label = String(node?.properties?.dataRegionLabel ?? 'Table');
    const { 'data-region-label': _label, ...tableProps } = props as typeof props & { 'data-region-label'?: string };
    return createElement('div', { className: 'table-scroll', tabIndex: 0, role: 'region', 'aria-label': label }, createElement('table', tableProps));
  },
};

/** Names each table's scroll region after the heading above it; landmarks need distinct names. */
function labelTables(tree: Root): void {
  let heading = '';
  const used = new Map<string, number>();
  for (const node of tree.children) {
    if (node.type === 'heading') heading = inlineText(node).replace(/\s+/g, ' ').replace(CUSTOM_ANCHOR, '').trim();
    if (node.type !== 'table') continue;
    const base = heading === '' ? 'Table' : `Table: ${heading}`;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, dataRegionLabel: count === 1 ? base : `${base} (${count})` } };
  }
}

/** Gives every heading an id; the section headings get exactly the server's anchors. */
function assignHeadingIds(tree: Root, headings: RenderedHeading[]): void {
  const sectionSlugger = new GithubSlugger();
  const used = new Set<string>();
  const deeper: Heading[] = [];
  for (const node of tree.children) {
    if (node.type !== 'heading') continue;
    if (node.depth > SECTION_DEPTH) {
      deeper.push(node);
      continue;
    }
    const raw = inlineText(node).replace(/\s+/g, ' ').trim();
    const custom = CUSTOM_ANCHOR.exec(raw);
    const text = custom ? raw.slice(0, custom.index).trim() : raw;
    const id = custom?.[1] ?? sectionSlugger.slug(raw);
    if (custom) dropCustomAnchorText(node);
    setId(node, id);
    used.add(id);
    headings.push({ depth: node.depth, text, id });
  }
  // Deeper headings get ids of their own that never take a section's anchor.
  const otherSlugger = new GithubSlugger();
  for (const node of deeper) {
    let id = otherSlugger.slug(inlineText(node).trim());
    while (used.has(id)) id = otherSlugger.slug(inlineText(node).trim());
    used.add(id);
    setId(node, id);
  }
}

function setId(node: Heading, id: string): void {
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
}

function dropCustomAnchorText(node: Heading): void {
  const last = node.children.at(-1);
  if (last?.type === 'text') last.value = last.value.replace(CUSTOM_ANCHOR, '');
}
