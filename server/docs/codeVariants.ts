// Which variant of an example a code block shows, when the page shows several and the reader picks one: a tab
// (Docusaurus's and Starlight's <TabItem label="npm">, Mintlify's <Tab title="npm">) or Vue's API style
// (<div class="composition-api"> / "options-api", the other style hidden). Indexed and quoted, every variant
// is there; one after the other with nothing to tell them apart, the npm and Yarn commands, or nextTick's two
// examples, read as one repeated. Each such code block is titled with its variant (```js [Options API]), unless
// it has a title of its own.
import type { Nodes, Root } from 'mdast';
import { codeTitle, fenceTitle } from './blockText.ts';

/** An element open around the blocks being read, and the variant it stands for, if any. */
interface OpenElement {
  name: string;
  label: string | undefined;
}

/** Opening and closing tags of the elements that may hold a variant (attribute values may hold `>`). */
const VARIANT_TAG = /<(\/?)(div|TabItem|Tab)\b((?:[^>"'{]|"[^"]*"|'[^']*'|\{[^}]*\})*)>/g;

const API_STYLES = new Map([
  ['composition-api', 'Composition API'],
  ['options-api', 'Options API'],
]);

/** Vue's Chinese docs name the two styles in Chinese (组合式 API, 选项式 API): a tab reads as the page does. */
const CHINESE_API_STYLES = new Map([
  ['composition-api', '组合式 API'],
  ['options-api', '选项式 API'],
]);

/** Blocks that hold blocks: a tab's code may sit in a list item (Starlight's steps). Paragraphs hold no code blocks. */
const CONTAINERS = new Set(['root', 'list', 'listItem', 'blockquote']);

/**
 * Titles each code block shown in a tab or one of Vue's API styles with it, through the page in reading order.
 * `languageOf` gives the page's language, asked only for a page that shows API styles.
 */
export function titleCodeVariants(root: Root, languageOf: () => string | undefined): void {
  const open: OpenElement[] = [];
  let apiStyles: Map<string, string> | undefined;
  const styleNames = () => (apiStyles ??= languageOf()?.toLowerCase().startsWith('zh') ? CHINESE_API_STYLES : API_STYLES);
  const visit = (node: Nodes) => {
    if (node.type === 'html') followVariantTags(node.value, open, styleNames);
    else if (node.type === 'code') {
      const variant = open.findLast((element) => element.label !== undefined)?.label;
      if (variant !== undefined && fenceTitle(node.meta) === undefined) node.meta = `[${variant}]`;
    } else if (CONTAINERS.has(node.type) && 'children' in node) for (const child of node.children) visit(child);
  };
  visit(root);
}

/** Follows the tags of an HTML or JSX block, in order, through `open` (the elements open around what comes next). */
function followVariantTags(tags: string, open: OpenElement[], styleNames: () => Map<string, string>): void {
  for (const [, closing, name = '', attributes = ''] of tags.matchAll(VARIANT_TAG)) {
    if (closing) {
      // The innermost open element of that name closes (a stray closing tag closes nothing).
      const at = open.findLastIndex((element) => element.name === name);
      if (at >= 0) open.splice(at);
    } else if (!attributes.trimEnd().endsWith('/')) open.push({ name, label: labelOf(name, attributes, styleNames) });
  }
}

function labelOf(name: string, attributes: string, styleNames: () => Map<string, string>): string | undefined {
  if (name === 'div') {
    const style = attribute(attributes, 'class') ?? '';
    return API_STYLES.has(style) ? styleNames().get(style) : undefined;
  }
  return codeTitle(attribute(attributes, 'label') ?? attribute(attributes, 'title') ?? attribute(attributes, 'value'));
}

/** A quoted attribute's value (`label="npm"`, `label={'npm'}`), or undefined. */
function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|\\{\\s*(?:"([^"]*)"|'([^']*)')\\s*\\})`).exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3] ?? match[4])?.trim() : undefined;
}
