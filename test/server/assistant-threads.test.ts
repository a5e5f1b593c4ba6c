import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type ServerStore } from '../../server/store/index.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { answerText, finishThreadId, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

const dataFolder = temporaryFolders('da-threads-');
const stores: ServerStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function storeIn(folder: string): ServerStore {
  const store = openStore(folder);
  stores.push(store);
  return store;
}

describe('given a first question', () => {
  it('creates a thread with an unguessable id (192 random bits) and no key by default', async () => {
    const app = await fixtureApp();
    const ids = new Set<string>();
    for (let index = 0; index < 5; index += 1) {
      const response = await postMessage(app, questionBody('listening port'));
      await readAnswer(response);
      expect(response.headers.get('x-thread-key')).toBeNull();
      ids.add(response.headers.get('x-thread-id') ?? '');
    }
    expect(ids.size).toBe(5);
    for (const id of ids) expect(Buffer.from(id, 'base64url').length).toBe(24);
  });
});

describe('given a follow-up in a thread', () => {
  it('continues the thread and answers a short follow-up in the setting of the first question', async () => {
    const app = await fixtureApp();
    const first = await readAnswer(await postMessage(app, questionBody('How do I change the listening port of the relay?')));
    const threadId = finishThreadId(first.chunks);

    const response = await postMessage(app, questionBody('And the host?', { threadId }));
    expect(response.headers.get('x-thread-id')).toBe(threadId);
    const followUp = await readAnswer(response);
    expect(finishThreadId(followUp.chunks)).toBe(threadId);
    expect(answerText(followUp.message)).toContain('Inside a container, set the host to 0.0.0.0');
    expect(sourcesOf(followUp.message).map((source) => source.title)).toContain('Configuration › Host');
  });

  it('answers 404 "thread not found" for an unknown threadId', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('port', { threadId: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'thread not found' });
  });

  it('stores each question with its answer and sources', async () => {
    const store = openStore(':memory:');
    const app = await fixtureApp({ store });
    const { chunks, message } = await readAnswer(await postMessage(app, questionBody('How do I pull the Docker image?')));
    const history = await store.threads.history(String(finishThreadId(chunks)), 10);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ question: 'How do I pull the Docker image?', answer: answerText(message) });
    expect(history[0]?.sources).toEqual(sourcesOf(message));
  });
});

describe('given a restart (a second app on the same data folder)', () => {
  it('continues a thread created before the restart, with its history', async () => {
    const folder = dataFolder();
    const before = await fixtureApp({ store: storeIn(folder) });
    const first = await readAnswer(await postMessage(before, questionBody('How do I change the listening port of the relay?')));
    const threadId = finishThreadId(first.chunks);
    stores.pop()?.close();

    const after = await fixtureApp({ store: storeIn(folder) });
    const response = await postMessage(after, questionBody('And the host?', { threadId }));
    expect(response.status).toBe(200);
    const followUp = await readAnswer(response);
    expect(answerText(followUp.message)).toContain('set the host to 0.0.0.0');
  });
});

describe('given thread keys turned on', () => {
  it('returns X-Thread-Key once and requires it with the threadId', async () => {
    const app = await fixtureApp({ threadKeys: true });
    const created = await postMessage(app, questionBody('listening port'));
    await readAnswer(created);
    const threadId = created.headers.get('x-thread-id');
    const threadKey = created.headers.get('x-thread-key');
    expect(threadKey).toMatch(/^[\w-]{32}$/);

    const withoutKey = await postMessage(app, questionBody('and the host?', { threadId }));
    expect(withoutKey.status).toBe(404);
    expect(await withoutKey.json()).toEqual({ error: 'thread not found' });
    const wrongKey = await postMessage(app, questionBody('and the host?', { threadId, threadKey: 'x'.repeat(32) }));
    expect(wrongKey.status).toBe(404);

    const withKey = await postMessage(app, questionBody('and the host?', { threadId, threadKey }));
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get('x-thread-key')).toBeNull();
    await readAnswer(withKey);
  });
});
