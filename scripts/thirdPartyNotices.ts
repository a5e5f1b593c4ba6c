// A build plugin that writes the licenses of every npm package bundled into the output (FingerprintJS,
// React or Preact, the AI SDK, the markdown stack ...) to one text file, because minifiers drop the
// license headers and MIT-style licenses require the notice to travel with the copies.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

interface BundledPackage {
  name: string;
  version: string;
  license: string;
  licenseText: string | undefined;
}

/** The folder of the package that holds `moduleId`, or undefined for the project's own modules. */
function packageFolderOf(moduleId: string): string | undefined {
  const path = moduleId.replace(/^\0/, '').split('?')[0]!;
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match?.[1];
}

function readPackage(folder: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const licenseFile = readdirSync(folder).find((file) => /^(license|licence|copying)(\.|$)/i.test(file));
  return {
    name: manifest.name,
    version: manifest.version,
    license: manifest.license ?? 'see the package',
    licenseText: licenseFile ? readFileSync(join(folder, licenseFile), 'utf8').trim() : undefined,
  };
}

/** Renders the notices file: one block per package, sorted by name. */
export function renderNotices(packages: BundledPackage[]): string {
  const header =
    'Third-party software bundled in the docs-assistant script-tag build (dist/embed.js and dist/embed/).\n' +
    'Each package below is distributed under its own license, reproduced here.\n';
  const blocks = packages
    .toSorted((a, b) => a.name.localeCompare(b.name))
    .map((item) => `${'-'.repeat(72)}\n${item.name}@${item.version} (${item.license})\n\n${item.licenseText ?? `License: ${item.license}`}\n`);
  return `${header}\n${blocks.join('\n')}`;
}

export function collectThirdPartyNotices(fileName: string): Plugin {
  return {
    name: 'docs-assistant:third-party-notices',
    apply: 'build',
    generateBundle(_options, bundle) {
      const folders = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const moduleId of output.moduleIds) {
          const folder = packageFolderOf(moduleId);
          if (folder && existsSync(join(folder, 'package.json'))) folders.add(folder);
        }
      }
      this.emitFile({ type: 'asset', fileName, source: renderNotices([...folders].map(readPackage)) });
    },
  };
}
