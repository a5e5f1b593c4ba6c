// A real PostgreSQL for the tests that are about it: Debian's server binaries, a temporary data directory,
// loopback only, trust authentication; started by the test file and removed after it. When the binaries are
// missing (`apt-get install postgresql`), `startPostgres` returns null and the caller skips with a message.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './freePort.ts';

export interface TestPostgres {
  /** A URL for a new, empty database on the server. */
  newDatabase(): Promise<string>;
  stop(): void;
}

function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).toSorted((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export const POSTGRES_MISSING = 'PostgreSQL is not installed here (apt-get install postgresql): the PostgreSQL half of this suite is skipped';

export async function startPostgres(): Promise<TestPostgres | null> {
  const bin = postgresBinaries();
  // PostgreSQL refuses to run as root: as root, it runs as the `postgres` user Debian's package creates.
  const asRoot = process.getuid?.() === 0;
  if (!bin || (asRoot && spawnSync('id', ['postgres']).status !== 0)) return null;
  const folder = mkdtempSync(join(tmpdir(), 'docs-assistant-pg-'));
  const dataDir = join(folder, 'data');
  if (asRoot) chmodSync(folder, 0o777);
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, command), args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', dataDir, '-w', '-l', join(folder, 'log'), '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    async newDatabase() {
      const name = `test_${process.pid}_${databases++}`;
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The PostgreSQL of one test file: started before its tests (a warning when it cannot be), stopped after
 * them. Call at module level; `current()` is null where PostgreSQL is missing (skip those tests).
 */
export function postgresForThisFile(): { current: () => TestPostgres | null } {
  let postgres: TestPostgres | null = null;
  beforeAll(async () => {
    postgres = await startPostgres();
    if (!postgres) console.warn(POSTGRES_MISSING);
  }, 60_000);
  afterAll(() => postgres?.stop());
  return { current: () => postgres };
}
