// What a reviewer reads: the pull request's title from the agent's own summary, and a body with the
// request, what the agent did, the changed files and the checks. Rebuilt from the job on every turn.
import type { DocsProblem } from './docsChecks.ts';
import { describeProblem } from './docsChecks.ts';

const TITLE_MAX = 72;

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The reply without markdown decoration on its first line. */
function plainFirstLine(reply: string): string {
  return (reply.trim().split('\n')[0] ?? '').replace(/^#+\s*/, '').replaceAll('**', '').replaceAll('`', '').trim();
}

/**
 * The title line the agent was asked to start its reply with; a reply without one gives its first sentence.
 * Undefined when there is no reply to take it from.
 */
export function titleFromReply(reply: string | null): string | undefined {
  const text = reply?.trim() ?? '';
  if (text === '' || text === '(no summary)') return undefined;
  const lines = text.split('\n');
  const first = plainFirstLine(text);
  if (lines.length > 1 && first !== '' && first.length <= TITLE_MAX) return first.replace(/[.:]$/, '');
  const sentence = (text.replaceAll('\n', ' ').split(/(?<=[.!?])\s/)[0] ?? text).replace(/[.:]$/, '');
  return shorten(sentence, TITLE_MAX);
}

/** The reply below its title line (the whole reply when it has none). */
export function summaryOf(reply: string): string {
  const lines = reply.trim().split('\n');
  const first = plainFirstLine(reply);
  if (lines.length > 1 && first.length <= TITLE_MAX) return lines.slice(1).join('\n').trim() || reply.trim();
  return reply.trim();
}

export interface PullRequestContent {
  jobId: string;
  /** Every request of the job, in order (the first, then follow-ups). */
  requests: string[];
  /** The agent's latest reply. */
  reply: string;
  /** Repository-relative paths changed on the branch. */
  changedFiles: string[];
  problems: DocsProblem[];
}

function quote(text: string): string {
  return text.trim().split('\n').map((line) => `> ${line}`.trimEnd()).join('\n');
}

export function pullRequestBody(content: PullRequestContent): string {
  const requests = content.requests.map((request, index) => (index === 0 ? quote(request) : `Follow-up ${index}:\n\n${quote(request)}`)).join('\n\n');
  const checks =
    content.problems.length === 0
      ? 'No broken links or anchors between the changed pages, and their frontmatter parses.'
      : `${content.problems.length} problem${content.problems.length === 1 ? '' : 's'} left for a reviewer:\n\n${content.problems.map((problem) => `- ${describeProblem(problem)}`).join('\n')}`;
  return [
    '## Request',
    requests,
    '## What the agent did',
    summaryOf(content.reply),
    '## Changed files',
    content.changedFiles.map((file) => `- \`${file}\``).join('\n') || 'None.',
    '## Checks',
    checks,
    '---',
    `Opened by docs-assistant (job \`${content.jobId}\`); updated on every follow-up. Review every change before merging.`,
  ].join('\n\n');
}
