// The shape of one rewrite of another package's code in the script-tag chat build (see index.ts).
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export interface Rewrite {
  /** Named in errors: "rewrite <name> applied to nothing". */
  name: string;
  /** The package whose code it replaces or changes. */
  package: string;
  /** The versions of `package` it was written for (a semver range); another installed version fails the build. */
  versions: string;
  /** What it rewrites: a file of the package or an import specifier. */
  target: string;
  /** The test that fails when it breaks (besides the size budget and the end-to-end suite on the build). */
  test: string;
  /** Which chat builds use it: every one, or only the one on preact/compat. @default 'every' */
  runtime?: 'every' | 'preact';
  /** Whether the embed-build tests (test/embed/, in Node without a DOM) run their code through it. */
  inTests: boolean;
  /** The packages whose imports it changes: Vitest must transform (inline) them for it to reach them. */
  importers: string[];
  /** Its Vite plugin; `applied()` is called each time it changes a module (the build counts them). */
  plugin: (applied: () => void) => Plugin;
}

/** A rewrite's plugin that resolves an import of `specifier` to the module `./standIns/<file>` instead. */
export function standInFor(name: string, specifier: string, file: string): Rewrite['plugin'] {
  const path = fileURLToPath(new URL(`./standIns/${file}`, import.meta.url));
  return (applied) => ({
    name: `docs-assistant:${name}`,
    enforce: 'pre',
    resolveId(source) {
      if (source !== specifier) return null;
      applied();
      return path;
    },
  });
}
