// `docs-assistant questions`: what readers asked, from a running server (GET .../questions with the admin
// key), newest first; `--not-found` keeps the questions the docs did not cover, the pages to write next.
import { parseArgs } from 'node:util';
import { isUsageError, SERVER_OPTIONS, SERVER_OPTIONS_HELP, serverConnection, UsageError } from './serverCommandLine.ts';

export const QUESTIONS_HELP = `Usage: docs-assistant questions [options]

Lists the questions readers asked, newest first: when, whether the docs covered it, the question.

Options:
  --not-found          Only the questions the docs did not cover (their answer said so).
  --limit <n>          How many, 1 to 500 [default: 100].
  --domain <domain>    The server's {domain} [default: docs].
${SERVER_OPTIONS_HELP}
  --json               Print the server's JSON.

Exit codes: 0 listed, 1 the server refused or could not be reached, 2 wrong usage.`;

export interface QuestionsCliIo {
  out: (line: string) => void;
  error: (line: string) => void;
  environment: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
}

/** The fields of a listed question the text output shows (--json prints all of them). */
interface ListedQuestion {
  question: string;
  notFound: boolean;
  createdAt: string;
}

/** Runs `docs-assistant questions ...`; resolves to the exit code. */
export async function runQuestionsCli(args: string[], io: QuestionsCliIo): Promise<number> {
  try {
    const { values } = parseArgs({
      args,
      strict: true,
      options: {
        'not-found': { type: 'boolean', default: false },
        limit: { type: 'string' },
        domain: { type: 'string' },
        ...SERVER_OPTIONS,
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      io.out(QUESTIONS_HELP);
      return 0;
    }
    const { baseUrl, apiKey } = serverConnection(values, io.environment);
    if (values.limit !== undefined && !/^\d+$/.test(values.limit)) throw new UsageError(`--limit: "${values.limit}" is not a whole number`);
    const url = new URL(`discovery/v2/assistant/${encodeURIComponent(values.domain ?? 'docs')}/questions`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    if (values['not-found']) url.searchParams.set('notFound', 'true');
    if (values.limit !== undefined) url.searchParams.set('limit', values.limit);
    const response = await (io.fetch ?? fetch)(url, { headers: { authorization: `Bearer ${apiKey}` } });
    const body = (await response.json().catch(() => null)) as { questions?: ListedQuestion[]; error?: string } | null;
    if (!response.ok || !body?.questions) {
      io.error(`docs-assistant questions: ${body?.error ?? response.statusText} (HTTP ${response.status})`);
      return 1;
    }
    if (values.json) io.out(JSON.stringify(body, null, 2));
    else for (const asked of body.questions) io.out(`${asked.createdAt}  ${asked.notFound ? 'not found' : 'answered '}  ${oneLine(asked.question)}`);
    if (!values.json) io.error(`${body.questions.length} question${body.questions.length === 1 ? '' : 's'}${values['not-found'] ? ' the docs did not cover' : ''}`);
    return 0;
  } catch (error) {
    io.error(`docs-assistant questions: ${(error as Error).message}`);
    return isUsageError(error) ? 2 : 1;
  }
}

/** A question as one line of the listing: a reader's line breaks would split it. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
