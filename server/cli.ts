// The `docs-assistant` command. `serve` loads the docs, opens the store and listens.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ConfigError, resolveFlags, serveHelp, SERVE_FLAGS, type ResolvedFlags } from './config.ts';
import { createServer, type ServerOptions } from './index.ts';
import { serveMetrics } from './http/metrics.ts';
import { runAgentCli } from './agent/cli.ts';
import { agentSettingsFrom } from './agent/config.ts';
import { runQuestionsCli } from './questionsCli.ts';

const MAIN_HELP = `Usage: docs-assistant <command> [options]

Commands:
  serve <docsDir>   Answer the assistant endpoint from a folder of Markdown/MDX docs.
  agent <command>   Create and follow agent jobs on a server (run "docs-assistant agent --help").
  questions         List what readers asked a server, newest first; --not-found for what the docs lack.

Run "docs-assistant serve --help" for its options.`;

/** Exit code for wrong usage (a bad flag or value), as opposed to 1 for a failure while running. */
const USAGE_ERROR = 2;

interface CliIo {
  out: (line: string) => void;
  error: (line: string) => void;
  environment: NodeJS.ProcessEnv;
  cwd: string;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
  environment: process.env,
  cwd: process.cwd(),
};

function parseOptionsFor(): ParseArgsOptionsConfig {
  const options: ParseArgsOptionsConfig = { help: { type: 'boolean', short: 'h' } };
  for (const spec of SERVE_FLAGS) {
    options[spec.name] = { type: spec.type === 'boolean' ? 'boolean' : 'string', multiple: spec.multiple ?? false };
  }
  return options;
}

/** Maps resolved settings to createServer's options; other parts add their settings here. */
export function serverOptionsFrom(settings: ResolvedFlags, docsDir: string): ServerOptions {
  return {
    docsDir,
    domain: settings.domain as string,
    assistantKeys: settings.assistantKey as string[],
    adminKeys: settings.adminKey as string[],
    dataDir: settings.data as string,
    ...(settings.databaseUrl ? { databaseUrl: settings.databaseUrl as string } : {}),
    siteUrl: settings.siteUrl as string,
    model: (settings.model as string) || undefined,
    limits: {
      perKeyMonth: settings.limitAssistantPerKeyMonth as number,
      perOrgHour: settings.limitAssistantPerOrgHour as number,
      perIpDay: settings.limitAssistantPerIpDay as number,
    },
    corsOrigins: settings.corsOrigin as string[],
    trustProxyHops: settings.trustProxy as number,
    threadKeys: settings.threadKeys as boolean,
    watch: settings.watch as boolean,
    exclude: settings.exclude as string[],
    mcp: settings.mcp as boolean,
    maxOutputTokens: settings.maxOutputTokens as number,
    answerTimeoutMs: (settings.answerTimeout as number) * 1000,
    ...(settings.instructions ? { instructionsFile: settings.instructions as string } : {}),
    agent: agentSettingsOrUsageError(settings),
  };
}

/** A bad agent setting (e.g. a key for an unknown project) is a usage error: exit 2 naming it. */
function agentSettingsOrUsageError(settings: ResolvedFlags) {
  try {
    return agentSettingsFrom(settings);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** A log line of `--log-format json`. */
function jsonLine(level: 'info' | 'warn' | 'error', message: string, fields: object = {}): string {
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
}

async function runServe(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: parseOptionsFor(), allowPositionals: true, allowNegative: true, strict: true });
  if (values.help) {
    io.out(serveHelp(SERVE_FLAGS));
    return 0;
  }
  const { help: _help, ...flags } = values;
  const settings = resolveFlags(SERVE_FLAGS, { flags, environment: io.environment, cwd: io.cwd });
  const docsDir = positionals[0] ?? (io.environment.DOCS_ASSISTANT_DOCS_DIR || undefined) ?? (settings.docsDir as string | undefined);
  if (!docsDir) throw new ConfigError('missing <docsDir>: the folder of Markdown/MDX files to answer from');
  if (positionals.length > 1) throw new ConfigError(`unexpected argument "${positionals[1]}"`);
  if (!statSync(resolve(io.cwd, docsDir), { throwIfNoEntry: false })?.isDirectory()) throw new ConfigError(`<docsDir>: ${docsDir} is not a folder`);

  // One JSON object per line for log pipelines; plain lines otherwise (the default, as before).
  const json = settings.logFormat === 'json';
  const server = await createServer({
    ...serverOptionsFrom(settings, resolve(io.cwd, docsDir)),
    onWarning: (message) => io.error(json ? jsonLine('warn', message) : `warning: ${message}`),
    log: (message) => io.error(json ? jsonLine('error', message) : message),
    ...(json ? { accessLog: (entry) => io.out(jsonLine('info', 'request', entry)) } : {}),
    metricsRoute: !settings.metricsPort,
  });
  if (server.generatedKey) io.out(`assistant key (generated for this run): ${server.generatedKey}`);
  const host = settings.host as string;
  const shutdownMs = (settings.shutdownTimeout as number) * 1000;

  return await new Promise<number>((resolveExit) => {
    const httpServer = serve({ fetch: server.fetch, hostname: host, port: settings.port as number }, (info) => {
      for (const notice of server.notices) io.out(notice);
      io.out(`listening on http://${urlHost(host)}:${info.port}`);
    });
    // Metrics for a scraper inside the network, on their own port and without a key.
    const registry = server.metrics?.registry;
    const metricsServer =
      settings.metricsPort && registry
        ? serve({ fetch: new Hono().get('/metrics', serveMetrics(registry)).fetch, hostname: host, port: settings.metricsPort as number })
        : null;
    httpServer.on('error', (error) => {
      io.error(`docs-assistant: cannot listen on ${urlHost(host)}:${String(settings.port)}: ${error.message}`);
      metricsServer?.close();
      void server.close().then(() => resolveExit(1));
    });
    metricsServer?.on('error', (error) => io.error(`docs-assistant: cannot serve metrics on ${urlHost(host)}:${String(settings.metricsPort)}: ${error.message}`));
    const stop = () => {
      // Draining: /ready says 503 so the balancer stops sending, no new connections are taken, idle ones
      // close, and answers still streaming go on for up to --shutdown-timeout before they are cut.
      server.beginShutdown();
      httpServer.close(() => {
        metricsServer?.close();
        void server.close().then(() => resolveExit(0));
      });
      if ('closeIdleConnections' in httpServer) httpServer.closeIdleConnections();
      setTimeout(() => {
        if ('closeAllConnections' in httpServer) httpServer.closeAllConnections();
      }, shutdownMs).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Runs the command line; resolves to the process exit code. */
export async function runCli(args: string[], io: CliIo = defaultIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.out(MAIN_HELP);
      return command === undefined ? USAGE_ERROR : 0;
    }
    if (command === 'serve') return await runServe(rest, io);
    if (command === 'agent') return await runAgentCli(rest, io);
    if (command === 'questions') return await runQuestionsCli(rest, io);
    io.error(`docs-assistant: unknown command "${command}"\n\n${MAIN_HELP}`);
    return USAGE_ERROR;
  } catch (error) {
    const usage = error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    io.error(`docs-assistant: ${(error as Error).message}`);
    return usage ? USAGE_ERROR : 1;
  }
}

// `node server/cli.ts serve docs` runs the source directly (bin/docs-assistant.js prefers the build).
if (import.meta.main) process.exitCode = await runCli(process.argv.slice(2));
