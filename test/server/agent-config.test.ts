import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentSettingsFrom, parseProjectFlag } from '../../server/agent/config.ts';
import { githubRepositoryOf } from '../../server/agent/pullRequest.ts';
import { resolveFlags, SERVE_FLAGS } from '../../server/config.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('given --project values', () => {
  it.each([
    ['docs=../docs-repo', { repository: '../docs-repo', ref: 'main', docsFolder: 'docs' }],
    ['docs=https://github.com/acme/docs.git#release/2.0', { repository: 'https://github.com/acme/docs.git', ref: 'release/2.0', docsFolder: 'docs' }],
    ['site=git@github.com:acme/site.git#main:content/docs', { repository: 'git@github.com:acme/site.git', ref: 'main', docsFolder: 'content/docs' }],
    ['handbook=/srv/handbook#:pages', { repository: '/srv/handbook', ref: 'main', docsFolder: 'pages' }],
  ])('parses %s', (text, project) => {
    expect(parseProjectFlag(text)).toEqual([text.slice(0, text.indexOf('=')), project]);
  });

  it.each([
    ['../repo', 'must start with a project id'],
    ['docs=', 'has no repository'],
    ['docs=--upload-pack=evil', 'cannot start with "-"'],
    ['docs=repo#--force', 'is not a plain branch or tag name'],
    ['docs=repo#main:../outside', 'must be a relative path inside the repository'],
  ])('refuses %s', (text, problem) => {
    expect(() => parseProjectFlag(text)).toThrow(problem);
  });
});

describe('given serve flags and a config file', () => {
  it('builds the agent settings, the GitHub token coming from the environment', () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'da-agent-config-'));
    folders.push(cwd);
    writeFileSync(
      path.join(cwd, 'docs-assistant.config.json'),
      JSON.stringify({ projects: ['docs=https://github.com/acme/docs.git#main:docs'], githubApiUrl: 'https://ghe.example/api/v3', agentConcurrency: 3 }),
    );
    const settings = resolveFlags(SERVE_FLAGS, {
      flags: { 'agent-model': 'anthropic:claude-test', 'project-admin-key': ['docs=da_admin_docs'], 'limit-agent-per-project-hour': '7' },
      environment: { DOCS_ASSISTANT_GITHUB_TOKEN: 'ghp_from_env' },
      cwd,
    });
    expect(agentSettingsFrom(settings)).toEqual({
      projects: {
        docs: {
          repository: 'https://github.com/acme/docs.git',
          ref: 'main',
          docsFolder: 'docs',
          githubToken: 'ghp_from_env',
          githubApiUrl: 'https://ghe.example/api/v3',
          adminKeys: ['da_admin_docs'],
        },
      },
      model: 'anthropic:claude-test',
      concurrency: 3,
      leaseMs: 30_000,
      perProjectHour: 7,
      maxSteps: 24,
      turnTimeoutMs: 600_000,
      maxFilesPerTurn: 50,
      maxBytesPerTurn: 2_097_152,
      publicUrl: undefined,
    });
  });

  it('refuses a bad project or agent model with the flag named', () => {
    const sources = { environment: {}, cwd: os.tmpdir() };
    expect(() => resolveFlags(SERVE_FLAGS, { ...sources, flags: { project: ['docs'] } })).toThrow('--project: "docs" must start with a project id');
    expect(() => resolveFlags(SERVE_FLAGS, { ...sources, flags: { 'agent-model': 'gpt' } })).toThrow('--agent-model: "gpt" is not a model');
    const settings = resolveFlags(SERVE_FLAGS, { ...sources, flags: { 'project-admin-key': ['ghost=key'] } });
    expect(() => agentSettingsFrom(settings)).toThrow('--project-admin-key: no --project "ghost" is configured');
  });
});

describe('given a project with a GitHub token', () => {
  it.each([
    ['https://github.com/acme/docs.git', 'acme', 'docs'],
    ['git@github.com:acme/docs.git', 'acme', 'docs'],
    ['ssh://git@github.com/acme/docs', 'acme', 'docs'],
    ['https://ghe.example/scm/platform/handbook.git', 'platform', 'handbook'],
  ])('reads owner and name from %s', (repository, owner, repo) => {
    expect(githubRepositoryOf({ repository })).toEqual({ owner, repo });
  });

  it('needs githubRepository for a local path', () => {
    expect(() => githubRepositoryOf({ repository: '/srv/docs' })).toThrow('set --github-repository <id>=<owner>/<name> (env DOCS_ASSISTANT_GITHUB_REPOSITORY, config key "githubRepository")');
    expect(githubRepositoryOf({ repository: '/srv/docs', githubRepository: 'acme/docs' })).toEqual({ owner: 'acme', repo: 'docs' });
  });
});

