// The local review page: what a pull request shows (commits, diff, the job's conversation) for
// projects without a GitHub token. Its URL carries a random token, so it opens in a browser without
// the admin key; everything on it is escaped text, and its CSP allows no script at all.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { branchForJob } from './git.ts';
import type { AgentService } from './service.ts';
import { JOB_ID_PATTERN } from './service.ts';
import { toWireJob } from './types.ts';
import { publicRepository } from './redact.ts';
import { jsonError } from '../http/errors.ts';
import { renderReviewPage, REVIEW_CSP } from './reviewPageHtml.ts';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function sameToken(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given));
}

export function createReviewRoutes(service: AgentService): Hono {
  const app = new Hono();
  app.get('/agent/review/:id/:token', async (c) => {
    const id = c.req.param('id');
    const job = JOB_ID_PATTERN.test(id) ? await service.store.getJobById(id) : undefined;
    if (!job || !sameToken(job.reviewToken, c.req.param('token'))) return jsonError(c, 404, 'review: no such review page');
    const project = service.project(job.projectId);
    // A pushed branch is read as pushed, so every instance shows the same page whichever one ran the job.
    const from = { pushed: project?.publisher.pushes === true && job.baseCommit !== null && (await project.repository.fetchPushedBranch(job.id)) };
    const commits = project && job.baseCommit && (from.pushed || !project.publisher.pushes) ? await project.repository.log(job.id, job.baseCommit, from) : [];
    const diff = project && job.baseCommit && commits.length > 0 ? await project.repository.diff(job.id, job.baseCommit, from) : '';
    const storedTurns = await service.store.turns(job.id);
    const turns = storedTurns.map(({ seq, prompt, state, reply, commit, error }) => ({ seq, prompt, state, reply, commit, error }));
    const review = { job: toWireJob(job, storedTurns), branch: branchForJob(job.id), base: job.ref, commits, diff, turns };
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    if (c.req.query('format') === 'json' || (c.req.header('accept') ?? '').includes('application/json')) return c.json(review);
    c.header('Content-Security-Policy', REVIEW_CSP);
    return c.html(
      renderReviewPage({
        branch: review.branch,
        base: job.ref,
        status: job.status,
        repository: publicRepository(job.repository),
        error: job.error,
        commits,
        diff,
        turns,
        branchPushed: project?.publisher.pushes ?? false,
      }),
    );
  });
  return app;
}
