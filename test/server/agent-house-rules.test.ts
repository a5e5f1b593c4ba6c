import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import type { AgentProjectConfig } from '../../server/agent/types.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, call, createJob } from '../fixtures/agent/api.ts';
import { startGithubStandIn } from '../fixtures/agent/githubServer.ts';
import { createScriptedModel, toolOutputs, type PromptMessage, type ScriptedToolCall } from '../fixtures/agent/model.ts';
import { createFixtureRepository, runGit, showFile } from '../fixtures/agent/repo.ts';

const { defer } = agentTestLifecycle();
const TOKEN = 'ghp_house_rules_token';

/** Runs one job whose model makes `calls` in one step; returns what it was told and what the tools answered. */
async function runCalls(calls: ScriptedToolCall[], project: Partial<AgentProjectConfig> = {}, prepare?: (source: string) => void) {
  const fixture = createFixtureRepository({ bare: true });
  if (prepare) {
    prepare(fixture.source);
    runGit(fixture.source, 'add', '--all');
    runGit(fixture.source, 'commit', '--quiet', '-m', 'house rules');
    runGit(fixture.source, 'push', '--quiet', fixture.bare as string, 'main');
  }
  const github = await startGithubStandIn({ bareRepository: fixture.bare as string, token: TOKEN });
  const seen: { system: string; outputs: ReturnType<typeof toolOutputs> } = { system: '', outputs: [] };
  const model = createScriptedModel(
    (_prompt, step) => (step === 0 ? calls : 'Add a page\n\nDone.'),
    (messages: PromptMessage[]) => {
      seen.system = String(messages.find((message) => message.role === 'system')?.content ?? '');
      seen.outputs = toolOutputs(messages);
    },
  );
  const app = createAgentRoutes({
    projects: { docs: { repository: fixture.bare as string, githubToken: TOKEN, githubApiUrl: github.url, githubRepository: 'acme/docs', ...project } },
    adminKeys: [ADMIN_KEY],
    dataDir: fixture.dataDir,
    model,
  });
  defer(fixture.cleanup, github.close, () => app.service.close());
  const created = await createJob(app, 'docs', 'Do the thing');
  await app.service.queue.idle();
  return { app, fixture, github, seen, id: created.body.id };
}

describe('given a repository with house rules', () => {
  it('puts AGENTS.md, CONTRIBUTING.md and the configured style guide into the agent\'s instructions', async () => {
    const { seen } = await runCalls([{ tool: 'list_files', input: {} }], { instructionsFile: 'handbook/STYLE.md' }, (source) => {
      writeFileSync(path.join(source, 'AGENTS.md'), 'Use British spelling in every page.\n');
      writeFileSync(path.join(source, 'CONTRIBUTING.md'), 'Headings use sentence case.\n');
      mkdirSync(path.join(source, 'handbook'));
      writeFileSync(path.join(source, 'handbook', 'STYLE.md'), 'Never use the word "simply".\n');
    });
    expect(seen.system).toContain('<house-rules file="AGENTS.md">\nUse British spelling in every page.\n</house-rules>');
    expect(seen.system).toContain('<house-rules file="CONTRIBUTING.md">\nHeadings use sentence case.\n</house-rules>');
    expect(seen.system).toContain('<house-rules file="handbook/STYLE.md">\nNever use the word "simply".\n</house-rules>');
  });

  it('lets the agent read any repository file but write only docs pages', async () => {
    const { seen, fixture, id } = await runCalls(
      [
        { tool: 'read_repository_file', input: { path: 'package.json' } },
        { tool: 'read_repository_file', input: { path: '.git/config' } },
        { tool: 'write_file', input: { path: '../package.json', content: '{}' } },
      ],
      {},
    );
    expect(seen.outputs.map((output) => output.type)).toEqual(['json', 'error-text', 'error-text']);
    expect(seen.outputs[0]?.value).toMatchObject({ path: 'package.json', content: '{"name": "fixture-docs"}\n' });
    expect(showFile(fixture.bare as string, `docs-assistant/${id}`, 'package.json')).toBeUndefined();
  });

  it('refuses writes to the pages the project marks as generated', async () => {
    const { seen } = await runCalls(
      [
        { tool: 'write_file', input: { path: 'reference/api.md', content: '# API\n' } },
        { tool: 'edit_file', input: { path: 'reference/cli.md', oldText: 'generated', newText: 'edited' } },
        { tool: 'write_file', input: { path: 'guides/new.md', content: '# New\n' } },
      ],
      { protectedPaths: ['reference/**'] },
      (source) => {
        mkdirSync(path.join(source, 'docs', 'reference'));
        writeFileSync(path.join(source, 'docs', 'reference', 'cli.md'), '# CLI\n\nThis page is generated.\n');
      },
    );
    expect(seen.outputs.map((output) => output.type)).toEqual(['error-text', 'error-text', 'json']);
    expect(seen.outputs[0]?.value).toContain('refused path "reference/api.md": the project marks it as generated or do-not-edit (reference/**)');
  });
});

describe('given pages the agent breaks', () => {
  it('reports broken links, anchors and frontmatter in the tool result and lists what is left in the pull request', async () => {
    const page = [
      '---',
      'title: [unclosed',
      '---',
      '',
      '# New guide',
      '',
      'See [Deploy](deploy.mdx#missing-heading), [the quickstart](../quickstart.md#quickstart), [nowhere](nowhere.md) and [this page](#new-guide).',
      '',
    ].join('\n');
    const { seen, github, app, id } = await runCalls([{ tool: 'write_file', input: { path: 'guides/new.md', content: page } }]);
    const written = seen.outputs[0]?.value as { problems: string[] };
    expect(written.problems).toEqual([
      expect.stringMatching(/^guides\/new\.md:1: the frontmatter does not parse: /),
      'guides/new.md:7: the link "deploy.mdx#missing-heading" points to a heading "#missing-heading" that guides/deploy.mdx does not have',
      'guides/new.md:7: the link "nowhere.md" points to a page that does not exist',
    ]);
    expect(github.pulls[0]?.body).toContain('## Checks\n\n3 problems left for a reviewer:\n\n- guides/new.md:1: the frontmatter does not parse');
    const events = await call<{ events: { text: string }[] }>(app, 'GET', `/v2/agent/docs/job/${id}/events`);
    expect(events.body.events.filter((event) => event.text.startsWith('check: '))).toHaveLength(3);
  });
});
