import { describe, expect, it } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import type { AgentBudgets } from '../../server/agent/types.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, createJob, getJob } from '../fixtures/agent/api.ts';
import { createScriptedModel } from '../fixtures/agent/model.ts';
import type { Script } from '../fixtures/agent/model.ts';
import { branchCommits, branches, createFixtureRepository, runGit } from '../fixtures/agent/repo.ts';

const { defer } = agentTestLifecycle();

async function runJob(script: Script, budgets: AgentBudgets, prompt = 'Write pages') {
  const fixture = createFixtureRepository();
  const app = createAgentRoutes({ projects: { docs: { repository: fixture.source } }, adminKeys: [ADMIN_KEY], dataDir: fixture.dataDir, model: createScriptedModel(script), budgets });
  defer(fixture.cleanup, () => app.service.close());
  const created = await createJob(app, 'docs', prompt);
  await app.service.queue.idle();
  const job = (await getJob(app, 'docs', created.body.id)).body;
  return { fixture, job, branch: `docs-assistant/${created.body.id}`, worktree: `${fixture.dataDir}/worktrees/${created.body.id}` };
}

const writesThreePages: Script = (_prompt, step) =>
  step === 0
    ? ['one', 'two', 'three'].map((name) => ({ tool: 'write_file', input: { path: `${name}.md`, content: `# ${name}\n\n${'words '.repeat(30)}\n` } }))
    : 'Wrote three pages.';

describe('given per-turn write budgets', () => {
  it('fails a turn that changes more files than allowed, naming the limit and committing nothing', async () => {
    const { fixture, job, worktree } = await runJob(writesThreePages, { maxFilesPerTurn: 2 });
    expect(job.status).toBe('failed');
    expect(job.error).toBe('the turn changed 3 files, over the limit of 2 files per turn (--agent-max-files-per-turn); nothing was committed');
    expect(branches(fixture.source)).toEqual(['main']);
    expect(runGit(worktree, 'status', '--porcelain')).toBe('');
  });

  it('fails a turn that writes more bytes than allowed', async () => {
    const { job } = await runJob(writesThreePages, { maxBytesPerTurn: 300 });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^the turn wrote \d+ bytes, over the limit of 300 bytes per turn \(--agent-max-bytes-per-turn\); nothing was committed$/);
  });

  it('commits a turn within both budgets', async () => {
    const { fixture, job, branch } = await runJob(writesThreePages, { maxFilesPerTurn: 3, maxBytesPerTurn: 1000 });
    expect(job.status).toBe('completed');
    expect(branchCommits(fixture.source, branch)).toEqual(['docs: Write pages']);
  });
});

const repliesWithNul: Script = (_prompt, step) =>
  step === 0 ? [{ tool: 'write_file', input: { path: 'nul.md', content: '# Page\n' } }] : 'Wrote\0 the page.';

describe('given NUL characters in the request and the reply', () => {
  it('finishes the turn and commits, showing them as U+FFFD', async () => {
    const { fixture, job, branch } = await runJob(repliesWithNul, {}, 'Write\0 a page');
    expect(job.status).toBe('completed');
    expect(branchCommits(fixture.source, branch)).toEqual(['docs: Write\uFFFD a page']);
    expect(runGit(fixture.source, 'log', '-1', '--format=%b', branch)).toContain('Wrote\uFFFD the page.');
  });
});
