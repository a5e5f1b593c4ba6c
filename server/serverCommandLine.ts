// What the commands that call a running server (`docs-assistant agent`, `docs-assistant questions`) share:
// where the server is, the admin key that lets them in, and which failures are wrong usage (exit code 2).

/** The options' lines of their help texts, aligned as those are. */
export const SERVER_OPTIONS_HELP = `  --base-url <url>     Server URL (env DOCS_ASSISTANT_URL) [default: http://127.0.0.1:8787].
  --admin-key <key>    Admin key (env DOCS_ASSISTANT_ADMIN_KEY; prefer the variable: flags show in process lists).`;

/** The options as `parseArgs` declares them. */
export const SERVER_OPTIONS = { 'base-url': { type: 'string' }, 'admin-key': { type: 'string' } } as const;

const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';

/** Wrong usage: the command prints the message and exits with 2. */
export class UsageError extends Error {}

/** The server's URL and the admin key, from the flags or the environment; a missing key or a bad URL is wrong usage. */
export function serverConnection(values: { 'base-url'?: string | undefined; 'admin-key'?: string | undefined }, environment: NodeJS.ProcessEnv): { baseUrl: string; apiKey: string } {
  const apiKey = values['admin-key'] ?? environment.DOCS_ASSISTANT_ADMIN_KEY;
  const baseUrl = values['base-url'] ?? environment.DOCS_ASSISTANT_URL ?? DEFAULT_BASE_URL;
  if (!apiKey) throw new UsageError('--admin-key: required (or set DOCS_ASSISTANT_ADMIN_KEY)');
  if (!URL.canParse(baseUrl)) throw new UsageError(`--base-url: "${baseUrl}" is not a URL`);
  return { baseUrl, apiKey };
}

/** Whether a command failed by wrong usage: ours, or `parseArgs` refusing the arguments. */
export function isUsageError(error: unknown): boolean {
  return error instanceof UsageError || ((error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS') ?? false);
}
