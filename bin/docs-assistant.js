#!/usr/bin/env node
// Runs the compiled CLI when the package was built (and always when installed: Node does not strip types
// inside node_modules), else the TypeScript source directly (Node 22.18+/24 strip types).
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/server/cli.js', import.meta.url);
const { runCli } = await import(existsSync(compiled) ? compiled.href : new URL('../server/cli.ts', import.meta.url).href);
process.exitCode = await runCli(process.argv.slice(2));
