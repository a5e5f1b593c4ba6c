// One suite for both stores of threads, feedback and limits: the embedded SQLite (one instance) and
// PostgreSQL (several instances on one database; a real server started for this file).
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/store/database.ts';
import { openSharedStore, type SharedStore } from '../../server/store/index.ts';
import type { LimitCheck } from '../../server/store/rateLimits.ts';
import { postgresForThisFile } from '../support/postgres.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';

const postgres = postgresForThisFile();
const temporaryFolder = temporaryFolders('store-');
/** Every store a test opened, closed after it (pass or fail). */
const opened: SharedStore[] = [];

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

interface Backend {
  name: string;
  available: () => boolean;
  /** Two stores on one database, as two instances would open it. */
  openTwo: () => Promise<[SharedStore, SharedStore]>;
}

const backends: Backend[] = [
  {
    name: 'the embedded SQLite store',
    available: () => true,
    openTwo: async () => {
      const folder = temporaryFolder();
      const stores: [SharedStore, SharedStore] = [await openSharedStore(folder), await openSharedStore(folder)];
      opened.push(...stores);
      return stores;
    },
  },
  {
    name: 'the PostgreSQL store',
    available: () => postgres.current() !== null,
    openTwo: async () => {
      const url = await postgres.current()!.newDatabase();
      // Both migrate at once, as two instances starting together do.
      const stores = (await Promise.all([openSharedStore('', url), openSharedStore('', url)])) as [SharedStore, SharedStore];
      opened.push(...stores);
      return stores;
    },
  },
];

const monthly = (limit: number, subject = 'key-a'): LimitCheck => ({ policy: { name: 'key-month', limit, window: 'calendar-month' }, subject });
const hourly = (limit: number, subject = 'org'): LimitCheck => ({ policy: { name: 'org-hour', limit, window: 'hour' }, subject });
const NOW = Date.UTC(2026, 10, 25, 9, 30);

for (const backend of backends) {
  describe(`given ${backend.name}`, () => {
    it('continues on one instance a thread started on the other, with its history, key and feedback', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const { thread, threadKey } = await first.threads.create('visitor-1', { withKey: true, now: NOW });
      await first.threads.append(thread.id, { question: 'How do I install it?', answer: 'Run npm install.', sources: [{ url: '/install', title: 'Install' }], createdAt: NOW, messageId: 'msg_1' });
      const seen = await second.threads.get(thread.id);
      expect(seen).toEqual(thread);
      expect(second.threads.keyMatches(seen!, threadKey!)).toBe(true);
      expect(second.threads.keyMatches(seen!, 'not-the-key')).toBe(false);
      await second.threads.append(thread.id, { question: 'And on Windows?', answer: 'The same.', sources: [], createdAt: NOW + 1, messageId: 'msg_2' });
      expect((await first.threads.history(thread.id, 10)).map((exchange) => exchange.question)).toEqual(['How do I install it?', 'And on Windows?']);
      expect(await first.threads.history(thread.id, 1)).toEqual([{ question: 'And on Windows?', answer: 'The same.', sources: [], createdAt: NOW + 1 }]);

      expect(await second.threads.rate(thread.id, 'msg_1', 'down', 'Too short', NOW + 2)).toBe(true);
      expect(await second.threads.rate(thread.id, 'msg_missing', 'up', null, NOW + 3)).toBe(false);
      expect(await first.threads.rate(thread.id, 'msg_1', 'up', null, NOW + 4)).toBe(true);
      expect(await first.threads.feedback(10)).toEqual([
        { threadId: thread.id, messageId: 'msg_1', rating: 'up', reason: null, createdAt: NOW + 4, question: 'How do I install it?', answer: 'Run npm install.' },
      ]);
      expect(await second.threads.get('no-such-thread')).toBeUndefined();
    });

    it('lists the questions of every thread, from either instance, newest first, and those the docs did not cover alone', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const one = (await first.threads.create('visitor-1', { withKey: false, now: NOW })).thread;
      const two = (await second.threads.create('visitor-2', { withKey: false, now: NOW })).thread;
      await first.threads.append(one.id, { question: 'How do I install it?', answer: 'Run npm install.', sources: [{ url: '/install', title: 'Install' }], notFound: false, createdAt: NOW, messageId: 'msg_1' });
      await second.threads.append(two.id, { question: 'Does it integrate with Slack?', answer: 'I could not find this in the docs.', sources: [], notFound: true, createdAt: NOW + 1, messageId: 'msg_2' });
      await first.threads.append(one.id, { question: 'And on Windows?', answer: 'The same.', sources: [{ url: '/install#windows', title: 'Install › Windows' }], notFound: false, createdAt: NOW + 2 });
      expect(await second.threads.questions({ limit: 10, notFound: false })).toEqual([
        { threadId: one.id, messageId: null, question: 'And on Windows?', notFound: false, sources: [{ url: '/install#windows', title: 'Install › Windows' }], createdAt: NOW + 2 },
        { threadId: two.id, messageId: 'msg_2', question: 'Does it integrate with Slack?', notFound: true, sources: [], createdAt: NOW + 1 },
        { threadId: one.id, messageId: 'msg_1', question: 'How do I install it?', notFound: false, sources: [{ url: '/install', title: 'Install' }], createdAt: NOW },
      ]);
      expect((await first.threads.questions({ limit: 2, notFound: false })).map((asked) => asked.question)).toEqual(['And on Windows?', 'Does it integrate with Slack?']);
      expect((await first.threads.questions({ limit: 10, notFound: true })).map((asked) => asked.question)).toEqual(['Does it integrate with Slack?']);
    });

    it('tells a question the docs did not cover by what its answer said, not by its sources', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const thread = (await first.threads.create('visitor-1', { withKey: false, now: NOW })).thread;
      // A model's answer lists the sections it was given even when it says they do not answer.
      const given = [{ url: '/billing', title: 'Billing' }];
      await first.threads.append(thread.id, { question: 'Can I pay by invoice?', answer: 'I could not find this in the docs.', sources: given, notFound: true, createdAt: NOW });
      // A greeting, or an answer that failed, has no source and is no gap in the docs.
      await first.threads.append(thread.id, { question: 'hello', answer: 'Hi! Ask me anything about these docs.', sources: [], notFound: false, createdAt: NOW + 1 });
      await first.threads.append(thread.id, { question: 'How do I deploy?', answer: '', sources: [], notFound: false, createdAt: NOW + 2 });
      // Written before stores kept it: read from its sources, as then.
      await first.threads.append(thread.id, { question: 'Does it integrate with Slack?', answer: 'I could not find this in the docs.', sources: [], createdAt: NOW + 3 });
      expect(await second.threads.questions({ limit: 10, notFound: true })).toEqual([
        { threadId: thread.id, messageId: null, question: 'Does it integrate with Slack?', notFound: true, sources: [], createdAt: NOW + 3 },
        { threadId: thread.id, messageId: null, question: 'Can I pay by invoice?', notFound: true, sources: given, createdAt: NOW },
      ]);
      expect((await second.threads.questions({ limit: 10, notFound: false })).map((asked) => [asked.question, asked.notFound])).toEqual([
        ['Does it integrate with Slack?', true],
        ['How do I deploy?', false],
        ['hello', false],
        ['Can I pay by invoice?', true],
      ]);
    });

    it('admits exactly the limit of many concurrent requests spread over both instances, never one more', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      const attempts = Array.from({ length: 120 }, (_unused, index) => (index % 2 === 0 ? first : second).rateLimits.consume([monthly(25)], NOW));
      const decisions = await Promise.all(attempts);
      expect(decisions.filter((decision) => decision.admitted)).toHaveLength(25);
      const refused = decisions.find((decision) => !decision.admitted)!;
      expect(refused.violated).toEqual(['key-month']);
      expect(refused.states).toEqual([{ name: 'key-month', limit: 25, windowSeconds: 30 * 86_400, remaining: 0, resetSeconds: refused.retryAfterSeconds }]);
    });

    it('charges every policy of a request or none, and reports each one in the order asked', async (context) => {
      if (!backend.available()) return context.skip();
      const [first, second] = await backend.openTwo();
      // The hourly limit of 2 runs out first; the monthly one must not be charged by the refused third.
      expect((await first.rateLimits.consume([monthly(5), hourly(2)], NOW)).admitted).toBe(true);
      expect((await second.rateLimits.consume([monthly(5), hourly(2)], NOW)).admitted).toBe(true);
      const refused = await first.rateLimits.consume([monthly(5), hourly(2)], NOW);
      expect(refused).toMatchObject({ admitted: false, violated: ['org-hour'], retryAfterSeconds: 1800 });
      expect(refused.states.map((state) => [state.name, state.remaining])).toEqual([['key-month', 3], ['org-hour', 0]]);
      // The next hour: admitted again, and the month counts 3 (the refused request cost nothing).
      const nextHour = await second.rateLimits.consume([monthly(5), hourly(2)], NOW + 3_600_000);
      expect(nextHour.admitted).toBe(true);
      expect(nextHour.states.map((state) => [state.name, state.remaining])).toEqual([['key-month', 2], ['org-hour', 1]]);
      // A limit of 0 is off: never counted, never refusing.
      expect(await first.rateLimits.consume([{ ...monthly(0), subject: 'free' }], NOW)).toEqual({ admitted: true, violated: [], retryAfterSeconds: 0, states: [] });
    });
  });
}

describe('given an embedded store written before answers kept their message id and whether they were found', () => {
  it('opens it and lists its old answers with no source as not covered, beside new ones judged by what they said', async () => {
    const folder = temporaryFolder();
    const old = new DatabaseSync(join(folder, DATABASE_FILE));
    old.exec(`
      CREATE TABLE threads (id TEXT PRIMARY KEY, fp TEXT NOT NULL, key_hash TEXT, created_at INTEGER NOT NULL);
      CREATE TABLE thread_messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL REFERENCES threads(id),
        question TEXT NOT NULL, answer TEXT NOT NULL, sources TEXT NOT NULL, created_at INTEGER NOT NULL);
      INSERT INTO threads VALUES ('thread-1', 'visitor-1', NULL, ${NOW});
      INSERT INTO thread_messages (thread_id, question, answer, sources, created_at) VALUES
        ('thread-1', 'Does it integrate with Slack?', 'I could not find this in the docs.', '[]', ${NOW}),
        ('thread-1', 'How do I install it?', 'Run npm install.', '[{"url":"/install","title":"Install"}]', ${NOW + 1});
    `);
    old.close();
    const store = await openSharedStore(folder);
    opened.push(store);
    await store.threads.append('thread-1', { question: 'hello', answer: 'Hi!', sources: [], notFound: false, createdAt: NOW + 2, messageId: 'msg_3' });
    expect((await store.threads.questions({ limit: 10, notFound: false })).map((asked) => [asked.question, asked.messageId, asked.notFound])).toEqual([
      ['hello', 'msg_3', false],
      ['How do I install it?', null, false],
      ['Does it integrate with Slack?', null, true],
    ]);
    expect((await store.threads.questions({ limit: 10, notFound: true })).map((asked) => asked.question)).toEqual(['Does it integrate with Slack?']);
  });
});
