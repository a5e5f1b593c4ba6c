// The Node.js the CLI needs, checked before anything is imported: on an older one it failed with
// "No such built-in module: node:sqlite" (installed) or "Unknown file extension .ts" (in a checkout),
// which says nothing of the version.

/** node:sqlite without a flag (the compiled CLI); type stripping without a flag (the TypeScript source in a checkout). */
const NEEDED = { compiled: [22, 13, 0], source: [22, 18, 0] };

/**
 * A readable refusal when `version` (process.versions.node) is older than the entry needs, else null.
 * @param {string} version
 * @param {'compiled' | 'source'} entry
 * @returns {string | null}
 */
export function unsupportedNode(version, entry) {
  const needed = NEEDED[entry];
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let position = 0; position < needed.length; position++) {
    if ((parts[position] ?? 0) > needed[position]) return null;
    if ((parts[position] ?? 0) < needed[position]) {
      return `docs-assistant needs Node.js ${needed.join('.')} or newer; this is Node.js ${version}. Install Node.js 24 LTS (https://nodejs.org) and run it again.`;
    }
  }
  return null;
}
