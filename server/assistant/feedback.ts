// Beyond the OpenAPI: readers rate answers. POST /discovery/v2/assistant/{domain}/feedback (assistant
// key) records a rating of one answer of a thread, with an optional reason (a second rating replaces
// the first); GET on the same path (admin key) lists the ratings with the question and answer rated.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { FEEDBACK_REASON_MAX_LENGTH, REQUEST_LIMITS, type FeedbackRequestBody } from '../../src/wire.ts';
import { requireAdminKey, requireAssistantKey } from '../http/auth.ts';
import { clientAddress } from '../http/clientAddress.ts';
import { assistantCors } from '../http/cors.ts';
import { honoPath, requireDomain } from '../http/discoveryPaths.ts';
import { jsonError } from '../http/errors.ts';
import { readJsonBody } from '../http/jsonBody.ts';
import { assistantPolicies, enforceLimits } from '../http/limits.ts';
import type { ThreadStore } from '../store/threads.ts';
import { firstProblem } from './schema.ts';
import type { SharedRouteOptions } from '../http/routeOptions.ts';

const feedbackSchema = z.object({
  threadId: z.string().min(1).max(REQUEST_LIMITS.threadIdLength),
  threadKey: z.string().max(REQUEST_LIMITS.threadIdLength).optional(),
  messageId: z.string().min(1).max(200),
  rating: z.enum(['up', 'down']),
  reason: z.string().max(FEEDBACK_REASON_MAX_LENGTH).optional(),
});

const bodiesAccepted: FeedbackRequestBody extends z.input<typeof feedbackSchema> ? true : false = true;
const inputsFit: z.input<typeof feedbackSchema> extends FeedbackRequestBody ? true : false = true;
void [bodiesAccepted, inputsFit];

const MAX_LISTED = 500;

export interface FeedbackRouteOptions extends SharedRouteOptions {
  threads: ThreadStore;
  threadKeys: boolean;
}

export function feedbackRoutes(options: FeedbackRouteOptions): Hono {
  const routes = new Hono();
  const path = honoPath('feedback');
  routes.use(path, assistantCors(options.corsOrigins), requireDomain(options.domain));

  routes.post(
    path,
    requireAssistantKey(options.assistantKeys, options.adminKeys),
    bodyLimit({ maxSize: 16 * 1024, onError: (c) => jsonError(c, 413, 'body: larger than 16 KB') }),
    enforceLimits({
      store: options.rateLimits,
      onRefused: options.metrics?.limitRefused,
      now: options.now,
      checksFor: (c) => [{ policy: assistantPolicies(options.limits).ip, subject: clientAddress(c, options.trustProxyHops) }],
    }),
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = feedbackSchema.safeParse(body.json, { reportInput: true });
      if (!parsed.success) return jsonError(c, 400, firstProblem(parsed.error));
      const { threadId, threadKey, messageId, rating, reason } = parsed.data;
      const thread = await options.threads.get(threadId);
      // As for a question: a wrong thread key answers like an unknown thread.
      const keyOk = !options.threadKeys || (threadKey !== undefined && thread !== undefined && options.threads.keyMatches(thread, threadKey));
      if (!thread || !keyOk) return jsonError(c, 404, 'thread not found');
      const trimmed = reason?.trim();
      if (!(await options.threads.rate(threadId, messageId, rating, trimmed ? trimmed : null, options.now()))) return jsonError(c, 404, 'messageId: no answer of this thread has this id');
      return c.body(null, 204);
    },
  );

  routes.get(path, requireAdminKey(options.adminKeys, options.assistantKeys), async (c) => {
    const limit = Math.min(MAX_LISTED, Math.max(1, Number.parseInt(c.req.query('limit') ?? '100', 10) || 100));
    const feedback = (await options.threads.feedback(limit)).map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt).toISOString() }));
    return c.json({ feedback });
  });

  return routes;
}
