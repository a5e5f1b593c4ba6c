// Follow-ups from pull request comments: GitHub posts `pull_request_review_comment` and `issue_comment`
// events here (signed with the webhook secret); a comment by a user with write access on an agent's
// pull request becomes a follow-up of its job. Everything else is acknowledged with 204 and ignored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bodyTooLarge, jsonError } from '../http/errors.ts';
import { githubRepositoryOf } from './pullRequest.ts';
import type { AgentService } from './service.ts';
import type { StoredJob } from './types.ts';

/** In the agent's own comments, so they never come back as follow-ups. */
export const AGENT_COMMENT_MARKER = '<!-- docs-assistant -->';

/** GitHub's payloads can be large (a review comment carries the diff hunk). */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

function validSignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

interface CommentEvent {
  action?: string;
  repository?: { full_name?: string };
  sender?: { login?: string; type?: string };
  comment?: { body?: string; path?: string; line?: number | null; user?: { login?: string; type?: string } };
  pull_request?: { number?: number };
  issue?: { number?: number; pull_request?: unknown };
}

/** The comment as a follow-up prompt; a review comment names the file and line it is on. */
function promptOf(event: CommentEvent): string {
  const body = (event.comment?.body ?? '').trim();
  const where = event.comment?.path ? `Review comment on ${event.comment.path}${event.comment.line ? ` line ${event.comment.line}` : ''}:\n\n` : '';
  return `${where}${body}`;
}

/** `queueFollowUp` applies the follow-up route's rules (state, limits) and answers their refusal, or null when queued. */
export function createGithubWebhookRoutes(
  service: AgentService,
  secret: string,
  queueFollowUp: (c: Context, job: StoredJob, prompt: string) => Promise<Response | null>,
): Hono {
  const app = new Hono();
  app.use('/v2/agent/github/webhook', bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: (c) => bodyTooLarge(c, `body: must be at most ${MAX_WEBHOOK_BYTES} bytes`) }));
  app.post('/v2/agent/github/webhook', async (c) => {
    const body = await c.req.text();
    if (!validSignature(secret, body, c.req.header('x-hub-signature-256'))) {
      return jsonError(c, 401, 'x-hub-signature-256: missing or not signed with the webhook secret');
    }
    const kind = c.req.header('x-github-event') ?? '';
    let event: CommentEvent;
    try {
      event = JSON.parse(body) as CommentEvent;
    } catch {
      return jsonError(c, 400, 'body: not JSON');
    }
    const number = kind === 'pull_request_review_comment' ? event.pull_request?.number : kind === 'issue_comment' && event.issue?.pull_request ? event.issue.number : undefined;
    const author = event.comment?.user ?? event.sender;
    const text = event.comment?.body ?? '';
    // Only new comments by people on agent pull requests; the agent's own comments never loop back.
    if (event.action !== 'created' || typeof number !== 'number' || !author?.login || author.type === 'Bot' || text.includes(AGENT_COMMENT_MARKER) || text.trim() === '') {
      return c.body(null, 204);
    }
    const fullName = (event.repository?.full_name ?? '').toLowerCase();
    for (const projectId of service.projectIds()) {
      const project = service.project(projectId);
      if (!project?.config.githubToken || !project.publisher.canWrite) continue;
      const { owner, repo } = githubRepositoryOf(project.config, projectId);
      if (`${owner}/${repo}`.toLowerCase() !== fullName) continue;
      const job = await service.store.getJobByPullRequest(projectId, number);
      if (!job || job.status === 'archived') continue;
      if (!(await project.publisher.canWrite(author.login))) return c.body(null, 204);
      const refused = await queueFollowUp(c, job, promptOf(event));
      if (refused) return refused;
      return c.json({ jobId: job.id, message: 'Follow-up queued from the comment' }, 202);
    }
    return c.body(null, 204);
  });
  return app;
}
