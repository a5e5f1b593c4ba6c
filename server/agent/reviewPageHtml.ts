// The review page's HTML: what a pull request shows a reviewer, for projects without GitHub. Every value
// is escaped text; the page has no script and its only style is the hashed stylesheet below.
import { createHash } from 'node:crypto';

export const REVIEW_STYLE = `:root{color-scheme:light}
body{font:15px/1.5 system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}
h1{font-size:1.4rem;margin-bottom:.25rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.25rem}
h3{font-size:1rem;margin:0;padding:.5rem .75rem;background:#f6f8fa;border-bottom:1px solid #d0d7de;font-family:ui-monospace,monospace}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
.status{display:inline-block;padding:.1rem .6rem;border-radius:1rem;font-weight:600;background:#ddf4ff;color:#0a3069}
.status-failed{background:#ffebe9;color:#82071e}.status-completed{background:#dafbe1;color:#116329}
.failure{border:1px solid #ff8182;background:#ffebe9;color:#82071e;padding:.75rem 1rem;border-radius:6px}.failure h2{margin:0;border:0}
.files{padding-left:1.25rem}.added{color:#116329}.removed{color:#82071e}
.file{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0;overflow:hidden}
.diff{margin:0;overflow:auto;padding:.5rem 0}.diff:focus{outline:2px solid #0969da;outline-offset:-2px}
.line{display:block;padding:0 .75rem;white-space:pre}.line-add{background:#dafbe1;color:#116329}.line-del{background:#ffebe9;color:#82071e}
.line-hunk{background:#ddf4ff;color:#0a3069}
.turn{border-left:3px solid #d0d7de;padding-left:1rem;margin:1rem 0}.turn dt{font-weight:600}.turn dd{margin:0 0 .5rem;white-space:pre-wrap}
pre.merge{background:#f6f8fa;padding:1rem;border-radius:6px;overflow:auto}`;
const STYLE_HASH = createHash('sha256').update(REVIEW_STYLE).digest('base64');
export const REVIEW_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface ReviewTurn {
  seq: number;
  prompt: string;
  state: string;
  reply: string | null;
  error: string | null;
}

export interface ReviewView {
  branch: string;
  base: string;
  status: string;
  repository: string;
  error: string | null;
  commits: { commit: string; subject: string }[];
  diff: string;
  turns: ReviewTurn[];
  /** Where the branch is: pushed to the project's repository, or kept in the server's clone. */
  branchPushed: boolean;
}

interface FileDiff {
  path: string;
  lines: string[];
  added: number;
  removed: number;
}

/** Splits `git diff` output into one part per file, counting added and removed lines. */
export function splitDiff(diff: string): FileDiff[] {
  const files: FileDiff[] = [];
  for (const line of diff.split('\n')) {
    const header = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
    if (header) {
      files.push({ path: header[2] ?? header[1] ?? '', lines: [], added: 0, removed: 0 });
      continue;
    }
    const file = files.at(-1);
    if (!file || /^(index |--- |\+\+\+ |new file mode|deleted file mode|similarity |rename )/.test(line)) continue;
    file.lines.push(line);
    if (line.startsWith('+')) file.added += 1;
    else if (line.startsWith('-')) file.removed += 1;
  }
  return files;
}

function diffLine(line: string): string {
  const kind = line.startsWith('@@') ? 'hunk' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : 'context';
  return `<span class="line line-${kind}">${escapeHtml(line) || ' '}</span>`;
}

function mergeInstructions(view: ReviewView): string {
  const commands = view.branchPushed
    ? `git fetch origin ${view.branch}\ngit switch ${view.base}\ngit merge --no-ff origin/${view.branch}\ngit push origin ${view.base}`
    : `# The branch is kept in the server's clone of the repository: the server's operator pushes it first:\n#   git -C <data folder>/agent/repos/<project>.git push origin ${view.branch}\ngit fetch origin ${view.branch}\ngit switch ${view.base}\ngit merge --no-ff origin/${view.branch}`;
  return `<p>Review every change, then merge the branch <code>${escapeHtml(view.branch)}</code> into <code>${escapeHtml(view.base)}</code> in a clone of the repository (in a clone of a local repository, <code>origin</code> is that repository):</p><pre class="merge" tabindex="0" aria-label="Commands to merge the branch">${escapeHtml(commands)}</pre>`;
}

export function renderReviewPage(view: ReviewView): string {
  const files = splitDiff(view.diff);
  const fileList = files
    .map((file, index) => `<li><a href="#file-${index + 1}">${escapeHtml(file.path)}</a> <span class="added">+${file.added}</span> <span class="removed">−${file.removed}</span></li>`)
    .join('');
  const fileDiffs = files
    .map(
      (file, index) =>
        `<section class="file" id="file-${index + 1}" aria-labelledby="file-${index + 1}-name"><h3 id="file-${index + 1}-name">${escapeHtml(file.path)}</h3>` +
        `<pre class="diff" tabindex="0" aria-label="Changes to ${escapeHtml(file.path)}">${file.lines.map(diffLine).join('')}</pre></section>`,
    )
    .join('');
  const conversation = view.turns
    .map(
      (turn) =>
        `<dl class="turn"><dt>Request ${turn.seq} (${escapeHtml(turn.state)})</dt><dd>${escapeHtml(turn.prompt)}</dd>` +
        (turn.reply ? `<dt>Agent's reply</dt><dd>${escapeHtml(turn.reply)}</dd>` : '') +
        (turn.error ? `<dt>Why it failed</dt><dd>${escapeHtml(turn.error)}</dd>` : '') +
        '</dl>',
    )
    .join('');
  const commits = view.commits.map((entry) => `<li><code>${escapeHtml(entry.commit.slice(0, 12))}</code> ${escapeHtml(entry.subject)}</li>`).join('');
  const failure =
    view.status === 'failed' && view.error
      ? `<section class="failure" aria-labelledby="failure"><h2 id="failure">Why it failed</h2><p>${escapeHtml(view.error)}</p></section>`
      : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Review ${escapeHtml(view.branch)}</title><style>${REVIEW_STYLE}</style></head><body><main>
<h1>Review: ${escapeHtml(view.branch)} into ${escapeHtml(view.base)}</h1>
<p><span class="status status-${escapeHtml(view.status)}">${escapeHtml(view.status)}</span> · ${escapeHtml(view.repository)}</p>
${failure}
<h2>Files changed (${files.length})</h2>${fileList ? `<ul class="files">${fileList}</ul>` : '<p>No changes.</p>'}
${fileDiffs}
<h2>Conversation</h2>${conversation}
<h2>Commits</h2>${commits ? `<ul>${commits}</ul>` : '<p>No commits.</p>'}
<h2>How to merge</h2>${mergeInstructions(view)}
</main></body></html>`;
}
