// Every rewrite of another package's code in the script-tag chat build, in one list: aliases to stand-in
// modules (./standIns/), stand-in modules made at build time, and transforms of a package's file. Each
// saves bytes the reader downloads or keeps the widget off the host page (README "Sizes", "Security").
// vite.config.ts (the chat build) and vitest.config.ts (test/embed/, the SDK and markdown as bundled) both
// read this list. An upgrade that renames a file or an import would silently stop a rewrite from applying,
// so the build fails when one applies to nothing, and when an installed package is outside the versions
// a rewrite was written for (CONTRIBUTING.md, "Upgrading a dependency").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satisfies from 'semver/functions/satisfies.js';
import type { Plugin } from 'vite';
import { aiSdkRewrites } from './aiSdk.ts';
import { fingerprintRewrites } from './fingerprint.ts';
import { markdownRewrites } from './markdown.ts';
import { preactRewrites } from './preact.ts';
import type { Rewrite } from './rewrite.ts';

export type { Rewrite };

export const rewrites: Rewrite[] = [...aiSdkRewrites, ...markdownRewrites, ...fingerprintRewrites, ...preactRewrites];

const projectRequire = createRequire(new URL('../../package.json', import.meta.url));

/** The installed version of `name` (its package.json, found from the project's root). */
export function installedVersion(name: string): string {
  // Not `require.resolve(name/package.json)`: some packages do not export their package.json.
  for (const base of projectRequire.resolve.paths(name) ?? []) {
    try {
      return (JSON.parse(readFileSync(`${base}/${name}/package.json`, 'utf8')) as { version: string }).version;
    } catch {
      // Not in this node_modules: the next one up.
    }
  }
  throw new Error(`rewrites: ${name} is not installed`);
}

interface RewriteOptions {
  /** The chat build's runtime: rewrites for another runtime are left out. */
  runtime: 'react' | 'preact';
  /** Fail at the end of the build for a rewrite that changed nothing (the chat build: it bundles everything). */
  requireEveryRewrite: boolean;
}

/** The plugins of `list` for a build, with the checks: installed versions at its start, applications at its end. */
export function rewritePlugins({ runtime, requireEveryRewrite }: RewriteOptions, list: Rewrite[] = rewrites): Plugin[] {
  const chosen = list.filter((rewrite) => (rewrite.runtime ?? 'every') === 'every' || rewrite.runtime === runtime);
  const applications = new Map(chosen.map((rewrite) => [rewrite.name, 0]));
  const check: Plugin = {
    name: 'docs-assistant:rewrite-checks',
    buildStart() {
      for (const rewrite of chosen) {
        const version = installedVersion(rewrite.package);
        if (!satisfies(version, rewrite.versions, { includePrerelease: true })) {
          this.error(
            `rewrite ${rewrite.name} was written for ${rewrite.package} ${rewrite.versions}, and ${version} is installed: check that it still ` +
              `does what it says on ${rewrite.target} (its test: ${rewrite.test}), then widen its range (scripts/rewrites/)`,
          );
        }
      }
    },
    buildEnd(error) {
      if (error || !requireEveryRewrite) return;
      const unused = chosen.filter((rewrite) => applications.get(rewrite.name) === 0);
      if (unused.length > 0) {
        this.error(
          unused
            .map((rewrite) => `rewrite ${rewrite.name} applied to nothing: ${rewrite.package} no longer has ${rewrite.target}; update or remove it (scripts/rewrites/)`)
            .join('\n'),
        );
      }
    },
  };
  const counted = chosen.map((rewrite) => rewrite.plugin(() => applications.set(rewrite.name, (applications.get(rewrite.name) ?? 0) + 1)));
  return [check, ...counted];
}

/** What the embed-build tests run through: the rewrites marked `inTests`, and the packages to inline for them. */
export function testRewrites(): { plugins: Plugin[]; inline: string[] } {
  const inTests = rewrites.filter((rewrite) => rewrite.inTests);
  return {
    plugins: rewritePlugins({ runtime: 'react', requireEveryRewrite: false }, inTests),
    inline: [...new Set(inTests.flatMap((rewrite) => rewrite.importers))],
  };
}
