// The script-tag chat on preact/compat instead of React (scripts/build.js picks the runtime): the whole
// end-to-end suite passes on it and it weighs much less. Imports of React's entry points resolve to
// preact's compat layer; the React component's own build keeps React.
import type { Plugin } from 'vite';
import type { Rewrite } from './rewrite.ts';

const COMPAT = new Map([
  ['react-dom/client', 'preact/compat/client'],
  ['react-dom', 'preact/compat'],
  ['react/jsx-runtime', 'preact/jsx-runtime'],
  ['react/jsx-dev-runtime', 'preact/jsx-runtime'],
  ['react', 'preact/compat'],
]);

const reactOnPreact = (applied: () => void): Plugin => ({
  name: 'docs-assistant:react-on-preact',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const replacement = COMPAT.get(source);
    if (replacement === undefined) return null;
    applied();
    return this.resolve(replacement, importer, { ...options, skipSelf: true });
  },
});

export const preactRewrites: Rewrite[] = [
  {
    name: 'react-on-preact',
    package: 'preact',
    versions: '>=10.19.0 <12',
    target: 'the `react`, `react-dom`, `react-dom/client` and `react/jsx-runtime` imports',
    test: 'e2e/ (the whole suite runs on this build)',
    runtime: 'preact',
    inTests: false,
    importers: [],
    plugin: reactOnPreact,
  },
];
