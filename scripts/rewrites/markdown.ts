// What the script-tag chat leaves out of the markdown pipeline (react-markdown, micromark, mdast/hast).
// The embed-build tests render answers through them too (test/embed/answerElements.test.ts).
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { standInFor, type Rewrite } from './rewrite.ts';

// The polyfill's job is done natively by every browser the script tag supports (see the module).
const nativeStructuredClone = standInFor('native-structured-clone', '@ungap/structured-clone', 'nativeStructuredClone.ts');

// micromark decodes `&name;` references with decode-named-character-reference, whose browser build uses
// innerHTML, a sink pages enforcing Trusted Types reject (see the module).
const decodeCharacterReference = standInFor('decode-character-reference', 'decode-named-character-reference', 'decodeCharacterReference.ts');

// Answers become elements through hast-util-to-jsx-runtime, which looks every property up in
// property-information's tables of all HTML and SVG attributes (about 5 kB gzip of the chat) and parses
// `style` strings with style-to-object (1 kB). An answer has no raw HTML (react-markdown keeps it as text),
// so its elements only carry the properties that mdast-util-to-hast gives markdown and GFM constructs,
// listed here (data-* ones need no table), and never a style string. In the script-tag build the tables
// keep those entries only, copied from property-information's own when the build runs (`find` and the
// rest are its own code), and style-to-object throws. test/embed/answerElements.test.ts renders every
// construct and fails if an element carries a property missing here, or if a kept entry differs.
export const MARKDOWN_PROPERTIES = ['align', 'alt', 'ariaDescribedBy', 'ariaLabel', 'checked', 'className', 'disabled', 'href', 'id', 'src', 'start', 'title', 'type'];
// Maps, not object literals: a specifier such as 'constructor' must not find Object.prototype's.
const PROPERTY_INFORMATION_STAND_IN = '\0docs-assistant:property-information';
const STYLE_TO_OBJECT_STAND_IN = '\0docs-assistant:style-to-object';
const STAND_INS = new Map([
  ['property-information', PROPERTY_INFORMATION_STAND_IN],
  ['style-to-object', STYLE_TO_OBJECT_STAND_IN],
]);
const answerElementsOnly = (applied: () => void): Plugin => ({
  name: 'docs-assistant:answer-elements-only',
  enforce: 'pre',
  resolveId(source) {
    const standIn = STAND_INS.get(source);
    if (standIn === undefined) return null;
    applied();
    return standIn;
  },
  async load(id) {
    if (id === STYLE_TO_OBJECT_STAND_IN) {
      return `export default () => { throw new Error('docs-assistant: answers have no style attributes'); };`;
    }
    if (id !== PROPERTY_INFORMATION_STAND_IN) return null;
    const entry = import.meta.resolve('property-information');
    const { html, hastToReact } = (await import(entry)) as {
      html: { property: Record<string, object>; normal: Record<string, string> };
      hastToReact: Record<string, string>;
    };
    const kept = new Set(MARKDOWN_PROPERTIES);
    const property: Record<string, object> = {};
    for (const name of kept) {
      const info = html.property[name];
      if (!info) this.error(`property-information has no ${name}: update MARKDOWN_PROPERTIES in scripts/rewrites/markdown.ts`);
      property[name] = info;
    }
    const normal = Object.fromEntries(Object.entries(html.normal).filter(([, name]) => kept.has(name)));
    const reactNames = Object.fromEntries(Object.entries(hastToReact).filter(([name]) => kept.has(name)));
    const lib = (file: string) => JSON.stringify(fileURLToPath(new URL(`lib/${file}`, entry)));
    return [
      `import { DefinedInfo } from ${lib('util/defined-info.js')};`,
      `export { find } from ${lib('find.js')};`,
      `export { normalize } from ${lib('normalize.js')};`,
      `export const hastToReact = ${JSON.stringify(reactNames)};`,
      // Each entry's own fields on DefinedInfo's prototype, which holds the defaults, as in the original table.
      `const defined = (fields) => Object.assign(Object.create(DefinedInfo.prototype), fields);`,
      `const property = ${JSON.stringify(property)};`,
      `for (const name in property) property[name] = defined(property[name]);`,
      `export const html = { space: 'html', property, normal: ${JSON.stringify(normal)} };`,
      // Only an <svg> element switches to this table, and answers have none.
      `export const svg = { space: 'svg', property: {}, normal: {} };`,
    ].join('\n');
  },
});

// react-markdown parses each answer as a VFile without a path, and VFile only calls its browser path and
// file-URL helpers (vfile's #minpath and #minurl, 1 kB gzip) when a path is set or read. In the script-tag
// build they are stand-ins that throw if ever called; test/embed/answerElements.test.ts renders on them.
const VFILE_STAND_IN_PREFIX = '\0docs-assistant:vfile';
const VFILE_STAND_INS = new Map([
  ['#minpath', `export const minpath = { basename: unavailable, dirname: unavailable, extname: unavailable, join: unavailable, sep: '/' };`],
  ['#minurl', 'export const isUrl = unavailable, urlToPath = unavailable;'],
]);
const vfileWithoutPaths = (applied: () => void): Plugin => ({
  name: 'docs-assistant:vfile-without-paths',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!VFILE_STAND_INS.has(source) || !importer?.includes('/node_modules/vfile/')) return null;
    applied();
    return `${VFILE_STAND_IN_PREFIX}${source}`;
  },
  load(id) {
    const standIn = id.startsWith(VFILE_STAND_IN_PREFIX) ? VFILE_STAND_INS.get(id.slice(VFILE_STAND_IN_PREFIX.length)) : undefined;
    if (standIn === undefined) return null;
    return `const unavailable = () => { throw new Error('docs-assistant: file paths are not part of the widget build'); };\n${standIn}\n`;
  },
});

const ANSWER_TEST = 'test/embed/answerElements.test.ts';

export const markdownRewrites: Rewrite[] = [
  { name: 'native-structured-clone', package: '@ungap/structured-clone', versions: '^1.0.0', target: 'the `@ungap/structured-clone` import', test: ANSWER_TEST, inTests: false, importers: [], plugin: nativeStructuredClone },
  // Its browser build needs a DOM; Node's build of the package is what the tests run.
  { name: 'decode-character-reference', package: 'decode-named-character-reference', versions: '^1.0.0', target: 'the `decode-named-character-reference` import', test: 'e2e/embed-csp.spec.ts', inTests: false, importers: [], plugin: decodeCharacterReference },
  { name: 'answer-elements-only', package: 'property-information', versions: '^7.0.0', target: 'the `property-information` and `style-to-object` imports', test: ANSWER_TEST, inTests: true, importers: ['react-markdown', 'hast-util-to-jsx-runtime'], plugin: answerElementsOnly },
  { name: 'vfile-without-paths', package: 'vfile', versions: '^6.0.0', target: "vfile's `#minpath` and `#minurl` imports", test: ANSWER_TEST, inTests: true, importers: ['vfile'], plugin: vfileWithoutPaths },
];
