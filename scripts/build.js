// `npm run build`: everything that is published under dist/.
//   dist/embed.js                  the script-tag loader (classic script)
//   dist/embed/chat-<hash>.js ...  the chat it imports lazily (ES module and chunks)
//   .br and .gz of those           the same files compressed once (brotli 11, gzip 9), which the reference server sends
//   dist/THIRD_PARTY_NOTICES.txt   licenses of the bundled packages
//   dist/index.js, styles.css      the React entry, with .d.ts from tsc
//   dist/server/**                 the reference server compiled to JavaScript (Node does not strip types in node_modules)
// DOCS_ASSISTANT_EMBED_RUNTIME=react builds the lazy chat with React instead of preact/compat.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { embedChatConfig, embedLoaderConfig, libraryConfig } from '../vite.config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const runtime = process.env.DOCS_ASSISTANT_EMBED_RUNTIME === 'react' ? 'react' : 'preact';

/** @param {string} label @param {() => Promise<unknown> | unknown} step */
async function timed(label, step) {
  const started = performance.now();
  await step();
  console.log(`build: ${label} (${Math.round(performance.now() - started)} ms)`);
}

function typescript(project) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
}

// tsc rewrites `./module.ts` to `./module.js` in JavaScript but keeps `.ts`/`.tsx` in declarations,
// which a consumer's TypeScript cannot resolve to the published .d.ts files.
const RELATIVE_TS_SPECIFIER = /((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]+?)\.tsx?(['"])/g;
function rewriteDeclarationImports(folder) {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(RELATIVE_TS_SPECIFIER, '$1.js$2');
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

rmSync('dist', { recursive: true, force: true });

let chatFile = '';
await timed(`embed chat (${runtime})`, async () => {
  const result = await build(embedChatConfig(runtime));
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) => item.output);
  const entry = outputs.find((item) => item.type === 'chunk' && item.isEntry);
  if (!entry) throw new Error('build: the embed chat build produced no entry chunk');
  chatFile = entry.fileName;
});
await timed('embed loader', () => build(embedLoaderConfig(chatFile)));

// The script tag's files, compressed once at the highest levels: the reference server sends the .br or .gz
// a browser accepts (server/http/widget.ts), so a site serving the widget from it costs readers the
// compressed sizes `npm run size` reports, with no compression work per request.
await timed('embed precompressed', () => {
  const files = ['dist/embed.js', ...readdirSync('dist/embed').filter((name) => name.endsWith('.js')).map((name) => join('dist/embed', name))];
  for (const file of files) {
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
});

if (existsSync('src/index.ts')) {
  await timed('React entry', () => build(libraryConfig()));
  await timed('React entry declarations', () => typescript('tsconfig.build.json'));
} else {
  console.warn('build: src/index.ts does not exist yet; skipped the React entry');
}
await timed('server', () => typescript('tsconfig.server.json'));
rewriteDeclarationImports('dist');
