import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAgentCli } from '../../server/agent/cli.ts';
import {
  AuthError,
  ConflictError,
  createAgentClient,
  NotFoundError,
  RateLimitError,
  ValidationError,
  WaitTimeoutError,
} from '../../server/agent/client.ts';
import { createServer } from '../../server/index.ts';
import type { DocsAssistantServer } from '../../server/index.ts';
import { ADMIN_KEY } from '../fixtures/agent/api.ts';
import { createScriptedModel, gate } from '../fixtures/agent/model.ts';
import type { Script } from '../fixtures/agent/model.ts';
import { createFixtureRepository, showFile } from '../fixtures/agent/repo.ts';
import type { FixtureRepository } from '../fixtures/agent/repo.ts';

const BIN = fileURLToPath(new URL('../../bin/docs-assistant.js', import.meta.url));
const FAST_POLL = { initial: 20, max: 100 };
/** An admin key valid for the docs project only: the CLI needs no --project with it. */
const DOCS_ONLY_KEY = 'da_admin_docs_only_0123';
const held = gate();

// Each job clones and commits with real git: give slow machines room.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const script: Script = async (prompt, step) => {
  if (prompt.startsWith('Hold')) {
    await held.promise;
    return 'Released.';
  }
  if (prompt.startsWith('Fix')) {
    if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'Instal the', newText: 'Install the' } }];
    return 'Fixed a typo.';
  }
  if (prompt.startsWith('Break')) return new Error('the model provider is down');
  return 'Nothing to change.';
};

let fixture: FixtureRepository;
let server: DocsAssistantServer;
let baseUrl: string;
let closeHttp: () => Promise<void>;

beforeAll(async () => {
  fixture = createFixtureRepository();
  const other = createFixtureRepository();
  server = await createServer({
    docsDir: path.join(fixture.source, 'docs'),
    dataDir: fixture.dataDir,
    adminKeys: [ADMIN_KEY],
    watch: false,
    widgetDir: null,
    onWarning: () => undefined,
    agent: {
      projects: { docs: { repository: fixture.source, adminKeys: [DOCS_ONLY_KEY] }, limited: { repository: other.source } },
      model: 'openai:gpt-test',
      concurrency: 2,
      perProjectHour: 30,
      maxSteps: 10,
      turnTimeoutMs: 60_000,
    },
    agentModel: createScriptedModel(script),
  });
  const http = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  closeHttp = () => new Promise((resolve) => http.close(() => resolve()));
  return async () => {
    other.cleanup();
  };
});

afterAll(async () => {
  held.open();
  await closeHttp();
  await server.close();
  fixture.cleanup();
});

function client(overrides: { apiKey?: string; projectId?: string } = {}) {
  return createAgentClient({ baseUrl, apiKey: overrides.apiKey ?? ADMIN_KEY, projectId: overrides.projectId ?? 'docs' });
}

describe('given the typed client against the running server', () => {
  it('creates a job, waits for it with progress and gets the pull request link', async () => {
    const agent = client();
    const job = await agent.createJob('Fix the typos in the quickstart');
    expect(job).toMatchObject({ status: 'active', model: 'openai:gpt-test', prLink: null });
    expect(job).not.toHaveProperty('message');
    const seen: string[] = [];
    const done = await agent.waitForJob(job.id, { pollInterval: FAST_POLL, onProgress: (current) => seen.push(current.status) });
    expect(done.status).toBe('completed');
    expect(done.prLink).toMatch(new RegExp(`^${baseUrl}/agent/review/${job.id}/`));
    expect(seen.at(-1)).toBe('completed');
    expect(showFile(fixture.source, `docs-assistant/${job.id}`, 'docs/quickstart.md')).toContain('Install the package');
    expect(await agent.getJob(job.id)).toEqual(done);

    const review = await fetch(`${done.prLink}?format=json`);
    expect(((await review.json()) as { diff: string }).diff).toContain('+Install the package');

    const events = await agent.getEvents(job.id);
    expect(events.map((event) => event.text)).toContain('edit_file quickstart.md');

    const followUp = await agent.sendMessage(job.id, 'Nothing more');
    expect(followUp.status).toBe('active');
    expect((await agent.waitForJob(job.id, { pollInterval: FAST_POLL })).prLink).toBe(done.prLink);

    const archived = await agent.archiveJob(job.id);
    expect(archived.status).toBe('archived');
    const list = await agent.listJobs({ take: 100 });
    expect(list.jobs.find((listed) => listed.id === job.id)?.status).toBe('archived');
  });

  it('throws typed errors', async () => {
    await expect(client().getJob('aaaaaaaaaaaaaaaaaaaa')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client({ apiKey: 'da_admin_wrong' }).getJob('aaaaaaaaaaaaaaaaaaaa')).rejects.toMatchObject({ name: 'AuthError', status: 401 });
    await expect(client({ apiKey: 'mint_dsc_public' }).createJob('x')).rejects.toBeInstanceOf(AuthError);
    await expect(client({ projectId: 'nope' }).createJob('x')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client().createJob('')).rejects.toMatchObject({ name: 'ValidationError', status: 400, message: 'prompt: must contain at least 1 non-blank character' });
    await expect(client().createJob('   ')).rejects.toBeInstanceOf(ValidationError);

    const agent = client();
    const job = await agent.createJob('Nothing here');
    await agent.waitForJob(job.id, { pollInterval: FAST_POLL });
    await agent.archiveJob(job.id);
    await expect(agent.sendMessage(job.id, 'more')).rejects.toBeInstanceOf(ConflictError);
  });

  it('reports a failed job with its reason', async () => {
    const agent = client();
    const job = await agent.createJob('Break the model');
    const done = await agent.waitForJob(job.id, { pollInterval: FAST_POLL });
    expect(done).toMatchObject({ status: 'failed', prLink: null, error: 'model error: the model provider is down' });
  });

  it('stops waiting at the timeout or when aborted', async () => {
    const agent = client();
    const job = await agent.createJob('Hold on');
    const timedOut = await agent.waitForJob(job.id, { timeout: 100, pollInterval: FAST_POLL }).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(WaitTimeoutError);
    expect((timedOut as WaitTimeoutError).job?.status).toBe('active');
    const controller = new AbortController();
    const waiting = agent.waitForJob(job.id, { signal: controller.signal, pollInterval: FAST_POLL });
    controller.abort(new Error('caller gave up'));
    await expect(waiting).rejects.toThrow('caller gave up');
    held.open();
    expect((await agent.waitForJob(job.id, { pollInterval: FAST_POLL })).status).toBe('completed');
  });

  it('refuses to run in a browser', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    try {
      expect(() => client()).toThrow('runs on servers only');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** Captures what the command prints; talks to the running server with the admin key from the environment. */
function io() {
  const out: string[] = [];
  const error: string[] = [];
  return {
    out,
    error,
    io: {
      out: (line: string) => out.push(line),
      error: (line: string) => error.push(line),
      environment: { DOCS_ASSISTANT_ADMIN_KEY: ADMIN_KEY, DOCS_ASSISTANT_URL: baseUrl } as NodeJS.ProcessEnv,
      pollInterval: FAST_POLL,
    },
  };
}

describe('given the agent command line against the running server', () => {
  it('creates a job with --wait, shows progress and ends with the pull request link', async () => {
    const run = io();
    const code = await runAgentCli(['create', 'Fix the typos in the quickstart', '--project', 'docs', '--wait'], run.io);
    expect(code).toBe(0);
    expect(run.out).toHaveLength(1);
    expect(run.out[0]).toMatch(new RegExp(`^${baseUrl}/agent/review/[a-z2-7]{20}/`));
    const progress = run.error.join('\n');
    expect(progress).toMatch(/created job [a-z2-7]{20}/);
    expect(progress).toContain('completed');
    expect(progress).toContain('edit_file quickstart.md');
  });

  it('gets, messages, lists and archives jobs', async () => {
    const created = io();
    expect(await runAgentCli(['create', 'Nothing to do', '--project', 'docs', '--json'], created.io)).toBe(0);
    const id = (JSON.parse(created.out.join('\n')) as { id: string }).id;

    const waited = io();
    expect(await runAgentCli(['get', id, '--project', 'docs', '--wait'], waited.io)).toBe(0);
    expect(waited.error.join('\n')).toContain('nothing changed, no pull request');

    const followUp = io();
    expect(await runAgentCli(['message', id, 'Still nothing', '--project', 'docs', '--wait'], followUp.io)).toBe(0);
    expect(followUp.error.join('\n')).toContain(`sent follow-up to job ${id}`);

    const listed = io();
    expect(await runAgentCli(['list', '--project', 'docs'], listed.io)).toBe(0);
    expect(listed.out.some((line) => line.startsWith(`${id}  completed`))).toBe(true);

    const archived = io();
    expect(await runAgentCli(['archive', id, '--project', 'docs'], archived.io)).toBe(0);
    expect(archived.out.join('\n')).toContain(`job ${id}: archived`);
  });

  it('exits 1 with the reason for a failed job, and 2 for wrong usage', async () => {
    const failed = io();
    expect(await runAgentCli(['create', 'Break it', '--project', 'docs', '--wait'], failed.io)).toBe(1);
    expect(failed.error.join('\n')).toContain('failed: model error: the model provider is down');

    const missingProject = io();
    expect(await runAgentCli(['create', 'x'], missingProject.io)).toBe(2);
    expect(missingProject.error.join('\n')).toContain('--project: required (this key may use: docs, limited)');

    const fromEnvironment = io();
    fromEnvironment.io.environment = { ...fromEnvironment.io.environment, DOCS_ASSISTANT_PROJECT_ID: 'docs' };
    expect(await runAgentCli(['list', '--take', '1'], fromEnvironment.io)).toBe(0);
    expect(fromEnvironment.out).toHaveLength(1);

    const unknown = io();
    expect(await runAgentCli(['get', 'aaaaaaaaaaaaaaaaaaaa', '--project', 'docs'], unknown.io)).toBe(1);
    expect(unknown.error.join('\n')).toContain('(HTTP 404)');
  });

  it('runs as `docs-assistant agent create "..." --wait` in its own process, the project being the key\'s only one', async () => {
    const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
      const child = execFile(
        process.execPath,
        [BIN, 'agent', 'create', 'Fix the typos in the quickstart', '--wait', '--base-url', baseUrl],
        { env: { ...process.env, DOCS_ASSISTANT_ADMIN_KEY: DOCS_ONLY_KEY } },
        (_error, out, err) => resolve({ stdout: String(out), stderr: String(err), code: child.exitCode }),
      );
    });
    expect(stderr).toContain('completed');
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(new RegExp(`^${baseUrl}/agent/review/[a-z2-7]{20}/[\\w-]+$`));
  });
});

describe('given a project that used its hourly creates', () => {
  it('throws RateLimitError with retryAfter once the hourly limit is used', async () => {
    const limited = client({ projectId: 'limited' });
    for (let index = 0; index < 30; index += 1) await limited.createJob(`Nothing ${index}`);
    const refused = await limited.createJob('One too many').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    // Fixed UTC hours: the wait is whatever is left of the current hour.
    expect((refused as RateLimitError).retryAfter).toBeGreaterThan(0);
    expect((refused as RateLimitError).retryAfter).toBeLessThanOrEqual(3600);
  });
});
