import { describe, expect, it } from 'vitest';
import { asksDifference, comparesWithOthers, headingCompares } from '../../server/docs/comparisons.ts';
import { extractiveAnswer, firstHeading, headingPlace, indexOf } from './support/docs.ts';

/** A page whose section on one of two things says the question's words about as often as the section comparing them. */
const AUTH_DOCS = {
  'auth.md': [
    '# Authentication',
    '## Bearer tokens',
    'A bearer token goes in the `Authorization` header of each request, and the server can revoke a token at any time. Unlike a cookie, the browser never sends a bearer token on its own.',
    '## Session cookies',
    'A session cookie is set by the server after sign-in, and the browser sends the session cookie with each request to the same site.',
    '## Bearer tokens vs. session cookies',
    'Use tokens for API clients and scripts, and cookies for pages a browser loads.',
  ].join('\n\n'),
};

/** A widget's FAQ that compares it with other assistants in general, naming none of them. */
const FAQ_DOCS = {
  'faq.md': [
    '# FAQ',
    '## Where do I get an assistant key?',
    'Create an assistant key in the dashboard and put it in the script tag.',
    '## How does it compare with other docs assistants?',
    'It is open source, self-hosted, answers without any model by default and loads a small loader first.',
    '## Does it support other languages?',
    'Readers can ask in Chinese, Japanese and English.',
  ].join('\n\n'),
};

describe('given a question asking what sets two things apart', () => {
  it('reads a difference or a choice asked in English, Chinese, Japanese and Korean, and "different" alone as none', () => {
    for (const question of ['What is the difference between c.text() and c.json()?', 'How is this different from Kapa.ai?', 'v-if 和 v-show 有什么不同', 'SSR 和 SSG 我该选哪个？', '用模板好还是直接写渲染函数好？', 'NODE_ENV とモードは何が違うの？', 'c.text()와 c.json()의 차이는?']) {
      expect({ question, asksDifference: asksDifference(question) }).toEqual({ question, asksDifference: true });
    }
    for (const question of ['How do I make the launcher a different color?', '怎么传递不同的值类型', 'Why is Hono so fast?', '还是不行']) {
      expect({ question, asksDifference: asksDifference(question) }).toEqual({ question, asksDifference: false });
    }
  });

  it('knows a heading that compares, or the part holding it, from one that names an editor', () => {
    expect([headingPlace('条件渲染', '`v-if` vs. `v-show`'), headingPlace('TransitionGroup', '和 `<Transition>` 的区别'), headingPlace('组合式函数', '与其他模式的比较', '和 Mixin 的对比'), headingPlace('FAQ', 'How does it compare with other docs assistants?')].map(headingCompares)).toEqual([true, true, true, true]);
    expect([headingPlace('トラブルシューティング', 'Dev Container / VS Code のポートフォワーディング'), headingPlace('Props', '传递不同的值类型'), headingPlace('Routing')].map(headingCompares)).toEqual([false, false, false]);
    expect([headingPlace('FAQ', 'How does it compare with other docs assistants?'), headingPlace('组合式函数', '与其他模式的比较'), headingPlace('条件渲染', '`v-if` vs. `v-show`')].map(comparesWithOthers)).toEqual([true, true, false]);
  });

  it('opens on the section that compares them, where the section on one of them says the question words as often', () => {
    for (const question of ['What is the difference between bearer tokens and session cookies?', 'Bearer tokens 和 session cookies 有什么区别？']) {
      expect(firstHeading(indexOf(AUTH_DOCS), question)).toBe('Bearer tokens vs. session cookies');
      // Without the lift, the section on bearer tokens leads: the test fails there.
      expect(firstHeading(indexOf(AUTH_DOCS, { comparingHeadingBoost: 1 }), question)).toBe('Bearer tokens');
    }
    // A question about one of them stays on it.
    expect(firstHeading(indexOf(AUTH_DOCS), 'How do I revoke a bearer token?')).toBe('Bearer tokens');
  });

  it('answers a comparison with something the docs never name from the section comparing with others, saying so', async () => {
    const index = indexOf(FAQ_DOCS);
    for (const question of ['How is this different from Kapa.ai?', 'Kapa.ai 和这个有什么区别？']) {
      const answer = await extractiveAnswer(index, question);
      expect(answer).toContain('“Kapa.ai”');
      expect(answer).toContain('How does it compare with other docs assistants?');
      expect(answer).toContain('It is open source, self-hosted');
    }
    // Asked of the name without comparing, the docs still do not cover it.
    expect(await extractiveAnswer(index, 'Does it send the questions to Kapa.ai?')).toMatch(/^I could not find this in the docs/);
  });

  it('answers it from that section when a name\'s parts found another first (DocSearch: doc, search)', async () => {
    const index = indexOf({ ...FAQ_DOCS, 'api.md': '# API reference\n\n## Search\n\n`GET /search` searches the docs and answers the matching sections of each doc.' });
    // The API's Search came first, and the question was said to be beyond the docs.
    const answer = await extractiveAnswer(index, 'How is this different from Algolia DocSearch?');
    expect(answer).toMatch(/^The docs do not mention “Algolia” or “DocSearch”; this is what they say about the rest of the question\.\n\n\*\*\[FAQ › How does it compare with other docs assistants\?\]/);
  });
});
