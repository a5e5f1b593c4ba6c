// The build's rewrites of other packages (scripts/rewrites/): each is written down with its package,
// versions, target and test, and a build fails when one applies to nothing or meets another version.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import satisfies from 'semver/functions/satisfies.js';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { installedVersion, rewritePlugins, rewrites, type Rewrite } from '../../scripts/rewrites/index.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';

const newFolder = temporaryFolders('rewrites-');

/** A rewrite that swaps the import `specifier` for a module exporting `value`. */
function swapImport(name: string, specifier: string, overrides: Partial<Rewrite> = {}): Rewrite {
  return {
    name,
    package: 'zod',
    versions: '>=4',
    target: `the \`${specifier}\` import`,
    test: 'test/unit/rewrites.test.ts',
    inTests: false,
    importers: [],
    plugin: (applied): Plugin => ({
      name,
      enforce: 'pre',
      resolveId(source) {
        if (source !== specifier) return null;
        applied();
        return '\0swapped';
      },
      load: (id) => (id === '\0swapped' ? 'export const value = "swapped";' : null),
    }),
    ...overrides,
  };
}

/** Bundles `source` as the chat build would, through `list`; resolves with the bundled code. */
async function bundle(source: string, list: Rewrite[]): Promise<string> {
  const folder = newFolder();
  const entry = join(folder, 'entry.js');
  writeFileSync(entry, source);
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: folder,
    plugins: rewritePlugins({ runtime: 'preact', requireEveryRewrite: true }, list),
    build: { write: false, minify: false, lib: { entry, formats: ['es'] } },
  });
  const [result] = Array.isArray(output) ? output : [output];
  return (result as { output: { code?: string }[] }).output.map((chunk) => chunk.code ?? '').join('\n');
}

describe('given a build through the rewrites', () => {
  it('applies a rewrite whose target the code imports', async () => {
    const code = await bundle("import { value } from 'virtual-target'; console.log(value);", [swapImport('swap-target', 'virtual-target')]);
    expect(code).toContain('"swapped"');
  });

  it('fails naming the rewrite when it applied to nothing (an upgrade renamed what it rewrites)', async () => {
    const list = [swapImport('swap-target', 'virtual-target'), swapImport('renamed-away', 'virtual-old-name')];
    await expect(bundle("import { value } from 'virtual-target'; console.log(value);", list)).rejects.toThrow(
      /rewrite renamed-away applied to nothing: zod no longer has the `virtual-old-name` import/,
    );
  });

  it('fails when the installed package is outside the versions the rewrite was written for', async () => {
    const list = [swapImport('swap-target', 'virtual-target', { versions: '^3.22.0' })];
    await expect(bundle("import { value } from 'virtual-target'; console.log(value);", list)).rejects.toThrow(
      /rewrite swap-target was written for zod \^3\.22\.0, and 4\.\d+\.\d+ is installed/,
    );
  });

  it('leaves out a rewrite for another runtime, which then need not apply', async () => {
    const list = [swapImport('swap-target', 'virtual-target'), swapImport('preact-only', 'virtual-other', { runtime: 'preact' })];
    const folder = newFolder();
    const entry = join(folder, 'entry.js');
    writeFileSync(entry, "import { value } from 'virtual-target'; console.log(value);");
    await expect(
      build({
        configFile: false,
        logLevel: 'silent',
        root: folder,
        plugins: rewritePlugins({ runtime: 'react', requireEveryRewrite: true }, list),
        build: { write: false, lib: { entry, formats: ['es'] } },
      }),
    ).resolves.toBeDefined();
  });
});

describe("given the project's own list", () => {
  it('names each rewrite once, with an installed package inside its range and a test that exists', () => {
    const names = rewrites.map((rewrite) => rewrite.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rewrite of rewrites) {
      expect(satisfies(installedVersion(rewrite.package), rewrite.versions), `${rewrite.name}: ${rewrite.package} ${rewrite.versions}`).toBe(true);
      const testPath = rewrite.test.split(' ')[0]!;
      expect(existsSync(testPath), `${rewrite.name}: ${testPath}`).toBe(true);
      expect(rewrite.target).not.toBe('');
    }
  });
});
