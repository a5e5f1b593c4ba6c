// Agent jobs across two server processes on one PostgreSQL: a job created on one is run once and read on
// the other, and a job whose instance is killed (SIGKILL) in the middle of its turn is taken over by the
// other once its lease runs out, resumed as the restart rules say, and finished there.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresForThisFile } from '../support/postgres.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { startCli } from './support/cli.ts';
import { ASSISTANT_KEY, FIXTURE_DOCS } from './support/assistant.ts';
import { startChatCompletionsModel, type ChatCompletionsModel } from './support/chatCompletionsModel.ts';
import { branchCommits, createFixtureRepository, showFile } from '../fixtures/agent/repo.ts';
import { ADMIN_KEY } from '../fixtures/agent/api.ts';
import type { AgentJob } from '../../src/wire.ts';

const BIN = fileURLToPath(new URL('../../bin/docs-assistant.js', import.meta.url));
const temporaryFolder = temporaryFolders('da-agent-instances-');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
const postgres = postgresForThisFile();

afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')) : null)));
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

interface Instance {
  url: string;
  child: ChildProcess;
  /** The key it sends the model, which tells the model's callers apart. */
  modelKey: string;
}

async function startInstance(name: string, databaseUrl: string, source: string, model: ChatCompletionsModel): Promise<Instance> {
  const args = [
    'serve', FIXTURE_DOCS, '--port', '0', '--no-watch', '--assistant-key', ASSISTANT_KEY, '--data', temporaryFolder(), '--database-url', databaseUrl,
    '--admin-key', ADMIN_KEY, '--project', `docs=${source}`, '--agent-model', `openai-compatible:editor@${model.baseUrl}`, '--agent-lease', '2',
  ];
  const modelKey = `model-key-${name}`;
  const started = await startCli(BIN, args, { env: { ...process.env, DOCS_ASSISTANT_MODEL_API_KEY: modelKey }, track: (child) => children.push(child) });
  return { url: started.url, child: started.child, modelKey };
}

async function agent<T>(instance: Instance, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function waitForStatus(instance: Instance, id: string, status: AgentJob['status'], timeout: number): Promise<AgentJob> {
  let job: AgentJob | undefined;
  await vi.waitFor(
    async () => {
      job = (await agent<AgentJob>(instance, 'GET', `/v2/agent/docs/job/${id}`)).body;
      expect(job.status).toBe(status);
    },
    { timeout, interval: 100 },
  );
  return job as AgentJob;
}

describe('given two instances sharing agent jobs on one PostgreSQL', () => {
  it('runs a job created on one and reads it on the other, and finishes on the other a job whose instance was killed mid-turn', { timeout: 120_000 }, async (context) => {
    const database = postgres.current();
    if (!database) return context.skip();
    const fixture = createFixtureRepository();
    cleanups.push(fixture.cleanup);
    /** Whose call of the upgrade guide's turn is held open (the instance to kill). */
    let heldFor: string | undefined;
    const model = await startChatCompletionsModel((call) => {
      if (call.prompt === 'Add a page about limits') {
        return call.step === 0 ? { tool: 'write_file', input: { path: 'limits.md', content: '# Limits\n\nTwelve questions an hour.\n' } } : 'Added a limits page.';
      }
      if (call.prompt === 'Write the upgrade guide') {
        // The first instance to run this turn never gets an answer: it is killed while it waits.
        heldFor ??= call.apiKey;
        if (call.apiKey === heldFor) return 'hold';
        return call.step === 0 ? { tool: 'write_file', input: { path: 'upgrade.md', content: '# Upgrade\n\nRun npm update.\n' } } : 'Wrote the upgrade guide.';
      }
      return 'Nothing to change.';
    });
    cleanups.push(() => model.close());
    const databaseUrl = await database.newDatabase();
    const instances = await Promise.all([startInstance('a', databaseUrl, fixture.source, model), startInstance('b', databaseUrl, fixture.source, model)]);
    const [first, second] = instances;

    // Created on the first, read on the second (the review page too, from the pushed branch).
    const limits = await agent<AgentJob>(first, 'POST', '/v2/agent/docs/job', { prompt: 'Add a page about limits' });
    expect(limits.status).toBe(201);
    const finished = await waitForStatus(second, limits.body.id, 'completed', 30_000);
    const review = await fetch(`${second.url}${new URL(finished.prLink as string).pathname}?format=json`);
    expect(review.status).toBe(200);
    expect(((await review.json()) as { diff: string }).diff).toContain('+Twelve questions an hour.');
    // Run once: one instance made the turn's two model calls, no other call was made for it.
    const limitsCalls = model.calls.filter((call) => call.prompt === 'Add a page about limits');
    expect(limitsCalls.map((call) => call.step)).toEqual([0, 1]);
    expect(new Set(limitsCalls.map((call) => call.apiKey)).size).toBe(1);

    // Created on the second; whichever instance runs it is killed in the middle of the turn.
    const upgrade = await agent<AgentJob>(second, 'POST', '/v2/agent/docs/job', { prompt: 'Write the upgrade guide' });
    expect(upgrade.status).toBe(201);
    await vi.waitFor(() => expect(heldFor).toBeDefined(), { timeout: 30_000, interval: 50 });
    const killed = instances.find((instance) => instance.modelKey === heldFor) as Instance;
    const survivor = instances.find((instance) => instance !== killed) as Instance;
    await new Promise((resolve) => killed.child.once('exit', resolve).kill('SIGKILL'));

    // The survivor takes the job over once the lease (2 s) runs out and its next look for work (every 5 s) sees it.
    const done = await waitForStatus(survivor, upgrade.body.id, 'completed', 45_000);
    expect(done.prLink).not.toBeNull();
    const events = await agent<{ events: { text: string }[] }>(survivor, 'GET', `/v2/agent/docs/job/${upgrade.body.id}/events`);
    const texts = events.body.events.map((event) => event.text);
    expect(texts).toContain('turn 1 resumed after a server restart');
    expect(texts.filter((text) => text === 'completed')).toHaveLength(1);
    const branch = `docs-assistant/${upgrade.body.id}`;
    expect(branchCommits(fixture.source, branch)).toEqual(['docs: Write the upgrade guide']);
    expect(showFile(fixture.source, branch, 'docs/upgrade.md')).toBe('# Upgrade\n\nRun npm update.\n');
    const upgradeCalls = model.calls.filter((call) => call.prompt === 'Write the upgrade guide');
    expect(upgradeCalls.map((call) => [call.apiKey, call.step])).toEqual([
      [killed.modelKey, 0],
      [survivor.modelKey, 0],
      [survivor.modelKey, 1],
    ]);

    const listed = await agent<{ jobs: AgentJob[]; total: number }>(survivor, 'GET', '/v2/agent/docs/jobs');
    expect(listed.body.total).toBe(2);
    expect(listed.body.jobs.map((job) => job.status)).toEqual(['completed', 'completed']);
  });
});
