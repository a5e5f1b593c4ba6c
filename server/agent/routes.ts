// The agent-job HTTP routes (`/v2/agent/...`, admin key) and the local review page.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { bodyTooLarge, jsonError } from '../http/errors.ts';
import { createAdminKeyring } from './auth.ts';
import { rateLimitHeaders } from '../http/limits.ts';
import type { LimitPolicy } from '../store/rateLimits.ts';
import { createGithubWebhookRoutes } from './githubWebhook.ts';
import { createReviewRoutes } from './reviewPage.ts';
import { createAgentService, JOB_ID_PATTERN, JobStateError } from './service.ts';
import type { AgentService } from './service.ts';
import { toWireJob } from './types.ts';
import type { AgentServiceOptions, StoredJob } from './types.ts';

/** Longest prompt accepted, in characters. */
export const MAX_PROMPT_LENGTH = 20_000;
const MAX_BODY_BYTES = 64 * 1024;
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const promptBody = z.object({ prompt: z.unknown() });

type Parsed = { ok: true; prompt: string } | { ok: false; error: string };

async function readPrompt(c: Context): Promise<Parsed> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, error: 'body: must be a JSON object like {"prompt": "..."}' };
  }
  const parsed = promptBody.safeParse(body);
  if (!parsed.success || parsed.data.prompt === undefined) return { ok: false, error: 'prompt: is required' };
  const prompt = parsed.data.prompt;
  if (typeof prompt !== 'string') return { ok: false, error: 'prompt: must be a string' };
  if (prompt.trim().length === 0) return { ok: false, error: 'prompt: must contain at least 1 non-blank character' };
  if (prompt.length > MAX_PROMPT_LENGTH) return { ok: false, error: `prompt: must be at most ${MAX_PROMPT_LENGTH} characters` };
  return { ok: true, prompt };
}

function parseCount(value: string | undefined, name: string, fallback: number, min: number, max: number): number | string {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) return `${name}: must be a whole number from ${min} to ${max}`;
  return Number(value);
}

function jobNotFound(c: Context): Response {
  return jsonError(c, 404, `id: no job "${c.req.param('id')}" in this project`);
}

/**
 * Counts one use of `policy` for the project (fixed UTC hours, stored with the jobs, so a restart does not reset
 * them); sets the RateLimit headers; answers 429 with Retry-After over the limit, else null.
 */
async function overLimit(c: Context, service: AgentService, policy: LimitPolicy, projectId: string, now: number, what: string): Promise<Response | null> {
  const decision = await service.store.rateLimits.consume([{ policy, subject: projectId }], now);
  for (const [name, value] of Object.entries(rateLimitHeaders(decision.states))) c.header(name, value);
  if (decision.admitted) return null;
  c.header('Retry-After', String(decision.retryAfterSeconds));
  return jsonError(c, 429, `limit: ${policy.limit} ${what} per project per hour; retry in ${decision.retryAfterSeconds} s`);
}

/** 409 for a transition the job's state forbids; anything else is a real error. */
function conflict(c: Context, error: unknown): Response {
  if (error instanceof JobStateError) return jsonError(c, error.status as ContentfulStatusCode, error.message);
  throw error;
}

export interface AgentRoutesOptions extends AgentServiceOptions {
  /** With it, `POST /v2/agent/github/webhook` turns signed pull request comments into follow-ups. */
  githubWebhookSecret?: string;
  /** An already created service (tests reuse one across two apps); created from the options otherwise. */
  service?: AgentService;
}

/** The agent routes as a Hono sub-app; mount with `app.route('/', routes)`. Call (and await) `routes.service.recover()` once on start. */
export function createAgentRoutes(options: AgentRoutesOptions): Hono & { service: AgentService } {
  const service = options.service ?? createAgentService(options);
  const now = options.now ?? Date.now;
  const keyring = createAdminKeyring(
    options.adminKeys ?? [],
    Object.fromEntries(Object.entries(options.projects).map(([id, project]) => [id, project.adminKeys ?? []])),
  );
  // 0 turns a limit off, as for the assistant's limits.
  const createPolicy: LimitPolicy = { name: 'agent-create-hour', limit: options.limits?.createPerHour ?? 100, window: 'hour' };
  const messagePolicy: LimitPolicy = { name: 'agent-message-hour', limit: options.limits?.messagePerHour ?? 100, window: 'hour' };

  /** A follow-up under the job's state rules and the hourly limit: the refusal, or the updated job. */
  async function queueFollowUp(c: Context, job: StoredJob, prompt: string): Promise<Response | StoredJob> {
    try {
      await service.assertCanSendMessage(job);
    } catch (error) {
      return conflict(c, error);
    }
    const refused = await overLimit(c, service, messagePolicy, job.projectId, now(), 'follow-up messages');
    if (refused) return refused;
    return service.sendMessage(job, prompt);
  }

  const app = new Hono();
  if (options.githubWebhookSecret) {
    const secret = options.githubWebhookSecret;
    app.route(
      '/',
      createGithubWebhookRoutes(service, secret, async (c, job, prompt) => {
        const queued = await queueFollowUp(c, job, prompt);
        return queued instanceof Response ? queued : null;
      }),
    );
  }
  app.use(
    '/v2/agent/*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => bodyTooLarge(c, `body: must be at most ${MAX_BODY_BYTES} bytes`) }),
  );
  app.use('/v2/agent/:projectId/*', async (c, next) => {
    // The GitHub webhook authenticates by its signature, not by an admin key.
    if (options.githubWebhookSecret && c.req.path === '/v2/agent/github/webhook') return next();
    const result = keyring.check(c.req.header('authorization'), c.req.param('projectId') ?? '');
    if (!result.ok) return jsonError(c, result.status, result.error);
    c.header('Cache-Control', 'no-store');
    await next();
  });

  // Beyond the spec: which projects this key may use (the CLI picks the only one when --project is left out).
  app.get('/v2/agent', (c) => {
    const result = keyring.projectsFor(c.req.header('authorization'));
    if (!result.ok) return jsonError(c, result.status, result.error);
    c.header('Cache-Control', 'no-store');
    return c.json({ projects: result.projects ?? [] });
  });

  const wire = async (job: StoredJob) => toWireJob(job, await service.store.turns(job.id));

  async function findJob(c: Context): Promise<StoredJob | undefined> {
    const id = c.req.param('id') ?? '';
    return JOB_ID_PATTERN.test(id) ? service.store.getJob(c.req.param('projectId') ?? '', id) : undefined;
  }
  app.post('/v2/agent/:projectId/job', async (c) => {
    const parsed = await readPrompt(c);
    if (!parsed.ok) return jsonError(c, 400, parsed.error);
    const projectId = c.req.param('projectId');
    const refused = await overLimit(c, service, createPolicy, projectId, now(), 'new agent jobs');
    if (refused) return refused;
    const job = await service.createJob(projectId, parsed.prompt, new URL(c.req.url).origin);
    return c.json({ ...(await wire(job)), message: 'Agent job created' }, 201);
  });

  app.get('/v2/agent/:projectId/jobs', async (c) => {
    const skip = parseCount(c.req.query('skip'), 'skip', 0, 0, 1_000_000);
    const take = parseCount(c.req.query('take'), 'take', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    if (typeof skip === 'string') return jsonError(c, 400, skip);
    if (typeof take === 'string') return jsonError(c, 400, take);
    const page = await service.store.listJobs(c.req.param('projectId'), skip, take);
    return c.json({ jobs: await Promise.all(page.jobs.map(wire)), total: page.total, skip, take });
  });

  app.get('/v2/agent/:projectId/job/:id', async (c) => {
    const job = await findJob(c);
    return job ? c.json(await wire(job)) : jobNotFound(c);
  });

  app.get('/v2/agent/:projectId/job/:id/events', async (c) => {
    const job = await findJob(c);
    if (!job) return jobNotFound(c);
    const after = parseCount(c.req.query('after'), 'after', 0, 0, Number.MAX_SAFE_INTEGER);
    if (typeof after === 'string') return jsonError(c, 400, after);
    return c.json({ job: await wire(job), events: await service.store.events(job.id, after) });
  });

  app.post('/v2/agent/:projectId/job/:id/message', async (c) => {
    const parsed = await readPrompt(c);
    if (!parsed.ok) return jsonError(c, 400, parsed.error);
    const job = await findJob(c);
    if (!job) return jobNotFound(c);
    const queued = await queueFollowUp(c, job, parsed.prompt);
    if (queued instanceof Response) return queued;
    return c.json({ ...(await wire(queued)), message: 'Message sent to the agent job' }, 200);
  });

  // Beyond the spec: runs a failed job's failed request again, as it was (and the follow-ups it cancelled).
  app.post('/v2/agent/:projectId/job/:id/retry', async (c) => {
    const job = await findJob(c);
    if (!job) return jobNotFound(c);
    if (job.status !== 'failed') return conflict(c, new JobStateError(`status: only a failed job can be retried; this one is ${job.status}`));
    const refused = await overLimit(c, service, messagePolicy, job.projectId, now(), 'follow-up messages');
    if (refused) return refused;
    return c.json({ ...(await wire(await service.retry(job))), message: 'The failed request was queued again' }, 200);
  });

  app.post('/v2/agent/:projectId/job/:id/archive', async (c) => {
    const job = await findJob(c);
    if (!job) return jobNotFound(c);
    try {
      return c.json(await wire(await service.archive(job)));
    } catch (error) {
      return conflict(c, error);
    }
  });

  app.route('/', createReviewRoutes(service));
  return Object.assign(app, { service });
}
