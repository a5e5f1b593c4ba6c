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

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
pre{background:#f6f8fa;padding:1rem;overflow:auto;font-size:13px}h1{font-size:1.4rem}dt{font-weight:600}
.turn{border-left:3px solid #d0d7de;padding-left:1rem;margin:1rem 0}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

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
    const job = JOB_ID_PATTERN.test(id) ? service.store.getJobById(id) : undefined;
    if (!job || !sameToken(job.reviewToken, c.req.param('token'))) return jsonError(c, 404, 'review: no such review page');
    const project = service.project(job.projectId);
    const commits = project && job.baseCommit ? await project.repository.log(job.id, job.baseCommit) : [];
    const diff = project && job.baseCommit && commits.length > 0 ? await project.repository.diff(job.id, job.baseCommit) : '';
    const turns = service.store.turns(job.id).map(({ seq, prompt, state, reply, commit, error }) => ({ seq, prompt, state, reply, commit, error }));
    const review = { job: toWireJob(job, service.store.turns(job.id)), branch: branchForJob(job.id), base: job.ref, commits, diff, turns };
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    if (c.req.query('format') === 'json' || (c.req.header('accept') ?? '').includes('application/json')) return c.json(review);
    c.header('Content-Security-Policy', CSP);
    const conversation = turns
      .map(
        (turn) =>
          `<dl class="turn"><dt>Request ${turn.seq} (${escapeHtml(turn.state)})</dt><dd>${escapeHtml(turn.prompt)}</dd>` +
          (turn.reply ? `<dt>Agent</dt><dd>${escapeHtml(turn.reply)}</dd>` : '') +
          (turn.error ? `<dt>Why it failed</dt><dd>${escapeHtml(turn.error)}</dd>` : '') +
          '</dl>',
      )
      .join('');
    const commitList = commits.map((entry) => `<li><code>${escapeHtml(entry.commit.slice(0, 12))}</code> ${escapeHtml(entry.subject)}</li>`).join('');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Review ${escapeHtml(review.branch)}</title><style>${STYLE}</style></head><body><main>
<h1>Review: ${escapeHtml(review.branch)} into ${escapeHtml(job.ref)}</h1>
<dl><dt>Status</dt><dd>${escapeHtml(job.status)}</dd>${job.status === 'failed' && job.error ? `<dt>Why it failed</dt><dd>${escapeHtml(job.error)}</dd>` : ''}<dt>Repository</dt><dd>${escapeHtml(publicRepository(job.repository))}</dd></dl>
<h2>Conversation</h2>${conversation}
<h2>Commits</h2>${commitList ? `<ul>${commitList}</ul>` : '<p>No commits.</p>'}
<h2>Diff</h2><pre>${escapeHtml(diff) || 'No changes.'}</pre>
</main></body></html>`);
  });
  return app;
}
