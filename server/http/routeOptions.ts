// What every route group of the discovery API shares: app.ts builds it once and hands it to each.
import type { DocsIndex } from '../docs/types.ts';
import type { RateLimitStore } from '../store/rateLimits.ts';
import type { KeySet } from './auth.ts';
import type { AssistantLimits } from './limits.ts';
import type { AppMetrics } from './metrics.ts';

export interface SharedRouteOptions {
  /** The `{domain}` path segment this server answers. */
  domain: string;
  /** The current index (it is replaced when docs change). */
  getIndex: () => DocsIndex;
  assistantKeys: KeySet;
  adminKeys: KeySet;
  rateLimits: RateLimitStore;
  limits: AssistantLimits;
  trustProxyHops: number;
  corsOrigins: readonly string[];
  now: () => number;
  /** Counts requests, answers and limit refusals when the app has metrics. */
  metrics?: AppMetrics;
}
