// Hourly use limits per project, kept as a sliding log of timestamps (at most `limit` per key), with
// an injectable clock and no timers. At 100 uses per hour the log is tiny; the exact Retry-After is
// the moment the oldest use leaves the window.

const HOUR_MS = 60 * 60 * 1000;

export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until one more use is allowed (0 when allowed). */
  retryAfterSeconds: number;
  remaining: number;
}

export interface HourlyLimiter {
  /** Counts one use of `key` if the limit allows it. */
  consume(key: string): LimitDecision;
}

/** `limit` 0 means no limit (as for the assistant's limits). */
export function createHourlyLimiter(limit: number, now: () => number, windowMs = HOUR_MS): HourlyLimiter {
  const uses = new Map<string, number[]>();
  return {
    consume(key) {
      if (limit <= 0) return { allowed: true, retryAfterSeconds: 0, remaining: Number.POSITIVE_INFINITY };
      const current = now();
      const recent = (uses.get(key) ?? []).filter((at) => at > current - windowMs);
      if (recent.length >= limit) {
        uses.set(key, recent);
        const oldest = recent[0] ?? current;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - current) / 1000)), remaining: 0 };
      }
      recent.push(current);
      uses.set(key, recent);
      return { allowed: true, retryAfterSeconds: 0, remaining: limit - recent.length };
    },
  };
}
