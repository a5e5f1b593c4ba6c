// Where a reader's selection or code block came from decides the answer to "explain this": its own
// section is quoted alone. These docs are built so that the words of the question, or the search's cap
// of two sections per page, point elsewhere.
import { describe, expect, it } from 'vitest';
import { retrieveDocs } from '../../server/assistant/retrieve.ts';
import type { DocsIndex, SearchOptions } from '../../server/docs/types.ts';
import { indexOf } from './support/docs.ts';

const retrieved = (index: DocsIndex, question: string, context: NonNullable<SearchOptions['context']>, currentPath?: string) =>
  retrieveDocs(index, question, [], { limit: 5, context, ...(currentPath ? { currentPath } : {}) });

describe('given "explain this" asked in Chinese or Japanese about a selection', () => {
  const index = indexOf({
    'zh/composables.md': '# 组合式函数\n\n## 鼠标跟踪器示例\n\n在组件中直接使用组合式 API 实现鼠标跟踪功能，我们可以把逻辑提取到一个外部文件中。\n\n## 命名\n\n组合式函数约定用驼峰命名法命名，并以 use 作为开头。',
    'zh/glossary.md': '# 术语表\n\n## 解释\n\n本页解释文档中的术语：每个术语的解释都很简短，解释之后附有链接。',
    'ja/features.md': '# 機能\n\n## CSS モジュール\n\n`.module.css` で終わる CSS ファイルは CSS モジュールとみなされます。\n\n```css\n.red {\n  color: red;\n}\n```\n\n## コード分割\n\nCSS のコード分割を無効にできます。',
  });

  it('quotes the selection\'s own section alone, not sections about the words "explain" or "code"', () => {
    const selection = [{ type: 'textSelection' as const, value: '在组件中直接使用组合式 API 实现鼠标跟踪功能' }];
    for (const question of ['请解释一下这段', '这段是什么意思？', '这里讲的是什么']) {
      const docs = retrieved(index, question, selection);
      expect(docs.aboutContext).toBe(true);
      expect(docs.sections[0]?.id).toBe('/zh/composables#鼠标跟踪器示例');
      expect(docs.sections.map((section) => section.route)).not.toContain('/zh/glossary');
    }
    // Asked how to put it, the reader still means the selection: "simpler words" names no topic.
    for (const question of ['简单解释一下这段', '能详细说明一下吗']) expect(retrieved(index, question, selection).aboutContext).toBe(true);
    const code = [{ type: 'code' as const, value: '.red {\n  color: red;\n}', path: '/ja/features' }];
    for (const question of ['このコードは何をしますか？', 'これを説明して', 'これを分かりやすく説明して', 'もっと詳しく説明して']) {
      const docs = retrieved(index, question, code, '/ja/features');
      expect(docs.aboutContext).toBe(true);
      expect(docs.sections[0]?.id).toBe('/ja/features#css-モジュール');
    }
  });

  it('still searches a question with a topic of its own beside the selection', () => {
    const selection = [{ type: 'textSelection' as const, value: '在组件中直接使用组合式 API 实现鼠标跟踪功能' }];
    const docs = retrieved(index, '这个函数应该怎么命名', selection);
    expect(docs.aboutContext).toBe(false);
    expect(docs.sections.map((section) => section.id)).toContain('/zh/composables#命名');
  });
});

describe('given a short code block', () => {
  const index = indexOf({
    'features.md': '# Features\n\n## CSS modules\n\nFiles ending in `.module.css` are CSS modules.\n\n```css\n.red {\n  color: red;\n}\n```\n\n## CSS code splitting\n\nSet the red color of a CSS code split chunk with `color: red` in its rule.',
    'theme.md': '# Theme\n\n## Red\n\nThe red color: red text, red borders and a red CSS rule.',
  });
  const code = [{ type: 'code' as const, value: '.red {\n  color: red;\n}', path: '/features' }];

  it('finds it in the one section of the reader\'s page that holds it', () => {
    expect(retrieved(index, 'what does this code do?', code, '/features').sections[0]?.id).toBe('/features#css-modules');
  });

  it('answers "explain this in simpler words" or "tell me more" from it, not from sections with those words', () => {
    for (const question of ['can you explain this in simpler words?', 'tell me more about this', 'explain this briefly', 'summarize this', 'tl;dr']) {
      const docs = retrieved(index, question, code, '/features');
      expect(docs.aboutContext).toBe(true);
      expect(docs.sections[0]?.id).toBe('/features#css-modules');
    }
  });

  it('does not guess where it came from without the page it was taken from', () => {
    const docs = retrieved(index, 'what does this code do?', [{ type: 'code', value: '.red {\n  color: red;\n}' }]);
    expect(docs.aboutContext).toBe(false);
  });
});

describe('given a selected heading', () => {
  const index = indexOf({
    'cors.md': '# CORS\n\n## Options\n\n- [maxAge: number](#maxage-number)\n- [origin: string](#origin-string)\n\n### maxAge: number\n\nHow long browsers may cache the answer to a preflight request.\n\n### origin: string\n\nThe origin allowed. Set `maxAge: number` too when browsers ask often.',
  });

  it('answers "explain this" from the section under it, not from the sections whose text names it', () => {
    const docs = retrieved(index, 'explain this', [{ type: 'textSelection', value: 'maxAge: number', path: '/cors' }], '/cors');
    expect(docs.aboutContext).toBe(true);
    expect(docs.sections[0]?.id).toBe('/cors#maxage-number');
  });

  it('finds it with the badge a site renders in it ("optional", from `<Badge text="optional" />`)', () => {
    const docs = retrieved(index, 'explain this', [{ type: 'textSelection', value: 'optional maxAge: number', path: '/cors' }], '/cors');
    // Located, so answered from that section alone (not from a search on its words).
    expect(docs.aboutContext).toBe(true);
    expect(docs.sections[0]?.id).toBe('/cors#maxage-number');
  });
});

describe('given a passage in a section the search leaves out (it keeps two sections per page)', () => {
  it('still finds it among the other sections of the best pages', () => {
    const words = 'A composable called in a component: const { x, y } = useMouse() gives the pointer position.';
    // The passage's section is long and says much else; every other section says nearly the same words twice, briefly.
    const filler = 'Stateful logic lives in plain functions, so that templates stay small and every part of it can be tested alone. '.repeat(8);
    const files: Record<string, string> = {
      'composables.md': `# Reuse\n\n${words} ${filler}\n\n` + ['Mouse tracker', 'Options API', 'Return values'].map((heading) => `## ${heading}\n\n${words.replace('{ x, y }', 'pointer')} ${words.replace('x, y', 'pageX, pageY')}`).join('\n\n'),
    };
    for (let page = 0; page < 12; page++) files[`other${page}.md`] = `# Other ${page}\n\n${words.replace('{ x, y }', 'position')} Then ${words.replace('x, y', 'pageX, pageY')}`;
    const index = indexOf(files);
    const passage = [{ type: 'textSelection' as const, value: words }];
    expect(index.search(words, { limit: 12 }).map((hit) => hit.section.id)).not.toContain('/composables#reuse');
    const docs = retrieved(index, 'explain this', passage);
    expect(docs.aboutContext).toBe(true);
    expect(docs.sections[0]?.id).toBe('/composables#reuse');
  });
});

const twiceSaid = (elementId?: string) => [{ type: 'textSelection' as const, value: '100 new jobs per project per hour.', path: '/agent-jobs', ...(elementId ? { elementId } : {}) }];

describe('given a sentence the reader\'s page says in two sections', () => {
  const index = indexOf({
    'agent-jobs.md':
      '# Agent jobs\n\n## Configure a project\n\n| Flag | What it sets |\n| --- | --- |\n| `--agent-lease` | How long a job stays claimed. |\n| `--limit-agent-per-project-hour` | 100 new jobs per project per hour. |\n\n## Limits\n\n- 100 new jobs per project per hour.\n\nBoth are set with `--limit-agent-per-project-hour`.',
  });

  it('reads it in the section under the heading the widget names', () => {
    expect(retrieved(index, 'explain this', twiceSaid('limits'), '/agent-jobs').sections[0]?.id).toBe('/agent-jobs#limits');
    expect(retrieved(index, 'explain this', twiceSaid('Limits'), '/agent-jobs').sections[0]?.id).toBe('/agent-jobs#limits');
  });

  it('answers a question of the reader\'s own about it from that section, where raising is setting, not from a heading with a synonym', () => {
    // "raise" reads as set or configure; the heading "Configure a project" is not about raising.
    expect(retrieved(index, 'how do I raise it?', twiceSaid('limits'), '/agent-jobs').sections[0]?.id).toBe('/agent-jobs#limits');
  });

  it('reads it in the first section that holds it without a heading, or with one that does not hold it', () => {
    expect(retrieved(index, 'explain this', twiceSaid(), '/agent-jobs').sections[0]?.id).toBe('/agent-jobs#configure-a-project');
    expect(retrieved(index, 'explain this', twiceSaid('agent-jobs'), '/agent-jobs').sections[0]?.id).toBe('/agent-jobs#configure-a-project');
  });
});
