import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, call, createJob, getJob, sendMessage } from '../fixtures/agent/api.ts';
import { createScriptedModel, type Script } from '../fixtures/agent/model.ts';
import { startGithubStandIn } from '../fixtures/agent/githubServer.ts';
import { createFixtureRepository, showFile } from '../fixtures/agent/repo.ts';
import { startWebhookReceiver } from '../fixtures/agent/webhookReceiver.ts';

const { defer } = agentTestLifecycle();
const SECRET = 'webhook-secret-for-tests';

const fixesTypo: Script = (prompt, step) => {
  if (prompt.startsWith('Break')) return new Error('the model provider is down');
  if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'Instal the', newText: 'Install the' } }];
  return 'Fix a typo\n\nFixed "Instal".';
};

async function start(retryDelaysMs = [5, 5]) {
  const fixture = createFixtureRepository();
  const receiver = await startWebhookReceiver();
  const app = createAgentRoutes({
    projects: { docs: { repository: fixture.source } },
    adminKeys: [ADMIN_KEY],
    dataDir: fixture.dataDir,
    model: createScriptedModel(fixesTypo),
    statusWebhook: { url: receiver.url, secret: SECRET, retryDelaysMs, timeoutMs: 5000, onGiveUp: () => undefined },
  });
  defer(fixture.cleanup, receiver.close, () => app.service.close());
  return { app, receiver, service: app.service };
}

function parsed(body: string): { event: string; job: { id: string; status: string; lastMessage?: string } } {
  return JSON.parse(body) as { event: string; job: { id: string; status: string; lastMessage?: string } };
}

describe('given a status webhook', () => {
  it('posts every status change of a job, signed with the secret', async () => {
    const { app, receiver, service } = await start();
    const created = await createJob(app, 'docs', 'Fix the typo');
    await service.queue.idle();
    await sendMessage(app, 'docs', created.body.id, 'Break it');
    await service.queue.idle();
    await call(app, 'POST', `/v2/agent/docs/job/${created.body.id}/archive`);
    await vi.waitFor(() => expect(receiver.deliveries).toHaveLength(5), { timeout: 10_000, interval: 10 });

    expect(receiver.deliveries.map((delivery) => parsed(delivery.body).event)).toEqual(['job.created', 'job.completed', 'job.active', 'job.failed', 'job.archived']);
    for (const delivery of receiver.deliveries) {
      const expected = `sha256=${createHmac('sha256', SECRET).update(delivery.body).digest('hex')}`;
      expect(delivery.headers['x-docs-assistant-signature-256']).toBe(expected);
      expect(delivery.headers['x-docs-assistant-event']).toBe(parsed(delivery.body).event);
      expect(parsed(delivery.body).job.id).toBe(created.body.id);
    }
    expect(parsed(receiver.deliveries[1]?.body ?? '{}').job.lastMessage).toBe('Fix a typo\n\nFixed "Instal".');
  });

  it('retries a failed delivery with backoff, and gives up after the last retry', async () => {
    const { app, receiver, service } = await start([5, 5]);
    receiver.statuses.push(500, 503);
    await createJob(app, 'docs', 'Fix the typo');
    await service.queue.idle();
    // created: 500, 503, then 200 on the third attempt; completed: 200.
    await vi.waitFor(() => expect(receiver.deliveries).toHaveLength(4), { timeout: 10_000, interval: 10 });
    const ids = receiver.deliveries.map((delivery) => delivery.headers['x-docs-assistant-delivery']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[1]).toBe(ids[2]);
    expect(ids[3]).not.toBe(ids[2]);
  });

  it('never holds a job back while the receiver does not answer', async () => {
    const { app, receiver, service } = await start();
    receiver.hold = true;
    const created = await createJob(app, 'docs', 'Fix the typo');
    await service.queue.idle();
    expect((await getJob(app, 'docs', created.body.id)).body.status).toBe('completed');
    expect(receiver.deliveries.length).toBeGreaterThanOrEqual(1);
  });
});

const GITHUB_TOKEN = 'ghp_webhook_token';
const GITHUB_SECRET = 'github-webhook-secret';

async function startWithGithub() {
  const fixture = createFixtureRepository({ bare: true });
  const github = await startGithubStandIn({ bareRepository: fixture.bare as string, token: GITHUB_TOKEN, permissions: { maintainer: 'write', visitor: 'read' } });
  const app = createAgentRoutes({
    projects: { docs: { repository: fixture.bare as string, githubToken: GITHUB_TOKEN, githubApiUrl: github.url, githubRepository: 'acme/docs' } },
    adminKeys: [ADMIN_KEY],
    dataDir: fixture.dataDir,
    model: createScriptedModel(commentFollower),
    githubWebhookSecret: GITHUB_SECRET,
  });
  defer(fixture.cleanup, github.close, () => app.service.close());
  const created = await createJob(app, 'docs', 'Fix the typo');
  await app.service.queue.idle();
  return { app, fixture, github, service: app.service, jobId: created.body.id };
}

/** Fixes the typo; for a review comment asking to, also removes the doubled word. */
const commentFollower: Script = (prompt, step) => {
  if (prompt.includes('doubled')) {
    if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'run the the server', newText: 'run the server' } }];
    return 'Remove a doubled word\n\nRemoved "the the".';
  }
  if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'Instal the', newText: 'Install the' } }];
  return 'Fix a typo\n\nFixed "Instal".';
};

function postWebhook(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, event: string, payload: unknown, secret: string | null = GITHUB_SECRET) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-github-event': event };
  if (secret !== null) headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return app.request('http://agent.test/v2/agent/github/webhook', { method: 'POST', headers, body });
}

function reviewComment(login: string, body: string, number = 1) {
  return {
    action: 'created',
    repository: { full_name: 'acme/docs' },
    sender: { login, type: 'User' },
    pull_request: { number },
    comment: { body, path: 'docs/quickstart.md', line: 3, user: { login, type: 'User' } },
  };
}

describe('given a GitHub webhook for pull request comments', () => {
  it('queues a signed review comment by a user with write access as a follow-up on the job', async () => {
    const { app, fixture, service, jobId } = await startWithGithub();
    const response = await postWebhook(app, 'pull_request_review_comment', reviewComment('maintainer', 'Please also fix the doubled word here.'));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ jobId, message: 'Follow-up queued from the comment' });
    await service.queue.idle();
    const turns = await service.store.turns(jobId);
    expect(turns.at(-1)).toMatchObject({ prompt: 'Review comment on docs/quickstart.md line 3:\n\nPlease also fix the doubled word here.', state: 'done' });
    expect(showFile(fixture.bare as string, `docs-assistant/${jobId}`, 'docs/quickstart.md')).toContain('then run the server.');
  });

  it('takes an issue comment on the pull request too', async () => {
    const { app, service, jobId } = await startWithGithub();
    const payload = { action: 'created', repository: { full_name: 'acme/docs' }, issue: { number: 1, pull_request: { url: 'x' } }, comment: { body: 'Fix the doubled word as well', user: { login: 'maintainer', type: 'User' } } };
    expect((await postWebhook(app, 'issue_comment', payload)).status).toBe(202);
    await service.queue.idle();
    expect((await service.store.turns(jobId)).at(-1)?.prompt).toBe('Fix the doubled word as well');
  });

  it('refuses an unsigned or wrongly signed delivery with 401', async () => {
    const { app, service, jobId } = await startWithGithub();
    const unsigned = await postWebhook(app, 'pull_request_review_comment', reviewComment('maintainer', 'Do it'), null);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: 'x-hub-signature-256: missing or not signed with the webhook secret' });
    expect((await postWebhook(app, 'pull_request_review_comment', reviewComment('maintainer', 'Do it'), 'wrong-secret')).status).toBe(401);
    expect(await service.store.turns(jobId)).toHaveLength(1);
  });

  it('ignores with 204 other events, readers without write access, the agent\'s own comments and other pull requests', async () => {
    const { app, service, jobId } = await startWithGithub();
    expect((await postWebhook(app, 'push', { ref: 'refs/heads/main' })).status).toBe(204);
    expect((await postWebhook(app, 'pull_request_review_comment', reviewComment('visitor', 'Delete everything'))).status).toBe(204);
    expect((await postWebhook(app, 'pull_request_review_comment', reviewComment('maintainer', 'Follow-up: done\n\n<!-- docs-assistant -->'))).status).toBe(204);
    expect((await postWebhook(app, 'pull_request_review_comment', reviewComment('maintainer', 'Fix it', 99))).status).toBe(204);
    expect((await postWebhook(app, 'pull_request_review_comment', { ...reviewComment('maintainer', 'Fix it'), action: 'edited' })).status).toBe(204);
    expect(await service.store.turns(jobId)).toHaveLength(1);
  });
});
