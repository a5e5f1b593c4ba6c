// Programmatic entry: `import { createServer } from 'docs-assistant/server'`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import type { LanguageModel } from 'ai';
import { createApp, type AppOptions } from './app.ts';
import { createExtractiveAnswerer, createModelAnswerer, type Answerer } from './assistant/answerers.ts';
import { readSiteInstructions, type SiteInstructions } from './assistant/siteInstructions.ts';
import { createLanguageModel, parseModelSpec } from './assistant/model.ts';
import { openPageCache } from './docs/pageCache.ts';
import { loadIndexedDocs } from './docs/startIndex.ts';
import { BUILT_IN_SYNONYMS, synonymsOf } from './docs/synonyms.ts';
import type { DocsIndex } from './docs/types.ts';
import { watchDocs, type DocsWatcher } from './docs/watch.ts';
import { generateAssistantKey } from './http/auth.ts';
import { openSharedStore, type SharedStore } from './store/index.ts';
import { createAgentMount, type AgentMount } from './agent/index.ts';
import type { AgentServerSettings } from './agent/config.ts';
import { ConfigError } from './config.ts';
import { createMetrics, type AppMetrics } from './http/metrics.ts';

export interface ServerOptions extends Omit<AppOptions, 'index' | 'store' | 'answerer' | 'assistantKeys' | 'metrics' | 'readiness'> {
  /** Folder of .md/.mdx files to answer from. */
  docsDir: string;
  /** Prefix of source URLs, e.g. `https://example.com/docs`. @default '' (root-relative URLs) */
  siteUrl?: string;
  /** Folder of the SQLite store (threads, limits; agent jobs), or `':memory:'`. @default './.docs-assistant' */
  dataDir?: string;
  /** PostgreSQL URL: threads, feedback and limits there, shared by every instance with it. @default none (SQLite in `dataDir`) */
  databaseUrl?: string;
  /** Public keys; when empty one is generated (see `generatedKey`). @default [] */
  assistantKeys?: readonly string[];
  /** `openai:<id>`, `anthropic:<id>`, `openai-compatible:<id>@<baseURL>`, or an AI SDK model. @default extractive answers */
  model?: string | LanguageModel;
  /** Token cap per model answer. @default 1024 */
  maxOutputTokens?: number;
  /** Wall-time cap per model answer, in milliseconds. @default 60000 */
  answerTimeoutMs?: number;
  /**
   * The site's instructions for its assistant: system-prompt text, site name and starter questions.
   * @default `assistant.md` in `docsDir` when present
   */
  instructionsFile?: string;
  /** Serve the MCP server at /mcp. @default true */
  mcp?: boolean;
  /** Re-index files that change. @default true */
  watch?: boolean;
  /** Docs files not to index, as globs relative to `docsDir` (`changelog/**`). @default none */
  exclude?: readonly string[];
  /** Receives one line per skipped file or watcher problem. @default console.warn */
  onWarning?: (message: string) => void;
  /** Agent jobs (`/v2/agent/...`); mounted when at least one project is configured. @default none */
  agent?: AgentServerSettings;
  /** An AI SDK model for agent jobs instead of `agent.model` (tests inject a mock). */
  agentModel?: LanguageModel;
  /** Prometheus metrics at GET /metrics (admin key), or false for none. @default true */
  metrics?: boolean;
}

/** What `createServer` adds to the Hono app. */
export interface DocsAssistantServerExtras {
  /** The docs search index, updated in place when files change. */
  docsIndex: DocsIndex;
  /** The accepted assistant keys (the generated one included). */
  assistantKeys: string[];
  /** The key generated because none was configured, else null. */
  generatedKey: string | null;
  /** Warnings of the initial docs load, one line per skipped file. */
  warnings: string[];
  /** Start-up lines for the operator: agent projects, the agent model, where pull requests go. */
  notices: string[];
  /** The Prometheus registry behind GET /metrics (null with `metrics: false`); a separate metrics port serves it. */
  metrics: AppMetrics | null;
  /** From now on GET /ready answers 503, so load balancers stop sending requests (answers in flight go on). */
  beginShutdown(): void;
  /** Stops the docs watcher and closes the store. */
  close(): Promise<void>;
}

/**
 * The Hono app itself (`app.fetch` for any runtime, `app.request()` in tests, mount it with `route()`),
 * with the extras above.
 */
export type DocsAssistantServer = Hono & DocsAssistantServerExtras;

/** The built widget: `dist/` next to `server/` in a checkout, or the folder holding `dist/server/` in a build. */
function defaultWidgetDir(): string | null {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const candidates = [fileURLToPath(new URL('../dist', import.meta.url)), ...(here.replace(/\/$/, '').endsWith('dist/server') ? [fileURLToPath(new URL('..', import.meta.url))] : [])];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

function answererFor(options: ServerOptions, siteInstructions: string): Answerer {
  if (options.model === undefined || options.model === '') return createExtractiveAnswerer();
  const model = typeof options.model === 'string' ? createLanguageModel(parseModelSpec(options.model)) : options.model;
  return createModelAnswerer({
    model,
    maxOutputTokens: options.maxOutputTokens ?? 1024,
    timeoutMs: options.answerTimeoutMs ?? 60_000,
    siteInstructions,
  });
}

/** Loads and indexes the docs, opens the store and returns the app (nothing listens: serve `app.fetch`, as cli.ts does). */
export async function createServer(options: ServerOptions): Promise<DocsAssistantServer> {
  const onWarning = options.onWarning ?? ((message: string) => console.warn(message));
  let site: SiteInstructions;
  try {
    site = await readSiteInstructions(options.docsDir, options.instructionsFile);
  } catch (error) {
    throw new ConfigError((error as Error).message, { cause: error });
  }
  for (const warning of site.warnings) onWarning(warning);
  const answerer = answererFor(options, site.instructions);
  // Parsed pages kept in the data folder between runs, so a restart parses only what changed.
  const dataDir = options.dataDir ?? './.docs-assistant';
  const pageCache = dataDir === ':memory:' ? null : openPageCache(dataDir);
  const { docs, index, saved } = await loadIndexedDocs(options.docsDir, {
    siteUrl: options.siteUrl,
    cache: pageCache,
    synonyms: synonymsOf([...BUILT_IN_SYNONYMS, ...site.synonyms]),
    ...(options.exclude ? { exclude: options.exclude } : {}),
  });
  for (const warning of docs.warnings) onWarning(warning);
  // The page cache stays open until the snapshot is kept: every close below waits for it.
  const closePageCache = async () => {
    await saved;
    pageCache?.close();
  };
  void saved.then((warning) => warning !== undefined && onWarning(warning));
  let store: SharedStore;
  try {
    store = await openSharedStore(options.dataDir ?? './.docs-assistant', options.databaseUrl);
  } catch (error) {
    await closePageCache();
    throw new ConfigError(`--database-url: could not open the database (${(error as Error).message})`, { cause: error });
  }

  // Agent projects are checked before anything that keeps the process alive (the watcher) starts: a bad
  // repository, ref or docs folder stops the start with an error naming it instead of failing the first job.
  let agent: AgentMount | null = null;
  try {
    agent = options.agent
      ? createAgentMount(options.agent, {
          adminKeys: options.adminKeys ?? [],
          dataDir: options.dataDir ?? './.docs-assistant',
          now: options.now,
          model: options.agentModel,
          ...(store.jobs ? { jobStore: store.jobs } : {}),
        })
      : null;
    await agent?.start();
  } catch (error) {
    await agent?.close();
    await store.close();
    await closePageCache();
    throw new ConfigError((error as Error).message, { cause: error });
  }
  for (const warning of agent?.warnings ?? []) onWarning(warning);
  const generatedKey = options.assistantKeys && options.assistantKeys.length > 0 ? null : generateAssistantKey();
  const assistantKeys = generatedKey ? [generatedKey] : [...(options.assistantKeys ?? [])];

  let watcher: DocsWatcher | null = null;
  if (options.watch ?? true) {
    watcher = watchDocs(options.docsDir, {
      siteUrl: options.siteUrl,
      ...(options.exclude ? { exclude: options.exclude } : {}),
      ...(pageCache ? { cache: pageCache } : {}),
      onPage: (file, page) => {
        index.updateFile(file, page?.sections ?? []);
        metrics?.indexUpdated(Date.now());
      },
      onWarning,
    });
  }

  const metrics = (options.metrics ?? true)
    ? createMetrics({ index: () => ({ pages: index.pageCount, sections: index.sectionCount }), ...(agent ? { agentJobs: () => agent.jobCounts() } : {}) })
    : undefined;
  let shuttingDown = false;
  const { metrics: _metricsWanted, ...appOptions } = options;
  const app = createApp({
    ...appOptions,
    ...(metrics ? { metrics } : {}),
    readiness: async () => {
      if (shuttingDown) return { ready: false, reason: 'shutting down' };
      try {
        await store.ping();
        return { ready: true };
      } catch (error) {
        return { ready: false, reason: `the store does not answer (${(error as Error).message})` };
      }
    },
    mounts: [...(options.mounts ?? []), ...(agent ? [agent] : [])],
    index,
    store,
    answerer,
    assistantKeys,
    siteConfig: { siteName: site.siteName, starterQuestions: site.starterQuestions },
    widgetDir: options.widgetDir === undefined ? defaultWidgetDir() : options.widgetDir,
  });

  const extras: DocsAssistantServerExtras = {
    docsIndex: index,
    assistantKeys,
    generatedKey,
    warnings: docs.warnings,
    notices: agent?.notices ?? [],
    metrics: metrics ?? null,
    beginShutdown: () => {
      shuttingDown = true;
    },
    close: async () => {
      watcher?.close();
      await agent?.close();
      await store.close();
      await closePageCache();
    },
  };
  return Object.assign(app, extras);
}

export { createApp, type AppOptions } from './app.ts';
export { openSharedStore, openStore, type ServerStore, type SharedStore } from './store/index.ts';
export { createExtractiveAnswerer, createModelAnswerer, type Answerer, type AnswerInput, type AnswerPlan } from './assistant/answerers.ts';
export { requireAdminKey, requireAssistantKey, createKeySet, generateAssistantKey, type KeySet } from './http/auth.ts';
export type { AssistantLimits } from './http/limits.ts';
export type { DocsIndex, Section } from './docs/types.ts';
