import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside } from '../../server/agent/docsJail.ts';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, createJob, getJob } from '../fixtures/agent/api.ts';
import { createScriptedModel, toolOutputs } from '../fixtures/agent/model.ts';
import type { ScriptedToolCall } from '../fixtures/agent/model.ts';
import { createFixtureRepository, runGit, showFile } from '../fixtures/agent/repo.ts';


const { defer } = agentTestLifecycle();

/** Runs one job whose model makes `calls` in one step, and returns what each tool answered. */
async function runCalls(calls: ScriptedToolCall[], prepare?: (source: string) => void) {
  const fixture = createFixtureRepository();
  prepare?.(fixture.source);
  const outputs: { toolName: string; type: string; value: unknown }[] = [];
  const model = createScriptedModel(
    (_prompt, step) => (step === 0 ? calls : 'Done.'),
    (messages) => {
      outputs.length = 0;
      outputs.push(...toolOutputs(messages));
    },
  );
  const app = createAgentRoutes({ projects: { docs: { repository: fixture.source } }, adminKeys: [ADMIN_KEY], dataDir: fixture.dataDir, model });
  defer(fixture.cleanup, () => app.service.close());
  const created = await createJob(app, 'docs', 'Try things');
  await app.service.queue.idle();
  const job = (await getJob(app, 'docs', created.body.id)).body;
  return { fixture, outputs, job, branch: `docs-assistant/${created.body.id}`, worktree: path.join(fixture.dataDir, 'worktrees', created.body.id) };
}

function commitSymlink(source: string, linkPath: string, target: string): void {
  symlinkSync(target, path.join(source, linkPath));
  runGit(source, 'add', '--all');
  runGit(source, 'commit', '--quiet', '-m', `link ${linkPath}`);
}

describe('given a model that tries to leave the docs folder', () => {
  it('refuses reads outside the docs folder as tool errors the model sees', async () => {
    const { outputs, job } = await runCalls([
      { tool: 'read_file', input: { path: '../package.json' } },
      { tool: 'read_file', input: { path: '/etc/passwd' } },
      { tool: 'read_file', input: { path: 'guides/../../package.json' } },
      { tool: 'read_file', input: { path: '../.git/config' } },
      { tool: 'list_files', input: { folder: '..' } },
    ]);
    expect(outputs.map((output) => output.type)).toEqual(['error-text', 'error-text', 'error-text', 'error-text', 'error-text']);
    expect(outputs[0]?.value).toContain('leaves the docs folder');
    expect(outputs[1]?.value).toContain('absolute paths are not allowed');
    expect(JSON.stringify(outputs)).not.toContain('fixture-docs');
    expect(JSON.stringify(outputs)).not.toContain('root:');
    // The loop went on after the refusals and the job ended normally.
    expect(job).toMatchObject({ status: 'completed', prLink: null });
  });

  it('refuses writes outside the docs folder and non-docs files, writing nothing', async () => {
    const { fixture, outputs, job, worktree } = await runCalls([
      { tool: 'write_file', input: { path: '../package.json', content: '{"hacked": true}' } },
      { tool: 'write_file', input: { path: path.join(path.dirname(fixtureSecret()), 'secret.md'), content: 'x' } },
      { tool: 'write_file', input: { path: 'notes.txt', content: 'not a docs file' } },
      { tool: 'write_file', input: { path: 'script.js', content: 'alert(1)' } },
      { tool: 'edit_file', input: { path: '../package.json', oldText: 'fixture-docs', newText: 'hacked' } },
    ]);
    expect(outputs.map((output) => output.type)).toEqual(['error-text', 'error-text', 'error-text', 'error-text', 'error-text']);
    expect(outputs[2]?.value).toContain('only docs files');
    expect(job).toMatchObject({ status: 'completed', prLink: null });
    expect(readFileSync(path.join(worktree, 'package.json'), 'utf8')).toBe('{"name": "fixture-docs"}\n');
    expect(runGit(worktree, 'status', '--porcelain')).toBe('');
    expect(readFileSync(fixture.secretFile, 'utf8')).toBe('TOP SECRET\n');
  });

  it('does not follow a symlink that points out of the docs folder', async () => {
    const { outputs, job, worktree } = await runCalls(
      [
        { tool: 'read_file', input: { path: 'leak.md' } },
        { tool: 'write_file', input: { path: 'leak.md', content: 'overwritten' } },
        { tool: 'read_file', input: { path: 'up/package.json' } },
        { tool: 'write_file', input: { path: 'up/evil.md', content: 'outside' } },
      ],
      (source) => {
        commitSymlink(source, 'docs/leak.md', '../package.json');
        commitSymlink(source, 'docs/up', '..');
      },
    );
    expect(outputs.map((output) => output.type)).toEqual(['error-text', 'error-text', 'error-text', 'error-text']);
    expect(outputs[0]?.value).toContain('refused path "leak.md"');
    expect(outputs[1]?.value).toContain('refused path "leak.md"');
    expect(outputs[2]?.value).toContain('resolves outside the docs folder');
    expect(job).toMatchObject({ status: 'completed', prLink: null });
    expect(readFileSync(path.join(worktree, 'package.json'), 'utf8')).toBe('{"name": "fixture-docs"}\n');
    expect(runGit(worktree, 'status', '--porcelain')).toBe('');
  });

  it('still lets the same turn edit a docs page after refusals', async () => {
    const { fixture, outputs, job, branch } = await runCalls([
      { tool: 'write_file', input: { path: '../README.md', content: 'outside' } },
      { tool: 'edit_file', input: { path: 'introduction.md', oldText: 'answers questions', newText: 'answers reader questions' } },
    ]);
    expect(outputs.map((output) => output.type)).toEqual(['error-text', 'json']);
    expect(job.status).toBe('completed');
    expect(job.prLink).not.toBeNull();
    expect(showFile(fixture.source, branch, 'docs/introduction.md')).toContain('answers reader questions');
    expect(showFile(fixture.source, branch, 'README.md')).toBeUndefined();
  });
});

function replaceDocsWithLink(source: string, target: string): void {
  rmSync(path.join(source, 'docs'), { recursive: true });
  commitSymlink(source, 'docs', target);
}

describe('given a repository that commits its docs folder as a symlink', () => {
  const attempts: ScriptedToolCall[] = [
    { tool: 'write_file', input: { path: 'escaped.md', content: 'written outside the worktree' } },
    { tool: 'read_file', input: { path: 'secret.txt' } },
  ];

  it('refuses an absolute link to a host folder: the job fails naming it and nothing is written there', async () => {
    let outside = '';
    const { outputs, job } = await runCalls(attempts, (source) => {
      outside = path.join(path.dirname(source), 'host-folder');
      mkdirSync(outside);
      writeFileSync(path.join(outside, 'secret.txt'), 'HOST SECRET\n');
      replaceDocsWithLink(source, outside);
    });
    expect(job.status).toBe('failed');
    expect(job.error).toContain('the docs folder "docs" is refused: "docs" is a symbolic link in the repository');
    expect(outputs).toEqual([]);
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });

  it('refuses a relative link that climbs out of the worktree (docs -> ../..)', async () => {
    const { fixture, outputs, job } = await runCalls(attempts, (source) => replaceDocsWithLink(source, path.join('..', '..')));
    expect(job.status).toBe('failed');
    expect(job.error).toContain('is a symbolic link in the repository');
    expect(outputs).toEqual([]);
    expect(existsSync(path.join(fixture.root, 'escaped.md'))).toBe(false);
    expect(existsSync(path.join(fixture.dataDir, 'escaped.md'))).toBe(false);
    expect(readFileSync(fixture.secretFile, 'utf8')).toBe('TOP SECRET\n');
  });

  it('refuses a link on the way to a nested docs folder', async () => {
    const fixture = createFixtureRepository();
    mkdirSync(path.join(fixture.root, 'elsewhere', 'docs'), { recursive: true });
    commitSymlink(fixture.source, 'website', path.join(fixture.root, 'elsewhere'));
    const model = createScriptedModel((_prompt, step) => (step === 0 ? attempts : 'Done.'));
    const app = createAgentRoutes({
      projects: { docs: { repository: fixture.source, docsFolder: 'website/docs' } },
      adminKeys: [ADMIN_KEY],
      dataDir: fixture.dataDir,
      model,
    });
    defer(fixture.cleanup, () => app.service.close());
    const created = await createJob(app, 'docs', 'Try things');
    await app.service.queue.idle();
    const job = (await getJob(app, 'docs', created.body.id)).body;
    expect(job.status).toBe('failed');
    expect(job.error).toContain('"website" is a symbolic link in the repository');
    expect(readdirSync(path.join(fixture.root, 'elsewhere', 'docs'))).toEqual([]);
  });
});

describe('given the jail\'s containment check', () => {
  it('treats every absolute path as inside a root of "/" and keeps siblings with a shared prefix out', () => {
    expect(isInside(path.sep, path.join(path.sep, 'etc', 'passwd'))).toBe(true);
    expect(isInside(path.sep, path.sep)).toBe(true);
    expect(isInside(path.join(path.sep, 'srv', 'docs'), path.join(path.sep, 'srv', 'docs-private', 'a.md'))).toBe(false);
    expect(isInside(path.join(path.sep, 'srv', 'docs'), path.join(path.sep, 'srv', 'docs', 'a.md'))).toBe(true);
  });
});

describe('given the read-only tools', () => {
  it('lists docs files and searches the docs index and the literal lines', async () => {
    const { outputs } = await runCalls([
      { tool: 'list_files', input: {} },
      { tool: 'search_docs', input: { query: 'docs-assistant serve' } },
    ]);
    expect(outputs[0]).toEqual({
      toolName: 'list_files',
      type: 'json',
      value: { files: ['guides/deploy.mdx', 'introduction.md', 'quickstart.md'], truncated: false },
    });
    const search = outputs[1]?.value as { sections: { path: string; heading: string }[]; lines: unknown[] };
    expect(search.sections[0]).toMatchObject({ path: 'guides/deploy.mdx', heading: 'Deploy' });
    expect(search.lines).toEqual([{ path: 'guides/deploy.mdx', line: 3, text: 'Run `docs-assistant serve`.' }]);
  });

  it('finds what the agent wrote earlier in the same turn', async () => {
    const fixture = createFixtureRepository();
    const seen: unknown[] = [];
    const model = createScriptedModel(
      (_prompt, step) => {
        if (step === 0) return [{ tool: 'search_docs', input: { query: 'kubernetes' } }];
        if (step === 1) return [{ tool: 'write_file', input: { path: 'guides/kubernetes.md', content: '# Kubernetes\n\nDeploy on Kubernetes with a Helm chart.\n' } }];
        if (step === 2) return [{ tool: 'search_docs', input: { query: 'kubernetes' } }];
        return 'Added the Kubernetes guide.';
      },
      (messages) => seen.splice(0, seen.length, ...toolOutputs(messages)),
    );
    const app = createAgentRoutes({ projects: { docs: { repository: fixture.source } }, adminKeys: [ADMIN_KEY], dataDir: fixture.dataDir, model });
    defer(fixture.cleanup, () => app.service.close());
    await createJob(app, 'docs', 'Add a Kubernetes guide');
    await app.service.queue.idle();
    const searches = seen.filter((output) => (output as { toolName: string }).toolName === 'search_docs') as { value: { sections: { path: string }[] } }[];
    expect(searches.map((output) => output.value.sections.map((section) => section.path))).toEqual([[], ['guides/kubernetes.md']]);
  });
});

function fixtureSecret(): string {
  // An absolute path (inside the system temp dir): refused because it is absolute, wherever it points.
  return path.join(path.sep, 'tmp', 'secret.txt');
}
