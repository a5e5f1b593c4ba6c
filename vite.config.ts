// The three builds of the package, used by scripts/build.js through Vite's JS API:
//   embedChatConfig   the chat the script tag imports lazily (ES module + chunks under dist/embed/, React or
//                     preact/compat bundled, CSS inlined as strings for constructable stylesheets)
//   embedLoaderConfig dist/embed.js, the classic-script loader (IIFE, no dependencies)
//   libraryConfig     dist/index.js for React apps (ESM, every dependency external, 'use client') + dist/styles.css,
//                     and dist/locales.js (the widget's strings in Japanese, Korean and Chinese)
// The default export is the library build, so a bare `vite build` produces the React entry.
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { rewritePlugins } from './scripts/rewrites/index.ts';
import { collectThirdPartyNotices } from './scripts/thirdPartyNotices.ts';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/**
 * The browsers the CSS is written for (README, "Browsers"): logical properties such as `inset-inline-end`
 * (the launcher's corner follows the page's direction) need Chrome 87; for older targets lightningcss
 * would expand each into a dozen `:lang()` rules.
 */
const CSS_TARGET = ['chrome87', 'edge87', 'firefox101', 'safari16.4'];

/** Which React the lazy chat bundles: preact/compat passes the whole e2e suite and weighs much less. */
export type EmbedRuntime = 'react' | 'preact';

// Library mode does not replace process.env.NODE_ENV; React and others read it.
const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

// Every build writes into dist/ next to the others (scripts/build.js empties it once, first).
const intoDist = { outDir: 'dist', emptyOutDir: false, copyPublicDir: false } as const;

export const NOTICE_FILE = 'THIRD_PARTY_NOTICES.txt';
const noticeBanner = `/*! docs-assistant (MIT). Third-party code bundled here and its licenses: ${NOTICE_FILE} */`;

/** The lazily imported chat of the script tag, written to dist/embed/chat-<hash>.js and its chunks. */
export function embedChatConfig(runtime: EmbedRuntime): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    // What the chat leaves out of its dependencies or replaces, each with its reasons: scripts/rewrites/.
    plugins: [react(), ...rewritePlugins({ runtime, requireEveryRewrite: true }), collectThirdPartyNotices(NOTICE_FILE)],
    resolve: { dedupe: ['react', 'react-dom'] },
    define: production,
    build: {
      ...intoDist,
      sourcemap: false,
      minify: 'oxc',
      target: 'es2022',
      cssTarget: CSS_TARGET,
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
      cssTarget: CSS_TARGET,
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
      cssTarget: CSS_TARGET,
      cssCodeSplit: false,
      cssMinify: 'lightningcss',
      // dist/locales.js: the widget's strings in other languages (`docs-assistant/locales`), imported by apps that want them.
      lib: { entry: { index: 'src/index.ts', locales: 'src/locales/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js`, cssFileName: 'styles' },
      rolldownOptions: {
        external: isExternal,
        // Frameworks that render on the server need the marker to treat the component as client-only.
        output: { banner: (chunk) => (chunk.isEntry && chunk.name === 'index' ? "'use client';" : '') },
      },
    },
  };
}

export default defineConfig(libraryConfig());
