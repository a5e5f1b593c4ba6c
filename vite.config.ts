// The three builds of the package, used by scripts/build.js through Vite's JS API:
//   embedChatConfig   the chat the script tag imports lazily (ES module + chunks under dist/embed/, React or
//                     preact/compat bundled, CSS inlined as strings for constructable stylesheets)
//   embedLoaderConfig dist/embed.js, the classic-script loader (IIFE, no dependencies)
//   libraryConfig     dist/index.js for React apps (ESM, every dependency external, 'use client') + dist/styles.css
// The default export is the library build, so a bare `vite build` produces the React entry.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { PAGE_TOUCHING_SOURCES } from './src/chat/fingerprint.ts';
import { collectThirdPartyNotices } from './scripts/thirdPartyNotices.ts';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** Which React the lazy chat bundles: preact/compat passes the whole e2e suite and weighs much less. */
export type EmbedRuntime = 'react' | 'preact';

const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The polyfill's job is done natively by every browser the script tag supports (see the module).
const nativeStructuredClone = { find: /^@ungap\/structured-clone$/, replacement: fileURLToPath(new URL('./src/embed/nativeStructuredClone.ts', import.meta.url)) };

// micromark decodes `&name;` references with decode-named-character-reference, whose browser build uses
// innerHTML, a sink pages enforcing Trusted Types reject (see the module).
const decodeCharacterReference = {
  find: /^decode-named-character-reference$/,
  replacement: fileURLToPath(new URL('./src/embed/decodeCharacterReference.ts', import.meta.url)),
};

// Classic zod, which the AI SDK imports for a few shared schemas, rebuilt from zod mini (see the module).
// vitest.config.ts runs the SDK on it too (test/embed/).
export const zodClassicFromMini = { find: /^zod\/v4$/, replacement: fileURLToPath(new URL('./src/embed/zodClassicFromMini.ts', import.meta.url)) };

// Library mode does not replace process.env.NODE_ENV; React and others read it.
const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

// Every build writes into dist/ next to the others (scripts/build.js empties it once, first).
const intoDist = { outDir: 'dist', emptyOutDir: false, copyPublicDir: false } as const;

export const NOTICE_FILE = 'THIRD_PARTY_NOTICES.txt';
const noticeBanner = `/*! docs-assistant (MIT). Third-party code bundled here and its licenses: ${NOTICE_FILE} */`;

// zod (inside the AI SDK) probes whether eval works with `new Function('')` in a try/catch. A strict CSP
// blocks it, which is fine, but the browser still reports a `securitypolicyviolation` for it to the
// host page. The widget never needs zod's eval-compiled parsers: answer "no" without probing, in our
// bundled copy only (zod's own `jitless` switch is a page-wide global shared with the host's zod).
const ZOD_EVAL_PROBE = 'export const allowsEval = /* @__PURE__*/ cached(() => {';
const noEvalProbe: Plugin = {
  name: 'docs-assistant:no-eval-probe',
  transform(code, id) {
    if (!id.endsWith('/node_modules/zod/v4/core/util.js')) return null;
    if (!code.includes(ZOD_EVAL_PROBE)) this.error(`zod's eval probe changed in ${id}: update noEvalProbe in vite.config.ts`);
    return code.replace(ZOD_EVAL_PROBE, `${ZOD_EVAL_PROBE} return false;`);
  },
};

// zod's JSON Schema generation (to-json-schema.js and its per-type processors) is wired into every zod
// schema class, so bundlers cannot drop it, yet the widget never turns a schema into JSON Schema (the
// AI SDK only needs that for tools sent to a model, on the server). In the script-tag build these two
// modules are replaced by stand-ins with the same exports that throw if ever called.
const JSON_SCHEMA_MODULES = ['/node_modules/zod/v4/core/to-json-schema.js', '/node_modules/zod/v4/core/json-schema-processors.js'];
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);
const noJsonSchema: Plugin = {
  name: 'docs-assistant:no-json-schema',
  load(id) {
    if (!JSON_SCHEMA_MODULES.some((suffix) => id.endsWith(suffix))) return null;
    const source = readFileSync(id, 'utf8');
    const names = [
      ...[...source.matchAll(/^export (?:function|const|let|class) (\w+)/gm)].map((match) => match[1]!),
      ...[...source.matchAll(/^export \{([^}]+)\}/gm)].flatMap((match) => match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!)),
    ];
    const exports = names.map((name) =>
      name === 'allProcessors' ? `export const ${name} = {};` : `export const ${name} = ${METHOD_FACTORIES.has(name) ? '() => unavailable' : 'unavailable'};`,
    );
    return `const unavailable = () => { throw new Error('docs-assistant: JSON Schema generation is not part of the widget build'); };\n${exports.join('\n')}\n`;
  },
};

// The widget leaves FingerprintJS's page-touching sources out of the visitor id (src/chat/fingerprint.ts),
// but its `sources` table still references them, so their code (a font list, thousands of ad-blocker
// selectors) is bundled: 6 kB gzip. In the script-tag build the table loses those entries; the id is the
// same, since loadSources excluded them anyway.
const FINGERPRINT_MODULE = '/node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js';
const withoutPageTouchingSources: Plugin = {
  name: 'docs-assistant:without-page-touching-sources',
  transform(code, id) {
    if (!id.endsWith(FINGERPRINT_MODULE)) return null;
    let table = code.match(/^const sources = \{$[\s\S]*?^\};$/m)?.[0];
    if (!table) this.error(`FingerprintJS's sources table changed in ${id}: update withoutPageTouchingSources in vite.config.ts`);
    const original = table;
    for (const name of PAGE_TOUCHING_SOURCES) {
      const entry = new RegExp(`^\\s*${name}: \\w+,\\n`, 'm');
      if (!entry.test(table)) this.error(`FingerprintJS's sources table has no ${name} entry in ${id}: update withoutPageTouchingSources in vite.config.ts`);
      table = table.replace(entry, '');
    }
    return code.replace(original, table);
  },
};

// The AI SDK builds its schemas in top-level constants (`const textPartSchema = z.object(...)`). A bundler
// must keep a top-level call it cannot prove pure, so every schema of the SDK's prompt and message API is
// bundled though the widget only validates stream chunks. In the script-tag build, such constants of
// `ai` are wrapped in an IIFE marked pure: kept where used, dropped where not. Only constants built by
// zod (through the SDK's `z` objects of zod imports) or by the SDK's own value factories are wrapped.
const SDK_MODULE = '/node_modules/ai/dist/index.js';
const SDK_VALUE_FACTORIES = new Set(['lazySchema', 'createIdGenerator', 'withJsonValueCheck', 'createDownload']);
type AstNode = { type: string; start: number; end: number; [key: string]: any };
const calleeRoot = (node: AstNode | undefined): string | undefined => {
  while (node?.type === 'CallExpression' || node?.type === 'MemberExpression') node = node.type === 'CallExpression' ? node.callee : node.object;
  return node?.type === 'Identifier' ? node.name : undefined;
};
export const pureSchemaConstants: Plugin = {
  name: 'docs-assistant:pure-schema-constants',
  transform(code, id) {
    if (!id.endsWith(SDK_MODULE)) return null;
    const body = (this.parse(code) as unknown as { body: AstNode[] }).body;
    // The names a wrapped call may start from: zod imports, objects made only of zod imports, SDK factories.
    const zodImports = new Set<string>();
    const pureRoots = new Set<string>();
    for (const statement of body) {
      if (statement.type === 'ImportDeclaration') {
        for (const specifier of statement.specifiers) {
          if (statement.source.value.startsWith('zod/')) zodImports.add(specifier.local.name);
          else if (SDK_VALUE_FACTORIES.has(specifier.imported?.name)) pureRoots.add(specifier.local.name);
        }
      } else if (statement.type === 'FunctionDeclaration' && SDK_VALUE_FACTORIES.has(statement.id.name)) pureRoots.add(statement.id.name);
    }
    for (const statement of body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const { id: name, init } of statement.declarations) {
        const zodObject = init?.type === 'ObjectExpression' && init.properties.length > 0;
        if (zodObject && init.properties.every((property: AstNode) => zodImports.has(property.value?.name))) pureRoots.add(name.name);
      }
    }
    const wraps: AstNode[] = [];
    for (const statement of body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const { init } of statement.declarations) if (init?.type === 'CallExpression' && pureRoots.has(calleeRoot(init)!)) wraps.push(init);
    }
    // A guard against SDK updates that silently undo this: today 50 constants (textPartSchema and its kin).
    if (wraps.length < 40) this.error(`only ${wraps.length} schema constants found in ${id}: update pureSchemaConstants in vite.config.ts`);
    let result = code;
    for (const init of wraps.reverse()) {
      result = `${result.slice(0, init.start)}/* @__PURE__ */ (() => ${result.slice(init.start, init.end)})()${result.slice(init.end)}`;
    }
    return result;
  },
};

// The AI SDK turns schemas into JSON Schema through zod 4's toJSONSchema (replaced above) or, for zod 3
// schemas, its own converter of about a thousand lines, reachable from zodSchema() by a runtime check.
// The widget's schemas are all zod 4 and are never converted; in the script-tag build the zod 3 branch throws.
const PROVIDER_UTILS_MODULE = '/node_modules/@ai-sdk/provider-utils/dist/index.js';
const ZOD3_SCHEMA = 'function zod3Schema(zodSchema, options) {';
export const noZod3Schemas: Plugin = {
  name: 'docs-assistant:no-zod3-schemas',
  transform(code, id) {
    if (!id.endsWith(PROVIDER_UTILS_MODULE)) return null;
    if (!code.includes(ZOD3_SCHEMA)) this.error(`the AI SDK's zod3Schema changed in ${id}: update noZod3Schemas in vite.config.ts`);
    return code.replace(ZOD3_SCHEMA, `${ZOD3_SCHEMA} throw new Error('docs-assistant: zod 3 schemas are not part of the widget build');`);
  },
};

// Answers become elements through hast-util-to-jsx-runtime, which looks every property up in
// property-information's tables of all HTML and SVG attributes (about 5 kB gzip of the chat) and parses
// `style` strings with style-to-object (1 kB). An answer has no raw HTML (react-markdown keeps it as text),
// so its elements only carry the properties that mdast-util-to-hast gives markdown and GFM constructs,
// listed here (data-* ones need no table), and never a style string. In the script-tag build the tables
// keep those entries only, copied from property-information's own when the build runs (`find` and the
// rest are its own code), and style-to-object throws. test/embed/answerElements.test.ts renders every
// construct and fails if an element carries a property missing here, or if a kept entry differs.
export const MARKDOWN_PROPERTIES = ['align', 'alt', 'ariaDescribedBy', 'ariaLabel', 'checked', 'className', 'disabled', 'href', 'id', 'src', 'start', 'title', 'type'];
const STAND_INS: Record<string, string> = {
  'property-information': '\0docs-assistant:property-information',
  'style-to-object': '\0docs-assistant:style-to-object',
};
export const answerElementsOnly: Plugin = {
  name: 'docs-assistant:answer-elements-only',
  enforce: 'pre',
  resolveId: (source) => STAND_INS[source] ?? null,
  async load(id) {
    if (id === STAND_INS['style-to-object']) {
      return `export default () => { throw new Error('docs-assistant: answers have no style attributes'); };`;
    }
    if (id !== STAND_INS['property-information']) return null;
    const entry = import.meta.resolve('property-information');
    const { html, hastToReact } = (await import(entry)) as {
      html: { property: Record<string, object>; normal: Record<string, string> };
      hastToReact: Record<string, string>;
    };
    const kept = new Set(MARKDOWN_PROPERTIES);
    const property: Record<string, object> = {};
    for (const name of kept) {
      property[name] = html.property[name]!;
      if (!property[name]) this.error(`property-information has no ${name}: update MARKDOWN_PROPERTIES in vite.config.ts`);
    }
    const normal = Object.fromEntries(Object.entries(html.normal).filter(([, name]) => kept.has(name)));
    const reactNames = Object.fromEntries(Object.entries(hastToReact).filter(([name]) => kept.has(name)));
    const lib = (file: string) => JSON.stringify(new URL(`lib/${file}`, entry).pathname);
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
};

// react-markdown parses each answer as a VFile without a path, and VFile only calls its browser path and
// file-URL helpers (vfile's #minpath and #minurl, 1 kB gzip) when a path is set or read. In the script-tag
// build they are stand-ins that throw if ever called; test/embed/answerElements.test.ts renders on them.
const VFILE_STAND_INS: Record<string, string> = {
  '#minpath': `export const minpath = { basename: unavailable, dirname: unavailable, extname: unavailable, join: unavailable, sep: '/' };`,
  '#minurl': 'export const isUrl = unavailable, urlToPath = unavailable;',
};
export const vfileWithoutPaths: Plugin = {
  name: 'docs-assistant:vfile-without-paths',
  enforce: 'pre',
  resolveId: (source, importer) => (source in VFILE_STAND_INS && importer?.includes('/node_modules/vfile/') ? `\0docs-assistant:vfile${source}` : null),
  load(id) {
    const standIn = id.startsWith('\0docs-assistant:vfile#') ? VFILE_STAND_INS[id.slice('\0docs-assistant:vfile'.length)] : undefined;
    if (standIn === undefined) return null;
    return `const unavailable = () => { throw new Error('docs-assistant: file paths are not part of the widget build'); };\n${standIn}\n`;
  },
};

// The AI SDK installs zod's English error messages (1 kB gzip) before it validates stream chunks. They
// only phrase the issues of a chunk that fails validation, and the widget never shows those to the reader
// (errors.ts keeps them as `detail` for logs and the `error` event). In the script-tag build they are left
// out: each issue keeps its code, path and expected type, with zod's own message "Invalid input".
export const zodWithoutEnglishMessages: Plugin = {
  name: 'docs-assistant:zod-without-english-messages',
  enforce: 'pre',
  resolveId: (source) => (source === 'zod/v4/locales/en.js' ? '\0docs-assistant:zod-locale' : null),
  load: (id) => (id === '\0docs-assistant:zod-locale' ? 'export default () => ({});' : null),
};

/** The lazily imported chat of the script tag, written to dist/embed/chat-<hash>.js and its chunks. */
export function embedChatConfig(runtime: EmbedRuntime): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), noEvalProbe, noJsonSchema, pureSchemaConstants, noZod3Schemas, zodWithoutEnglishMessages, answerElementsOnly, vfileWithoutPaths, withoutPageTouchingSources, collectThirdPartyNotices(NOTICE_FILE)],
    resolve: {
      alias: [...(runtime === 'preact' ? preactAliases : []), nativeStructuredClone, zodClassicFromMini, decodeCharacterReference],
      dedupe: ['react', 'react-dom'],
    },
    define: production,
    build: {
      ...intoDist,
      sourcemap: false,
      minify: 'oxc',
      target: 'es2022',
      modulePreload: false,
      lib: { entry: 'src/embed/chat.tsx', formats: ['es'] },
      rolldownOptions: {
        output: {
          entryFileNames: 'embed/chat-[hash].js',
          chunkFileNames: 'embed/[name]-[hash].js',
          postBanner: noticeBanner,
          // Library mode keeps ES output readable; this chunk is served to browsers as is, so minify it fully.
          minify: true,
          // Nor does it need the pure annotations the minified output would otherwise keep (300 of them).
          comments: { legal: true, annotation: false, jsdoc: false },
        },
      },
    },
  };
}

/** dist/embed.js: `chatFile` is the chat entry's path relative to embed.js. */
export function embedLoaderConfig(chatFile: string): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    define: { DOCS_ASSISTANT_CHAT_FILE: JSON.stringify(chatFile) },
    build: {
      ...intoDist,
      sourcemap: false,
      minify: 'oxc',
      target: 'es2020',
      lib: { entry: 'src/embed/loader.ts', formats: ['iife'], name: 'DocsAssistantLoader', fileName: () => 'embed.js' },
    },
  };
}

const externalPackages = [...Object.keys(packageJson.dependencies), ...Object.keys(packageJson.peerDependencies)];
const isExternal = (id: string) => externalPackages.some((name) => id === name || id.startsWith(`${name}/`));

// The React entry imports no CSS (apps import docs-assistant/styles.css themselves); for the library
// build only, import the widget's stylesheet (src/styles/styles.css, which @imports the others) so
// Vite bundles and extracts it into dist/styles.css.
const extractStyles: Plugin = {
  name: 'docs-assistant:extract-styles',
  enforce: 'pre',
  transform(code, id) {
    return id.endsWith('/src/index.ts') ? `${code}\nimport.meta.glob('./styles/styles.css', { eager: true });\n` : null;
  },
};

/** dist/index.js for React apps, with dist/styles.css. */
export function libraryConfig(): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), extractStyles],
    build: {
      ...intoDist,
      sourcemap: true,
      minify: false,
      target: 'es2022',
      cssCodeSplit: false,
      cssMinify: 'lightningcss',
      lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js', cssFileName: 'styles' },
      rolldownOptions: {
        external: isExternal,
        // Frameworks that render on the server need the marker to treat the component as client-only.
        output: { banner: (chunk) => (chunk.isEntry ? "'use client';" : '') },
      },
    },
  };
}

export default defineConfig(libraryConfig());
