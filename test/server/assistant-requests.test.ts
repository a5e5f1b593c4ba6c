import { describe, expect, it } from 'vitest';
import { ADMIN_KEY, fixtureApp, postMessage, questionBody, readAnswer } from './support/assistant.ts';

async function errorOf(response: Response): Promise<{ status: number; body: unknown }> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: await response.json() };
}

describe('given a request with a bad body', () => {
  const cases: [string, unknown, string][] = [
    ['fp is missing', { messages: questionBody('port').messages }, 'fp: is required'],
    ['fp is not a string', { ...questionBody('port'), fp: 7 }, 'fp: must be a string'],
    ['messages is missing', { fp: 'anonymous' }, 'messages: is required'],
    ['messages is not an array', { fp: 'anonymous', messages: 'hi' }, 'messages: must be an array'],
    ['messages is empty', { fp: 'anonymous', messages: [] }, 'messages: must have at least 1 item'],
    ['a message has no role', { fp: 'a', messages: [{ parts: [{ type: 'text', text: 'x' }] }] }, 'messages[0].role: is required'],
    ['a part has no type', { fp: 'a', messages: [{ role: 'user', parts: [{ text: 'x' }] }] }, 'messages[0].parts[0].type: is required'],
    ['no message is from the user', { fp: 'a', messages: [{ role: 'assistant', parts: [{ type: 'text', text: 'x' }] }] }, 'messages: must contain a message with role "user"'],
    ['the last user message has no text', { fp: 'a', messages: [{ role: 'user', parts: [{ type: 'step-start' }] }] }, 'messages[0]: the last user message has no text'],
    ['threadId is a number', questionBody('port', { threadId: 5 }), 'threadId: must be a string'],
    ['retrievalPageSize is 0', questionBody('port', { retrievalPageSize: 0 }), 'retrievalPageSize: must be at least 1'],
    ['retrievalPageSize is 21', questionBody('port', { retrievalPageSize: 21 }), 'retrievalPageSize: must be at most 20'],
    ['retrievalPageSize is 2.5', questionBody('port', { retrievalPageSize: 2.5 }), 'retrievalPageSize: must be an integer'],
    ['retrievalPageSize is a string', questionBody('port', { retrievalPageSize: '5' }), 'retrievalPageSize: must be a number'],
    ['filter is an array', questionBody('port', { filter: ['v1'] }), 'filter: must be an object'],
    ['a filter field holds an object', questionBody('port', { filter: { tier: { a: 1 } } }), 'filter.tier: must be a string, number, boolean, list of strings or null'],
    ['filter.groups holds a number', questionBody('port', { filter: { groups: [1] } }), 'filter.groups[0]: must be a string'],
    ['a context item has an unknown type', questionBody('port', { context: [{ type: 'image', value: 'x' }] }), 'context[0].type: must be one of "code", "textSelection"'],
    ['a context item has no value', questionBody('port', { context: [{ type: 'code' }] }), 'context[0].value: is required'],
    ['currentPath is 201 characters', questionBody('port', { currentPath: `/${'a'.repeat(200)}` }), 'currentPath: must be at most 200 characters'],
    ['the body is an array', [questionBody('port')], 'body: must be a JSON object'],
    ['the body is null', null, 'body: must be a JSON object'],
  ];

  it.each(cases)('answers 400 naming the field when %s', async (_name, body, error) => {
    const app = await fixtureApp();
    expect(await errorOf(await postMessage(app, body))).toEqual({ status: 400, body: { error } });
  });

  it('answers 400 for malformed JSON', async () => {
    const app = await fixtureApp();
    expect(await errorOf(await postMessage(app, '{"fp": "a", "messages": ['))).toEqual({ status: 400, body: { error: 'body: malformed JSON' } });
  });

  it('answers 413 for a body over 1 MB, with or without a content-length header', async () => {
    const app = await fixtureApp();
    const big = JSON.stringify(questionBody('x'.repeat(1024 * 1024)));
    expect(await errorOf(await postMessage(app, big))).toEqual({ status: 413, body: { error: 'body: larger than 1 MB' } });
    const declared = await postMessage(app, big, { headers: { 'content-length': String(big.length) } });
    expect(declared.status).toBe(413);
  });

  it('accepts a currentPath of exactly 200 characters, a context and a filter', async () => {
    const app = await fixtureApp();
    const body = questionBody('port', {
      currentPath: `/${'a'.repeat(199)}`,
      context: [{ type: 'code', value: 'relay --port 5050', path: '/guides/configuration', elementId: 'code-1', extra: true }],
      filter: { version: null, language: null, groups: null },
      threadId: null,
      unknownTopLevelKey: { anything: 1 },
    });
    const response = await postMessage(app, body);
    expect(response.status).toBe(200);
    await readAnswer(response);
  });

  it('accepts an AI SDK 4 message with content instead of parts', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, { fp: 'a', messages: [{ id: '1', role: 'user', content: 'docker image' }] });
    expect(response.status).toBe(200);
  });
});

describe('given the order of checks (domain, key, body, thread, limits)', () => {
  it('answers 404 for an unknown domain before looking at the key', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('port'), { key: null, path: '/discovery/v2/assistant/other/message' });
    expect(await errorOf(response)).toEqual({ status: 404, body: { error: 'domain: unknown domain "other"' } });
  });

  it('answers 401 without a bearer token', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('port'), { key: null });
    expect(await errorOf(response)).toEqual({ status: 401, body: { error: 'authorization: missing "Bearer <assistant key>" header' } });
  });

  it('answers 401 for another auth scheme', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('port'), { key: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(response.status).toBe(401);
  });

  it('answers 401 for a key that is not an assistant key', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('port'), { key: 'test_dsc_wrong' });
    expect(await errorOf(response)).toEqual({ status: 401, body: { error: 'authorization: unknown assistant key' } });
  });

  it('answers 403 for an admin key, so a leaked admin key fails loudly', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('port'), { key: ADMIN_KEY });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^authorization: this is an admin key/) });
  });

  it('checks the key before the body: a bad body with a bad key is a 401', async () => {
    const app = await fixtureApp();
    expect((await postMessage(app, 'not json', { key: 'nope_dsc_x' })).status).toBe(401);
  });
});

describe('given a browser on another origin', () => {
  it('answers the preflight from any origin, allowing authorization and content-type', async () => {
    const app = await fixtureApp();
    const response = await app.request('/discovery/v2/assistant/docs/message', {
      method: 'OPTIONS',
      headers: { origin: 'https://docs.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('authorization,content-type');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('exposes the thread and limit headers on answers', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('port'), { headers: { origin: 'https://docs.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')?.split(',')).toEqual(
      expect.arrayContaining(['X-Thread-Id', 'X-Thread-Key', 'Retry-After', 'RateLimit', 'RateLimit-Policy']),
    );
    await readAnswer(response);
  });

  it('sends CORS headers on error responses too, so the browser can read the error', async () => {
    const app = await fixtureApp();
    for (const response of [
      await postMessage(app, questionBody('port'), { key: null, headers: { origin: 'https://docs.example' } }),
      await postMessage(app, '{', { headers: { origin: 'https://docs.example' } }),
      await postMessage(app, questionBody('x'.repeat(1024 * 1024)), { headers: { origin: 'https://docs.example' } }),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('allows only the configured origins when a list is given', async () => {
    const app = await fixtureApp({ corsOrigins: ['https://docs.example'] });
    const allowed = await postMessage(app, questionBody('port'), { headers: { origin: 'https://docs.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    expect(allowed.headers.get('vary')).toContain('Origin');
    await readAnswer(allowed);
    const other = await postMessage(app, questionBody('port'), { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
