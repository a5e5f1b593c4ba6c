import { describe, expect, it } from 'vitest';
import { fixtureApp, postMessage, readAnswer } from './support/assistant.ts';
import { seededRandom } from '../support/seededRandom.ts';

const random = seededRandom(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const STRINGS = ['', 'user', 'assistant', 'system', 'text', 'port', 'How do I change the port?', '__proto__', 'constructor', '\u0000', '😀'.repeat(50), '<script>alert(1)</script>', 'a'.repeat(300), 'code', 'textSelection', 'step-start', 'source-url'];
const KEYS = ['fp', 'messages', 'threadId', 'threadKey', 'retrievalPageSize', 'filter', 'context', 'currentPath', 'role', 'parts', 'type', 'text', 'value', 'path', 'id', 'content', 'version', 'groups', '__proto__', 'constructor', 'x'];

function randomValue(depth: number): unknown {
  const kind = depth > 4 ? pick(['string', 'number', 'boolean', 'null']) : pick(['string', 'number', 'boolean', 'null', 'array', 'object', 'object']);
  switch (kind) {
    case 'string':
      return random() < 0.8 ? pick(STRINGS) : 'x'.repeat(Math.floor(random() * 5000));
    case 'number':
      return pick([0, 1, -1, 5, 20, 21, 2.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER]);
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [pick(KEYS), randomValue(depth + 1)]));
  }
}

/** A plausible body with one or two fields replaced by random values: most land just past the validation edges. */
function mutatedBody(): unknown {
  const body: Record<string, unknown> = {
    fp: 'anonymous',
    messages: [{ id: '1', role: 'user', parts: [{ type: 'text', text: pick(STRINGS) || 'port' }] }],
    retrievalPageSize: 5,
  };
  const mutations = 1 + Math.floor(random() * 2);
  for (let index = 0; index < mutations; index += 1) {
    const target = random() < 0.3 ? 'messages' : pick(KEYS);
    if (target === 'messages' && random() < 0.5) {
      body.messages = [{ role: pick(STRINGS), parts: [randomValue(2)], ...(randomValue(3) as object) }];
    } else {
      body[target] = randomValue(1);
    }
  }
  return body;
}

function randomBody(): string {
  const shape = random();
  if (shape < 0.6) return JSON.stringify(mutatedBody());
  if (shape < 0.85) return JSON.stringify(randomValue(0));
  // Broken or odd JSON text.
  const text = JSON.stringify(mutatedBody());
  return pick([text.slice(0, Math.floor(random() * text.length)), `${text}}`, text.replace(/"/g, "'"), '', 'null', '[]', '1e999', '"\\ud800"']);
}

describe('given a few hundred random bodies (seeded)', () => {
  it('never answers 5xx, and every 200 is a complete stream the AI SDK accepts', async () => {
    const app = await fixtureApp();
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      const body = randomBody();
      const response = await postMessage(app, body);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const outcome = response.status === 200 ? (await readAnswer(response)).chunks.at(-1)?.type : JSON.stringify(Object.keys(await response.json()));
      const expected = response.status === 200 ? 'finish' : '["error"]';
      if (response.status >= 500 || outcome !== expected) problems.push(`${response.status} ${String(outcome)} for ${body.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
    // The seed must exercise both sides of validation, or this test proves little.
    expect(statuses.get(200)).toBeGreaterThan(20);
    expect(statuses.get(400)).toBeGreaterThan(100);
  });
});
