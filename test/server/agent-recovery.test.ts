import { existsSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, createJob, getJob, sendMessage } from '../fixtures/agent/api.ts';
import { aborted, createScriptedModel, gate } from '../fixtures/agent/model.ts';
import type { Script } from '../fixtures/agent/model.ts';
import { branchCommits, branches, createFixtureRepository, runGit, showFile } from '../fixtures/agent/repo.ts';
import type { FixtureRepository } from '../fixtures/agent/repo.ts';


const { defer } = agentTestLifecycle();

const never = gate();

/** A model that half-writes a page, then hangs: the server "crashes" in the middle of the turn. */
const crashesMidTurn: Script = async (_prompt, step) => {
  if (step === 0) return [{ tool: 'write_file', input: { path: 'half.md', content: 'half-written\n' } }];
  await never.promise;
  return 'unreachable';
};

const finishes: Script = (_prompt, step) =>
  step === 0 ? [{ tool: 'write_file', input: { path: 'complete.md', content: '# Complete\n' } }] : 'Wrote the complete page.';

/** Starts a server process stand-in on the fixture's data folder; an abandoned one is a crashed process. */
async function boot(fixture: FixtureRepository, script: Script) {
  const app = createAgentRoutes({ projects: { docs: { repository: fixture.source } }, adminKeys: [ADMIN_KEY], dataDir: fixture.dataDir, model: createScriptedModel(script) });
  await app.service.recover();
  return app;
}

async function crashDuringTurn(fixture: FixtureRepository, attempt: number, jobId?: string): Promise<string> {
  const app = await boot(fixture, crashesMidTurn);
  const id = jobId ?? (await createJob(app, 'docs', 'Write a page')).body.id;
  const halfWritten = path.join(fixture.dataDir, 'worktrees', id, 'docs', 'half.md');
  // The turn of this attempt is running (older leftovers were discarded before it began) and has written.
  await vi.waitFor(
    async () => {
      expect((await app.service.store.turns(id))[0]).toMatchObject({ state: 'running', attempts: attempt });
      expect(existsSync(halfWritten)).toBe(true);
    },
    { timeout: 15_000, interval: 10 },
  );
  // The process is gone: its queue never finishes; its store connection is released and its data-folder
  // lock file stays behind, as after a kill.
  app.service.abandon();
  return id;
}

describe('given a server that stopped while a job was active', () => {
  it('resumes the interrupted turn on restart, dropping what it had half-written', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const id = await crashDuringTurn(fixture, 1);

    const restarted = await boot(fixture, finishes);
    defer(() => restarted.service.close());
    await restarted.service.queue.idle();
    const job = await getJob(restarted, 'docs', id);
    expect(job.body.status).toBe('completed');
    expect(job.body.prLink).not.toBeNull();
    const branch = `docs-assistant/${id}`;
    expect(branchCommits(fixture.source, branch)).toEqual(['docs: Write a page']);
    expect(showFile(fixture.source, branch, 'docs/complete.md')).toBe('# Complete\n');
    expect(showFile(fixture.source, branch, 'docs/half.md')).toBeUndefined();
    const events = await restarted.request(`/v2/agent/docs/job/${id}/events`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(JSON.stringify(await events.json())).toContain('turn 1 resumed after a server restart');
  });

  it('fails the job with the reason when the turn was interrupted again after resuming', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const id = await crashDuringTurn(fixture, 1);
    await crashDuringTurn(fixture, 2, id);

    const restarted = await boot(fixture, finishes);
    defer(() => restarted.service.close());
    await restarted.service.queue.idle();
    const job = await getJob(restarted, 'docs', id);
    expect(job.body).toMatchObject({ status: 'failed', prLink: null });
    expect(job.body.error).toBe('the server restarted during turn 1 2 times; nothing of that turn was committed');
    expect(branches(fixture.source)).toEqual(['main']);
  });

  it('fails a job whose project is no longer configured instead of leaving it active', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const id = await crashDuringTurn(fixture, 1);
    const restarted = createAgentRoutes({
      projects: { handbook: { repository: fixture.source } },
      adminKeys: [ADMIN_KEY],
      dataDir: fixture.dataDir,
      model: createScriptedModel(finishes),
    });
    defer(() => restarted.service.close());
    await restarted.service.recover();
    await restarted.service.queue.idle();
    const stored = await restarted.service.store.getJobById(id);
    expect(stored).toMatchObject({ status: 'failed', error: 'project docs is no longer configured on this server' });
  });

  it('resumes a turn stopped by a graceful shutdown without counting it as a crash', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const first = await boot(fixture, async (_prompt, step, signal) => {
      if (step === 0) return [{ tool: 'write_file', input: { path: 'half.md', content: 'half-written\n' } }];
      return aborted(signal);
    });
    const id = (await createJob(first, 'docs', 'Write a page')).body.id;
    await vi.waitFor(() => expect(existsSync(path.join(fixture.dataDir, 'worktrees', id, 'docs', 'half.md'))).toBe(true), { timeout: 15_000, interval: 10 });
    await first.service.close();

    const restarted = await boot(fixture, finishes);
    defer(() => restarted.service.close());
    await restarted.service.queue.idle();
    expect((await restarted.service.store.turns(id))[0]).toMatchObject({ state: 'done', attempts: 1 });
    const job = await getJob(restarted, 'docs', id);
    expect(job.body.status).toBe('completed');
    expect(showFile(fixture.source, `docs-assistant/${id}`, 'docs/half.md')).toBeUndefined();
    expect(showFile(fixture.source, `docs-assistant/${id}`, 'docs/complete.md')).toBe('# Complete\n');
  });
});

describe('given a job archived while this server was down, or through another instance', () => {
  it('removes the worktree it still has of that job at start, keeping the branch', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const first = await boot(fixture, finishes);
    const id = (await createJob(first, 'docs', 'Write a page')).body.id;
    await first.service.queue.idle();
    const worktree = path.join(fixture.dataDir, 'worktrees', id);
    expect(existsSync(worktree)).toBe(true);
    // Archived elsewhere: the record says so, this instance's worktree is still on its disk.
    await first.service.store.updateJob(id, { status: 'archived', archivedAt: new Date().toISOString() });
    await first.service.close();

    const restarted = await boot(fixture, finishes);
    // close() waits for the start's clean-up.
    await restarted.service.close();
    expect(existsSync(worktree)).toBe(false);
    expect(branchCommits(fixture.source, `docs-assistant/${id}`)).toEqual(['docs: Write a page']);
  });
});

describe('given a running job whose lease another instance took over', () => {
  it('stops its turn and leaves the job to the new holder, writing nothing more about it', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const app = createAgentRoutes({
      projects: { docs: { repository: fixture.source } },
      adminKeys: [ADMIN_KEY],
      dataDir: fixture.dataDir,
      model: createScriptedModel(async (_prompt, step, signal) => (step === 0 ? [{ tool: 'write_file', input: { path: 'half.md', content: 'half-written\n' } }] : aborted(signal))),
      leaseMs: 300,
    });
    defer(() => app.service.close());
    const id = (await createJob(app, 'docs', 'Write a page')).body.id;
    await vi.waitFor(() => expect(existsSync(path.join(fixture.dataDir, 'worktrees', id, 'docs', 'half.md'))).toBe(true), { timeout: 15_000, interval: 10 });

    // Another instance on the same database holds the job now (as after a pause longer than the lease).
    const database = new DatabaseSync(path.join(fixture.dataDir, 'agent-jobs.sqlite'));
    defer(() => database.close());
    database.prepare("update agent_jobs set lease_owner = 'another-instance', lease_expires_at = ? where id = ?").run(Date.now() + 60_000, id);
    const eventsBefore = (await app.service.store.events(id, 0)).length;

    // The runner's next renewal finds the lease gone: it stops the model call and leaves.
    await app.service.queue.idle();
    const job = await app.service.store.getJobById(id);
    expect(job).toMatchObject({ status: 'active', error: null });
    expect((await app.service.store.turns(id))[0]).toMatchObject({ state: 'running', attempts: 1 });
    expect(await app.service.store.events(id, eventsBefore)).toEqual([]);
    expect(database.prepare('select lease_owner from agent_jobs where id = ?').get(id)).toEqual({ lease_owner: 'another-instance' });
    expect(branches(fixture.source)).toEqual(['main']);
  });
});

describe('given a server killed after it pushed a turn but before it stored that the turn was done', () => {
  it('takes the turn as done from its pushed commit instead of running it again', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const first = await boot(fixture, finishes);
    const id = (await createJob(first, 'docs', 'Write a page')).body.id;
    await first.service.queue.idle();
    const pushed = runGit(fixture.source, 'rev-parse', `docs-assistant/${id}`).trim();
    // What a kill between the push and the store's update leaves: the turn running, the job active.
    await first.service.store.updateTurn(id, 1, { state: 'running', reply: null, commit: null });
    await first.service.store.updateJob(id, { status: 'active' });
    first.service.abandon();

    let modelCalls = 0;
    const restarted = await boot(fixture, (prompt, step, signal) => {
      modelCalls += 1;
      return finishes(prompt, step, signal);
    });
    defer(() => restarted.service.close());
    await restarted.service.queue.idle();
    expect(modelCalls).toBe(0);
    expect((await restarted.service.store.turns(id))[0]).toMatchObject({ state: 'done', commit: pushed, reply: 'Wrote the complete page.' });
    expect((await getJob(restarted, 'docs', id)).body.status).toBe('completed');
    expect(branchCommits(fixture.source, `docs-assistant/${id}`)).toEqual(['docs: Write a page']);
  });
});

describe('given a server killed while git held its locks', () => {
  it('removes the stale index.lock a killed `git add` left and retries the turn', async () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    const id = await crashDuringTurn(fixture, 1);
    const worktree = path.join(fixture.dataDir, 'worktrees', id);
    // What `git add` leaves when its process is killed: the worktree's index lock (and a ref lock of the clone).
    const indexLock = path.resolve(worktree, runGit(worktree, 'rev-parse', '--git-path', 'index.lock').trim());
    writeFileSync(indexLock, '');
    const packedRefsLock = path.join(fixture.dataDir, 'repos', 'docs.git', 'packed-refs.lock');
    writeFileSync(packedRefsLock, '');

    const restarted = await boot(fixture, finishes);
    defer(() => restarted.service.close());
    await restarted.service.queue.idle();
    const job = await getJob(restarted, 'docs', id);
    expect(job.body).toMatchObject({ status: 'completed' });
    expect(showFile(fixture.source, `docs-assistant/${id}`, 'docs/complete.md')).toBe('# Complete\n');
    expect(existsSync(indexLock)).toBe(false);
    expect(existsSync(packedRefsLock)).toBe(false);

    // A follow-up after the recovery works too: nothing of the crash is left.
    await sendMessage(restarted, 'docs', id, 'Write another page');
    await restarted.service.queue.idle();
    expect((await getJob(restarted, 'docs', id)).body.status).toBe('completed');
  });
});
