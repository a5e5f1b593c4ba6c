import { describe, expect, it } from 'vitest';
import { createModelAnswerer } from '../../server/assistant/answerers.ts';
import { retrieveDocs } from '../../server/assistant/retrieve.ts';
import { answerWith, extractiveAnswer, indexOf } from './support/docs.ts';
import { silentModel } from './support/assistant.ts';

const bearerAuth = [
  '# Bearer Auth Middleware',
  'The Bearer Auth Middleware checks the bearer token in the Authorization header of each request.',
  '## Import',
  "```ts\nimport { Hono } from 'hono'\nimport { bearerAuth } from 'hono/bearer-auth'\n```",
  '## Usage',
  "```ts\nconst app = new Hono()\nconst token = 'honoiscool'\n\napp.use('/api/*', bearerAuth({ token }))\n```",
  '## Options',
  '### token: string | string[]',
  'The expected token, or a list of them.',
  '## Verify the token yourself',
  "Pass `verifyToken` instead of a token:\n\n```ts\napp.use(bearerAuth({ verifyToken: async (token) => token === (await lookUp()) }))\n```",
].join('\n\n');

const index = indexOf({
  'bearer-auth.md': bearerAuth,
  'logger.md': '# Logger\n\nThe logger prints each request:\n\n```ts\napp.use(logger())\n```\n\n## Usage\n\n```ts\napp.use(logger(console.info))\n```',
});

describe('given a middleware page whose opening says what it does and whose usage section shows how', () => {
  it('answers a question landing on the opening with it, then the usage example, never the import lines', async () => {
    expect(retrieveDocs(index, 'How do I check a bearer token?', [], { limit: 5 }).usage?.id).toBe('/bearer-auth#usage');
    const answer = await extractiveAnswer(index, 'How do I check a bearer token?');
    expect(answer).toBe(
      [
        '**[Bearer Auth Middleware](/bearer-auth#bearer-auth-middleware)**',
        'The Bearer Auth Middleware checks the bearer token in the Authorization header of each request.',
        '**[Bearer Auth Middleware › Usage](/bearer-auth#usage)**',
        "```ts\nconst app = new Hono()\nconst token = 'honoiscool'\n\napp.use('/api/*', bearerAuth({ token }))\n```",
      ].join('\n\n'),
    );
  });

  it('adds the usage example to an option, which says what it sets but not how', async () => {
    expect(retrieveDocs(index, 'Can the expected token option be a list?', [], { limit: 5 }).usage?.id).toBe('/bearer-auth#usage');
    expect(await extractiveAnswer(index, 'Can the expected token option be a list?')).toBe(
      [
        '**[Bearer Auth Middleware › token: string | string\\[\\]](/bearer-auth#token-string--string)**',
        'The expected token, or a list of them.',
        '**[Bearer Auth Middleware › Usage](/bearer-auth#usage)**',
        "```ts\nconst app = new Hono()\nconst token = 'honoiscool'\n\napp.use('/api/*', bearerAuth({ token }))\n```",
      ].join('\n\n'),
    );
  });

  it('adds no example to an opening that quotes code of its own, nor to a section with code of its own', async () => {
    expect(await extractiveAnswer(index, 'How does the logger print each request?')).not.toContain('Logger › Usage');
    expect(retrieveDocs(index, 'How do I verify the token myself with verifyToken?', [], { limit: 5 }).usage).toBeUndefined();
    expect(await extractiveAnswer(index, 'How do I verify the token myself with verifyToken?')).not.toContain('› Usage');
  });

  it('gives a model the usage section too, right after the opening, to cite', async () => {
    const model = silentModel();
    // One section retrieved: the usage section reaches the model only as the opening's example.
    const { text, sources } = await answerWith(createModelAnswerer({ model, maxOutputTokens: 64, timeoutMs: 30_000 }), index, 'How do I check a bearer token?', 1);
    expect(text).toBe('');
    const prompt = JSON.stringify(model.doStreamCalls[0]?.prompt);
    expect(prompt).toContain("app.use('/api/*', bearerAuth({ token }))");
    expect(sources.map((section) => section.id).slice(0, 2)).toEqual(['/bearer-auth#bearer-auth-middleware', '/bearer-auth#usage']);
  });
});

describe('given a page whose opening is all prose and whose code is in the sections after it, none headed usage', () => {
  const rpcIndex = indexOf({
    'rpc.md': [
      '# RPC',
      'The RPC feature shares the API specification between the server and the client.',
      '## Setup',
      '```sh\nnpm install @acme/rpc\n```',
      '## Server',
      'As an example, write a validator for RPC and keep the route in a variable:',
      "```ts\nconst route = app.post('/posts', validator('json', check), (c) => c.json({ ok: true }, 201))\n```",
      '## Client',
      "```ts\nconst client = hc<AppType>('http://localhost:8787/')\n```",
    ].join('\n\n'),
    'stacks.md': '# Stacks\n\nThe RPC feature lets the client read the server\'s API specification.',
  });

  it('shows the first example of the page to a reader asking for one, not its install commands, and adds none to a reader asking what it is', async () => {
    expect(retrieveDocs(rpcIndex, 'Show me an example of the RPC feature', [], { limit: 5 }).usage?.id).toBe('/rpc#server');
    const answer = await extractiveAnswer(rpcIndex, 'Show me an example of the RPC feature');
    expect(answer).toContain("**[RPC › Server](/rpc#server)**\n\nAs an example, write a validator for RPC and keep the route in a variable:\n\n```ts\nconst route = app.post(");
    // Quoted once: not named again below as saying the same.
    expect(answer.split('/rpc#server').length).toBe(2);
    expect(retrieveDocs(rpcIndex, 'What is the RPC feature?', [], { limit: 5 }).usage).toBeUndefined();
  });
});
