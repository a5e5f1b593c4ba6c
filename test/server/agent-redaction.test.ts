import { describe, expect, it } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import { createRedactor, publicModelName, publicRepository } from '../../server/agent/redact.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, call, createJob, getJob } from '../fixtures/agent/api.ts';
import { createScriptedModel } from '../fixtures/agent/model.ts';
import { createFixtureRepository } from '../fixtures/agent/repo.ts';

const { defer } = agentTestLifecycle();

const SECRET = 's3cr3t-TOKEN-42';
// Port 9 (discard) refuses on loopback: the clone fails, and the failure is what a reader of the job sees.
const REPOSITORY_WITH_CREDENTIALS = `http://reader:${SECRET}@127.0.0.1:9/acme/docs.git`;

describe('given a project whose repository URL carries credentials', () => {
  it('never shows them: not in the job, the list, the events, the error or the review page', async () => {
    const fixture = createFixtureRepository();
    const app = createAgentRoutes({
      projects: { docs: { repository: REPOSITORY_WITH_CREDENTIALS } },
      adminKeys: [ADMIN_KEY],
      dataDir: fixture.dataDir,
      model: createScriptedModel(() => 'Done.'),
      modelName: 'openai-compatible:docs-editor@http://10.9.8.7:1234/v1',
    });
    defer(fixture.cleanup, () => app.service.close());
    const created = await createJob(app, 'docs', 'Fix the typos');
    expect(created.body.source).toEqual({ repository: 'http://127.0.0.1:9/acme/docs.git', ref: 'main' });
    expect(created.body.model).toBe('openai-compatible:docs-editor');
    await app.service.queue.idle();

    const job = await getJob(app, 'docs', created.body.id);
    expect(job.body.status).toBe('failed');
    const list = await call(app, 'GET', '/v2/agent/docs/jobs');
    const events = await call(app, 'GET', `/v2/agent/docs/job/${created.body.id}/events`);
    const reviewToken = (await app.service.store.getJobById(created.body.id))?.reviewToken ?? '';
    const reviewHtml = await call(app, 'GET', `/agent/review/${created.body.id}/${reviewToken}`, { key: null });
    const reviewJson = await call(app, 'GET', `/agent/review/${created.body.id}/${reviewToken}?format=json`, { key: null });
    expect(reviewHtml.status).toBe(200);
    for (const shown of [job.body, list.body, events.body, reviewHtml.body, reviewJson.body]) {
      const text = JSON.stringify(shown);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('reader:');
      expect(text).not.toContain('10.9.8.7');
      expect(text).not.toContain(fixture.dataDir);
    }
    expect(String(reviewHtml.body)).toContain('http://127.0.0.1:9/acme/docs.git');
  });
});

describe('given a project whose repository is a folder on the server', () => {
  it('names it by its folder name, never by its path', async () => {
    const fixture = createFixtureRepository();
    const app = createAgentRoutes({ projects: { docs: { repository: fixture.source } }, adminKeys: [ADMIN_KEY], dataDir: fixture.dataDir });
    defer(fixture.cleanup, () => app.service.close());
    const created = await createJob(app, 'docs', 'Fix the typos');
    await app.service.queue.idle();
    const events = await call(app, 'GET', `/v2/agent/docs/job/${created.body.id}/events`);
    expect(created.body.source.repository).toBe('local:source');
    expect(JSON.stringify(events.body)).not.toContain(fixture.root);
  });
});

describe('given the redaction helpers', () => {
  it('strip credentials from every URL in a text, secrets and server folders', () => {
    const redact = createRedactor(['ghp_abcdef'], [{ path: '/srv/data', label: '<data>' }]);
    expect(redact("fatal: unable to access 'https://x-access-token:ghp_abcdef@github.com/acme/docs.git/' in /srv/data/worktrees/j")).toBe(
      "fatal: unable to access 'https://github.com/acme/docs.git/' in <data>/worktrees/j",
    );
    expect(redact('token ghp_abcdef leaked')).toBe('token [redacted] leaked');
    expect(publicRepository('ssh://git:pw@host.example/acme/docs.git')).toBe('ssh://host.example/acme/docs.git');
    expect(publicRepository('git@github.com:acme/docs.git')).toBe('git@github.com:acme/docs.git');
    expect(publicModelName('openai-compatible:llama@http://10.0.0.2:8080/v1')).toBe('openai-compatible:llama');
    expect(publicModelName('anthropic:claude')).toBe('anthropic:claude');
  });
});
