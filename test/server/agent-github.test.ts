import { describe, expect, it } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, createJob, getJob, sendMessage } from '../fixtures/agent/api.ts';
import { startGithubStandIn } from '../fixtures/agent/githubServer.ts';
import { createScriptedModel } from '../fixtures/agent/model.ts';
import type { Script } from '../fixtures/agent/model.ts';
import { branchCommits, branches, createFixtureRepository, showFile } from '../fixtures/agent/repo.ts';


const TOKEN = 'ghp_test_token_123';

const { defer } = agentTestLifecycle();

const script: Script = (prompt, step) => {
  if (prompt.startsWith('Nothing')) return 'Nothing to change.';
  if (prompt.startsWith('Fix')) {
    if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'Instal the', newText: 'Install the' } }];
    return 'Fixed "Instal".';
  }
  if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'run the the server', newText: 'run the server' } }];
  return 'Removed a doubled word.';
};

async function start() {
  const fixture = createFixtureRepository({ bare: true });
  const bare = fixture.bare as string;
  const github = await startGithubStandIn({ bareRepository: bare, token: TOKEN });
  const app = createAgentRoutes({
    projects: {
      docs: { repository: bare, ref: 'main', docsFolder: 'docs', githubToken: TOKEN, githubApiUrl: github.url, githubRepository: 'acme/docs' },
    },
    adminKeys: [ADMIN_KEY],
    dataDir: fixture.dataDir,
    model: createScriptedModel(script),
  });
  defer(fixture.cleanup, github.close, () => app.service.close());
  return { app, bare, github, service: app.service };
}

describe('given a project with a GitHub token', () => {
  it('pushes the branch to the remote and opens a pull request whose URL becomes prLink', async () => {
    const { app, bare, github, service } = await start();
    const created = await createJob(app, 'docs', 'Fix the typos in the quickstart');
    await service.queue.idle();
    const job = await getJob(app, 'docs', created.body.id);
    expect(job.body).toMatchObject({ status: 'completed', prLink: 'https://github.example/acme/docs/pull/1' });

    const branch = `docs-assistant/${created.body.id}`;
    expect(branches(bare)).toContain(branch);
    expect(showFile(bare, branch, 'docs/quickstart.md')).toContain('Install the package');
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]).toMatchObject({ owner: 'acme', repo: 'docs', head: branch, base: 'main', title: 'docs: Fixed "Instal"', headCommitCount: 1, draft: false });
    expect(github.pulls[0]?.body).toContain('Fixed "Instal".');
    expect(github.authorizations.every((header) => header === `token ${TOKEN}`)).toBe(true);
  });

  it('adds the follow-up commit to the same branch and pull request, and comments on it', async () => {
    const { app, bare, github, service } = await start();
    const created = await createJob(app, 'docs', 'Fix the typos in the quickstart');
    await service.queue.idle();
    await sendMessage(app, 'docs', created.body.id, 'Also remove the doubled word');
    await service.queue.idle();

    const job = await getJob(app, 'docs', created.body.id);
    expect(job.body).toMatchObject({ status: 'completed', prLink: 'https://github.example/acme/docs/pull/1' });
    const branch = `docs-assistant/${created.body.id}`;
    expect(branchCommits(bare, branch)).toEqual(['docs: Fix the typos in the quickstart', 'docs: Also remove the doubled word']);
    expect(showFile(bare, branch, 'docs/quickstart.md')).toContain('Install the package with npm, then run the server.');
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]?.comments).toEqual(['Follow-up: Also remove the doubled word\n\nRemoved a doubled word.\n\n<!-- docs-assistant -->']);
  });

  it('fails with the reason when GitHub refuses the pull request', async () => {
    const { app, github, service } = await start();
    github.failNextCreate(422, 'A pull request already exists for acme:docs-assistant/x');
    const created = await createJob(app, 'docs', 'Fix the typos in the quickstart');
    await service.queue.idle();
    const job = await getJob(app, 'docs', created.body.id);
    expect(job.body.status).toBe('failed');
    expect(job.body.prLink).toBeNull();
    expect(job.body.error).toContain('A pull request already exists');
    expect(job.body.error).not.toContain(TOKEN);
  });

  it('opens the pull request on a retry after GitHub refused it once', async () => {
    const { app, github, service } = await start();
    github.failNextCreate(502, 'Server Error');
    const created = await createJob(app, 'docs', 'Fix the typos in the quickstart');
    await service.queue.idle();
    expect((await getJob(app, 'docs', created.body.id)).body.status).toBe('failed');

    // A follow-up that changes nothing still publishes the commit the first turn made.
    await sendMessage(app, 'docs', created.body.id, 'Nothing else; please open the pull request');
    await service.queue.idle();
    const job = await getJob(app, 'docs', created.body.id);
    expect(job.body).toMatchObject({ status: 'completed', prLink: 'https://github.example/acme/docs/pull/1' });
    expect(github.pulls[0]?.headCommitCount).toBe(1);
    // The title comes from the turn that made the change, not from the follow-up that asked to publish it.
    expect(github.pulls[0]?.title).toBe('docs: Fixed "Instal"');
  });
});

const titledReplies: Script = (prompt, step) => {
  if (prompt.startsWith('Also')) {
    if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'run the the server', newText: 'run the server' } }];
    return 'Remove a doubled word\n\nRemoved "the the" in the quickstart.';
  }
  if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'Instal the', newText: 'Install the' } }];
  return 'Fix a typo in the quickstart\n\nChanged "Instal" to "Install" in the first sentence.';
};

async function startWithOptions() {
  const fixture = createFixtureRepository({ bare: true });
  const bare = fixture.bare as string;
  const github = await startGithubStandIn({ bareRepository: bare, token: TOKEN });
  const app = createAgentRoutes({
    projects: {
      docs: {
        repository: bare,
        githubToken: TOKEN,
        githubApiUrl: github.url,
        githubRepository: 'acme/docs',
        pullRequest: { draft: true, labels: ['docs', 'agent'], reviewers: ['docs-lead'] },
      },
    },
    adminKeys: [ADMIN_KEY],
    dataDir: fixture.dataDir,
    model: createScriptedModel(titledReplies),
  });
  defer(fixture.cleanup, github.close, () => app.service.close());
  return { app, github, service: app.service };
}

describe('given a project whose pull requests are drafts with labels and reviewers', () => {
  it('opens a draft titled from the agent\'s summary, with the request, summary, files and checks, labels and reviewers', async () => {
    const { app, github, service } = await startWithOptions();
    await createJob(app, 'docs', 'Please go through the quickstart and fix any spelling mistakes you find in it, thanks');
    await service.queue.idle();
    const pull = github.pulls[0];
    expect(pull).toMatchObject({ title: 'docs: Fix a typo in the quickstart', draft: true, labels: ['docs', 'agent'], reviewers: ['docs-lead'] });
    expect(pull?.body).toBe(
      [
        '## Request',
        '> Please go through the quickstart and fix any spelling mistakes you find in it, thanks',
        '## What the agent did',
        'Changed "Instal" to "Install" in the first sentence.',
        '## Changed files',
        '- `docs/quickstart.md`',
        '## Checks',
        'No broken links or anchors between the changed pages, and their frontmatter parses.',
        '---',
        `Opened by docs-assistant (job \`${(await service.store.listJobs('docs', 0, 1)).jobs[0]?.id}\`); updated on every follow-up. Review every change before merging.`,
      ].join('\n\n'),
    );
  });

  it('updates the body on a follow-up with both requests and the latest summary', async () => {
    const { app, github, service } = await startWithOptions();
    const created = await createJob(app, 'docs', 'Fix the typo');
    await service.queue.idle();
    await sendMessage(app, 'docs', created.body.id, 'Also remove the doubled word');
    await service.queue.idle();
    const pull = github.pulls[0];
    expect(pull?.previousBodies).toHaveLength(1);
    expect(pull?.body).toContain('> Fix the typo\n\nFollow-up 1:\n\n> Also remove the doubled word');
    expect(pull?.body).toContain('## What the agent did\n\nRemoved "the the" in the quickstart.');
    expect(pull?.title).toBe('docs: Fix a typo in the quickstart');
    expect(pull?.comments).toEqual(['Follow-up: Also remove the doubled word\n\nRemove a doubled word\n\nRemoved "the the" in the quickstart.\n\n<!-- docs-assistant -->']);
  });
});
