// What the script-tag chat leaves out of FingerprintJS.
import type { Plugin } from 'vite';
import { PAGE_TOUCHING_SOURCES } from '../../src/chat/fingerprint.ts';
import type { Rewrite } from './rewrite.ts';

// The widget leaves FingerprintJS's page-touching sources out of the visitor id (src/chat/fingerprint.ts),
// but its `sources` table still references them, so their code (a font list, thousands of ad-blocker
// selectors) is bundled: 6 kB gzip. In the script-tag build the table loses those entries; the id is the
// same, since loadSources excluded them anyway.
const FINGERPRINT_MODULE = '/node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js';
const withoutPageTouchingSources = (applied: () => void): Plugin => ({
  name: 'docs-assistant:without-page-touching-sources',
  transform(code, id) {
    if (!id.endsWith(FINGERPRINT_MODULE)) return null;
    let table = code.match(/^const sources = \{$[\s\S]*?^\};$/m)?.[0];
    if (!table) this.error(`FingerprintJS's sources table changed in ${id}: update withoutPageTouchingSources in scripts/rewrites/fingerprint.ts`);
    const original = table;
    for (const name of PAGE_TOUCHING_SOURCES) {
      const entry = new RegExp(`^\\s*${name}: \\w+,\\n`, 'm');
      if (!entry.test(table)) this.error(`FingerprintJS's sources table has no ${name} entry in ${id}: update withoutPageTouchingSources in scripts/rewrites/fingerprint.ts`);
      table = table.replace(entry, '');
    }
    applied();
    return code.replace(original, table);
  },
});

export const fingerprintRewrites: Rewrite[] = [
  {
    name: 'without-page-touching-sources',
    package: '@fingerprintjs/fingerprintjs',
    versions: '^5.0.0',
    target: '@fingerprintjs/fingerprintjs/dist/fp.esm.js (its sources table)',
    test: 'e2e/isolation.spec.ts',
    inTests: false,
    importers: [],
    plugin: withoutPageTouchingSources,
  },
];
