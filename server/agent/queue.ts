// The in-process job queue: at most `concurrency` jobs run at once, and one job never runs twice
// at the same time. Enqueuing a job that is already running marks it to run again afterwards, so
// a follow-up that arrives during a turn is picked up behind it.

export interface JobQueue {
  enqueue(jobId: string): void;
  /** Jobs running or waiting here. */
  load(): number;
  /** Resolves when nothing is running or waiting (tests and graceful shutdown). */
  idle(): Promise<void>;
  /** Stops taking new work; resolves when the running jobs have ended. */
  close(): Promise<void>;
}

export function createJobQueue(run: (jobId: string) => Promise<void>, concurrency: number): JobQueue {
  const waiting: string[] = [];
  const running = new Set<string>();
  const runAgain = new Set<string>();
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  function settleIdle(): void {
    if (running.size > 0 || waiting.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function pump(): void {
    if (closed) return settleIdle();
    while (running.size < concurrency && waiting.length > 0) {
      const jobId = waiting.shift() as string;
      running.add(jobId);
      void run(jobId)
        .catch((error: unknown) => console.error(`agent job ${jobId} crashed the runner:`, error))
        .finally(() => {
          running.delete(jobId);
          if (runAgain.delete(jobId) && !closed) waiting.push(jobId);
          pump();
          settleIdle();
        });
    }
    settleIdle();
  }

  return {
    enqueue(jobId) {
      if (closed) return;
      if (running.has(jobId)) runAgain.add(jobId);
      else if (!waiting.includes(jobId)) waiting.push(jobId);
      pump();
    },
    load: () => running.size + waiting.length,
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    close() {
      closed = true;
      waiting.length = 0;
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
