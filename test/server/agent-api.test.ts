import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import type { AgentRoutesOptions } from '../../server/agent/routes.ts';
import type { AgentJob } from '../../src/wire.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, call, createJob, getJob, sendMessage } from '../fixtures/agent/api.ts';
import { createScriptedModel, gate } from '../fixtures/agent/model.ts';
import type { Script } from '../fixtures/agent/model.ts';
import { branchCommits, createFixtureRepository } from '../fixtures/agent/repo.ts';


const { defer } = agentTestLifecycle();

const nothingToDo: Script = () => 'Nothing to change.';

function start(script: Script = nothingToDo, options: Partial<AgentRoutesOptions> = {}) {
  const fixture = createFixtureRepository();
  // A second project over the same repository: projects are separate by id (own clone, limits, keys).
  const app = createAgentRoutes({
    projects: {
      docs: { repository: fixture.source },
      handbook: { repository: fixture.source, adminKeys: ['da_admin_handbook_only'] },
    },
    adminKeys: [ADMIN_KEY],
    dataDir: fixture.dataDir,
    model: createScriptedModel(script),
    ...options,
  });
  defer(fixture.cleanup, () => app.service.close());
  return { app, fixture, service: app.service };
}

describe('given requests with various keys', () => {
  it('answers 401 without a key or with an unknown key', async () => {
    const { app } = start();
    expect(await call(app, 'POST', '/v2/agent/docs/job', { body: { prompt: 'x' }, key: null })).toMatchObject({
      status: 401,
      body: { error: 'authorization: missing "Bearer <admin key>" header' },
    });
    expect(await call(app, 'GET', '/v2/agent/docs/jobs', { key: 'da_admin_wrong' })).toMatchObject({ status: 401, body: { error: 'authorization: unknown admin key' } });
  });

  it('answers 403 to an assistant key', async () => {
    const { app } = start();
    const response = await call(app, 'POST', '/v2/agent/docs/job', { body: { prompt: 'x' }, key: 'mint_dsc_public123' });
    expect(response.status).toBe(403);
    expect(response.body.error).toContain('assistant keys cannot manage agent jobs');
  });

  it('answers 404 for an unknown project', async () => {
    const { app } = start();
    expect(await call(app, 'POST', '/v2/agent/nope/job', { body: { prompt: 'x' } })).toMatchObject({
      status: 404,
      body: { error: 'projectId: no project "nope" on this server' },
    });
  });

  it('accepts a project key on its own project only, and a server-wide key on every project', async () => {
    const { app } = start();
    expect((await call(app, 'GET', '/v2/agent/handbook/jobs', { key: 'da_admin_handbook_only' })).status).toBe(200);
    expect(await call(app, 'GET', '/v2/agent/docs/jobs', { key: 'da_admin_handbook_only' })).toMatchObject({
      status: 401,
      body: { error: 'authorization: this admin key is not valid for this project' },
    });
    expect((await call(app, 'GET', '/v2/agent/handbook/jobs')).status).toBe(200);
    expect((await call(app, 'GET', '/v2/agent/docs/jobs')).status).toBe(200);
  });
});

describe('given the project list (beyond the spec)', () => {
  it('lists the projects each key may use', async () => {
    const { app } = start();
    expect(await call(app, 'GET', '/v2/agent')).toMatchObject({ status: 200, body: { projects: ['docs', 'handbook'] } });
    expect(await call(app, 'GET', '/v2/agent', { key: 'da_admin_handbook_only' })).toMatchObject({ status: 200, body: { projects: ['handbook'] } });
    expect((await call(app, 'GET', '/v2/agent', { key: null })).status).toBe(401);
    expect((await call(app, 'GET', '/v2/agent', { key: 'mint_dsc_public' })).status).toBe(403);
  });
});

describe('given invalid bodies', () => {
  it.each([
    ['no prompt', { body: {} }, 'prompt: is required'],
    ['a number', { body: { prompt: 42 } }, 'prompt: must be a string'],
    ['an empty prompt', { body: { prompt: '' } }, 'prompt: must contain at least 1 non-blank character'],
    ['a blank prompt', { body: { prompt: '   ' } }, 'prompt: must contain at least 1 non-blank character'],
    ['a too long prompt', { body: { prompt: 'x'.repeat(20_001) } }, 'prompt: must be at most 20000 characters'],
    ['malformed JSON', { rawBody: '{"prompt": ' }, 'body: must be a JSON object like {"prompt": "..."}'],
    ['an array', { body: ['prompt'] }, 'prompt: is required'],
  ])('answers 400 naming the field for %s, and creates no job', async (_name, request, error) => {
    const { app } = start();
    expect(await call(app, 'POST', '/v2/agent/docs/job', request)).toMatchObject({ status: 400, body: { error } });
    expect((await call<{ total: number }>(app, 'GET', '/v2/agent/docs/jobs')).body.total).toBe(0);
  });

  it('answers 413 to a body over 64 KiB', async () => {
    const { app } = start();
    const response = await call(app, 'POST', '/v2/agent/docs/job', { body: { prompt: 'x'.repeat(70_000) } });
    expect(response).toMatchObject({ status: 413, body: { error: 'body: must be at most 65536 bytes' } });
  });

  it('answers 400 to a follow-up without a prompt, and 400 to bad pagination', async () => {
    const { app, service } = start();
    const created = await createJob(app, 'docs', 'Check the docs');
    await service.queue.idle();
    expect(await call(app, 'POST', `/v2/agent/docs/job/${created.body.id}/message`, { body: { text: 'hi' } })).toMatchObject({
      status: 400,
      body: { error: 'prompt: is required' },
    });
    expect(await call(app, 'GET', '/v2/agent/docs/jobs?take=0')).toMatchObject({ status: 400, body: { error: 'take: must be a whole number from 1 to 100' } });
    expect(await call(app, 'GET', '/v2/agent/docs/jobs?skip=-1')).toMatchObject({ status: 400, body: { error: 'skip: must be a whole number from 0 to 1000000' } });
  });

  it('answers 404 for unknown, malformed and other-project job ids', async () => {
    const { app, service } = start();
    const created = await createJob(app, 'docs', 'Check the docs');
    await service.queue.idle();
    expect(await getJob(app, 'docs', 'aaaaaaaaaaaaaaaaaaaa')).toMatchObject({ status: 404, body: { error: 'id: no job "aaaaaaaaaaaaaaaaaaaa" in this project' } });
    expect((await getJob(app, 'docs', '..%2F..%2Fetc')).status).toBe(404);
    expect((await getJob(app, 'handbook', created.body.id)).status).toBe(404);
    expect((await sendMessage(app, 'docs', 'aaaaaaaaaaaaaaaaaaaa', 'more')).status).toBe(404);
  });
});

describe('given the hourly limits', () => {
  it('answers 429 with Retry-After once a project used its creates, and counts follow-ups separately', async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const { app, service } = start(nothingToDo, { now: () => clock, limits: { createPerHour: 2, messagePerHour: 1 } });
    const first = await createJob(app, 'docs', 'One');
    clock += 1_000_000;
    expect((await createJob(app, 'docs', 'Two')).status).toBe(201);
    const refused = await createJob(app, 'docs', 'Three');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(3600 - 1000));
    expect(refused.body).toEqual({ error: 'limit: 2 new agent jobs per project per hour; retry in 2600 s' });
    expect(refused.headers.get('ratelimit-policy')).toBe('"agent-create-hour";q=2;w=3600');
    expect(refused.headers.get('ratelimit')).toBe('"agent-create-hour";r=0;t=2600');
    // Another project has its own budget.
    expect((await createJob(app, 'handbook', 'Elsewhere')).status).toBe(201);

    await service.queue.idle();
    expect((await sendMessage(app, 'docs', first.body.id, 'Follow-up')).status).toBe(200);
    await service.queue.idle();
    const secondFollowUp = await sendMessage(app, 'docs', first.body.id, 'Another');
    expect(secondFollowUp.status).toBe(429);
    expect(secondFollowUp.body.error).toContain('1 follow-up messages per project per hour');

    clock += 2_600_000;
    expect((await createJob(app, 'docs', 'Four')).status).toBe(201);
    await service.queue.idle();
  });

  it('keeps counting across a restart', async () => {
    const clock = Date.parse('2026-11-22T10:00:00Z');
    const { app, fixture } = start(nothingToDo, { now: () => clock, limits: { createPerHour: 1 } });
    expect((await createJob(app, 'docs', 'One')).status).toBe(201);
    await app.service.close();
    const restarted = createAgentRoutes({
      projects: { docs: { repository: fixture.source } },
      adminKeys: [ADMIN_KEY],
      dataDir: fixture.dataDir,
      now: () => clock,
      limits: { createPerHour: 1 },
    });
    defer(() => restarted.service.close());
    expect((await createJob(restarted, 'docs', 'Two')).status).toBe(429);
  });

  it('has no limit when it is set to 0', async () => {
    const { app } = start(nothingToDo, { limits: { createPerHour: 0 } });
    for (let index = 0; index < 3; index += 1) expect((await createJob(app, 'docs', `Job ${index}`)).status).toBe(201);
  });

  it('does not count refused requests', async () => {
    const { app } = start(nothingToDo, { limits: { createPerHour: 1 } });
    await call(app, 'POST', '/v2/agent/docs/job', { body: { prompt: '' } });
    await call(app, 'POST', '/v2/agent/docs/job', { body: { prompt: 'x' }, key: null });
    expect((await createJob(app, 'docs', 'Counted')).status).toBe(201);
  });
});

describe('given the job states', () => {
  it('queues a follow-up sent while a turn runs and runs it next on the same branch', async () => {
    const firstTurn = gate();
    const { app, fixture, service } = start(async (prompt, step) => {
      if (prompt === 'First') {
        if (step === 0) {
          await firstTurn.promise;
          return [{ tool: 'write_file', input: { path: 'one.md', content: '# One\n' } }];
        }
        return 'Wrote one.';
      }
      if (step === 0) return [{ tool: 'write_file', input: { path: 'two.md', content: '# Two\n' } }];
      return 'Wrote two.';
    });
    const created = await createJob(app, 'docs', 'First');
    const followUp = await sendMessage(app, 'docs', created.body.id, 'Second');
    expect(followUp).toMatchObject({ status: 200, body: { status: 'active', prLink: null } });
    firstTurn.open();
    await service.queue.idle();
    const job = await getJob(app, 'docs', created.body.id);
    expect(job.body.status).toBe('completed');
    expect(branchCommits(fixture.source, `docs-assistant/${created.body.id}`)).toEqual(['docs: First', 'docs: Second']);
  });

  it('refuses to archive an active job, archives a finished one once, and refuses follow-ups after', async () => {
    const hold = gate();
    const { app, fixture, service } = start(async () => {
      await hold.promise;
      return 'Nothing to change.';
    });
    const created = await createJob(app, 'docs', 'Check');
    const early = await call(app, 'POST', `/v2/agent/docs/job/${created.body.id}/archive`);
    expect(early).toMatchObject({ status: 409, body: { error: 'status: the job is active; archive it once it has completed or failed' } });
    hold.open();
    await service.queue.idle();

    const archived = await call<AgentJob>(app, 'POST', `/v2/agent/docs/job/${created.body.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.status).toBe('archived');
    expect(Number.isNaN(Date.parse(archived.body.archivedAt ?? ''))).toBe(false);
    const again = await call<AgentJob>(app, 'POST', `/v2/agent/docs/job/${created.body.id}/archive`);
    expect(again.body).toEqual(archived.body);

    const followUp = await sendMessage(app, 'docs', created.body.id, 'More');
    expect(followUp).toMatchObject({ status: 409, body: { error: 'status: the job is archived; start a new job instead' } });
    await vi.waitFor(() => expect(existsSync(path.join(fixture.dataDir, 'worktrees', created.body.id))).toBe(false), { timeout: 15_000, interval: 10 });
    expect((await getJob(app, 'docs', created.body.id)).body).toEqual(archived.body);
  });

  it('lets a follow-up revive a failed job', async () => {
    let failing = true;
    const { app, service } = start(() => (failing ? new Error('model down') : 'Recovered.'));
    const created = await createJob(app, 'docs', 'Try');
    await service.queue.idle();
    expect((await getJob(app, 'docs', created.body.id)).body).toMatchObject({ status: 'failed', error: 'model error: model down' });
    failing = false;
    expect((await sendMessage(app, 'docs', created.body.id, 'Try again')).body.status).toBe('active');
    await service.queue.idle();
    const job = await getJob(app, 'docs', created.body.id);
    expect(job.body.status).toBe('completed');
    expect(job.body).not.toHaveProperty('error');
  });
});

describe('given several jobs', () => {
  it('runs at most `concurrency` jobs at once and finishes them all on their own branches', async () => {
    const release = gate();
    let running = 0;
    let most = 0;
    const { app, fixture, service } = start(
      async (prompt, step) => {
        if (step > 0) return `Wrote ${prompt}.`;
        running += 1;
        most = Math.max(most, running);
        await release.promise;
        running -= 1;
        return [{ tool: 'write_file', input: { path: `${prompt}.md`, content: `# ${prompt}\n` } }];
      },
      { concurrency: 2 },
    );
    const ids: string[] = [];
    for (const name of ['alpha', 'beta', 'gamma']) ids.push((await createJob(app, 'docs', name)).body.id);
    await vi.waitFor(() => expect(running).toBe(2), { timeout: 15_000, interval: 10 });
    release.open();
    await service.queue.idle();
    expect(most).toBe(2);
    for (const [index, name] of ['alpha', 'beta', 'gamma'].entries()) {
      const id = ids[index] as string;
      expect((await getJob(app, 'docs', id)).body.status).toBe('completed');
      expect(branchCommits(fixture.source, `docs-assistant/${id}`)).toEqual([`docs: ${name}`]);
    }
  });

  it('lists jobs newest first with skip and take', async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const { app, service } = start(nothingToDo, { now: () => clock });
    const ids: string[] = [];
    for (const prompt of ['a', 'b', 'c']) {
      ids.push((await createJob(app, 'docs', prompt)).body.id);
      clock += 1000;
    }
    await service.queue.idle();
    const page = await call<{ jobs: AgentJob[]; total: number; skip: number; take: number }>(app, 'GET', '/v2/agent/docs/jobs?skip=1&take=1');
    expect(page.body).toMatchObject({ total: 3, skip: 1, take: 1 });
    expect(page.body.jobs.map((job) => job.id)).toEqual([ids[1]]);
    const all = await call<{ jobs: AgentJob[] }>(app, 'GET', '/v2/agent/docs/jobs');
    expect(all.body.jobs.map((job) => job.id)).toEqual(ids.toReversed());
    // The OpenAPI's fields, and lastMessage (beyond it) once a turn has finished.
    expect(Object.keys(all.body.jobs[0] ?? {}).toSorted()).toEqual(['archivedAt', 'createdAt', 'id', 'lastMessage', 'model', 'prLink', 'source', 'status']);
  });
});

describe('given a project configuration that would widen the jail', () => {
  it.each([['../outside'], ['/etc']])('refuses docsFolder %s at start', (docsFolder) => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    expect(() => createAgentRoutes({ projects: { docs: { repository: fixture.source, docsFolder } }, dataDir: fixture.dataDir })).toThrow(
      'project docs: docsFolder must be a relative path inside the repository',
    );
  });

  it('refuses an option-like ref at start', () => {
    const fixture = createFixtureRepository();
    defer(fixture.cleanup);
    expect(() => createAgentRoutes({ projects: { docs: { repository: fixture.source, ref: '--upload-pack=touch /tmp/x' } }, dataDir: fixture.dataDir })).toThrow('unsafe git ref');
  });
});

