import { describe, expect, it } from 'vitest';
import { groupCodeBlocks, titledFence } from '../../src/chat/codeGroups.ts';
import { splitMarkdownBlocks } from '../../src/chat/markdownBlocks.ts';

const npm = '```bash [npm]\nnpm create vite@latest\n```';
const pnpm = '```bash [pnpm]\npnpm create vite\n```';

describe('given the blocks of an answer', () => {
  it('gathers titled fences in a row, in one language, into one group, and leaves the text around them', () => {
    const blocks = splitMarkdownBlocks(`Create a project:\n\n${npm}\n\n${pnpm}\n\nThen follow the prompts.`);
    expect(groupCodeBlocks(blocks)).toEqual([
      'Create a project:\n',
      [
        { language: 'bash', title: 'npm', code: 'npm create vite@latest' },
        { language: 'bash', title: 'pnpm', code: 'pnpm create vite' },
      ],
      'Then follow the prompts.',
    ]);
  });

  it('leaves a lone titled fence, fences without titles, other languages and a repeated title as blocks', () => {
    const alone = [npm, 'Or:', pnpm];
    expect(groupCodeBlocks(alone)).toEqual(alone);
    const untitled = ['```bash\nnpm i\n```', '```bash\npnpm i\n```'];
    expect(groupCodeBlocks(untitled)).toEqual(untitled);
    const files = ['```js [vite.config.js]\nexport default {}\n```', '```ts [main.ts]\nimport "./style.css"\n```'];
    expect(groupCodeBlocks(files)).toEqual(files);
    const sameTitle = ['```js [vite.config.js]\nexport default {}\n```', '```js [vite.config.js]\nexport default { base: "/a/" }\n```'];
    expect(groupCodeBlocks(sameTitle)).toEqual(sameTitle);
  });

  it('starts a new group where the language changes', () => {
    const yarn = '```bash [Yarn]\nyarn create vite\n```';
    const composition = '```js [Composition API]\nconst count = ref(0)\n```';
    const options = '```js [Options API]\ndata() { return { count: 0 } }\n```';
    expect(groupCodeBlocks([npm, yarn, composition, options]).map((item) => (typeof item === 'string' ? item : item.map((variant) => variant.title)))).toEqual([
      ['npm', 'Yarn'],
      ['Composition API', 'Options API'],
    ]);
  });
});

describe('given one block', () => {
  it('reads a titled fence of backticks or tildes, with code that holds a shorter fence', () => {
    expect(titledFence('~~~~md [README.md]\n```js\nx\n```\n~~~~\n')).toEqual({ language: 'md', title: 'README.md', code: '```js\nx\n```' });
  });

  it('refuses a fence still streaming, two fences in one block, and a fence closed by the other character', () => {
    expect(titledFence('```bash [npm]\nnpm create')).toBeNull();
    expect(titledFence(`${npm}\n${pnpm}`)).toBeNull();
    expect(titledFence('```bash [npm]\nnpm i\n~~~')).toBeNull();
  });
});
