// Installs the test-only clients (test/clients/*: other people's client libraries with their own
// dependency trees, e.g. AI SDK 4 with zod 3) when missing or when their lockfile changed. Run by
// `npm test` before type-checking, so a fresh clone needs nothing more than `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const clients = fileURLToPath(new URL('../test/clients/', import.meta.url));
for (const name of readdirSync(clients)) {
  const folder = join(clients, name);
  const lockfile = join(folder, 'package-lock.json');
  if (!existsSync(lockfile)) continue;
  const stamp = join(folder, 'node_modules', '.installed-lockfile');
  const lock = readFileSync(lockfile, 'utf8');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) continue;
  console.log(`installing the test client in test/clients/${name}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, lock);
}
