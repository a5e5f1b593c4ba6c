import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { systemPrompt, SYSTEM_PROMPT } from '../../server/assistant/prompt.ts';
import { parseSiteInstructions } from '../../server/assistant/siteInstructions.ts';
import { createServer } from '../../server/index.ts';
import { PROJECT_DOCS_DIR } from '../../bench/retrieval.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { ADMIN_KEY, answerText, ASSISTANT_KEY, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

const temporaryFolder = temporaryFolders('site-instructions-');
const CONFIG_PATH = '/discovery/v2/assistant/docs/config';

const INSTRUCTIONS = `---
siteName: Acme Relay
starterQuestions:
  - How do I install the relay?
  - How do I change the port?
---
Call the product "Acme Relay". Never discuss pricing.
`;

function docsWithInstructions(): string {
  const docs = temporaryFolder();
  writeFileSync(join(docs, 'port.md'), '# Port\n\nChange the listening port with --port.\n');
  writeFileSync(join(docs, 'assistant.md'), INSTRUCTIONS);
  return docs;
}

function answeringModel(): MockLanguageModelV4 {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'Use --port [1].' },
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } },
  ];
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    }),
  });
}

describe('given assistant.md in the docs folder', () => {
  it('serves its site name and starter questions to the widget with the public key, and CORS', async () => {
    const app = await createServer({ docsDir: docsWithInstructions(), dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], adminKeys: [ADMIN_KEY], watch: false, widgetDir: null });
    const response = await app.request(CONFIG_PATH, { headers: { authorization: `Bearer ${ASSISTANT_KEY}`, origin: 'https://docs.acme.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ siteName: 'Acme Relay', starterQuestions: ['How do I install the relay?', 'How do I change the port?'] });

    expect((await app.request(CONFIG_PATH)).status).toBe(401);
    expect((await app.request(CONFIG_PATH, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).status).toBe(403);
    await app.close();
  });

  it('never indexes it as a page', async () => {
    const app = await createServer({ docsDir: docsWithInstructions(), dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null });
    expect(await (await app.request('/health')).json()).toMatchObject({ pages: 1 });
    expect(app.docsIndex.search('pricing product', { limit: 5, filter: null })).toEqual([]);
    await app.close();
  });

  it("adds its text to the model's system prompt, after the rules", async () => {
    const model = answeringModel();
    const app = await createServer({ docsDir: docsWithInstructions(), dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null, model });
    await readAnswer(await postMessage(app, questionBody('How do I change the port?')));
    const system = model.doStreamCalls[0]?.prompt.find((message) => message.role === 'system')?.content;
    expect(system).toBe(systemPrompt('Call the product "Acme Relay". Never discuss pricing.'));
    expect(system).toBe(`${SYSTEM_PROMPT}\n\nInstructions from the documentation's owner (the rules above take precedence):\n<site-instructions>\nCall the product "Acme Relay". Never discuss pricing.\n</site-instructions>`);
    await app.close();
  });
});

describe('given synonyms in assistant.md', () => {
  it('finds the docs\' word for a reader\'s word the site listed, and warns about each line that does not read', async () => {
    const docs = temporaryFolder();
    // Both pages open something: only the site's synonym tells which one a tunnel is.
    writeFileSync(join(docs, 'port.md'), '# Port\n\nOpen a port with --port.\n');
    writeFileSync(join(docs, 'relay.md'), '# Relay\n\nOpen the relay with `relay start`. The relay carries requests to your upstream service.\n');
    writeFileSync(join(docs, 'assistant.md'), '---\nsynonyms:\n  - tunnel, pipe => relay\n  - tunnel => the\n  - 7\n---\n');
    const warnings: string[] = [];
    const app = await createServer({ docsDir: docs, dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null, onWarning: (warning) => warnings.push(warning) });
    expect(warnings).toEqual(['assistant.md: synonyms line 2 ignored (no searchable word after "=>")', 'assistant.md: synonyms line 3 ignored (not text)']);
    const { message } = await readAnswer(await postMessage(app, questionBody('How do I open a tunnel?')));
    expect(sourcesOf(message)[0]?.title).toBe('Relay');
    expect(answerText(message)).toContain('The relay carries requests to your upstream service.');
    await app.close();
  });

  it('ignores a list that is not one, saying how to write it', () => {
    expect(parseSiteInstructions('---\nsynonyms: tunnel => relay\n---\n', 'assistant.md').warnings).toEqual([
      'assistant.md: synonyms must be a list of lines such as "bubble, chat icon => launcher"; ignored',
    ]);
  });
});

describe("given this project's docs and their assistant.md", () => {
  it('opens each starter question the demo offers on the section that answers it', async () => {
    const app = await createServer({ docsDir: PROJECT_DOCS_DIR, dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null });
    const config = (await (await app.fetch(new Request('http://localhost/discovery/v2/assistant/docs/config', { headers: { Authorization: `Bearer ${ASSISTANT_KEY}` } }))).json()) as { starterQuestions: string[] };
    const answering: Record<string, string> = {
      'How do I add the assistant to my site?': 'Getting started › Add the widget to your site',
      'How do I change the colors?': 'Theming › Change the colors',
      'Do I need an OpenAI key?': 'FAQ › Do I need an OpenAI or Anthropic key?',
    };
    expect(config.starterQuestions).toEqual(Object.keys(answering));
    for (const [question, title] of Object.entries(answering)) {
      const { message } = await readAnswer(await postMessage(app, questionBody(question)));
      expect({ question, first: sourcesOf(message)[0]?.title }).toEqual({ question, first: title });
    }
    await app.close();
  });
});

describe('given --instructions', () => {
  it('reads that file instead of assistant.md', async () => {
    const docs = docsWithInstructions();
    const file = join(temporaryFolder(), 'relay-assistant.md');
    writeFileSync(file, '---\nsiteName: Relay Docs\n---\nBe brief.\n');
    const app = await createServer({ docsDir: docs, dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null, instructionsFile: file });
    const response = await app.request(CONFIG_PATH, { headers: { authorization: `Bearer ${ASSISTANT_KEY}` } });
    expect(await response.json()).toEqual({ siteName: 'Relay Docs', starterQuestions: [] });
    await app.close();
  });

  it('refuses to start when the file is missing, naming it', async () => {
    const missing = join(temporaryFolder(), 'nope.md');
    await expect(createServer({ docsDir: docsWithInstructions(), dataDir: ':memory:', watch: false, widgetDir: null, instructionsFile: missing })).rejects.toThrow(
      `--instructions: cannot read ${missing} (ENOENT)`,
    );
  });
});

describe('given a server without site instructions', () => {
  it('answers the config route with no name and no questions', async () => {
    const docs = temporaryFolder();
    writeFileSync(join(docs, 'port.md'), '# Port\n\nChange the listening port with --port.\n');
    const app = await createServer({ docsDir: docs, dataDir: ':memory:', assistantKeys: [ASSISTANT_KEY], watch: false, widgetDir: null });
    const response = await app.request(CONFIG_PATH, { headers: { authorization: `Bearer ${ASSISTANT_KEY}` } });
    expect(await response.json()).toEqual({ siteName: null, starterQuestions: [] });
    await app.close();
  });
});

describe('given assistant.md with fields of the wrong shape', () => {
  it('keeps what is valid and warns about the rest, naming the file', () => {
    const parsed = parseSiteInstructions('---\nsiteName: [1, 2]\nstarterQuestions:\n  - Fine?\n  - 42\n---\nBe kind.\n', 'assistant.md');
    expect(parsed).toEqual({
      instructions: 'Be kind.',
      siteName: null,
      starterQuestions: ['Fine?'],
      synonyms: [],
      warnings: ['assistant.md: siteName must be text; ignored', 'assistant.md: starterQuestions holds items that are not text; they are ignored'],
    });
    expect(parseSiteInstructions('---\nstarterQuestions: one question\n---\n', 'assistant.md').warnings).toEqual(['assistant.md: starterQuestions must be a list of questions; ignored']);
  });
});
