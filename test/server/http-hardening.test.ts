// Requests that must not hurt the next one: a refused oversized body on a kept-alive connection.
import { request, Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT_KEY, fixtureApp, MESSAGE_PATH, questionBody } from './support/assistant.ts';
import { listen } from './support/http.ts';

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One POST through `agent` (so requests share its connections); resolves with what the server answered. */
function post(agent: Agent, url: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${ASSISTANT_KEY}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
    });
    // The server may answer before the whole body is sent; writing the rest into a closed socket is expected.
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('given a kept-alive connection that sends a body over the limit', () => {
  it('refuses it with 413 and closes the connection cleanly, so the next request succeeds', async () => {
    const server = await listen(await fixtureApp());
    closers.push(server.close);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(async () => agent.destroy());
    const url = `${server.url}${MESSAGE_PATH}`;
    const tooLarge = JSON.stringify({ ...questionBody('docker'), padding: 'x'.repeat(2 * 1024 * 1024) });

    const refused = await post(agent, url, tooLarge);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error: 'body: larger than 1 MB' });
    expect(refused.headers.connection).toBe('close');

    const next = await post(agent, url, JSON.stringify(questionBody('How do I pull the Docker image?')));
    expect(next.status).toBe(200);
    expect(next.body).toContain('"type":"finish"');
  });
});
