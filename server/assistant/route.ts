// POST /discovery/v2/assistant/{domain}/message (and v1, the same answer as an AI SDK 4 data stream) and
// GET .../config. Checks run in this order, each before any answer work:
// CORS preflight, domain (404), key (401/403), body size (413), JSON and fields (400), thread (404), limits (429).
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createUIMessageStreamResponse } from 'ai';
import { requireAssistantKey, type AuthVariables } from '../http/auth.ts';
import { clientAddress } from '../http/clientAddress.ts';
import { assistantCors } from '../http/cors.ts';
import { honoPath, requireDomain } from '../http/discoveryPaths.ts';
import { bodyTooLarge, jsonError } from '../http/errors.ts';
import { readJsonBody } from '../http/jsonBody.ts';
import { assistantPolicies, enforceLimits, keySubject } from '../http/limits.ts';
import type { Thread, ThreadStore } from '../store/threads.ts';
import type { Answerer } from './answerers.ts';
import { HISTORY_EXCHANGES, historyTurns, type Turn } from './conversation.ts';
import { retrieveDocs } from './retrieve.ts';
import type { SiteConfig } from './siteInstructions.ts';
import { readQuestion } from './question.ts';
import { parseAssistantRequest, type AssistantRequest } from './schema.ts';
import { dataStreamResponse } from './dataStream.ts';
import { answerStream } from './stream.ts';
import type { SharedRouteOptions } from '../http/routeOptions.ts';
import { THREAD_ID_HEADER, THREAD_KEY_HEADER } from '../../src/wire.ts';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface AssistantRouteOptions extends SharedRouteOptions {
  threads: ThreadStore;
  answerer: Answerer;
  /** Require the thread's secret key with its id (protocol.md §4.2). */
  threadKeys: boolean;
  log: (message: string) => void;
  /** Site name and starter questions for `GET .../config`. */
  siteConfig: SiteConfig;
}

type Variables = AuthVariables & {
  body: AssistantRequest;
  question: string;
  clientTurns: Turn[];
  thread: Thread | null;
};

export function assistantRoutes(options: AssistantRouteOptions): Hono<{ Variables: Variables }> {
  const routes = new Hono<{ Variables: Variables }>();
  const policies = assistantPolicies(options.limits);

  const cors = assistantCors(options.corsOrigins);
  const paths = [honoPath('messageV2'), honoPath('messageV1'), honoPath('siteConfig')];
  for (const path of paths) routes.use(path, cors, requireDomain(options.domain));

  // Beyond the OpenAPI: what the widget shows before the first question (assistant.md's frontmatter).
  routes.get(honoPath('siteConfig'), requireAssistantKey(options.assistantKeys, options.adminKeys), (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(options.siteConfig);
  });

  // v2 streams AI SDK 5+ UI message chunks, v1 the AI SDK 4 data stream; everything before the answer is shared.
  routes.on(
    'POST',
    [honoPath('messageV2'), honoPath('messageV1')],
    requireAssistantKey(options.assistantKeys, options.adminKeys),
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => bodyTooLarge(c, 'body: larger than 1 MB') }),
    async (c, next) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = parseAssistantRequest(body.json);
      if (!parsed.ok) return jsonError(c, 400, parsed.error);
      const question = readQuestion(parsed.request.messages);
      if (!question.ok) return jsonError(c, 400, question.error);
      c.set('body', parsed.request);
      c.set('question', question.question);
      c.set('clientTurns', question.earlier);
      await next();
    },
    async (c, next) => {
      const { threadId, threadKey } = c.get('body');
      if (threadId === undefined || threadId === null) {
        c.set('thread', null);
        return next();
      }
      const thread = await options.threads.get(threadId);
      // A wrong key answers exactly like an unknown id, so neither can be probed.
      const keyOk = !options.threadKeys || (threadKey !== undefined && thread !== undefined && options.threads.keyMatches(thread, threadKey));
      if (!thread || !keyOk) return jsonError(c, 404, 'thread not found');
      c.set('thread', thread);
      await next();
    },
    enforceLimits<{ Variables: Variables }>({
      store: options.rateLimits,
      now: options.now,
      onRefused: options.metrics?.limitRefused,
      checksFor: (c) => [
        { policy: policies.key, subject: keySubject(c.get('apiKey')) },
        { policy: policies.org, subject: options.domain },
        { policy: policies.ip, subject: clientAddress(c, options.trustProxyHops) },
      ],
    }),
    async (c) => answer(c, options, c.req.routePath === honoPath('messageV1') ? 'v1' : 'v2'),
  );

  return routes;
}

async function answer(c: Context<{ Variables: Variables }>, options: AssistantRouteOptions, version: 'v1' | 'v2'): Promise<Response> {
  const body = c.get('body');
  const question = c.get('question');
  const existing = c.get('thread');
  const { thread, threadKey } = existing
    ? { thread: existing, threadKey: null }
    : await options.threads.create(body.fp, { withKey: options.threadKeys, now: options.now() });
  const history = historyTurns(existing ? await options.threads.history(existing.id, HISTORY_EXCHANGES) : null, c.get('clientTurns'));
  const signal = c.req.raw.signal;
  const receivedAt = performance.now();
  const elapsed = () => (performance.now() - receivedAt) / 1000;

  const stream = answerStream({
    threadId: thread.id,
    signal,
    log: options.log,
    plan: (answerSignal) => {
      const index = options.getIndex();
      const searchOptions = { limit: body.retrievalPageSize, filter: body.filter ?? null, currentPath: body.currentPath, context: body.context };
      const retrieve = (asked: string, turns: readonly Turn[]) => retrieveDocs(index, asked, turns, searchOptions);
      return options.answerer({
        question,
        history,
        context: body.context,
        currentPath: body.currentPath,
        retrieve,
        search: (query) => index.search(query, { limit: body.retrievalPageSize, filter: body.filter ?? null, currentPath: body.currentPath }).map((hit) => hit.section),
        signal: answerSignal,
      });
    },
    onFirstText: () => options.metrics?.answerStarted(elapsed()),
    onEnd: (result) => {
      options.metrics?.answerEnded(elapsed(), signal.aborted ? 'aborted' : result.failed ? 'failed' : 'complete');
      // A failed write is logged: the reader has the answer already.
      return options.threads
        .append(thread.id, { question, answer: result.answer, sources: result.sources, notFound: result.notFound, createdAt: options.now(), messageId: result.messageId })
        .catch((error: unknown) => options.log(`could not store the answer of thread ${thread.id}: ${error instanceof Error ? error.message : String(error)}`));
    },
  });

  const headers: Record<string, string> = { [THREAD_ID_HEADER]: thread.id };
  if (threadKey !== null) headers[THREAD_KEY_HEADER] = threadKey;
  if (version === 'v1') return dataStreamResponse(stream, headers);
  return createUIMessageStreamResponse({ stream, headers });
}
