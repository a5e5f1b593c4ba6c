// A short follow-up ("and a signed one?", "那组件呢？") is read in the setting of the question before it:
// the earlier question steers which sections come first, while the follow-up's own words decide.
import { describe, expect, it } from 'vitest';
import { retrieveDocs } from '../../server/assistant/retrieve.ts';
import { topicWordCount } from '../../server/assistant/terms.ts';
import type { Turn } from '../../server/assistant/conversation.ts';
import type { DocsIndex } from '../../server/docs/types.ts';
import { indexOf } from './support/docs.ts';

const after = (previous: string): Turn[] => [
  { role: 'user', text: previous },
  { role: 'assistant', text: 'An earlier answer.' },
];

const firstSection = (index: DocsIndex, question: string, history: Turn[] = []) => retrieveDocs(index, question, history, { limit: 5 }).sections[0]?.id;

describe('given a short follow-up', () => {
  it('answers "and a signed one?" after a question about cookies with signed cookies, not signed tokens', () => {
    const index = indexOf({
      'helpers/cookie.md':
        '# Cookie Helper\n\n## Set a cookie\n\nCall `setCookie(c, name, value)` to set a cookie on the response.\n\n## Options\n\nA signed cookie carries a signature made with a secret.',
      'helpers/jwt.md': '# JWT Helper\n\n## Options\n\nA token can be signed with a secret.',
    });
    expect(firstSection(index, 'and a signed one?')).toBe('/helpers/jwt#options');
    expect(firstSection(index, 'and a signed one?', after('How do I set a cookie?'))).toBe('/helpers/cookie#options');
  });

  it('still says the docs do not cover a follow-up about something they never mention', () => {
    const index = indexOf({ 'server.md': '# Server\n\n## Port\n\nThe server listens on port 8787.\n\n## Host\n\nSet the host with --host.' });
    const retrieved = retrieveDocs(index, 'and the weather in Paris?', after('Which port does the server listen on?'), { limit: 5 });
    expect(retrieved.notFound).toBe(true);
  });
});

describe('given the words of a question', () => {
  it('counts words as a reader does: an identifier once, Chinese and Japanese words without their character pairs', () => {
    expect(topicWordCount('How do I set the port in a container?')).toBe(3);
    expect(topicWordCount('and on TypeScript?')).toBe(1);
    expect(topicWordCount('TypeScript の場合は？')).toBe(2);
    // ICU cuts 组件 into 组|件: a lone Han character counts half.
    expect(topicWordCount('那组件呢？')).toBe(1);
    expect(topicWordCount('怎么注册全局指令')).toBe(3);
    // A hyphenated or snake_case name is one word, not also its parts.
    expect(topicWordCount('and the built-in one?')).toBe(2);
    expect(topicWordCount('v-if 怎么用')).toBe(1);
  });
});
