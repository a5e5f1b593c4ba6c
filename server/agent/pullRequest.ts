// Pull requests: through GitHub's REST API (Octokit) when the project has a token, otherwise a
// review page served by this server (the branch stays in the repository for a human to merge).
import { Octokit } from '@octokit/rest';
import type { AgentProjectConfig, StoredJob } from './types.ts';

export interface PullRequestRef {
  url: string;
  number: number | null;
}

export interface PullRequestPublisher {
  /** Whether the branch is pushed to the source repository before opening or updating. */
  readonly pushes: boolean;
  open(job: StoredJob, branch: string, content: { title: string; body: string }): Promise<PullRequestRef>;
  /** Whether `login` may push to the repository (GitHub only; review comments from others are ignored). */
  canWrite?(login: string): Promise<boolean>;
  /** Replaces the body with `body` and tells reviewers what the follow-up did with `comment`. */
  update(job: StoredJob, content: { body: string; comment: string }): Promise<void>;
}

/** `owner/name` from config, or the last two path segments of a clone URL. */
export function githubRepositoryOf(project: AgentProjectConfig, projectId = '<id>'): { owner: string; repo: string } {
  const explicit = project.githubRepository?.match(/^([\w.-]+)\/([\w.-]+)$/);
  if (explicit?.[1] && explicit[2]) return { owner: explicit[1], repo: explicit[2] };
  // https://host/owner/name(.git) or git@host:owner/name(.git): GitHub and GitHub Enterprise alike.
  const fromUrl = project.repository.match(/^(?:[a-z][a-z0-9+.-]*:\/\/[^/]+\/|[\w.-]+@[\w.-]+:)(?:.*\/)?([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i);
  if (fromUrl?.[1] && fromUrl[2]) return { owner: fromUrl[1], repo: fromUrl[2] };
  throw new Error(
    `project ${projectId}: cannot tell the GitHub repository from its --project repository: set --github-repository ${projectId}=<owner>/<name> ` +
      '(env DOCS_ASSISTANT_GITHUB_REPOSITORY, config key "githubRepository")',
  );
}

export function createGithubPublisher(project: AgentProjectConfig): PullRequestPublisher {
  const octokit = new Octokit({
    auth: project.githubToken,
    baseUrl: project.githubApiUrl ?? 'https://api.github.com',
    userAgent: 'docs-assistant-agent',
    request: { retries: 0 },
    // Failures end the job with the reason on the job itself; no console noise per request.
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  return {
    pushes: true,
    async open(job, branch, content) {
      const { owner, repo } = githubRepositoryOf(project);
      const options = project.pullRequest ?? {};
      const response = await octokit.rest.pulls.create({
        owner,
        repo,
        head: branch,
        base: job.ref,
        title: content.title,
        body: content.body,
        draft: options.draft === true,
      });
      const number = response.data.number;
      if (options.labels?.length) await octokit.rest.issues.addLabels({ owner, repo, issue_number: number, labels: options.labels });
      if (options.reviewers?.length) await octokit.rest.pulls.requestReviewers({ owner, repo, pull_number: number, reviewers: options.reviewers });
      return { url: response.data.html_url, number };
    },
    async canWrite(login) {
      const { owner, repo } = githubRepositoryOf(project);
      const response = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login }).catch((error: { status?: number }) => {
        if (error.status === 404) return undefined;
        throw error;
      });
      return ['admin', 'maintain', 'write'].includes(response?.data.permission ?? 'none');
    },
    async update(job, content) {
      if (job.prNumber == null) return;
      const { owner, repo } = githubRepositoryOf(project);
      await octokit.rest.pulls.update({ owner, repo, pull_number: job.prNumber, body: content.body });
      await octokit.rest.issues.createComment({ owner, repo, issue_number: job.prNumber, body: content.comment });
    },
  };
}

/** The review page's address: unguessable (a random token), so it can be opened in a browser without the admin key. */
export function reviewPageUrl(job: Pick<StoredJob, 'id' | 'publicUrl' | 'reviewToken'>): string {
  return `${job.publicUrl.replace(/\/+$/, '')}/agent/review/${job.id}/${job.reviewToken}`;
}

export function createLocalPublisher(options: { pushToSource: boolean }): PullRequestPublisher {
  return {
    pushes: options.pushToSource,
    async open(job) {
      return { url: reviewPageUrl(job), number: null };
    },
    async update() {
      // The review page reads the branch live; nothing to notify.
    },
  };
}
