// Fixed-window request counters over SQLite, for several windows at once.
// Why not rate-limiter-flexible: its memory store drops windows over 24.8 days (setTimeout overflow), its SQLite
// store accepts neither node:sqlite nor an injected clock, and neither knows calendar months. Here every check of
// one request runs in a single IMMEDIATE transaction: either all windows are charged or none is (a rejection by a
// later window never leaves an earlier one charged), and two processes sharing the data folder stay exact.
import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './database.ts';

/** How a window is cut: fixed UTC hours, UTC days, or UTC calendar months. */
export type LimitWindow = 'hour' | 'day' | 'calendar-month';

export interface LimitPolicy {
  /** Name shown in the RateLimit headers, e.g. `key-month`. */
  name: string;
  /** Requests admitted per window; 0 turns the policy off. */
  limit: number;
  window: LimitWindow;
}

/** One policy applied to one subject (a key hash, the org, an IP address). */
export interface LimitCheck {
  policy: LimitPolicy;
  subject: string;
}

/** A policy's state after the request, as the headers report it. */
export interface PolicyState {
  name: string;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

export interface LimitDecision {
  admitted: boolean;
  states: PolicyState[];
  /** Names of the policies that refused the request. */
  violated: string[];
  /** Seconds until every violated window has reset. */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /** Charges every check at once, or none when any is over its limit (atomic across processes sharing the store). */
  consume(checks: LimitCheck[], now: number): Promise<LimitDecision>;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The window containing `now`, in epoch milliseconds. */
export function windowAt(window: LimitWindow, now: number): { start: number; end: number } {
  if (window === 'hour') {
    const start = Math.floor(now / HOUR) * HOUR;
    return { start, end: start + HOUR };
  }
  if (window === 'day') {
    const start = Math.floor(now / DAY) * DAY;
    return { start, end: start + DAY };
  }
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return { start, end };
}

/** One policy of a request as counted: its window and the count after the request (or as it stands, when refused). */
export interface CountedWindow {
  check: LimitCheck;
  window: { start: number; end: number };
  count: number;
}

/** The decision every store returns: admitted unless a policy is `violated` (a subset of `counted`), with each policy's state. */
export function limitDecision(counted: readonly CountedWindow[], violated: readonly CountedWindow[], now: number): LimitDecision {
  const secondsUntil = (end: number) => Math.max(1, Math.ceil((end - now) / 1000));
  return {
    admitted: violated.length === 0,
    violated: violated.map((entry) => entry.check.policy.name),
    retryAfterSeconds: Math.max(0, ...violated.map((entry) => secondsUntil(entry.window.end))),
    states: counted.map((entry) => ({
      name: entry.check.policy.name,
      limit: entry.check.policy.limit,
      windowSeconds: Math.round((entry.window.end - entry.window.start) / 1000),
      remaining: Math.max(0, entry.check.policy.limit - entry.count),
      resetSeconds: secondsUntil(entry.window.end),
    })),
  };
}

export function createSqliteRateLimitStore(database: DatabaseSync): RateLimitStore {
  database.exec(`
    CREATE TABLE IF NOT EXISTS rate_limits (
      policy TEXT NOT NULL,
      subject TEXT NOT NULL,
      window_start INTEGER NOT NULL,
      window_end INTEGER NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (policy, subject, window_start)
    );
  `);
  const selectCount = database.prepare(
    'SELECT count FROM rate_limits WHERE policy = ? AND subject = ? AND window_start = ?',
  );
  const increment = database.prepare(`
    INSERT INTO rate_limits (policy, subject, window_start, window_end, count) VALUES (?, ?, ?, ?, 1)
    ON CONFLICT (policy, subject, window_start) DO UPDATE SET count = count + 1
  `);
  const deleteExpired = database.prepare('DELETE FROM rate_limits WHERE window_end <= ?');
  let lastCleanup = 0;

  return {
    async consume(checks, now) {
      const active = checks.filter((check) => check.policy.limit > 0);
      return inTransaction(database, () => {
        if (now - lastCleanup > HOUR) {
          deleteExpired.run(now);
          lastCleanup = now;
        }
        const current = active.map((check) => {
          const window = windowAt(check.policy.window, now);
          const row = selectCount.get(check.policy.name, check.subject, window.start);
          return { check, window, count: row ? Number(row.count) : 0 };
        });
        const violated = current.filter((entry) => entry.count >= entry.check.policy.limit);
        const admitted = violated.length === 0;
        if (admitted) {
          for (const entry of current) {
            increment.run(entry.check.policy.name, entry.check.subject, entry.window.start, entry.window.end);
            entry.count += 1;
          }
        }
        return limitDecision(current, violated, now);
      });
    },
  };
}
