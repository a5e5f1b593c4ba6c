#!/usr/bin/env node
// Inside a checkout, run the TypeScript source (Node 22.18+/24 strip types), so a stale build never
// shadows a code change. Installed from npm (inside node_modules, where Node refuses to strip types),
// run the compiled CLI.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unsupportedNode } from './nodeVersion.js';

const source = new URL('../server/cli.ts', import.meta.url);
const compiled = new URL('../dist/server/cli.js', import.meta.url);
const installed = fileURLToPath(import.meta.url).split(/[\\/]/).includes('node_modules');
const fromSource = !installed && existsSync(source);
const refusal = unsupportedNode(process.versions.node, fromSource ? 'source' : 'compiled');
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const { runCli } = await import((fromSource ? source : compiled).href);
process.exitCode = await runCli(process.argv.slice(2));
