import { describe, expect, it } from 'vitest';
import { createLanguageModel, parseModelSpec } from '../../server/assistant/model.ts';
import { runAgentCli } from '../../server/agent/cli.ts';
import { createAgentRoutes } from '../../server/agent/routes.ts';
import type { AgentBudgets } from '../../server/agent/types.ts';
import { agentTestLifecycle } from '../fixtures/agent/lifecycle.ts';
import { ADMIN_KEY, call, createJob, getJob, sendMessage } from '../fixtures/agent/api.ts';
import { latestUserText, startOpenAiPeer, stepsSinceUser, type PeerMessage, type PeerReply } from '../fixtures/agent/openaiPeer.ts';
import { branchCommits, createFixtureRepository, showFile } from '../fixtures/agent/repo.ts';

const { defer } = agentTestLifecycle();

const FIX = 'Fix the typos in the quickstart';

/** The agent against a scripted OpenAI-compatible server over HTTP. */
async function start(script: (messages: PeerMessage[]) => PeerReply, budgets: AgentBudgets = {}) {
  const fixture = createFixtureRepository();
  const peer = await startOpenAiPeer(script);
  const app = createAgentRoutes({
    projects: { docs: { repository: fixture.source } },
    adminKeys: [ADMIN_KEY],
    dataDir: fixture.dataDir,
    model: createLanguageModel(parseModelSpec(`openai-compatible:docs-editor@${peer.baseURL}`), {}),
    budgets,
  });
  defer(fixture.cleanup, peer.close, () => app.service.close());
  return { app, fixture, peer, service: app.service };
}

/** Fixes "Instal" in two steps; fails with HTTP 500 while `state.down`. */
function typoFixer(state: { down: boolean }) {
  return (messages: PeerMessage[]): PeerReply => {
    if (state.down) return { status: 500, error: 'upstream overloaded' };
    if (stepsSinceUser(messages) === 0) return { toolCalls: [{ name: 'edit_file', arguments: { path: 'quickstart.md', oldText: 'Instal the', newText: 'Install the' } }] };
    return { text: 'Fixed "Instal" in the quickstart.' };
  };
}

/** The conversation part of a request (without the system prompt), as role and text. */
function conversation(messages: PeerMessage[]): { role: string; content: string | null }[] {
  return messages.filter((message) => message.role !== 'system').map(({ role, content }) => ({ role, content }));
}

describe('given a job whose turn failed at the model', () => {
  it('names the model error, and a follow-up reaches the model together with the failed request', async () => {
    const state = { down: true };
    const { app, fixture, peer, service } = await start(typoFixer(state));
    const created = await createJob(app, 'docs', FIX);
    await service.queue.idle();
    const failed = (await getJob(app, 'docs', created.body.id)).body;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^model error: .*upstream overloaded/);

    state.down = false;
    peer.requests.length = 0;
    await sendMessage(app, 'docs', created.body.id, 'Please retry.');
    await service.queue.idle();
    expect(conversation(peer.requests[0] ?? [])).toEqual([
      { role: 'user', content: FIX },
      { role: 'assistant', content: `(This request failed: ${failed.error}. Nothing of it was committed; it has not been carried out.)` },
      { role: 'user', content: 'Please retry.' },
    ]);
    const job = (await getJob(app, 'docs', created.body.id)).body;
    expect(job).toMatchObject({ status: 'completed', lastMessage: 'Fixed "Instal" in the quickstart.' });
    expect(showFile(fixture.source, `docs-assistant/${created.body.id}`, 'docs/quickstart.md')).toContain('Install the package');
  });

  it('retries the failed request as it was through POST .../retry, and refuses other states', async () => {
    const state = { down: true };
    const { app, fixture, peer, service } = await start(typoFixer(state));
    const created = await createJob(app, 'docs', FIX);
    await service.queue.idle();
    const id = created.body.id;

    expect((await call(app, 'POST', `/v2/agent/docs/job/${id}/retry`, { key: null })).status).toBe(401);
    expect((await call(app, 'POST', '/v2/agent/docs/job/aaaaaaaaaaaaaaaaaaaa/retry')).status).toBe(404);
    state.down = false;
    peer.requests.length = 0;
    const retried = await call(app, 'POST', `/v2/agent/docs/job/${id}/retry`);
    expect(retried).toMatchObject({ status: 200, body: { id, status: 'active', message: 'The failed request was queued again' } });
    await service.queue.idle();

    expect(conversation(peer.requests[0] ?? [])).toEqual([{ role: 'user', content: FIX }]);
    expect((await getJob(app, 'docs', id)).body.status).toBe('completed');
    expect(branchCommits(fixture.source, `docs-assistant/${id}`)).toEqual([`docs: ${FIX}`]);
    const again = await call(app, 'POST', `/v2/agent/docs/job/${id}/retry`);
    expect(again).toMatchObject({ status: 409, body: { error: 'status: only a failed job can be retried; this one is completed' } });
    const events = await call<{ events: { text: string }[] }>(app, 'GET', `/v2/agent/docs/job/${id}/events`);
    expect(events.body.events.map((event) => event.text)).toContain('retry requested: turn 1 queued again');
  });
});

describe('given what the agent replied', () => {
  it('shows the reply of a turn that changed nothing as lastMessage and in the events', async () => {
    const { app, service } = await start(() => ({ text: 'The quickstart has no typos left, so I changed nothing.' }));
    const created = await createJob(app, 'docs', 'Check the quickstart for typos');
    await service.queue.idle();
    const job = (await getJob(app, 'docs', created.body.id)).body;
    expect(job).toMatchObject({ status: 'completed', prLink: null, lastMessage: 'The quickstart has no typos left, so I changed nothing.' });
    const events = await call<{ events: { text: string }[] }>(app, 'GET', `/v2/agent/docs/job/${created.body.id}/events`);
    expect(events.body.events.map((event) => event.text)).toEqual([
      'job created',
      'turn 1 started',
      'turn 1 reply: The quickstart has no typos left, so I changed nothing.',
      'turn 1 changed nothing, so nothing was committed (the reply above says why)',
      'completed',
    ]);
  });
});

describe('given tool calls the model gets wrong', () => {
  it('names an unknown tool as the cause when the turn runs out of steps, in the error, the events and the review page', async () => {
    const { app, service } = await start(() => ({ toolCalls: [{ name: 'delete_everything', arguments: {} }] }), { maxSteps: 3 });
    const created = await createJob(app, 'docs', 'Clean up');
    await service.queue.idle();
    const job = (await getJob(app, 'docs', created.body.id)).body;
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^the turn used its budget of 3 steps without finishing \(last tool error in delete_everything: .*unavailable tool 'delete_everything'/);
    const events = await call<{ events: { text: string }[] }>(app, 'GET', `/v2/agent/docs/job/${created.body.id}/events`);
    expect(events.body.events.filter((event) => event.text.startsWith('tool error in delete_everything'))).toHaveLength(3);
    const token = (await service.store.getJobById(created.body.id))?.reviewToken ?? '';
    const page = await call(app, 'GET', `/agent/review/${created.body.id}/${token}`, { key: null });
    expect(String(page.body)).toContain('Why it failed');
    expect(String(page.body)).toContain('unavailable tool &#39;delete_everything&#39;');
  });

  it('names bad arguments', async () => {
    const { app, service } = await start(() => ({ toolCalls: [{ name: 'write_file', arguments: '{"path": 1}' }] }), { maxSteps: 2 });
    const created = await createJob(app, 'docs', 'Write');
    await service.queue.idle();
    expect((await getJob(app, 'docs', created.body.id)).body.error).toContain('(last tool error in write_file: Invalid input for tool write_file');
  });

  it('never sends a server path to the model: a missing file is named by its docs path', async () => {
    const { app, fixture, peer, service } = await start((messages) =>
      stepsSinceUser(messages) === 0 ? { toolCalls: [{ name: 'read_file', arguments: { path: 'guides/missing.md' } }] } : { text: 'The page does not exist.' },
    );
    await createJob(app, 'docs', 'Read the missing page');
    await service.queue.idle();
    const toolMessage = peer.requests[1]?.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toContain('no such file: guides/missing.md');
    expect(JSON.stringify(peer.requests)).not.toContain(fixture.root);
    expect(latestUserText(peer.requests[1] ?? [])).toBe('Read the missing page');
  });
});

describe('given the agent command line waiting on a follow-up', () => {
  it('prints only the new turn\'s events, in order, ends with the final status, and states a 429 wait once', async () => {
    const { app, service } = await start(typoFixer({ down: false }));
    const created = await createJob(app, 'docs', FIX);
    await service.queue.idle();
    const eventsBefore = (await service.store.events(created.body.id, 0)).length;
    const errors: string[] = [];
    let refusedPolls = 0;
    // A gateway in front of the server that refuses the first two polls of the job with 429.
    const throughGateway = (input: RequestInfo | URL, init?: RequestInit) => {
      const isJobPoll = (init?.method ?? 'GET') === 'GET' && String(input).endsWith(`/job/${created.body.id}`);
      if (isJobPoll && refusedPolls < 2) {
        refusedPolls += 1;
        return Promise.resolve(Response.json({ error: 'too many polls' }, { status: 429, headers: { 'retry-after': '0' } }));
      }
      return app.request(String(input), init);
    };
    const io = {
      out: () => undefined,
      error: (line: string) => errors.push(line),
      environment: { DOCS_ASSISTANT_ADMIN_KEY: ADMIN_KEY, DOCS_ASSISTANT_URL: 'http://agent.test' },
      fetch: throughGateway as typeof fetch,
      pollInterval: { initial: 5, max: 20 },
    };
    expect(await runAgentCli(['message', created.body.id, 'Check it again', '--project', 'docs', '--wait'], io)).toBe(0);

    const newEvents = (await service.store.events(created.body.id, eventsBefore)).map((event) => `  ${event.text}`);
    expect(newEvents[0]).toBe('  follow-up received');
    expect(errors.filter((line) => line.startsWith('  ') && !line.startsWith('  rate limited'))).toEqual(newEvents);
    expect(errors.filter((line) => line.startsWith('  rate limited'))).toEqual(['  rate limited (too many polls); waiting 1 s between polls']);
    expect(errors.at(-1)).toMatch(/^\[\d+s\] completed$/);
  });
});
