// `npm run build`: everything that is published under dist/.
//   dist/embed.js                  the script-tag loader (classic script)
//   dist/embed/chat-<hash>.js ...  the chat it imports lazily (ES module and chunks)
//   dist/THIRD_PARTY_NOTICES.txt   licenses of the bundled packages
//   dist/index.js, styles.css      the React entry, with .d.ts from tsc
//   dist/server/**                 the reference server compiled to JavaScript (Node does not strip types in node_modules)
// DOCS_ASSISTANT_EMBED_RUNTIME=react builds the lazy chat with React instead of preact/compat.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

if (existsSync('src/index.ts')) {
  await timed('React entry', () => build(libraryConfig()));
  await timed('React entry declarations', () => typescript('tsconfig.build.json'));
} else {
  console.warn('build: src/index.ts does not exist yet; skipped the React entry');
}
await timed('server', () => typescript('tsconfig.server.json'));
