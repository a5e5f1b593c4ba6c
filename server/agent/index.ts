// Wiring of agent jobs into the reference server: builds the routes from the `serve` settings,
// resumes jobs left active by the previous run, and closes the queue and store on shutdown.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import type { LanguageModel } from 'ai';
import { createLanguageModel, parseModelSpec } from '../assistant/model.ts';
import type { AgentServerSettings } from './config.ts';
import { githubRepositoryOf } from './pullRequest.ts';
import { isUrl, publicModelName, publicRepository } from './redact.ts';
import { createAgentRoutes } from './routes.ts';
import type { AgentProjectConfig } from './types.ts';
import type { JobStore } from './store.ts';

function describeGithubRepository(project: AgentProjectConfig): string {
  const { owner, repo } = githubRepositoryOf(project);
  return `${owner}/${repo}`;
}

export interface AgentMount {
  /** Mount at `path` (the routes carry their full `/v2/agent/...` and `/agent/review/...` paths). */
  path: string;
  routes: Hono;
  /** Lines to show the operator at start (e.g. no admin key, no model). */
  warnings: string[];
  /** What the operator should know at start: the projects, the agent model, where pull requests go. */
  notices: string[];
  /** Checks every project's repository, ref and docs folder (rejecting with an error naming a bad one), then resumes the jobs left active. */
  start(): Promise<void>;
  /** Jobs by status, for the metrics. */
  jobCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** Returns the agent routes when at least one project is configured, else null. */
export function createAgentMount(
  settings: AgentServerSettings,
  server: { adminKeys: readonly string[]; dataDir: string; now?: () => number; model?: LanguageModel; jobStore?: JobStore },
): AgentMount | null {
  if (Object.keys(settings.projects).length === 0) return null;
  const warnings: string[] = [];
  const hasKey = server.adminKeys.length > 0 || Object.values(settings.projects).some((project) => (project.adminKeys ?? []).length > 0);
  if (!hasKey) warnings.push('agent jobs: no admin key is configured (--admin-key), so every /v2/agent request is refused');
  const model = server.model ?? (settings.model ? createLanguageModel(parseModelSpec(settings.model)) : undefined);
  if (!model) warnings.push('agent jobs: no model is configured (--agent-model provider:id), so every job fails at once');
  // The agent needs real folders for its repositories and worktrees even when the rest runs in memory.
  const dataDir = server.dataDir === ':memory:' ? mkdtempSync(path.join(os.tmpdir(), 'docs-assistant-agent-')) : path.join(server.dataDir, 'agent');
  const routes = createAgentRoutes({
    projects: settings.projects,
    adminKeys: [...server.adminKeys],
    dataDir,
    model,
    modelName: settings.model || undefined,
    concurrency: settings.concurrency,
    leaseMs: settings.leaseMs,
    jobStore: server.jobStore,
    limits: { createPerHour: settings.perProjectHour, messagePerHour: settings.perProjectHour },
    budgets: { maxSteps: settings.maxSteps, turnTimeoutMs: settings.turnTimeoutMs, maxFilesPerTurn: settings.maxFilesPerTurn, maxBytesPerTurn: settings.maxBytesPerTurn },
    publicUrl: settings.publicUrl,
    statusWebhook: settings.webhook,
    githubWebhookSecret: settings.githubWebhookSecret,
    now: server.now,
  });
  const notices = [
    `agent jobs: model ${publicModelName(settings.model || (model && typeof model !== 'string' ? `${model.provider}:${model.modelId}` : 'none'))}`,
    ...Object.entries(settings.projects).map(([id, project]) => {
      const source = `${publicRepository(project.repository)}#${project.ref ?? 'main'}:${project.docsFolder ?? 'docs'}`;
      const destination = project.githubToken
        ? `pull requests on GitHub ${project.githubRepository ?? describeGithubRepository(project)}`
        : `review pages on this server${isUrl(project.repository) ? ', branches kept in the server\'s clone' : ', branches pushed to the local repository'}`;
      return `agent jobs: project ${id}: ${source} -> ${destination}`;
    }),
  ];
  return {
    path: '/',
    routes,
    warnings,
    notices,
    async start() {
      await routes.service.verifyProjects();
      await routes.service.recover();
    },
    jobCounts: () => routes.service.store.countByStatus(),
    close: () => routes.service.close(),
  };
}
