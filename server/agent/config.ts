// The `serve` flags of agent jobs (one entry each in the server's flag table) and how they become
// the agent's options. A project is `<id>=<repository>[#<ref>[:<docsFolder>]]`: git refs cannot
// contain ':' and '#' is rare in paths and URLs, so local paths, https and scp-style URLs all parse.
import type { FlagSpec, ResolvedFlags } from '../config.ts';
import { parseModelSpec } from '../assistant/model.ts';
import type { AgentProjectConfig } from './types.ts';

const PROJECT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Parses one `--project` value; throws an Error saying what is wrong. */
export function parseProjectFlag(text: string): [string, AgentProjectConfig] {
  const equals = text.indexOf('=');
  const id = text.slice(0, equals);
  if (equals <= 0 || !PROJECT_ID_PATTERN.test(id)) {
    throw new Error(`"${text}" must start with a project id (letters, digits, - and _) and "=", e.g. docs=../my-docs-repo#main:docs`);
  }
  const rest = text.slice(equals + 1);
  const hash = rest.lastIndexOf('#');
  const repository = hash === -1 ? rest : rest.slice(0, hash);
  const fragment = hash === -1 ? '' : rest.slice(hash + 1);
  const colon = fragment.indexOf(':');
  const ref = (colon === -1 ? fragment : fragment.slice(0, colon)) || 'main';
  const docsFolder = (colon === -1 ? '' : fragment.slice(colon + 1)) || 'docs';
  if (repository.trim() === '') throw new Error(`"${text}" has no repository after "="`);
  if (repository.startsWith('-')) throw new Error(`"${text}": the repository cannot start with "-"`);
  if (!/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/.test(ref)) throw new Error(`"${text}": "${ref}" is not a plain branch or tag name`);
  if (docsFolder.startsWith('/') || docsFolder.split('/').includes('..')) throw new Error(`"${text}": the docs folder must be a relative path inside the repository`);
  return [id, { repository, ref, docsFolder }];
}

/** A flag check that runs `parse` on every value and reports its error message (without a `--flag: ` prefix). */
function checkEach(parse: (text: string) => unknown) {
  return (value: FlagSpec['default']) => {
    try {
      for (const text of value as string[]) parse(text);
      return null;
    } catch (error) {
      return (error as Error).message.replace(/^--[a-z-]+: /, '');
    }
  };
}

/** Parses one `<project id>=<value>` flag value. */
function parseProjectValue(text: string, valueName: string, example: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals <= 0 || equals === text.length - 1) throw new Error(`"${text}" must be <project id>=${valueName}, e.g. ${example}`);
  return [text.slice(0, equals), text.slice(equals + 1)];
}

/** Per-project flags of the form `<id>=<value>`: each adds `value` to the project through `apply`. */
const PER_PROJECT_FLAGS: {
  flag: string;
  valueName: string;
  example: string;
  description: string;
  apply: (project: AgentProjectConfig, value: string) => void;
}[] = [
  {
    flag: 'agent-instructions',
    valueName: '<path>',
    example: 'docs=docs/STYLE.md',
    description: "A repository file of house rules (a style guide) the agent reads and follows, besides AGENTS.md and CONTRIBUTING.md.",
    apply: (project, value) => {
      project.instructionsFile = value;
    },
  },
  {
    flag: 'agent-protect',
    valueName: '<glob>',
    example: "docs='reference/**'",
    description: 'Docs pages the agent must not write (generated or do-not-edit), as a glob relative to the docs folder.',
    apply: (project, value) => {
      project.protectedPaths = [...(project.protectedPaths ?? []), value];
    },
  },
  {
    flag: 'pr-draft',
    valueName: 'true',
    example: 'docs=true',
    description: "Open the project's pull requests as drafts (GitHub).",
    apply: (project, value) => {
      project.pullRequest = { ...project.pullRequest, draft: value === 'true' };
    },
  },
  {
    flag: 'pr-label',
    valueName: '<label>',
    example: 'docs=documentation',
    description: "A label added to the project's pull requests (GitHub).",
    apply: (project, value) => {
      project.pullRequest = { ...project.pullRequest, labels: [...(project.pullRequest?.labels ?? []), value] };
    },
  },
  {
    flag: 'pr-reviewer',
    valueName: '<login>',
    example: 'docs=octocat',
    description: "A GitHub login asked to review the project's pull requests.",
    apply: (project, value) => {
      project.pullRequest = { ...project.pullRequest, reviewers: [...(project.pullRequest?.reviewers ?? []), value] };
    },
  },
];

/** Parses one `--github-repository` value: `<project id>=<owner>/<name>`. */
function parseGithubRepository(text: string): [string, string] {
  const equals = text.indexOf('=');
  const value = text.slice(equals + 1);
  if (equals <= 0 || !/^[\w.-]+\/[\w.-]+$/.test(value)) throw new Error(`"${text}" must be <project id>=<owner>/<name>, e.g. docs=acme/website`);
  return [text.slice(0, equals), value];
}

function parseProjectKey(text: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals <= 0 || equals === text.length - 1) throw new Error(`"${text.slice(0, equals + 1)}..." must be <project id>=<admin key>`);
  return [text.slice(0, equals), text.slice(equals + 1)];
}

const wholeNumber = (minimum: number) => (value: FlagSpec['default']) =>
  typeof value === 'number' && Number.isInteger(value) && value >= minimum ? null : `must be a whole number, ${minimum} or more`;

/** The agent's flags of `docs-assistant serve`. */
export const AGENT_FLAGS: FlagSpec[] = [
  {
    name: 'project',
    type: 'string',
    multiple: true,
    default: [],
    valueName: '<id>=<repository>[#<ref>[:<docsFolder>]]',
    description: 'A docs repository agent jobs may edit (local path or clone URL); ref defaults to main, docs folder to docs.',
    check: checkEach(parseProjectFlag),
  },
  {
    name: 'project-admin-key',
    type: 'string',
    multiple: true,
    default: [],
    valueName: '<id>=<key>',
    description: 'Admin key valid for one project only (--admin-key keys are valid for every project).',
    check: checkEach(parseProjectKey),
  },
  {
    name: 'agent-model',
    type: 'string',
    default: '',
    valueName: '<provider:id>',
    description: 'Model of agent jobs, in the form of --model (default: --model); without any model, jobs fail at once.',
    check: (value) => (value === '' ? null : checkEach(parseModelSpec)([String(value)])),
  },
  { name: 'agent-concurrency', type: 'number', default: 2, valueName: '<n>', description: 'Agent jobs that run at the same time.', check: wholeNumber(1) },
  {
    name: 'agent-lease',
    type: 'number',
    default: 30,
    valueName: '<seconds>',
    description: 'How long a running job stays claimed without a sign of life; another instance takes over a job whose instance died after this.',
    check: wholeNumber(1),
  },
  {
    name: 'limit-agent-per-project-hour',
    type: 'number',
    default: 100,
    valueName: '<n>',
    description: 'New agent jobs per project per hour, and separately follow-up messages (0: no limit).',
    check: wholeNumber(0),
  },
  { name: 'agent-max-steps', type: 'number', default: 24, valueName: '<n>', description: 'Model steps per agent turn.', check: wholeNumber(1) },
  {
    name: 'agent-max-files-per-turn',
    type: 'number',
    default: 50,
    valueName: '<n>',
    description: 'Files one agent turn may change; a turn over it fails and commits nothing.',
    check: wholeNumber(1),
  },
  {
    name: 'agent-max-bytes-per-turn',
    type: 'number',
    default: 2_097_152,
    valueName: '<bytes>',
    description: 'Bytes one agent turn may leave in the files it changed; a turn over it fails and commits nothing.',
    check: wholeNumber(1),
  },
  { name: 'agent-turn-timeout', type: 'number', default: 600, valueName: '<seconds>', description: 'Wall-time budget of one agent turn.', check: wholeNumber(1) },
  {
    name: 'github-token',
    type: 'string',
    default: '',
    valueName: '<token>',
    description: 'Push job branches and open pull requests on GitHub (prefer the environment variable); without it, a review page on this server is linked.',
  },
  {
    name: 'github-repository',
    type: 'string',
    multiple: true,
    default: [],
    valueName: '<id>=<owner/name>',
    description: "A project's GitHub repository, when it cannot be told from the --project URL (a local path or a mirror).",
    check: checkEach(parseGithubRepository),
  },
  ...PER_PROJECT_FLAGS.map(
    (spec): FlagSpec => ({
      name: spec.flag,
      type: 'string',
      multiple: true,
      default: [],
      valueName: `<id>=${spec.valueName}`,
      description: spec.description,
      check: checkEach((text) => parseProjectValue(text, spec.valueName, spec.example)),
    }),
  ),
  { name: 'github-api-url', type: 'string', default: 'https://api.github.com', valueName: '<url>', description: 'GitHub REST API base URL (GitHub Enterprise).' },
  {
    name: 'github-webhook-secret',
    type: 'string',
    default: '',
    valueName: '<secret>',
    description: "Turns on POST /v2/agent/github/webhook: signed comments on an agent's pull request by users with write access become follow-ups (prefer the environment variable).",
  },
  {
    name: 'agent-webhook',
    type: 'string',
    default: '',
    valueName: '<url>',
    description: 'Receives a signed JSON POST on every agent job status change (created, active, completed, failed, archived); needs --agent-webhook-secret.',
    check: (value) => (value === '' || URL.canParse(String(value)) ? null : 'must be a URL'),
  },
  {
    name: 'agent-webhook-secret',
    type: 'string',
    default: '',
    valueName: '<secret>',
    description: 'Signs the status webhook (X-Docs-Assistant-Signature-256: sha256=HMAC of the body; prefer the environment variable).',
  },
  { name: 'public-url', type: 'string', default: '', valueName: '<url>', description: 'Public URL of this server for review-page links (default: the URL the job was created through).' },
];

/** What `createServer` needs to mount the agent routes (projects empty: no agent routes). */
export interface AgentServerSettings {
  projects: Record<string, AgentProjectConfig>;
  /** `provider:id` of the agent model ('' for none). */
  model: string;
  concurrency: number;
  /** How long a job's lease lasts unrenewed, in milliseconds. */
  leaseMs?: number;
  perProjectHour: number;
  maxSteps: number;
  turnTimeoutMs: number;
  maxFilesPerTurn?: number;
  maxBytesPerTurn?: number;
  publicUrl?: string;
  /** Secret of GitHub's webhook deliveries (pull request comments become follow-ups). */
  githubWebhookSecret?: string;
  /** Status webhook: URL and signing secret. */
  webhook?: { url: string; secret: string };
}

/** Builds the agent settings from the resolved `serve` flags. */
export function agentSettingsFrom(settings: ResolvedFlags): AgentServerSettings {
  const token = (settings.githubToken as string) || undefined;
  const projects: Record<string, AgentProjectConfig> = {};
  for (const text of (settings.project as string[] | undefined) ?? []) {
    const [id, project] = parseProjectFlag(text);
    projects[id] = { ...project, githubToken: token, githubApiUrl: settings.githubApiUrl as string, adminKeys: [] };
  }
  for (const text of (settings.projectAdminKey as string[] | undefined) ?? []) {
    const [id, key] = parseProjectKey(text);
    const project = projects[id];
    if (!project) throw new Error(`--project-admin-key: no --project "${id}" is configured`);
    project.adminKeys?.push(key);
  }
  for (const text of (settings.githubRepository as string[] | undefined) ?? []) {
    const [id, repository] = parseGithubRepository(text);
    const project = projects[id];
    if (!project) throw new Error(`--github-repository: no --project "${id}" is configured`);
    project.githubRepository = repository;
  }
  for (const spec of PER_PROJECT_FLAGS) {
    const key = spec.flag.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    for (const text of (settings[key] as string[] | undefined) ?? []) {
      const [id, value] = parseProjectValue(text, spec.valueName, spec.example);
      const project = projects[id];
      if (!project) throw new Error(`--${spec.flag}: no --project "${id}" is configured`);
      spec.apply(project, value);
    }
  }
  const webhookUrl = (settings.agentWebhook as string) || '';
  const webhookSecret = (settings.agentWebhookSecret as string) || '';
  if (webhookUrl && !webhookSecret) throw new Error('--agent-webhook: needs --agent-webhook-secret (env DOCS_ASSISTANT_AGENT_WEBHOOK_SECRET) to sign the deliveries');
  return {
    webhook: webhookUrl ? { url: webhookUrl, secret: webhookSecret } : undefined,
    githubWebhookSecret: (settings.githubWebhookSecret as string) || undefined,
    projects,
    model: (settings.agentModel as string) || (settings.model as string) || '',
    concurrency: settings.agentConcurrency as number,
    leaseMs: (settings.agentLease as number) * 1000,
    perProjectHour: settings.limitAgentPerProjectHour as number,
    maxSteps: settings.agentMaxSteps as number,
    turnTimeoutMs: (settings.agentTurnTimeout as number) * 1000,
    maxFilesPerTurn: settings.agentMaxFilesPerTurn as number,
    maxBytesPerTurn: settings.agentMaxBytesPerTurn as number,
    publicUrl: (settings.publicUrl as string) || undefined,
  };
}
