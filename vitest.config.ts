import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { testRewrites } from './scripts/rewrites/index.ts';

// Three projects: server and pure-logic tests run in Node; widget component tests run in jsdom; the AI SDK
// and the markdown pipeline as the script-tag build bundles them (with the build's stand-ins and transforms,
// see scripts/rewrites/) run in Node.
const embedBuild = testRewrites();
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
        plugins: embedBuild.plugins,
        test: {
          name: 'embed build',
          environment: 'node',
          include: ['test/embed/**/*.test.ts'],
          // Inlined, so the rewrites reach the imports inside these packages.
          server: { deps: { inline: embedBuild.inline } },
        },
      },
    ],
  },
});
