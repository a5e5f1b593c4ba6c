// Usage limits of the assistant route and their IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers).
import { createHash } from 'node:crypto';
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { LimitCheck, LimitPolicy, PolicyState, RateLimitStore } from '../store/rateLimits.ts';
import { jsonError } from './errors.ts';

/** Requests admitted per window; 0 turns a limit off. */
export interface AssistantLimits {
  perKeyMonth: number;
  perOrgHour: number;
  perIpDay: number;
}

/** The API's published limits: 10,000 per key per month, per organization per hour, per IP per day. */
export const DEFAULT_ASSISTANT_LIMITS: AssistantLimits = { perKeyMonth: 10_000, perOrgHour: 10_000, perIpDay: 10_000 };

const WINDOW_WORDS = { hour: 'hour', day: 'day', 'calendar-month': 'month (UTC calendar month)' } as const;
const SUBJECT_WORDS: Record<string, string> = { 'key-month': 'key', 'org-hour': 'organization', 'ip-day': 'IP address' };

export function assistantPolicies(limits: AssistantLimits): { key: LimitPolicy; org: LimitPolicy; ip: LimitPolicy } {
  return {
    key: { name: 'key-month', limit: limits.perKeyMonth, window: 'calendar-month' },
    org: { name: 'org-hour', limit: limits.perOrgHour, window: 'hour' },
    ip: { name: 'ip-day', limit: limits.perIpDay, window: 'day' },
  };
}

/** Keys are counted under a digest so the database never holds a usable key. */
export function keySubject(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

export function rateLimitHeaders(states: readonly PolicyState[]): Record<string, string> {
  if (states.length === 0) return {};
  return {
    'RateLimit-Policy': states.map((state) => `"${state.name}";q=${state.limit};w=${state.windowSeconds}`).join(', '),
    RateLimit: states.map((state) => `"${state.name}";r=${state.remaining};t=${state.resetSeconds}`).join(', '),
  };
}

/**
 * Charges every window of the request at once; over any limit: 429 with Retry-After, nothing charged.
 * `checksFor` names the subjects (key, org, IP) of the request.
 */
export function enforceLimits<E extends Env>(options: {
  store: RateLimitStore;
  checksFor: (c: Context<E>) => LimitCheck[];
  now: () => number;
  /** Told the policies of each refusal (metrics). */
  onRefused?: (policies: readonly string[]) => void;
}): MiddlewareHandler<E> {
  return async (c, next) => {
    const checks = options.checksFor(c);
    const decision = await options.store.consume(checks, options.now());
    for (const [name, value] of Object.entries(rateLimitHeaders(decision.states))) c.header(name, value);
    if (!decision.admitted) {
      options.onRefused?.(decision.violated);
      const first = checks.find((check) => check.policy.name === decision.violated[0]);
      const what = first
        ? `${first.policy.limit} requests per ${SUBJECT_WORDS[first.policy.name] ?? first.policy.name} per ${WINDOW_WORDS[first.policy.window]}`
        : 'the limit';
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return jsonError(c, 429, `rate limit: over ${what} (${decision.violated.join(', ')}); retry in ${decision.retryAfterSeconds} s`);
    }
    await next();
  };
}
