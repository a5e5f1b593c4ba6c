// Syntax highlighting of code blocks in answers, imported on demand: only an answer that holds a
// fenced code block with a language loads it (its own chunk; see scripts/size.js). lowlight runs
// highlight.js grammars and returns a tree of spans, which become React elements, never an HTML string:
// nothing is parsed as markup, so it works on pages that enforce Trusted Types.
import { createElement, type ReactNode } from 'react';
import type { ElementContent } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import ini from 'highlight.js/lib/languages/ini';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';

/** The languages web docs show most (measured: each further grammar costs 1-3 kB gzip); others render plain, under their label. */
const lowlight = createLowlight({ bash, css, diff, ini, javascript, json, python, typescript, xml, yaml });
lowlight.registerAlias({
  bash: ['sh', 'shell', 'zsh', 'console'],
  javascript: ['js', 'jsx', 'mjs', 'cjs'],
  typescript: ['ts', 'tsx', 'mts'],
  xml: ['html', 'svg', 'vue'],
  ini: ['toml', 'env'],
  yaml: ['yml'],
  json: ['jsonc', 'json5'],
});

/** Longer code stays plain: highlighting it again on every streamed delta would cost more than it gives. */
const MAX_HIGHLIGHTED_CHARS = 20_000;

/** `code` as highlighted React elements, or null for an unknown language or very long code. */
export function highlightCode(code: string, language: string): ReactNode | null {
  if (code.length > MAX_HIGHLIGHTED_CHARS || !lowlight.registered(language)) return null;
  return tokens(lowlight.highlight(language, code).children as ElementContent[], '');
}

/**
 * lowlight's tree holds only text and `<span class="hljs-...">`: mapped to elements directly (a general
 * hast-to-React converter would add its own copy of property tables to this chunk).
 */
function tokens(nodes: readonly ElementContent[], path: string): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const className = Array.isArray(node.properties.className) ? node.properties.className.join(' ') : undefined;
    return createElement('span', { key: `${path}${index}`, className }, ...tokens(node.children, `${path}${index}.`));
  });
}
