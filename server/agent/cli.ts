// `docs-assistant agent create|message|get|list|archive`: the agent-job API from a terminal or CI.
// Progress goes to stderr, the result (PR link, or JSON with --json) to stdout, so scripts can
// capture it: `PR=$(docs-assistant agent create "Fix typos" --project docs --wait)`.
import { parseArgs } from 'node:util';
import type { AgentJob } from '../../src/wire.ts';
import { ApiError, createAgentClient, isFinished, listAgentProjects, NotFoundError, RateLimitError, WaitTimeoutError } from './client.ts';
import type { AgentClient } from './client.ts';
import { isUsageError, SERVER_OPTIONS, SERVER_OPTIONS_HELP, serverConnection, UsageError } from '../serverCommandLine.ts';

export const AGENT_HELP = `Usage: docs-assistant agent <command> [options]

Commands:
  create "<prompt>"        Start a job that edits the docs and opens a pull request.
  message <id> "<prompt>"  Send a follow-up; the job continues on the same branch and pull request.
  get <id>                 Show a job.
  list                     List jobs, newest first (--skip, --take).
  retry <id>               Run a failed job's failed request again, as it was.
  archive <id>             Archive a completed or failed job.

Options:
  --project <id>       Project id (env DOCS_ASSISTANT_PROJECT_ID; default: the key's only project).
${SERVER_OPTIONS_HELP}
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

function describeJob(job: AgentJob): string {
  const lines = [`job ${job.id}: ${job.status}`, `  source: ${job.source.repository}${job.source.ref ? ` @ ${job.source.ref}` : ''}`, `  model: ${job.model}`];
  lines.push(`  pull request: ${job.prLink ?? (job.status === 'active' ? '(pending)' : '(none: nothing changed)')}`);
  if (job.error) lines.push(`  error: ${job.error}`);
  if (job.archivedAt) lines.push(`  archived: ${job.archivedAt}`);
  return lines.join('\n');
}

/**
 * Polls the job, printing the agent's activity (on this server) and status changes in the order they
 * happened, then the result. `afterEvent`: events up to it belong to earlier turns and are not printed.
 */
async function waitAndReport(
  client: AgentClient,
  job: AgentJob,
  io: AgentCliIo,
  options: { timeoutSeconds: number | undefined; json: boolean; afterEvent: number },
): Promise<number> {
  const started = Date.now();
  let lastStatus = '';
  let eventCursor = options.afterEvent;
  let eventsSupported = true;
  let rateLimitStated = false;
  // The activity log is this server's addition; against other servers only the status is shown.
  const printNewEvents = async () => {
    if (!eventsSupported) return;
    try {
      for (const event of await client.getEvents(job.id, eventCursor)) {
        if (event.seq <= eventCursor) continue;
        eventCursor = event.seq;
        io.error(`  ${event.text}`);
      }
    } catch (error) {
      // A 429 only delays the log (the next poll catches up); a server without the log never has it.
      if (!(error instanceof RateLimitError)) eventsSupported = false;
    }
  };
  let printed = Promise.resolve();
  const finished = await client.waitForJob(job.id, {
    timeout: options.timeoutSeconds === undefined ? undefined : options.timeoutSeconds * 1000,
    pollInterval: io.pollInterval,
    onProgress: (current) => {
      // The events that led to a status come before the status line.
      printed = printed.then(printNewEvents).then(() => {
        if (current.status === lastStatus) return;
        lastStatus = current.status;
        io.error(`[${Math.round((Date.now() - started) / 1000)}s] ${current.status}`);
      });
    },
    onRateLimit: (seconds, error) => {
      if (rateLimitStated) return;
      rateLimitStated = true;
      io.error(`  rate limited (${error.message}); waiting ${seconds} s between polls`);
    },
  });
  await printed;
  await printNewEvents();
  return report(finished, io, options.json);
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
        ...SERVER_OPTIONS,
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
    const { baseUrl, apiKey } = serverConnection(values, io.environment);
    const projectId = values.project ?? io.environment.DOCS_ASSISTANT_PROJECT_ID ?? (await onlyProject(baseUrl, apiKey, io));
    const timeout = positiveNumber(values.timeout, 'timeout');
    const client = createAgentClient({ baseUrl, apiKey, projectId, fetch: io.fetch });
    const expect = (count: number, usage: string) => {
      if (rest.length !== count || rest.some((argument) => argument.trim() === '')) throw new UsageError(`usage: docs-assistant agent ${usage}`);
    };

    let job: AgentJob;
    // After a follow-up or retry, --wait prints only the new turn's events: the earlier ones were printed before.
    let afterEvent = 0;
    const lastEventSeq = async (id: string) => (values.wait ? ((await client.getEvents(id, 0).catch(() => [])).at(-1)?.seq ?? 0) : 0);
    if (command === 'create') {
      expect(1, 'create "<prompt>" --project <id> [--wait]');
      job = await client.createJob(rest[0] as string);
      io.error(`created job ${job.id} (branch docs-assistant/${job.id})`);
    } else if (command === 'message') {
      expect(2, 'message <id> "<prompt>" --project <id> [--wait]');
      afterEvent = await lastEventSeq(rest[0] as string);
      job = await client.sendMessage(rest[0] as string, rest[1] as string);
      io.error(`sent follow-up to job ${job.id}`);
    } else if (command === 'retry') {
      expect(1, 'retry <id> --project <id> [--wait]');
      afterEvent = await lastEventSeq(rest[0] as string);
      job = await client.retryJob(rest[0] as string);
      io.error(`queued the failed request of job ${job.id} again`);
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
    if (values.wait && !isFinished(job)) return await waitAndReport(client, job, io, { timeoutSeconds: timeout, json: values.json, afterEvent });
    if (values.json) io.out(JSON.stringify(job, null, 2));
    else if (isFinished(job)) return report(job, io, false);
    else io.out(describeJob(job));
    return 0;
  } catch (error) {
    if (isUsageError(error)) {
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
