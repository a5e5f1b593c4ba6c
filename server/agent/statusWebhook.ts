// Status webhooks: a signed JSON POST to the team's URL on every job status change (created, active
// again, completed, failed, archived). Deliveries run beside the job, retried with backoff, and never
// delay or fail it. The signature is GitHub's scheme: HMAC-SHA256 of the raw body, hex, `sha256=` prefix.
import { createHmac, randomUUID } from 'node:crypto';
import type { AgentJob } from '../../src/wire.ts';

export interface StatusWebhookOptions {
  url: string;
  /** Signs every delivery (`X-Docs-Assistant-Signature-256`). */
  secret: string;
  /** Waits before each retry; the delivery is dropped after the last. @default [1000, 5000, 30000, 120000] */
  retryDelaysMs?: number[];
  /** Per attempt. @default 10000 */
  timeoutMs?: number;
  /** Told about deliveries that were given up. @default console.error */
  onGiveUp?: (message: string) => void;
}

export interface StatusNotifier {
  /** `created` for a new job; otherwise the event is named after the job's status. */
  notify(job: AgentJob, created?: boolean): void;
  /** Waits for deliveries under way (up to `graceMs`), then stops retrying. */
  close(graceMs?: number): Promise<void>;
}

export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function createStatusNotifier(options: StatusWebhookOptions): StatusNotifier {
  const delays = options.retryDelaysMs ?? [1000, 5000, 30_000, 120_000];
  const timeoutMs = options.timeoutMs ?? 10_000;
  const giveUp = options.onGiveUp ?? ((message: string) => console.error(message));
  const stopped = new AbortController();
  const pending = new Set<Promise<void>>();

  async function attempt(body: string, event: string, delivery: string): Promise<string | null> {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'docs-assistant-webhook',
          'x-docs-assistant-event': event,
          'x-docs-assistant-delivery': delivery,
          'x-docs-assistant-signature-256': signWebhookBody(options.secret, body),
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopped.signal]),
      });
      await response.body?.cancel();
      // 2xx is delivered; 4xx other than 408 and 429 will not get better by retrying.
      if (response.ok || (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)) return null;
      return `HTTP ${response.status}`;
    } catch (error) {
      return (error as Error).message;
    }
  }

  function wait(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, milliseconds);
      stopped.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });
  }

  async function deliver(job: AgentJob, created: boolean): Promise<void> {
    const event = created ? 'job.created' : `job.${job.status}`;
    const delivery = randomUUID();
    const body = JSON.stringify({ event, delivery, at: new Date().toISOString(), job });
    for (let index = 0; ; index += 1) {
      const failure = await attempt(body, event, delivery);
      if (failure === null || stopped.signal.aborted) return;
      const delay = delays[index];
      if (delay === undefined) {
        giveUp(`agent webhook: gave up delivering ${event} of job ${job.id} after ${index + 1} attempts (${failure})`);
        return;
      }
      await wait(delay);
    }
  }

  return {
    notify(job, created = false) {
      const delivery = deliver(job, created);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    async close(graceMs = 2000) {
      await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      stopped.abort();
      await Promise.all(pending);
    },
  };
}
