import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aiSdkAliases, aiSdkPlugins } from './scripts/embedChat/aiSdk.ts';
import { markdownPlugins } from './scripts/embedChat/markdown.ts';

// Three projects: server and pure-logic tests run in Node; widget component tests run in jsdom; the AI SDK
// and the markdown pipeline as the script-tag build bundles them (with the build's stand-ins and transforms,
// see scripts/embedChat/) run in Node.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['test/server/**/*.test.ts', 'test/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'widget',
          environment: 'jsdom',
          include: ['test/widget/**/*.test.{ts,tsx}'],
          setupFiles: ['test/widget/setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [...aiSdkPlugins, ...markdownPlugins],
        resolve: { alias: aiSdkAliases },
        test: {
          name: 'embed build',
          environment: 'node',
          include: ['test/embed/**/*.test.ts'],
          // Inlined, so the alias reaches the imports inside these packages.
          server: { deps: { inline: ['ai', '@ai-sdk/provider-utils', '@ai-sdk/provider', 'react-markdown', 'hast-util-to-jsx-runtime', 'vfile'] } },
        },
      },
    ],
  },
});
