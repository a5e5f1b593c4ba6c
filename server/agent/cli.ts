// `docs-assistant agent create|message|get|list|archive`: the agent-job API from a terminal or CI.
// Progress goes to stderr, the result (PR link, or JSON with --json) to stdout, so scripts can
// capture it: `PR=$(docs-assistant agent create "Fix typos" --project docs --wait)`.
import { parseArgs } from 'node:util';
import type { AgentJob } from '../../src/wire.ts';
import { ApiError, createAgentClient, isFinished, listAgentProjects, NotFoundError, RateLimitError, WaitTimeoutError } from './client.ts';
import type { AgentClient } from './client.ts';

export const AGENT_HELP = `Usage: docs-assistant agent <command> [options]

Commands:
  create "<prompt>"        Start a job that edits the docs and opens a pull request.
  message <id> "<prompt>"  Send a follow-up; the job continues on the same branch and pull request.
  get <id>                 Show a job.
  list                     List jobs, newest first (--skip, --take).
  archive <id>             Archive a completed or failed job.

Options:
  --project <id>       Project id (env DOCS_ASSISTANT_PROJECT_ID; default: the key's only project).
  --base-url <url>     Server URL (env DOCS_ASSISTANT_URL) [default: http://127.0.0.1:8787].
  --admin-key <key>    Admin key (env DOCS_ASSISTANT_ADMIN_KEY; prefer the variable: flags show in process lists).
  --wait               With create, message or get: poll until the job finishes, showing progress.
  --timeout <seconds>  Give up waiting after this long (exit 1) [default: no limit].
  --json               Print the job as JSON instead of text.
  --skip <n>, --take <n>  Pagination of list.

Exit codes: 0 done (completed, or not waiting), 1 failed job or error, 2 wrong usage.`;

export interface AgentCliIo {
  out: (line: string) => void;
  error: (line: string) => void;
  environment: NodeJS.ProcessEnv;
  /** Custom fetch (tests). */
  fetch?: typeof fetch;
  /** First and largest poll delays in milliseconds (tests shorten them). */
  pollInterval?: { initial: number; max: number };
}

class UsageError extends Error {}

function describeJob(job: AgentJob): string {
  const lines = [`job ${job.id}: ${job.status}`, `  source: ${job.source.repository}${job.source.ref ? ` @ ${job.source.ref}` : ''}`, `  model: ${job.model}`];
  lines.push(`  pull request: ${job.prLink ?? (job.status === 'active' ? '(pending)' : '(none: nothing changed)')}`);
  if (job.error) lines.push(`  error: ${job.error}`);
  if (job.archivedAt) lines.push(`  archived: ${job.archivedAt}`);
  return lines.join('\n');
}

/** Polls the job, printing status changes and (on this server) the agent's activity, then the result. */
async function waitAndReport(client: AgentClient, job: AgentJob, io: AgentCliIo, timeoutSeconds: number | undefined, json: boolean): Promise<number> {
  const started = Date.now();
  let lastStatus = '';
  let eventCursor = 0;
  let eventsSupported = true;
  // The activity log is this server's addition; against other servers only the status is shown.
  const printNewEvents = async () => {
    if (!eventsSupported) return;
    try {
      for (const event of await client.getEvents(job.id, eventCursor)) {
        if (event.seq <= eventCursor) continue;
        eventCursor = event.seq;
        io.error(`  ${event.text}`);
      }
    } catch {
      eventsSupported = false;
    }
  };
  let eventsPrinted = Promise.resolve();
  const finished = await client.waitForJob(job.id, {
    timeout: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
    pollInterval: io.pollInterval,
    onProgress: (current) => {
      const elapsed = Math.round((Date.now() - started) / 1000);
      if (current.status !== lastStatus) io.error(`[${elapsed}s] ${current.status}`);
      lastStatus = current.status;
      eventsPrinted = eventsPrinted.then(printNewEvents);
    },
  });
  await eventsPrinted;
  await printNewEvents();
  return report(finished, io, json);
}

function report(job: AgentJob, io: AgentCliIo, json: boolean): number {
  if (json) io.out(JSON.stringify(job, null, 2));
  else if (isFinished(job)) {
    if (job.status === 'failed') io.error(`job ${job.id} failed: ${job.error ?? 'no reason given'}`);
    else if (job.prLink) io.out(job.prLink);
    else io.error(`job ${job.id} ${job.status}: nothing changed, no pull request`);
  } else io.out(describeJob(job));
  return job.status === 'failed' ? 1 : 0;
}

function positiveNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new UsageError(`--${name}: "${value}" is not a number`);
  return Number(value);
}

/** Without --project: the key's only project on this server, else a usage error naming the choices. */
async function onlyProject(baseUrl: string, apiKey: string, io: AgentCliIo): Promise<string> {
  const projects = await listAgentProjects({ baseUrl, apiKey, fetch: io.fetch }).catch((error: unknown) => {
    // Servers without the project list (404) need --project; other failures (401, network) are reported as they are.
    if (error instanceof NotFoundError) return [];
    throw error;
  });
  if (projects.length === 1) return projects[0] as string;
  const choices = projects.length > 1 ? ` (this key may use: ${projects.join(', ')})` : '';
  throw new UsageError(`--project: required${choices}; or set DOCS_ASSISTANT_PROJECT_ID`);
}

/** Runs `docs-assistant agent ...`; resolves to the exit code. */
export async function runAgentCli(args: string[], io: AgentCliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        project: { type: 'string' },
        'base-url': { type: 'string' },
        'admin-key': { type: 'string' },
        wait: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        json: { type: 'boolean', default: false },
        skip: { type: 'string' },
        take: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === 'help') {
      io.out(AGENT_HELP);
      return command === undefined && !values.help ? 2 : 0;
    }
    const apiKey = values['admin-key'] ?? io.environment.DOCS_ASSISTANT_ADMIN_KEY;
    const baseUrl = values['base-url'] ?? io.environment.DOCS_ASSISTANT_URL ?? 'http://127.0.0.1:8787';
    if (!apiKey) throw new UsageError('--admin-key: required (or set DOCS_ASSISTANT_ADMIN_KEY)');
    if (!URL.canParse(baseUrl)) throw new UsageError(`--base-url: "${baseUrl}" is not a URL`);
    const projectId = values.project ?? io.environment.DOCS_ASSISTANT_PROJECT_ID ?? (await onlyProject(baseUrl, apiKey, io));
    const timeout = positiveNumber(values.timeout, 'timeout');
    const client = createAgentClient({ baseUrl, apiKey, projectId, fetch: io.fetch });
    const expect = (count: number, usage: string) => {
      if (rest.length !== count || rest.some((argument) => argument.trim() === '')) throw new UsageError(`usage: docs-assistant agent ${usage}`);
    };

    let job: AgentJob;
    if (command === 'create') {
      expect(1, 'create "<prompt>" --project <id> [--wait]');
      job = await client.createJob(rest[0] as string);
      io.error(`created job ${job.id} (branch docs-assistant/${job.id})`);
    } else if (command === 'message') {
      expect(2, 'message <id> "<prompt>" --project <id> [--wait]');
      job = await client.sendMessage(rest[0] as string, rest[1] as string);
      io.error(`sent follow-up to job ${job.id}`);
    } else if (command === 'get') {
      expect(1, 'get <id> --project <id> [--wait]');
      job = await client.getJob(rest[0] as string);
    } else if (command === 'archive') {
      expect(1, 'archive <id> --project <id>');
      job = await client.archiveJob(rest[0] as string);
      io.out(values.json ? JSON.stringify(job, null, 2) : describeJob(job));
      return 0;
    } else if (command === 'list') {
      expect(0, 'list --project <id> [--skip <n>] [--take <n>]');
      const page = await client.listJobs({ skip: positiveNumber(values.skip, 'skip'), take: positiveNumber(values.take, 'take') });
      if (values.json) io.out(JSON.stringify(page, null, 2));
      else {
        for (const listed of page.jobs) io.out(`${listed.id}  ${listed.status.padEnd(9)}  ${listed.createdAt}  ${listed.prLink ?? '-'}`);
        io.error(`${page.jobs.length} of ${page.total} jobs`);
      }
      return 0;
    } else {
      throw new UsageError(`unknown agent command "${command}"\n\n${AGENT_HELP}`);
    }
    if (values.wait && !isFinished(job)) return await waitAndReport(client, job, io, timeout, values.json);
    if (values.json) io.out(JSON.stringify(job, null, 2));
    else if (isFinished(job)) return report(job, io, false);
    else io.out(describeJob(job));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.error(`docs-assistant agent: ${(error as Error).message}`);
      return 2;
    }
    if (error instanceof RateLimitError) io.error(`docs-assistant agent: ${error.message}${error.retryAfter === null ? '' : ` (retry after ${error.retryAfter} s)`}`);
    else if (error instanceof WaitTimeoutError) io.error(`docs-assistant agent: ${error.message}; the job goes on, check it with "agent get ${error.job?.id ?? ''}"`);
    else if (error instanceof ApiError) io.error(`docs-assistant agent: ${error.message} (HTTP ${error.status})`);
    else io.error(`docs-assistant agent: ${(error as Error).message}`);
    return 1;
  }
}
