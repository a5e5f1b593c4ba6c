// Settings of `docs-assistant serve`: one table of flags, each also read from DOCS_ASSISTANT_<NAME> and from a
// JSON config file. Precedence: flag > environment > config file > default.
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PUBLIC_KEY_MARKER } from '../src/wire.ts';
import { parseModelSpec } from './assistant/model.ts';
import { AGENT_FLAGS } from './agent/config.ts';

export type FlagValue = string | number | boolean | string[];

export interface FlagSpec {
  /** The flag without dashes: `assistant-key`. */
  name: string;
  type: 'string' | 'number' | 'boolean';
  /** Repeatable: values accumulate (comma-separated in the environment variable). */
  multiple?: boolean;
  default?: FlagValue;
  /** Placeholder in --help: `<key>`. */
  valueName?: string;
  description: string;
  /** Returns what is wrong with a value, or null. */
  check?: (value: FlagValue) => string | null;
}

/** Checks a `--model`-style value (empty means none); exported for other model flags. */
export function checkModelSpec(value: FlagValue): string | null {
  if (value === '') return null;
  try {
    parseModelSpec(String(value));
    return null;
  } catch (error) {
    return (error as Error).message.replace(/^--model: /, '');
  }
}

const nonNegativeInteger = (value: FlagValue) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? null : 'must be a whole number, 0 or more';

/** Every flag of `serve`. Other parts add their flags here (one entry each) and read them from `ResolvedFlags`. */
export const SERVE_FLAGS: FlagSpec[] = [
  { name: 'host', type: 'string', default: '127.0.0.1', valueName: '<host>', description: 'Interface to listen on (0.0.0.0 in a container).' },
  {
    name: 'port',
    type: 'number',
    default: 8787,
    valueName: '<port>',
    description: 'Port to listen on; 0 picks a free one.',
    check: (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535 ? null : 'must be a port number from 0 to 65535'),
  },
  { name: 'domain', type: 'string', default: 'docs', valueName: '<domain>', description: 'The {domain} of /discovery/v2/assistant/{domain}/message.' },
  {
    name: 'assistant-key',
    type: 'string',
    multiple: true,
    default: [],
    valueName: '<key>',
    description: 'Public assistant key (contains _dsc_). Without one, a key is generated for the run and printed.',
    check: (value) => ((value as string[]).every((key) => key.includes(PUBLIC_KEY_MARKER)) ? null : `every assistant key must contain "${PUBLIC_KEY_MARKER}"`),
  },
  { name: 'admin-key', type: 'string', multiple: true, default: [], valueName: '<key>', description: 'Secret admin key (server-side only; refused on the assistant route).' },
  { name: 'data', type: 'string', default: './.docs-assistant', valueName: '<dir>', description: 'Folder of the embedded database (threads, limits; agent jobs and their worktrees).' },
  {
    name: 'database-url',
    type: 'string',
    default: '',
    valueName: '<postgres://...>',
    description: 'PostgreSQL for threads, feedback and limits, shared by every instance with the same URL (default: the embedded SQLite in --data).',
    check: (value) => (value === '' || /^postgres(ql)?:\/\//.test(String(value)) ? null : 'must be a postgres:// or postgresql:// URL'),
  },
  { name: 'site-url', type: 'string', default: '', valueName: '<url>', description: 'Public URL of the docs site; source links start with it (default: root-relative links).' },
  { name: 'model', type: 'string', default: '', valueName: '<provider:id>', description: 'openai:<id> | anthropic:<id> | openai-compatible:<id>@<baseURL> (default: extractive answers, no model).',
    check: checkModelSpec,
  },
  { name: 'limit-assistant-per-key-month', type: 'number', default: 10_000, valueName: '<n>', description: 'Questions per assistant key per UTC calendar month (0: no limit).', check: nonNegativeInteger },
  { name: 'limit-assistant-per-org-hour', type: 'number', default: 10_000, valueName: '<n>', description: 'Questions per organization (this server) per hour (0: no limit).', check: nonNegativeInteger },
  { name: 'limit-assistant-per-ip-day', type: 'number', default: 10_000, valueName: '<n>', description: 'Questions per client IP address per UTC day (0: no limit).', check: nonNegativeInteger },
  { name: 'cors-origin', type: 'string', multiple: true, default: ['*'], valueName: '<origin>', description: 'Origin allowed to call the assistant from a browser (default: any origin).' },
  { name: 'trust-proxy', type: 'number', default: 0, valueName: '<hops>', description: 'Reverse proxies in front whose X-Forwarded-For is trusted for the per-IP limit.', check: nonNegativeInteger },
  { name: 'thread-keys', type: 'boolean', default: false, description: 'Return X-Thread-Key on a new thread and require threadKey with threadId (404 without it).' },
  { name: 'watch', type: 'boolean', default: true, description: 'Re-index docs files that change (--no-watch to turn off).' },
  { name: 'exclude', type: 'string', multiple: true, default: [], valueName: '<glob>', description: 'Docs files not to index, as a glob relative to the docs folder (changelog/**, **/internal/**).' },
  { name: 'mcp', type: 'boolean', default: true, description: 'Serve an MCP server at /mcp with search and get_page tools (--no-mcp to turn off).' },
  { name: 'max-output-tokens', type: 'number', default: 1024, valueName: '<n>', description: 'Token cap of a model answer.', check: nonNegativeInteger },
  { name: 'instructions', type: 'string', default: '', valueName: '<file>', description: "The site's instructions for the model, site name and starter questions (default: assistant.md in the docs folder)." },
  { name: 'answer-timeout', type: 'number', default: 60, valueName: '<seconds>', description: 'Wall-time cap of a model answer.', check: nonNegativeInteger },
  {
    name: 'log-format',
    type: 'string',
    default: 'text',
    valueName: '<text|json>',
    description: 'text: warnings and errors as lines; json: one JSON object per line, with an access line per request and its X-Request-Id.',
    check: (value) => (value === 'text' || value === 'json' ? null : 'must be text or json'),
  },
  {
    name: 'metrics-port',
    type: 'number',
    default: 0,
    valueName: '<port>',
    description: 'Serve GET /metrics (Prometheus) on this port, without a key, instead of on the main port with the admin key (0: on the main port).',
    check: (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535 ? null : 'must be a port number from 0 to 65535'),
  },
  { name: 'shutdown-timeout', type: 'number', default: 10, valueName: '<seconds>', description: 'On SIGTERM or SIGINT, how long answers still streaming may go on before they are cut.', check: nonNegativeInteger },
  ...AGENT_FLAGS,
  { name: 'config', type: 'string', default: 'docs-assistant.config.json', valueName: '<file>', description: 'JSON config file; keys are the flag names in camelCase (default: ./docs-assistant.config.json when present).' },
];

/** `assistant-key` -> `assistantKey`. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** `assistant-key` -> `DOCS_ASSISTANT_ASSISTANT_KEY`. */
export function environmentName(name: string): string {
  return `DOCS_ASSISTANT_${name.replace(/-/g, '_').toUpperCase()}`;
}

export class ConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConfigError';
  }
}

/** Reads one value written as text (a flag or an environment variable) as the flag's type. */
function fromText(spec: FlagSpec, text: string, where: string): FlagValue {
  if (spec.multiple) return text.split(',').map((part) => part.trim()).filter(Boolean);
  if (spec.type === 'number') {
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number)) throw new ConfigError(`${where}: "${text}" is not a number`);
    return number;
  }
  if (spec.type === 'boolean') {
    if (/^(1|true|yes|on)$/i.test(text)) return true;
    if (/^(0|false|no|off)$/i.test(text)) return false;
    throw new ConfigError(`${where}: "${text}" is not true or false`);
  }
  return text;
}

/** Reads one value of a config file, where JSON types are expected. */
function fromJson(spec: FlagSpec, value: unknown, where: string): FlagValue {
  if (spec.multiple) {
    const list = Array.isArray(value) ? value : [value];
    if (list.every((item) => typeof item === 'string')) return list as string[];
    throw new ConfigError(`${where}: must be a string or a list of strings`);
  }
  if (typeof value !== spec.type) throw new ConfigError(`${where}: must be a ${spec.type}`);
  return value as FlagValue;
}

export interface ConfigSources {
  /** Values parsed from the command line, keyed by flag name (absent when not given). */
  flags: Record<string, string | boolean | (string | boolean)[] | undefined>;
  environment: NodeJS.ProcessEnv;
  cwd: string;
}

/** Resolved settings keyed by camelCase flag name, plus `docsDir` from the positional argument. */
export type ResolvedFlags = Record<string, FlagValue>;

function readConfigFile(path: string, required: boolean): Record<string, unknown> {
  if (!existsSync(path)) {
    if (required) throw new ConfigError(`--config: ${path} does not exist`);
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`--config: ${path} is not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ConfigError(`--config: ${path} must hold a JSON object`);
  return parsed as Record<string, unknown>;
}

/** Merges flag > environment > config file > default for every flag in `specs`. */
export function resolveFlags(specs: readonly FlagSpec[], sources: ConfigSources): ResolvedFlags {
  const configSpec = specs.find((spec) => spec.name === 'config');
  const explicitConfig = (sources.flags.config as string | undefined) ?? sources.environment[environmentName('config')];
  const configPath = resolve(sources.cwd, explicitConfig ?? String(configSpec?.default ?? 'docs-assistant.config.json'));
  const file = readConfigFile(configPath, explicitConfig !== undefined);
  const known = new Set(specs.flatMap((spec) => [camelCase(spec.name), ...(spec.multiple ? [`${camelCase(spec.name)}s`] : [])]));
  known.add('docsDir');
  for (const key of Object.keys(file)) {
    if (!known.has(key)) throw new ConfigError(`${configPath}: unknown setting "${key}"`);
  }

  const resolved: ResolvedFlags = {};
  for (const spec of specs) {
    const key = camelCase(spec.name);
    const flag = sources.flags[spec.name];
    const environment = sources.environment[environmentName(spec.name)];
    const fileValue = file[key] ?? (spec.multiple ? file[`${key}s`] : undefined);
    let value: FlagValue | undefined;
    if (Array.isArray(flag)) value = flag.map(String);
    else if (flag !== undefined) value = typeof flag === 'string' ? fromText(spec, flag, `--${spec.name}`) : flag;
    else if (environment !== undefined && environment !== '') value = fromText(spec, environment, environmentName(spec.name));
    else if (fileValue !== undefined) value = fromJson(spec, fileValue, `${configPath}: ${key}`);
    else value = spec.default;
    if (value === undefined) continue;
    const problem = spec.check?.(value);
    if (problem) throw new ConfigError(`--${spec.name}: ${problem}`);
    resolved[key] = value;
  }
  if (typeof file.docsDir === 'string') resolved.docsDir = file.docsDir;
  return resolved;
}

/** `--help` text of `serve`, generated from the flag table so it can never miss a flag. */
export function serveHelp(specs: readonly FlagSpec[]): string {
  const rows = specs.map((spec) => {
    const flag = spec.type === 'boolean' ? `--${spec.name}` : `--${spec.name} ${spec.valueName ?? '<value>'}`;
    const shownDefault = Array.isArray(spec.default) ? spec.default.join(',') : spec.default;
    const defaultText = shownDefault === undefined || shownDefault === '' ? '' : ` [default: ${String(shownDefault)}]`;
    return { flag, text: `${spec.description}${spec.multiple ? ' (repeatable)' : ''}${defaultText}\n      env ${environmentName(spec.name)}` };
  });
  return [
    'Usage: docs-assistant serve <docsDir> [options]',
    '',
    'Answers POST /discovery/v2/assistant/{domain}/message from a folder of .md/.mdx files,',
    'and serves GET /health and the built widget under /widget/.',
    '<docsDir> may also come from DOCS_ASSISTANT_DOCS_DIR or the config file\'s "docsDir".',
    '',
    'Options (each also settable by the environment variable shown, or in the config file by its camelCase name;',
    'a flag beats the environment, which beats the config file):',
    ...rows.map((row) => `  ${row.flag}\n      ${row.text}`),
    '  -h, --help\n      Show this help.',
    '',
    'Model keys: OPENAI_API_KEY, ANTHROPIC_API_KEY, DOCS_ASSISTANT_MODEL_API_KEY (openai-compatible).',
    'Prints "listening on http://HOST:PORT" when ready; SIGINT/SIGTERM stop it.',
  ].join('\n');
}
