// What the script-tag chat leaves out of the AI SDK and zod, which it bundles to read the answer stream.
// The embed-build tests (test/embed/) run the SDK through these too, so they see the SDK as the build bundles it.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { standInFor, type Rewrite } from './rewrite.ts';

// Classic zod, which the AI SDK imports for a few shared schemas, rebuilt from zod mini (see the module).
const zodClassicFromMini = standInFor('zod-classic-from-mini', 'zod/v4', 'zodClassicFromMini.ts');

// zod (inside the AI SDK) probes whether eval works with `new Function('')` in a try/catch. A strict CSP
// blocks it, which is fine, but the browser still reports a `securitypolicyviolation` for it to the
// host page. The widget never needs zod's eval-compiled parsers: answer "no" without probing, in our
// bundled copy only (zod's own `jitless` switch is a page-wide global shared with the host's zod).
const ZOD_EVAL_PROBE = 'export const allowsEval = /* @__PURE__*/ cached(() => {';
const noEvalProbe = (applied: () => void): Plugin => ({
  name: 'docs-assistant:no-eval-probe',
  transform(code, id) {
    if (!id.endsWith('/node_modules/zod/v4/core/util.js')) return null;
    if (!code.includes(ZOD_EVAL_PROBE)) this.error(`zod's eval probe changed in ${id}: update noEvalProbe in scripts/rewrites/aiSdk.ts`);
    applied();
    return code.replace(ZOD_EVAL_PROBE, `${ZOD_EVAL_PROBE} return false;`);
  },
});

// zod's JSON Schema generation (to-json-schema.js and its per-type processors) is wired into every zod
// schema class, so bundlers cannot drop it, yet the widget never turns a schema into JSON Schema (the
// AI SDK only needs that for tools sent to a model, on the server). In the script-tag build these two
// modules are replaced by stand-ins with the same exports that throw if ever called.
const JSON_SCHEMA_MODULES = ['/node_modules/zod/v4/core/to-json-schema.js', '/node_modules/zod/v4/core/json-schema-processors.js'];
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);
const noJsonSchema = (applied: () => void): Plugin => ({
  name: 'docs-assistant:no-json-schema',
  load(id) {
    if (!JSON_SCHEMA_MODULES.some((suffix) => id.endsWith(suffix))) return null;
    applied();
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
});

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
const pureSchemaConstants = (applied: () => void): Plugin => ({
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
    if (wraps.length < 40) this.error(`only ${wraps.length} schema constants found in ${id}: update pureSchemaConstants in scripts/rewrites/aiSdk.ts`);
    applied();
    let result = code;
    for (const init of wraps.toReversed()) {
      result = `${result.slice(0, init.start)}/* @__PURE__ */ (() => ${result.slice(init.start, init.end)})()${result.slice(init.end)}`;
    }
    return result;
  },
});

// The AI SDK turns schemas into JSON Schema through zod 4's toJSONSchema (replaced above) or, for zod 3
// schemas, its own converter of about a thousand lines, reachable from zodSchema() by a runtime check.
// The widget's schemas are all zod 4 and are never converted; in the script-tag build the zod 3 branch throws.
const PROVIDER_UTILS_MODULE = '/node_modules/@ai-sdk/provider-utils/dist/index.js';
const ZOD3_SCHEMA = 'function zod3Schema(zodSchema, options) {';
const noZod3Schemas = (applied: () => void): Plugin => ({
  name: 'docs-assistant:no-zod3-schemas',
  transform(code, id) {
    if (!id.endsWith(PROVIDER_UTILS_MODULE)) return null;
    if (!code.includes(ZOD3_SCHEMA)) this.error(`the AI SDK's zod3Schema changed in ${id}: update noZod3Schemas in scripts/rewrites/aiSdk.ts`);
    applied();
    return code.replace(ZOD3_SCHEMA, `${ZOD3_SCHEMA} throw new Error('docs-assistant: zod 3 schemas are not part of the widget build');`);
  },
});

// The AI SDK installs zod's English error messages (1 kB gzip) before it validates stream chunks. They
// only phrase the issues of a chunk that fails validation, and the widget never shows those to the reader
// (errors.ts keeps them as `detail` for logs and the `error` event). In the script-tag build they are left
// out: each issue keeps its code, path and expected type, with zod's own message "Invalid input".
const zodWithoutEnglishMessages = (applied: () => void): Plugin => ({
  name: 'docs-assistant:zod-without-english-messages',
  enforce: 'pre',
  resolveId(source) {
    if (source !== 'zod/v4/locales/en.js') return null;
    applied();
    return '\0docs-assistant:zod-locale';
  },
  load: (id) => (id === '\0docs-assistant:zod-locale' ? 'export default () => ({});' : null),
});

const SDK_IMPORTERS = ['ai', '@ai-sdk/provider-utils', '@ai-sdk/provider'];
const ZOD_TEST = 'test/embed/zodClassicFromMini.test.ts';

export const aiSdkRewrites: Rewrite[] = [
  { name: 'zod-classic-from-mini', package: 'zod', versions: '^4.0.0', target: "the `zod/v4` import (classic zod)", test: ZOD_TEST, inTests: true, importers: SDK_IMPORTERS, plugin: zodClassicFromMini },
  { name: 'no-eval-probe', package: 'zod', versions: '^4.0.0', target: 'zod/v4/core/util.js (allowsEval)', test: ZOD_TEST, inTests: true, importers: [], plugin: noEvalProbe },
  { name: 'no-json-schema', package: 'zod', versions: '^4.0.0', target: 'zod/v4/core/to-json-schema.js and json-schema-processors.js', test: ZOD_TEST, inTests: true, importers: [], plugin: noJsonSchema },
  { name: 'pure-schema-constants', package: 'ai', versions: '^7.0.0', target: 'ai/dist/index.js (top-level schema constants)', test: ZOD_TEST, inTests: true, importers: [], plugin: pureSchemaConstants },
  { name: 'no-zod3-schemas', package: '@ai-sdk/provider-utils', versions: '^5.0.0', target: '@ai-sdk/provider-utils/dist/index.js (zod3Schema)', test: ZOD_TEST, inTests: true, importers: [], plugin: noZod3Schemas },
  { name: 'zod-without-english-messages', package: 'zod', versions: '^4.0.0', target: 'the `zod/v4/locales/en.js` import', test: ZOD_TEST, inTests: true, importers: [], plugin: zodWithoutEnglishMessages },
];
