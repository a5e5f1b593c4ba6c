// One suite for both stores of agent jobs: the embedded SQLite file and PostgreSQL shared by several
// instances. What makes a job run exactly once lives here: the claim, the lease and its renewal, and
// completion that never swallows a follow-up.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSharedStore, type SharedStore } from '../../server/store/index.ts';
import { openJobStore, type JobStore } from '../../server/agent/store.ts';
import { createAgentService } from '../../server/agent/service.ts';
import type { StoredJob } from '../../server/agent/types.ts';
import { postgresForThisFile } from '../support/postgres.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';

const postgres = postgresForThisFile();
const temporaryFolder = temporaryFolders('job-store-');
/** Closes the stores a test opened (pass or fail). */
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Backend {
  name: string;
  available: () => boolean;
  /** Two job stores on one database, as two instances would open it. */
  openTwo: () => Promise<[JobStore, JobStore]>;
}

const backends: Backend[] = [
  {
    name: 'the embedded SQLite job store',
    available: () => true,
    openTwo: async () => {
      const folder = temporaryFolder();
      const stores: [JobStore, JobStore] = [openJobStore(join(folder, 'jobs.sqlite')), openJobStore(join(folder, 'jobs.sqlite'))];
      cleanups.push(async () => {
        for (const store of stores) await store.close();
      });
      return stores;
    },
  },
  {
    name: 'the PostgreSQL job store',
    available: () => postgres.current() !== null,
    openTwo: async () => {
      const url = await postgres.current()!.newDatabase();
      const shared = (await Promise.all([openSharedStore('', url), openSharedStore('', url)])) as [SharedStore, SharedStore];
      cleanups.push(async () => {
        for (const store of shared) await store.close();
      });
      return [shared[0].jobs as JobStore, shared[1].jobs as JobStore];
    },
  },
];

let made = 0;
function newJob(createdAt: string): StoredJob {
  made += 1;
  return {
    id: `job${String(made).padStart(17, 'a')}`,
    projectId: 'docs',
    status: 'active',
    repository: 'local:source',
    ref: 'main',
    model: 'test:model',
    prLink: null,
    prNumber: null,
    baseCommit: null,
    reviewToken: 'token',
    publicUrl: 'http://agent.test',
    createdAt,
    archivedAt: null,
    error: null,
  };
}

for (const backend of backends) {
  describe(`given ${backend.name} opened by two instances`, () => {
    it('gives a job to exactly one of many claims made at once from both', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const job = newJob('2026-11-25T10:00:00.000Z');
      await first.insertJob(job, 'Fix the typos');
      const claims = await Promise.all(
        Array.from({ length: 24 }, (_unused, index) => (index % 2 === 0 ? first : second).claimJob(job.id, `instance-${index}`, 30_000)),
      );
      const winners = claims.filter((claimed) => claimed !== undefined);
      expect(winners).toHaveLength(1);
      expect(winners[0]?.id).toBe(job.id);
      expect(await first.claimableJobIds(10)).toEqual([]);
    });

    it('lets another instance take a job whose lease ran out, and then refuses the first one its renewal', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const job = newJob('2026-11-25T10:00:00.000Z');
      await first.insertJob(job, 'Fix the typos');
      expect(await first.claimJob(job.id, 'first', 300)).toBeDefined();
      expect(await second.claimJob(job.id, 'second', 30_000)).toBeUndefined();
      // The first instance is gone: no renewal. Once the lease runs out the job is claimable again.
      await vi.waitFor(async () => expect(await second.claimableJobIds(10)).toEqual([job.id]), { timeout: 5_000, interval: 25 });
      expect(await second.claimJob(job.id, 'second', 30_000)).toBeDefined();
      expect(await first.renewLease(job.id, 'first', 30_000)).toBe(false);
      expect(await second.renewLease(job.id, 'second', 30_000)).toBe(true);
      // A late release by the first instance does not free the second one's job.
      await first.releaseJob(job.id, 'first');
      expect(await first.claimJob(job.id, 'third', 30_000)).toBeUndefined();
    });

    it('hands a released job to the next claim at once, and never a job that is not active', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const older = newJob('2026-11-25T10:00:00.000Z');
      const newer = newJob('2026-11-25T10:05:00.000Z');
      const failed = { ...newJob('2026-11-25T09:00:00.000Z'), status: 'failed' as const };
      await first.insertJob(newer, 'Second');
      await first.insertJob(older, 'First');
      await first.insertJob(failed, 'Never');
      expect(await second.claimableJobIds(10)).toEqual([older.id, newer.id]);
      expect(await second.claimJob(failed.id, 'second', 30_000)).toBeUndefined();
      await first.claimJob(older.id, 'first', 30_000);
      expect(await second.claimableJobIds(10)).toEqual([newer.id]);
      await first.releaseJob(older.id, 'first');
      expect(await second.claimJob(older.id, 'second', 30_000)).toMatchObject({ id: older.id, status: 'active' });
    });

    it('does not complete a job while a follow-up sent through the other instance is pending', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const job = newJob('2026-11-25T10:00:00.000Z');
      await first.insertJob(job, 'Fix the typos');
      await first.claimJob(job.id, 'first', 30_000);
      await first.updateTurn(job.id, 1, { state: 'done', reply: 'Fixed.' });
      await second.addTurn(job.id, 'Also fix the title', '2026-11-25T10:01:00.000Z');
      expect(await first.completeUnlessPending(job.id, 'first')).toBe(false);
      expect(await second.getJobById(job.id)).toMatchObject({ status: 'active' });
      await first.updateTurn(job.id, 2, { state: 'done', reply: 'Fixed the title.' });
      // Only the lease holder completes it; completing releases the lease.
      expect(await second.completeUnlessPending(job.id, 'second')).toBe(false);
      expect(await first.completeUnlessPending(job.id, 'first')).toBe(true);
      expect(await second.getJobById(job.id)).toMatchObject({ status: 'completed', error: null });
      expect(await second.renewLease(job.id, 'first', 30_000)).toBe(false);
    });

    it('numbers turns and events without gaps or doubles when both instances add them at once', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const job = newJob('2026-11-25T10:00:00.000Z');
      await first.insertJob(job, 'Fix the typos');
      await Promise.all([
        ...Array.from({ length: 16 }, (_unused, index) => (index % 2 === 0 ? first : second).addEvent(job.id, `event ${index}`, '2026-11-25T10:00:01.000Z')),
        ...Array.from({ length: 6 }, (_unused, index) => (index % 2 === 0 ? second : first).addTurn(job.id, `follow-up ${index}`, '2026-11-25T10:00:02.000Z')),
      ]);
      const events = await second.events(job.id, 0);
      expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 16 }, (_unused, index) => index + 1));
      expect(new Set(events.map((event) => event.text)).size).toBe(16);
      expect((await first.events(job.id, 10)).map((event) => event.seq)).toEqual([11, 12, 13, 14, 15, 16]);
      const turns = await first.turns(job.id);
      expect(turns.map((turn) => turn.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(turns.slice(1).every((turn) => turn.state === 'pending')).toBe(true);
    });
  });
}

describe('given jobs shared by several instances', () => {
  it('refuses at start a project whose branches would stay in one instance\'s clone', () => {
    const folder = temporaryFolder();
    const jobStore = openJobStore(':memory:');
    cleanups.push(() => jobStore.close());
    expect(() =>
      createAgentService({ projects: { docs: { repository: 'https://git.example.test/docs.git' } }, dataDir: folder, jobStore }),
    ).toThrow('project docs: with jobs shared by several instances (--database-url) its branches must be pushed; give it a GitHub token (--github-token) or a repository path every instance can push to');
  });
});
