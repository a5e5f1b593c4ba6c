import { describe, expect, it } from 'vitest';
import { asksWhy, headingGivesReason } from '../../server/docs/reasons.ts';
import { firstHeading, headingPlace, indexOf } from './support/docs.ts';

/** A page whose reference section says `ref` and `.value` more often than the section that says why they exist. */
const REF_DOCS = {
  'reactivity.md': [
    '# 响应式基础',
    '## ref()',
    '在组合式 API 中，推荐使用 `ref()` 声明响应式状态。`ref()` 接收参数，并将其包裹在一个带有 `.value` 属性的 ref 对象中返回。在模板中使用 ref 时，不需要附加 `.value`，ref 会自动解包。',
    '## 为什么要使用 ref？',
    '普通的变量无法被追踪。我们需要使用带有 `.value` 的 ref，这样才能检测到访问和修改。',
    '## 声明响应式状态',
    '`reactive()` 让对象本身具有响应性，不需要 ref。',
  ].join('\n\n'),
};

const KEY_DOCS = {
  'keys.md': [
    '# Public keys',
    '## The script tag',
    'A public key goes in the script tag. Create a public key for each domain in the dashboard; the public key starts with `pk_`. Rotate the key when a domain changes.',
    '## Why a key at all?',
    'The public key tells the server which domain asks, so that a stranger cannot spend your budget from their own site.',
    '## The launcher does not appear',
    'Check that the script tag has a public key.',
  ].join('\n\n'),
};

describe('given a question asking why', () => {
  it('reads why in English, Chinese, Japanese and Korean, and a how or what as no why', () => {
    for (const why of ['Why is Hono so fast?', 'why do I need a key', '为什么要用 key', '為什麼要用計算屬性', '依存関係の事前バンドルはなぜ必要？', 'どうしてプレフィックスが必要？', '왜 키가 필요한가요?']) {
      expect({ why, asksWhy: asksWhy(why) }).toEqual({ why, asksWhy: true });
    }
    for (const question of ['How do I add a key?', 'What is a ref?', 'key 怎么用', 'プレフィックスとは']) {
      expect({ question, asksWhy: asksWhy(question) }).toEqual({ question, asksWhy: false });
    }
  });

  it('knows a heading that promises a reason, or the part holding it, from one that does not (a page title only for its intro)', () => {
    expect([headingPlace('Concepts', 'Why is it small and fast?'), headingPlace('依存関係の事前バンドル', 'その理由は？'), headingPlace('Vite を使う理由'), headingPlace('组合式 API', '为什么要有组合式 API？'), headingPlace('组合式 API 常见问答', '为什么要有组合式 API？', '更好的逻辑复用')].map(headingGivesReason)).toEqual([true, true, true, true, true]);
    expect([headingPlace('Concepts', 'Routing'), headingPlace('ref()'), headingPlace('Limits', 'How limits are counted'), headingPlace('Vite を使う理由', '誕生の背景')].map(headingGivesReason)).toEqual([false, false, false, false]);
  });

  it('opens on the section whose heading promises the reason, where another says the question words more often', () => {
    expect(firstHeading(indexOf(REF_DOCS), '为什么 ref 需要 .value')).toBe('为什么要使用 ref？');
    expect(firstHeading(indexOf(KEY_DOCS), 'Why do I need a public key?')).toBe('Why a key at all?');
    // Without the lift, the sections that say the words more often lead: the test fails there.
    expect(firstHeading(indexOf(REF_DOCS, { reasonHeadingBoost: 1 }), '为什么 ref 需要 .value')).toBe('ref()');
    expect(firstHeading(indexOf(KEY_DOCS, { reasonHeadingBoost: 1 }), 'Why do I need a public key?')).toBe('The script tag');
  });

  it('leaves a question that is not asking why, and a problem asked as why, where they were', () => {
    expect(firstHeading(indexOf(KEY_DOCS), 'How do I rotate the public key?')).toBe('The script tag');
    expect(firstHeading(indexOf(KEY_DOCS), "Why doesn't the launcher appear?")).toBe('The launcher does not appear');
  });
});
