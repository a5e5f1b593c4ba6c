// A worker thread with its own SQLite connection that tries to consume one limit many times (see assistant-limits).
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../../../server/store/index.ts';

const { dataDir, attempts, limit } = workerData as { dataDir: string; attempts: number; limit: number };
const store = openStore(dataDir);
let admitted = 0;
for (let attempt = 0; attempt < attempts; attempt += 1) {
  const decision = await store.rateLimits.consume([{ policy: { name: 'key-month', limit, window: 'calendar-month' }, subject: 'shared-key' }], Date.now());
  if (decision.admitted) admitted += 1;
}
store.close();
parentPort?.postMessage(admitted);
