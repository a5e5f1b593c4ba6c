// What the agent shows of its configuration: repository URLs without credentials, no server file paths,
// model names without base URLs. Job rows, events, errors and the review page (which opens without a key)
// all pass through these, so a token in `--project id=https://user:TOKEN@host/...` is never echoed.
import path from 'node:path';

const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;

/** Drops `user:password@` from every URL in `text`. */
export function withoutUrlCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1');
}

/** True for a clone URL (`scheme://...` or scp-like `user@host:path`), false for a local path. */
export function isUrl(repository: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(repository) || /^[\w.-]+@[\w.-]+:/.test(repository);
}

/** How a job names its repository: a URL without credentials, or a local repository's folder name (never its path). */
export function publicRepository(repository: string): string {
  if (isUrl(repository)) return withoutUrlCredentials(repository);
  if (repository.startsWith('local:') || repository === 'local') return repository;
  const name = path.basename(repository.replace(/[\\/]+$/, ''));
  return name ? `local:${name}` : 'local';
}

/** How a job names its model: `provider:id`, without the `@baseURL` an OpenAI-compatible spec may carry. */
export function publicModelName(spec: string): string {
  // As parseModelSpec reads it: the base URL starts at the last '@' before "http" (ids may hold ':' or '@').
  const at = spec.lastIndexOf('@http');
  return at === -1 ? spec : spec.slice(0, at);
}

/**
 * A redactor for free text (events, errors, commit messages): credentials in URLs, the given secrets
 * (tokens) and the given server folders (data folder, local repositories) are replaced.
 */
export function createRedactor(secrets: readonly string[], folders: readonly { path: string; label: string }[]): (text: string) => string {
  const usableSecrets = secrets.filter((secret) => secret.length >= 4);
  // Longest folders first, so a worktree under the data folder is named as such.
  const sortedFolders = folders.filter((folder) => folder.path.length > 1).toSorted((a, b) => b.path.length - a.path.length);
  return (text) => {
    let result = withoutUrlCredentials(text);
    for (const secret of usableSecrets) result = result.split(secret).join('[redacted]');
    for (const folder of sortedFolders) result = result.split(folder.path).join(folder.label);
    return result;
  };
}
