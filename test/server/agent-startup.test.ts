import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import { ADMIN_KEY } from '../fixtures/agent/api.ts';
import { createFixtureRepository, runGit, type FixtureRepository } from '../fixtures/agent/repo.ts';
import { FIXTURE_DOCS } from './support/assistant.ts';

const BIN = fileURLToPath(new URL('../../bin/docs-assistant.js', import.meta.url));
/** Spawned processes start slowly on a busy machine; these tests wait on conditions, never on fixed sleeps. */
const SPAWN_TIMEOUT = 30_000;

const fixtures: FixtureRepository[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const created of fixtures.splice(0)) created.cleanup();
});

function fixture(): FixtureRepository {
  const created = createFixtureRepository();
  fixtures.push(created);
  return created;
}

/** Starts `docs-assistant serve` and resolves once it listens (it keeps running until the test ends). */
function startServer(args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', FIXTURE_DOCS, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (data: Buffer) => {
      stdout += data.toString();
      if (/^listening on /m.test(stdout)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
}

/** Runs `docs-assistant serve` until it prints its listening line (then stops it) or exits by itself. */
function serve(args: string[], environment: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', FIXTURE_DOCS, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCS_ASSISTANT_GITHUB_TOKEN: '', ...environment },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
  child.stdout?.on('data', (data: Buffer) => {
    stdout += data.toString();
    if (/^listening on /m.test(stdout)) child.kill('SIGTERM');
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('given agent projects checked at start-up', () => {
  it('exits 2 naming a project whose ref does not exist, before listening', { timeout: SPAWN_TIMEOUT }, async () => {
    const repository = fixture();
    const result = await serve(['--data', repository.dataDir, '--project', `docs=${repository.source}#release`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docs-assistant: --project docs: cannot fetch ref "release" of local:source#release');
    expect(result.stderr).not.toContain(repository.root);
    expect(result.stdout).not.toContain('listening on');
  });

  it('exits 2 naming a docs folder the ref does not have', { timeout: SPAWN_TIMEOUT }, async () => {
    const repository = fixture();
    const result = await serve(['--data', repository.dataDir, '--project', `docs=${repository.source}#main:website/docs`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('docs-assistant: --project docs: the docs folder "website/docs" does not exist at local:source#main\n');
  });

  it('exits 2 when the docs folder is a symbolic link at the ref', { timeout: SPAWN_TIMEOUT }, async () => {
    const repository = fixture();
    runGit(repository.source, 'mv', 'docs', 'pages');
    runGit(repository.source, 'commit', '--quiet', '-m', 'move');
    symlinkSync('pages', path.join(repository.source, 'docs'));
    runGit(repository.source, 'add', 'docs');
    runGit(repository.source, 'commit', '--quiet', '-m', 'link');
    const result = await serve(['--data', repository.dataDir, '--project', `docs=${repository.source}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the docs folder "docs" at local:source#main is a symbolic link, not a folder');
  });

  it('exits 2, instead of hanging, when a GitHub token cannot tell the repository, naming the flag, variable and key', { timeout: SPAWN_TIMEOUT }, async () => {
    const repository = fixture();
    const result = await serve(['--data', repository.dataDir, '--project', `docs=${repository.source}`], { DOCS_ASSISTANT_GITHUB_TOKEN: 'ghp_startup_test' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'set --github-repository docs=<owner>/<name> (env DOCS_ASSISTANT_GITHUB_REPOSITORY, config key "githubRepository")',
    );
    expect(result.stderr).not.toContain('ghp_startup_test');
  });

  it('lists the projects, the agent model and where pull requests go before the listening line', { timeout: SPAWN_TIMEOUT }, async () => {
    const repository = fixture();
    const result = await serve([
      '--data', repository.dataDir, '--admin-key', 'da_admin_startup_0123456789', '--project', `docs=${repository.source}`,
      '--agent-model', 'openai-compatible:editor@http://127.0.0.1:9/v1',
    ]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(-3)).toEqual([
      'agent jobs: model openai-compatible:editor',
      'agent jobs: project docs: local:source#main:docs -> review pages on this server, branches pushed to the local repository',
      expect.stringMatching(/^listening on http:\/\/127\.0\.0\.1:\d+$/),
    ]);
  });
});

describe('given two servers on one --data folder', () => {
  it('refuses to start the second with a clear message while the first runs, and starts it once the first stopped', { timeout: SPAWN_TIMEOUT }, async () => {
    const repository = fixture();
    const args = ['--data', repository.dataDir, '--project', `docs=${repository.source}`];
    const first = await startServer(args);
    const second = await serve(args);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`docs-assistant: another docs-assistant server (pid ${first.pid} on ${os.hostname()}) runs agent jobs from this data folder`);
    first.kill('SIGTERM');
    await new Promise((resolve) => first.once('exit', resolve));
    expect((await serve(args)).code).toBe(0);
  });

  it('refuses a second agent service in the same process', () => {
    const repository = fixture();
    const first = createAgentRoutes({ projects: { docs: { repository: repository.source } }, adminKeys: [ADMIN_KEY], dataDir: repository.dataDir });
    const second = () => createAgentRoutes({ projects: { docs: { repository: repository.source } }, adminKeys: [ADMIN_KEY], dataDir: repository.dataDir });
    expect(second).toThrow('another docs-assistant server (this process');
    void first.service.close();
  });

  it('takes over the lock a killed server left behind', async () => {
    const repository = fixture();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    mkdirSync(path.join(repository.dataDir), { recursive: true });
    writeFileSync(path.join(repository.dataDir, 'server.lock'), JSON.stringify({ host: os.hostname(), pid: dead.pid }));
    const app = createAgentRoutes({ projects: { docs: { repository: repository.source } }, adminKeys: [ADMIN_KEY], dataDir: repository.dataDir });
    await app.service.close();
    expect(existsSync(path.join(repository.dataDir, 'server.lock'))).toBe(false);
  });
});
