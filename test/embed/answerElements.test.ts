// Answers' elements as the script-tag build renders them: there, property-information keeps only the
// properties of markdown's elements, style-to-object throws, and so do VFile's path helpers (see
// scripts/rewrites/markdown.ts). These tests render every markdown and GFM construct through
// react-markdown with the widget's own GFM plugin, and fail if an element carries a property the
// stand-in lacks, if a kept entry differs, or if rendering reaches a stand-in that throws.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import * as standIn from 'property-information';
// The package itself, by path: only the bare name resolves to the stand-in.
import * as original from '../../node_modules/property-information/index.js';
import { remarkGfmParse } from '../../src/chat/remarkGfmParse.ts';
import { MARKDOWN_PROPERTIES } from '../../scripts/rewrites/markdown.ts';

const everyConstruct = `# Heading

Some *emphasis*, **strong**, ~~deleted~~, \`code\`, a [link](https://example.com/a "A title"),
https://example.com/bare, www.example.com and hi@example.com, a break  
and a footnote[^note].

![An image](https://docs.example/logo.png "Logo") and [a reference][ref] with ![a reference image][picture].

> A quote

3. Three
4. Four

- [ ] To do
- [x] Done

| Left | Centre | Right |
| :--- | :----: | ----: |
| a | b | c |

\`\`\`js
const answer = 42;
\`\`\`

***

<div class="raw" style="color: red" onclick="alert(1)">Raw HTML stays text</div>

[ref]: https://example.com/ref "Reference title"
[picture]: https://docs.example/picture.png "Picture title"
[^note]: The note.
`;

interface HastNode {
  type: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Every property name on the elements react-markdown builds for `markdown`, before they become JSX. */
function answerElementProperties(markdown: string): Set<string> {
  const names = new Set<string>();
  const collect = (node: HastNode) => {
    for (const name of Object.keys(node.properties ?? {})) names.add(name);
    node.children?.forEach(collect);
  };
  renderToStaticMarkup(
    createElement(ReactMarkdown, { remarkPlugins: [remarkGfmParse], rehypePlugins: [() => collect] }, markdown),
  );
  return names;
}

/** An Info's fields, those it inherits from its prototype included (hast-util-to-jsx-runtime reads them all). */
function fields(info: object): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const field in info) copy[field] = info[field as keyof typeof info];
  return copy;
}

describe('given an answer using every markdown and GFM construct', () => {
  it('gives its elements only the properties the build keeps, and no style', () => {
    const properties = answerElementProperties(everyConstruct);
    // The construct list is complete enough to reach most of them (guards the corpus, not the build).
    expect(properties.size).toBeGreaterThanOrEqual(12);
    for (const name of properties) {
      if (/^data[A-Z]/.test(name)) continue; // data-* is derived by find(), with no table
      expect(MARKDOWN_PROPERTIES, `${name} is on an answer's element`).toContain(name);
    }
    expect(properties.has('style')).toBe(false);
  });

  it('finds each kept property, by property or attribute name, as property-information does', () => {
    // The bare name gives the stand-in here, with its table of the kept properties only.
    expect(Object.keys(standIn.html.property).toSorted()).toEqual(MARKDOWN_PROPERTIES.toSorted());
    for (const name of MARKDOWN_PROPERTIES) {
      const info = original.find(original.html, name);
      expect(fields(standIn.find(standIn.html, name))).toEqual(fields(info));
      expect(fields(standIn.find(standIn.html, info.attribute))).toEqual(fields(original.find(original.html, info.attribute)));
    }
    for (const name of ['dataFootnoteRef', 'data-footnote-backref', 'dataFootnotes']) {
      expect(fields(standIn.find(standIn.html, name))).toEqual(fields(original.find(original.html, name)));
    }
    for (const name of MARKDOWN_PROPERTIES) expect(standIn.hastToReact[name]).toBe(original.hastToReact[name]);
  });

  it('renders the attributes a reader and assistive technology get', () => {
    const html = renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfmParse] }, everyConstruct));
    expect(html).toContain('<code class="language-js">');
    expect(html).toContain('<a href="https://example.com/a" title="A title">link</a>');
    expect(html).toContain('<a href="https://example.com/bare">https://example.com/bare</a>');
    expect(html).toContain('<img src="https://docs.example/logo.png" alt="An image" title="Logo"/>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled=""/> To do</li>');
    expect(html).toContain('<input type="checkbox" disabled="" checked=""/> Done');
    expect(html).toContain('<th style="text-align:center">Centre</th>');
    expect(html).toMatch(/<a href="#user-content-fn-note" id="user-content-fnref-note" data-footnote-ref="true" aria-describedby="footnote-label">1<\/a>/);
    expect(html).toContain('<section data-footnotes="true" class="footnotes"><h2 class="sr-only" id="footnote-label">');
    expect(html).toMatch(/<a href="#user-content-fnref-note" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">/);
    expect(html).toContain('&lt;div class=&quot;raw&quot; style=&quot;color: red&quot; onclick=&quot;alert(1)&quot;&gt;');
  });
});

describe('given the VFile an answer is parsed as', () => {
  it('renders with no path, which the build leaves VFile unable to handle', () => {
    expect(renderToStaticMarkup(createElement(ReactMarkdown, null, 'A [link](https://example.com)'))).toBe('<p>A <a href="https://example.com">link</a></p>');
    expect(() => new VFile({ path: 'docs/answer.md' })).toThrow('docs-assistant: file paths are not part of the widget build');
  });
});
