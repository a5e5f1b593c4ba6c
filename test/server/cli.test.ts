import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, resolveFlags, serveHelp, SERVE_FLAGS, environmentName } from '../../server/config.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { unsupportedNode } from '../../bin/nodeVersion.js';
import { startCli as startCliProcess } from './support/cli.ts';
import { FIXTURE_DOCS, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

const BIN = fileURLToPath(new URL('../../bin/docs-assistant.js', import.meta.url));
// Registered before the children's hook so that, hooks running as a stack, children are killed first.
const temporaryFolder = temporaryFolders('da-cli-');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('given settings from flags, environment and a config file', () => {
  it('takes a flag over the environment, the environment over the file, the file over the default', () => {
    const cwd = temporaryFolder();
    writeFileSync(join(cwd, 'docs-assistant.config.json'), JSON.stringify({ port: 1111, domain: 'from-file', host: '0.0.0.0', assistantKeys: ['file_dsc_1'] }));
    const settings = resolveFlags(SERVE_FLAGS, {
      flags: { port: '3333' },
      environment: { DOCS_ASSISTANT_PORT: '2222', DOCS_ASSISTANT_DOMAIN: 'from-env' },
      cwd,
    });
    expect(settings).toMatchObject({ port: 3333, domain: 'from-env', host: '0.0.0.0', assistantKey: ['file_dsc_1'], data: './.docs-assistant' });
  });

  it('reads repeatable flags as lists and comma-separated variables', () => {
    const settings = resolveFlags(SERVE_FLAGS, {
      flags: { 'assistant-key': ['a_dsc_1', 'b_dsc_2'] },
      environment: { DOCS_ASSISTANT_ADMIN_KEY: 'admin1, admin2', DOCS_ASSISTANT_THREAD_KEYS: 'true' },
      cwd: temporaryFolder(),
    });
    expect(settings).toMatchObject({ assistantKey: ['a_dsc_1', 'b_dsc_2'], adminKey: ['admin1', 'admin2'], threadKeys: true, corsOrigin: ['*'], exclude: [] });
    expect(resolveFlags(SERVE_FLAGS, { flags: {}, environment: { DOCS_ASSISTANT_EXCLUDE: 'changelog/**, **/internal/**' }, cwd: temporaryFolder() })).toMatchObject({ exclude: ['changelog/**', '**/internal/**'] });
  });

  it.each([
    [{ flags: { port: 'eighty' }, environment: {} }, '--port: "eighty" is not a number'],
    [{ flags: { port: '70000' }, environment: {} }, '--port: must be a port number from 0 to 65535'],
    [{ flags: {}, environment: { DOCS_ASSISTANT_LIMIT_ASSISTANT_PER_IP_DAY: '-1' } }, '--limit-assistant-per-ip-day: must be a whole number, 0 or more'],
    [{ flags: { 'assistant-key': ['no-prefix'] }, environment: {} }, '--assistant-key: every assistant key must contain "_dsc_"'],
    [{ flags: { model: 'gpt-4' }, environment: {} }, '--model: "gpt-4" is not a model; expected openai:<model id>'],
    [{ flags: { config: 'missing.json' }, environment: {} }, '--config: '],
  ])('refuses a bad value with a message naming the setting (%#)', (sources, message) => {
    expect(() => resolveFlags(SERVE_FLAGS, { ...sources, cwd: temporaryFolder() })).toThrow(ConfigError);
    expect(() => resolveFlags(SERVE_FLAGS, { ...sources, cwd: temporaryFolder() })).toThrow(message);
  });

  it('refuses an unknown key in the config file', () => {
    const cwd = temporaryFolder();
    writeFileSync(join(cwd, 'docs-assistant.config.json'), JSON.stringify({ prot: 1 }));
    expect(() => resolveFlags(SERVE_FLAGS, { flags: {}, environment: {}, cwd })).toThrow('unknown setting "prot"');
  });

  it('documents every flag with its environment variable in --help', () => {
    const help = serveHelp(SERVE_FLAGS);
    for (const spec of SERVE_FLAGS) {
      expect(help).toContain(`--${spec.name}`);
      expect(help).toContain(environmentName(spec.name));
    }
  });
});

/** Starts the CLI (`entry`: the bin or the source) in a temporary folder; killed after the test. */
function startCli(entry: string, args: string[]): Promise<{ child: ChildProcess; lines: string[]; url: string }> {
  return startCliProcess(entry, args, { cwd: temporaryFolder(), track: (child) => children.push(child) });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.on('exit', resolve));
}

/** Spawned processes start slowly on a busy machine; these tests wait on conditions, never on fixed sleeps. */
const SPAWN_TIMEOUT = 30_000;

describe('given the docs-assistant bin', () => {
  it('runs the CLI (built or source) and prints the serve help', { timeout: SPAWN_TIMEOUT }, async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    child.stdout?.on('data', (data: Buffer) => (stdout += data.toString()));
    expect(await exitOf(child)).toBe(0);
    expect(stdout).toMatch(/^Usage: docs-assistant serve <docsDir> \[options\]/);
    expect(stdout).toContain('--limit-assistant-per-ip-day <n>');
  });
});

/** A Node.js older than 22 on this machine (Debian's, beside the Node.js the tests run on), if any. */
function olderNode(): string | undefined {
  try {
    const version = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim();
    return Number.parseInt(version.slice(1), 10) < 22 ? '/usr/bin/node' : undefined;
  } catch {
    return undefined;
  }
}
const OLDER_NODE = olderNode();

describe('given a Node.js older than the CLI needs', () => {
  it('names the version needed and the one found', () => {
    expect(unsupportedNode('20.20.2', 'compiled')).toBe('docs-assistant needs Node.js 22.13.0 or newer; this is Node.js 20.20.2. Install Node.js 24 LTS (https://nodejs.org) and run it again.');
    // node:sqlite came without a flag in 22.13; the TypeScript source of a checkout runs from 22.18.
    expect([unsupportedNode('22.12.0', 'compiled') !== null, unsupportedNode('22.13.0', 'compiled'), unsupportedNode('24.1.0', 'compiled')]).toEqual([true, null, null]);
    expect([unsupportedNode('22.17.1', 'source') !== null, unsupportedNode('22.18.0', 'source'), unsupportedNode('23.0.0', 'source')]).toEqual([true, null, null]);
  });

  // Refused before anything is imported: it failed with "Unknown file extension .ts" in a checkout, "No such
  // built-in module: node:sqlite" once installed.
  it.skipIf(OLDER_NODE === undefined)('refuses to start with that message and exit code 1, where a Node.js older than 22 is installed', { timeout: SPAWN_TIMEOUT }, async () => {
    const child = spawn(OLDER_NODE as string, [BIN, 'serve', FIXTURE_DOCS], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toMatch(/^docs-assistant needs Node\.js 22\.\d+\.0 or newer; this is Node\.js \d+\./);
  });
});

/** `docs-assistant questions ...` in its own process, with the admin key in the environment. */
function runQuestions(args: string[], adminKey: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, 'questions', ...args], { env: { ...process.env, DOCS_ASSISTANT_ADMIN_KEY: adminKey } }, (_error, out, err) =>
      resolve({ stdout: String(out), stderr: String(err), code: child.exitCode }),
    );
  });
}

describe('given the docs-assistant command', () => {
  it('serves the docs on a free port, answers a real question with sources, and stops on SIGTERM', { timeout: SPAWN_TIMEOUT }, async () => {
    const { child, lines, url } = await startCli(BIN, [
      'serve', FIXTURE_DOCS, '--port', '0', '--data', temporaryFolder(), '--assistant-key', 'cli_dsc_key', '--limit-assistant-per-ip-day', '1',
    ]);
    expect(lines).toEqual([expect.stringMatching(/^listening on http:\/\/127\.0\.0\.1:\d+$/)]);
    expect(url).not.toMatch(/:0$/);

    const response = await fetch(`${url}/discovery/v2/assistant/docs/message`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli_dsc_key', 'content-type': 'application/json' },
      body: JSON.stringify(questionBody('How do I pull the Docker image?')),
    });
    expect(response.status).toBe(200);
    const { message } = await readAnswer(response);
    expect(sourcesOf(message)[0]?.title).toBe('Install › Install with Docker');

    // The per-IP limit counts the socket's address (no proxy is trusted).
    const again = await fetch(`${url}/discovery/v2/assistant/docs/message`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli_dsc_key', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.1' },
      body: JSON.stringify(questionBody('How do I pull the Docker image?')),
    });
    expect(again.status).toBe(429);
    expect((await again.json()).error).toContain('per IP address per day');

    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('leaves out the docs files --exclude names, by glob relative to the docs folder', { timeout: SPAWN_TIMEOUT }, async () => {
    const { child, url } = await startCli(BIN, [
      'serve', FIXTURE_DOCS, '--port', '0', '--data', temporaryFolder(), '--assistant-key', 'cli_dsc_key', '--exclude', 'reference/**', '--exclude', 'guides/install.md',
    ]);
    expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ pages: 2 });
    const response = await fetch(`${url}/discovery/v2/assistant/docs/message`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli_dsc_key', 'content-type': 'application/json' },
      body: JSON.stringify(questionBody('How do I pull the Docker image?')),
    });
    const { message } = await readAnswer(response);
    expect(sourcesOf(message).map((source) => source.title)).not.toContain('Install › Install with Docker');
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('lists what readers asked with `docs-assistant questions`, and with --not-found only what the docs did not cover', { timeout: SPAWN_TIMEOUT }, async () => {
    const { child, url } = await startCli(BIN, ['serve', FIXTURE_DOCS, '--port', '0', '--data', temporaryFolder(), '--assistant-key', 'cli_dsc_key', '--admin-key', 'cli_admin_key']);
    for (const question of ['How do I pull the Docker image?', 'Can I pay for a support contract by invoice?']) {
      const response = await fetch(`${url}/discovery/v2/assistant/docs/message`, {
        method: 'POST',
        headers: { authorization: 'Bearer cli_dsc_key', 'content-type': 'application/json' },
        body: JSON.stringify(questionBody(question)),
      });
      await readAnswer(response);
    }
    const all = await runQuestions(['--base-url', url], 'cli_admin_key');
    expect(all.code).toBe(0);
    expect(all.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\S+ {2}not found {2}Can I pay for a support contract by invoice\?$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\S+ {2}answered {3}How do I pull the Docker image\?$/),
    ]);
    const uncovered = await runQuestions(['--base-url', url, '--not-found'], 'cli_admin_key');
    expect(uncovered.stdout.trim().split('\n')).toEqual([expect.stringContaining('Can I pay for a support contract by invoice?')]);
    expect(uncovered.stderr).toContain('1 question the docs did not cover');
    // A wrong key: the server's reason, and exit 1; a bad flag: exit 2.
    expect(await runQuestions(['--base-url', url], 'not-the-admin-key')).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('unknown admin key (HTTP 401)') });
    expect(await runQuestions(['--base-url', url, '--limit', 'ten'], 'cli_admin_key')).toMatchObject({ code: 2, stderr: expect.stringContaining('--limit: "ten" is not a whole number') });
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('generates and prints an assistant key when none is given, before the listening line', { timeout: SPAWN_TIMEOUT }, async () => {
    const { child, lines } = await startCli(BIN, ['serve', FIXTURE_DOCS, '--port', '0', '--data', temporaryFolder()]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^assistant key \(generated for this run\): da_dsc_[0-9A-Za-z]{32}$/);
    expect(lines[1]).toMatch(/^listening on /);
    child.kill('SIGINT');
    expect(await exitOf(child)).toBe(0);
  });

  it('exits 2 with a readable message on a bad flag', { timeout: SPAWN_TIMEOUT }, async () => {
    const child = spawn(process.execPath, [BIN, 'serve', FIXTURE_DOCS, '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
    expect(await exitOf(child)).toBe(2);
    expect(stderr).toBe('docs-assistant: --port: "eighty" is not a number\n');
  });
});
